import type { ReactNode } from 'react';
import { ShieldAlert } from 'lucide-react';
import { Button } from '@/client/components/ui/button';

/** The pieces every admin page shares: its heading, the no-access notice and the Previous/Next pager. */

export function AdminHeading({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {description && <p className="mt-1 text-muted-foreground">{description}</p>}
      </div>
      {children}
    </div>
  );
}

/** Shown on a page the role's permissions do not open (the menu does not offer it; this covers typed addresses). */
export function NoAccess({ title }: { title: string }) {
  return (
    <>
      <AdminHeading title={title} />
      <div role="alert" className="flex items-center gap-2 rounded-xl border border-border bg-card p-5 text-sm">
        <ShieldAlert className="h-5 w-5 text-destructive" aria-hidden="true" />
        Your role does not have access to this section.
      </div>
    </>
  );
}

/** Previous/Next under a paged table; `summary` says which rows are shown (each page words it its own way). */
export function Pager({
  offset,
  pageSize,
  total,
  onOffset,
  summary,
}: {
  offset: number;
  pageSize: number;
  total: number;
  onOffset: (offset: number) => void;
  summary: ReactNode;
}) {
  return (
    <div className="mt-3 flex items-center justify-between text-sm text-muted-foreground">
      <span>{summary}</span>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - pageSize))}>
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={offset + pageSize >= total} onClick={() => onOffset(offset + pageSize)}>
          Next
        </Button>
      </div>
    </div>
  );
}
