import { useEffect, useRef, type ReactNode } from 'react';
import { FileUp, X } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Textarea } from '@/client/components/ui/textarea';
import { cn } from '@/client/lib/utils';
import { WordCounter } from './limits';

/** The file types the tools' upload reads (the server extracts the text). */
export const UPLOAD_ACCEPT = '.txt,.docx,.pdf,text/plain,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export interface ToolInputPanelProps {
  /** The textarea's id (pages and tests find the field by its label). */
  id: string;
  label: string;
  /** The label is read by screen readers only (the home tool, where the tabs say what the text is for). */
  labelHidden?: boolean;
  value: string;
  onChange: (text: string) => void;
  placeholder?: string;
  rows?: number;
  /** From useWordLimit: shown as the counter at the end of the action row. */
  words: number;
  limit: number;
  /** The run button and any options, at the start of the action row. */
  actions: ReactNode;
  /** 'end' lines the row up at the bottom, for options with a label above them. */
  align?: 'center' | 'end';
  /** An "Upload file" button for .txt, .docx and .pdf, with its note under the row. */
  upload?: { onFile: (file: File) => void; disabled?: boolean; note?: ReactNode };
  /** A "Clear" button while there is text. */
  onClear?: () => void;
  /** No card around the panel (the home tool sits in its own card). */
  bare?: boolean;
}

/** The input of every tool page and the home tool: text, run button, upload, clear and word counter. */
export function ToolInputPanel({
  id,
  label,
  labelHidden,
  value,
  onChange,
  placeholder,
  rows = 9,
  words,
  limit,
  actions,
  align = 'center',
  upload,
  onClear,
  bare,
}: ToolInputPanelProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  // Text typed into the server-rendered page before the app took it over (prerendering) is kept, not dropped.
  useEffect(() => {
    const typed = area.current?.value;
    if (typed && typed !== value) onChange(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the field is first mounted
  }, []);
  return (
    <div className={bare ? undefined : 'rounded-2xl border bg-card p-4 shadow-sm sm:p-5'}>
      <label htmlFor={id} className={labelHidden ? 'sr-only' : 'mb-2 block text-sm font-medium'}>
        {label}
      </label>
      <Textarea ref={area} id={id} value={value} onChange={(e) => onChange(e.target.value)} rows={rows} placeholder={placeholder} size="tool" />
      <div className={cn('mt-3 flex flex-wrap', align === 'end' ? 'items-end gap-3' : 'items-center gap-2')}>
        {actions}
        {upload && (
          <>
            <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={upload.disabled}>
              <FileUp /> Upload file
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept={UPLOAD_ACCEPT}
              className="sr-only"
              aria-label="Upload a .txt, .docx or .pdf file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                // cleared at once, so choosing the same file again runs again
                e.target.value = '';
                if (file) upload.onFile(file);
              }}
            />
          </>
        )}
        {onClear && value && (
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X /> Clear
          </Button>
        )}
        <WordCounter words={words} limit={limit} />
      </div>
      {upload && (
        <p className="mt-2 text-xs text-muted-foreground">
          .txt, .docx or .pdf, up to 5 MB. Files are read on the server and not kept.
          {upload.note}
        </p>
      )}
    </div>
  );
}
