import { useState, type DragEvent, type ReactNode } from 'react';
import { cn } from '@/client/lib/utils';

/**
 * A dashed area that takes dropped files (audio, documents, images). The page keeps its own contents (icon, text,
 * a "Choose" button and its hidden input, so keyboard users are never left with drag and drop only).
 */
export function FileDropZone({
  onFiles,
  disabled = false,
  className,
  idleBorder = 'border-muted-foreground/30',
  children,
  ...rest
}: {
  onFiles: (files: FileList) => void;
  disabled?: boolean;
  className?: string;
  /** the border when nothing is dragged over (the highlighted one is shared) */
  idleBorder?: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled && e.dataTransfer.files?.length) onFiles(e.dataTransfer.files);
  };
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed p-6 text-center transition-colors',
        dragging ? 'border-primary bg-accent/50' : idleBorder,
        // not faded: the formats and limits it lists must stay readable; its button shows it is off
        disabled && 'cursor-not-allowed bg-muted/40',
        className,
      )}
      {...rest}
    >
      {children}
    </div>
  );
}
