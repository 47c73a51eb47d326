import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight, ChevronDown, type LucideIcon } from 'lucide-react';
import type { Tool } from '@/shared/catalogue';
import { ToolIcon } from '@/client/components/ToolIcon';
import { NeedsModelMark } from '@/client/components/NeedsModelMark';
import { useToolDisabled } from '@/client/features/site/api';
import { Button } from '@/client/components/ui/button';

export { ToolIcon };

/* ------------------------------------------------------------------ */
/* Page title                                                          */
/* ------------------------------------------------------------------ */

import { usePageTitle } from '@/client/lib/title';

export { usePageTitle };

/* ------------------------------------------------------------------ */
/* Competitors (comparison pages)                                      */
/* ------------------------------------------------------------------ */

/** Display names of the competitors that have a comparison page; keys are the URL slugs. */
export { COMPETITOR_NAMES } from '@/shared/competitors';

/* ------------------------------------------------------------------ */
/* Tool icons                                                          */
/* ------------------------------------------------------------------ */

/** Soft square tile holding a tool icon, tinted with the tool colour. */
export function ToolIconTile({ name, color, size = 'md' }: { name: string; color: string; size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 'h-12 w-12 rounded-xl' : 'h-10 w-10 rounded-lg';
  const icon = size === 'lg' ? 'h-6 w-6' : 'h-5 w-5';
  return (
    <span className={`inline-flex shrink-0 items-center justify-center ${box}`} style={{ backgroundColor: `${color}14` }}>
      <ToolIcon name={name} color={color} className={icon} />
    </span>
  );
}

/* ------------------------------------------------------------------ */
/* Tool cards                                                          */
/* ------------------------------------------------------------------ */

export function ToolStatusTag({ tool }: { tool: Tool }) {
  const off = useToolDisabled(tool.id);
  if (tool.comingSoon) {
    return <span className="inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">Coming soon</span>;
  }
  if (!tool.live) {
    return (
      <span
        className="inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600"
        title="This tool's engine has not shipped in this build yet."
      >
        Not yet available
      </span>
    );
  }
  if (off) {
    return (
      <span
        className="inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600"
        title="The site's staff have turned this tool off for now."
      >
        Turned off
      </span>
    );
  }
  return null;
}

export function ToolCard({ tool, headingLevel = 3 }: { tool: Tool; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Link
      to={tool.route}
      className="group flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <div className="flex items-start justify-between gap-3">
        <ToolIconTile name={tool.icon} color={tool.iconColor} />
        <div className="flex flex-wrap justify-end gap-1">
          <ToolStatusTag tool={tool} />
          {tool.live && <NeedsModelMark tool={tool} />}
          {tool.requiresAuth && !tool.comingSoon && (
            <span className="inline-flex items-center rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">Pro</span>
          )}
        </div>
      </div>
      <Heading className="text-base font-semibold text-slate-900 group-hover:text-indigo-700">{tool.name}</Heading>
      <p className="text-sm leading-relaxed text-slate-600">{tool.description}</p>
      <span className="mt-auto inline-flex items-center gap-1 pt-1 text-sm font-medium text-indigo-700">
        {tool.live && !tool.comingSoon ? 'Open tool' : 'View details'}{' '}
        <ArrowRight className="h-4 w-4 transition group-hover:translate-x-0.5" aria-hidden="true" />
      </span>
    </Link>
  );
}

/* ------------------------------------------------------------------ */
/* Page scaffolding                                                    */
/* ------------------------------------------------------------------ */

export function Container({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-7xl px-4 sm:px-6 ${className}`}>{children}</div>;
}

/** Top band of a content page: optional eyebrow, the page's single h1, and an intro line. */
export function PageHeader({
  eyebrow,
  title,
  intro,
  icon: Icon,
  children,
}: {
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  icon?: LucideIcon;
  children?: ReactNode;
}) {
  return (
    <header className="border-b border-slate-200 bg-linear-to-b from-indigo-50/70 to-white">
      <Container className="py-12 sm:py-16">
        <div className="max-w-3xl">
          {(eyebrow || Icon) && (
            <p className="mb-3 inline-flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-indigo-700">
              {Icon && <Icon className="h-4 w-4" aria-hidden="true" />}
              {eyebrow}
            </p>
          )}
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          {intro && <div className="mt-4 text-lg leading-relaxed text-slate-600">{intro}</div>}
          {children}
        </div>
      </Container>
    </header>
  );
}

/** Readable text column with consistent typography for long copy. */
export function Prose({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={`max-w-3xl space-y-4 text-base leading-relaxed text-slate-700 [&_a]:font-medium [&_a]:text-indigo-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-indigo-900 [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 ${className}`}
    >
      {children}
    </div>
  );
}

export interface FaqItem {
  q: string;
  a: ReactNode;
}

/** Accessible accordion built on <details>/<summary>. */
export function FaqList({ items, headingLevel = 3 }: { items: FaqItem[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((item) => (
        <details key={item.q} className="group px-5 py-1 [&_summary::-webkit-details-marker]:hidden">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md py-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">
            <Heading className="text-left text-base font-medium text-slate-900">{item.q}</Heading>
            <ChevronDown className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" aria-hidden="true" />
          </summary>
          <div className="space-y-3 pb-5 text-sm leading-relaxed text-slate-600 [&_a]:font-medium [&_a]:text-indigo-700 [&_a]:underline">{item.a}</div>
        </details>
      ))}
    </div>
  );
}

/* ------------------------------------------------------------------ */
/* Legal pages                                                         */
/* ------------------------------------------------------------------ */

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * Shared layout for the legal templates: h1, a note that the text is a template the operator
 * of this instance is responsible for, a table of contents and the sections.
 */
export function LegalPage({ title, intro, sections, icon }: { title: string; intro: ReactNode; sections: LegalSection[]; icon?: LucideIcon }) {
  usePageTitle(title);
  return (
    <div className="bg-white">
      <PageHeader eyebrow="Legal" icon={icon} title={title} intro={intro} />
      <Container className="py-10 sm:py-14">
        <div className="grid gap-10 lg:grid-cols-[220px_minmax(0,1fr)]">
          <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
            <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">On this page</p>
            <ol className="space-y-1.5 text-sm">
              {sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`} className="text-slate-600 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600">
                    {s.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="min-w-0">
            <div role="note" className="mb-8 max-w-3xl rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm leading-relaxed text-amber-900">
              This page is a plain-English template shipped with Veritext, open-source software that anyone can host. The{' '}
              <strong>operator of this instance</strong> (the person or organisation running this website) is responsible for the service and for this policy,
              and should review it and adapt it to their own situation and local law.
            </div>
            <Prose>
              {sections.map((s) => (
                <section key={s.id} id={s.id} className="scroll-mt-24">
                  <h2>{s.title}</h2>
                  <div className="mt-3 space-y-4">{s.body}</div>
                </section>
              ))}
            </Prose>
          </div>
        </div>
      </Container>
    </div>
  );
}

/** Call-to-action band reused at the bottom of several content pages. */
export function CtaBand({
  title,
  text,
  primary,
  secondary,
}: {
  title: string;
  text: string;
  primary: { to: string; label: string };
  secondary?: { to: string; label: string };
}) {
  return (
    <section className="bg-slate-900">
      <Container className="flex flex-col items-start gap-6 py-12 sm:py-14 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 className="text-2xl font-bold tracking-tight text-white">{title}</h2>
          <p className="mt-2 text-slate-300">{text}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg" variant="inverse">
            <Link to={primary.to}>
              {primary.label} <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          {secondary && (
            <Button asChild size="lg" variant="inverseOutline">
              <Link to={secondary.to}>{secondary.label}</Link>
            </Button>
          )}
        </div>
      </Container>
    </section>
  );
}
