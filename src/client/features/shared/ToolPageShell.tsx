import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/client/lib/utils';

/** The frame of a tool page: its h1 and lead line, then the tool. */
export function ToolPageShell({ title, lead, wide, children }: { title: string; lead: ReactNode; wide?: boolean; children: ReactNode }) {
  return (
    <div className={cn('mx-auto w-full px-4 py-8 sm:py-12', wide ? 'max-w-5xl' : 'max-w-4xl')}>
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">{lead}</p>
      </header>
      {children}
    </div>
  );
}

export interface ToolNote {
  icon: LucideIcon;
  title: string;
  text: ReactNode;
}

/** Three short notes under a tool on how to read its result. */
export function ToolNotes({ label, notes }: { label: string; notes: ToolNote[] }) {
  return (
    <section className="mt-10 grid gap-4 sm:grid-cols-3" aria-label={label}>
      {notes.map(({ icon: Icon, title, text }) => (
        <div key={title} className="rounded-xl border p-4">
          <Icon className="size-5 text-primary" aria-hidden />
          <h2 className="mt-2 font-semibold">{title}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{text}</p>
        </div>
      ))}
    </section>
  );
}
