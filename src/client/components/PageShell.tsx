import type { ReactNode } from 'react';
import { cn } from '@/client/lib/utils';

/** Standard page body: a heading, an optional lead paragraph, then content. */
export function PageShell({
  title,
  description,
  actions,
  children,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 lg:py-14', className)}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="break-words text-3xl font-bold tracking-tight text-foreground sm:text-4xl">{title}</h1>
          {description && <p className="mt-2 max-w-2xl text-base text-muted-foreground">{description}</p>}
        </div>
        {actions && <div className="flex shrink-0 gap-2">{actions}</div>}
      </div>
      {children && <div className="mt-8">{children}</div>}
    </div>
  );
}

/** A calm, honest notice for features this server does not offer yet. */
export function Notice({ icon, title, children, className }: { icon?: ReactNode; title: ReactNode; children?: ReactNode; className?: string }) {
  return (
    <div className={cn('flex gap-3 rounded-2xl border border-border bg-surface p-5', className)}>
      {icon && <div className="mt-0.5 shrink-0 text-primary">{icon}</div>}
      <div>
        <p className="font-semibold text-foreground">{title}</p>
        {children && <div className="mt-1 text-sm text-muted-foreground">{children}</div>}
      </div>
    </div>
  );
}
