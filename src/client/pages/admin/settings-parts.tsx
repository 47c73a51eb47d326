import type { ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { PageSpinner } from '@/client/components/ui/spinner';
import { messageOf } from '@/client/lib/api';
import { cn } from '@/client/lib/utils';

/** Pieces shared by the Settings, Feature Toggles, IP Whitelisting, Security, Backup and Languages pages. */

/** An on/off switch (a button with role="switch": Space and Enter toggle it). */
export function Switch({
  checked,
  onChange,
  label,
  disabled,
  id,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  label: string;
  disabled?: boolean;
  id?: string;
}) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50',
        checked ? 'bg-primary' : 'bg-muted-foreground/30',
      )}
    >
      <span className={cn('inline-block size-5 rounded-full bg-background shadow transition-transform', checked ? 'translate-x-5' : 'translate-x-0')} />
    </button>
  );
}

/** A labelled row with a switch on the right. */
export function SwitchRow({
  title,
  description,
  checked,
  onChange,
  disabled,
  testId,
}: {
  title: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (next: boolean) => void;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <div className="flex items-start justify-between gap-4 py-3" data-testid={testId}>
      <div className="min-w-0">
        <p className="font-medium">{title}</p>
        {description && <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>}
      </div>
      <Switch checked={checked} onChange={onChange} label={title} disabled={disabled} />
    </div>
  );
}

export function Panel({ title, description, children, className }: { title: string; description?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={cn('min-w-0 rounded-xl border border-border bg-card p-5', className)} aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Loading and error states of a query, or its content. */
export function QueryState<T>({
  q,
  what,
  children,
}: {
  q: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (q.isPending) return <PageSpinner label={`Loading ${what}`} />;
  if (q.isError || q.data === undefined)
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 rounded-xl border bg-card p-5 text-sm text-red-600 dark:text-red-400">
        <AlertTriangle className="size-4" aria-hidden />
        {messageOf(q.error, `The ${what} could not be loaded.`)}
        <Button variant="link" className="h-auto p-0" onClick={() => void q.refetch()}>
          Try again
        </Button>
      </div>
    );
  return <>{children(q.data)}</>;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-600 dark:text-red-400">
      {message}
    </p>
  );
}
