import type { ReactNode } from 'react';
import { Spinner } from '@/client/components/ui/spinner';
import { cn } from '@/client/lib/utils';

/**
 * A language model's answer as it arrives (server-sent `delta` events), announced politely to screen readers. Until
 * the first words come, it says it is waiting rather than showing an empty box.
 */
export function StreamingPanel({
  label,
  text,
  testId,
  className,
  waiting = 'Waiting for the language model…',
}: {
  /** e.g. "Writing the essay…" */
  label: ReactNode;
  text: string;
  testId: string;
  /** the text's typography, e.g. `font-mono` for code */
  className?: string;
  waiting?: string;
}) {
  return (
    <section aria-live="polite" aria-busy="true" className="mt-6 rounded-2xl border bg-card p-4 shadow-sm sm:p-5" data-testid={testId}>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Spinner /> {label}
      </h2>
      {text ? (
        <p className={cn('mt-3 whitespace-pre-wrap break-words text-[15px] leading-7', className)}>{text}</p>
      ) : (
        <p className="mt-3 text-sm text-muted-foreground">{waiting}</p>
      )}
    </section>
  );
}
