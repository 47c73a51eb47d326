import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ArrowRight, Clock, LayoutGrid, Search, X } from 'lucide-react';
import { CATEGORY_LABELS, COMING_SOON_SLUGS, TOOLS, TOOL_COLLECTIONS, type Tool } from '@/shared/catalogue';
import { Container, PageHeader, ToolCard, usePageTitle } from './_parts';

type Category = keyof typeof CATEGORY_LABELS;
const CATEGORY_ORDER = Object.keys(CATEGORY_LABELS) as Category[];

/** 'blog-post-generator' -> 'Blog Post Generator' */
const SMALL_WORDS = new Set(['to', 'and', 'of', 'for']);
function titleFromSlug(slug: string): string {
  return slug
    .split('-')
    .map((w, i) => (i > 0 && SMALL_WORDS.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

function matches(tool: Tool, q: string): boolean {
  if (!q) return true;
  const hay = `${tool.name} ${tool.description} ${CATEGORY_LABELS[tool.category]}`.toLowerCase();
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => hay.includes(word));
}

export default function ToolsIndexPage() {
  usePageTitle('All Tools');
  const [query, setQuery] = useState('');
  const inputId = useId();
  const q = query.trim();

  const groups = useMemo(
    () =>
      CATEGORY_ORDER.map((cat) => ({
        cat,
        label: CATEGORY_LABELS[cat],
        tools: TOOLS.filter((t) => t.category === cat && matches(t, q)),
      })).filter((g) => g.tools.length > 0),
    [q],
  );
  const count = groups.reduce((n, g) => n + g.tools.length, 0);

  return (
    <div className="bg-white">
      <PageHeader
        eyebrow="Tools"
        icon={LayoutGrid}
        title="All tools"
        intro={
          <p>
            AI detection at the core, with writing, SEO and media tools alongside. Each tool’s engine ships separately; tools not in this build yet are marked{' '}
            <em>Not yet available</em>.
          </p>
        }
      >
        <form role="search" className="mt-8 max-w-xl" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor={inputId} className="sr-only">
            Search tools
          </label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-3.5 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-400" aria-hidden="true" />
            <input
              id={inputId}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') setQuery('');
              }}
              placeholder="Search tools, e.g. “detector”"
              autoComplete="off"
              className="w-full rounded-xl border border-slate-300 bg-white py-3 pl-11 pr-11 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 [&::-webkit-search-cancel-button]:hidden"
            />
            {query && (
              <button
                type="button"
                onClick={() => setQuery('')}
                className="absolute right-2 top-1/2 inline-flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
                aria-label="Clear search"
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </button>
            )}
          </div>
          <p className="mt-2 text-sm text-slate-500" aria-live="polite">
            {q ? `${count} ${count === 1 ? 'tool matches' : 'tools match'} “${q}”` : `${TOOLS.length} tools`}
          </p>
        </form>
      </PageHeader>

      <Container className="py-12 sm:py-16">
        <nav aria-label="Tool collections" className="mb-12">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Browse by collection</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {TOOL_COLLECTIONS.map((c) => (
              <li key={c.slug}>
                <Link
                  to={`/tools/${c.slug}`}
                  className="inline-flex items-center gap-1 rounded-full border border-slate-300 px-3.5 py-1.5 text-sm font-medium text-slate-700 transition hover:border-indigo-300 hover:bg-indigo-50 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  {c.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        {groups.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center">
            <Search className="mx-auto h-8 w-8 text-slate-400" aria-hidden="true" />
            <h2 className="mt-4 text-lg font-semibold text-slate-900">No tools match “{q}”</h2>
            <p className="mt-2 text-slate-600">Try a shorter word, such as “detect”, “write” or “SEO”.</p>
            <button
              type="button"
              onClick={() => setQuery('')}
              className="mt-6 inline-flex items-center rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              Show all tools
            </button>
          </div>
        ) : (
          <div className="space-y-14">
            {groups.map((g) => (
              <section key={g.cat} aria-labelledby={`cat-${g.cat}`}>
                <div className="mb-5 flex items-baseline justify-between gap-4 border-b border-slate-200 pb-3">
                  <h2 id={`cat-${g.cat}`} className="text-xl font-bold tracking-tight text-slate-900">
                    {g.label}
                  </h2>
                  <span className="text-sm text-slate-500">
                    {g.tools.length} {g.tools.length === 1 ? 'tool' : 'tools'}
                  </span>
                </div>
                <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                  {g.tools.map((tool) => (
                    <li key={tool.id}>
                      <ToolCard tool={tool} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}

        {!q && (
          <section aria-labelledby="planned-heading" className="mt-16 rounded-2xl bg-slate-50 p-6 sm:p-8">
            <h2 id="planned-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <Clock className="h-5 w-5 text-amber-600" aria-hidden="true" />
              Planned tools
            </h2>
            <p className="mt-2 text-sm text-slate-600">These are on the roadmap and not available yet.</p>
            <ul className="mt-4 flex flex-wrap gap-2">
              {COMING_SOON_SLUGS.map((slug) => (
                <li key={slug}>
                  <Link
                    to={`/tools/${slug}`}
                    className="group inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3.5 py-1.5 text-sm text-slate-700 hover:border-amber-300 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    {titleFromSlug(slug)}
                    <span className="rounded-full bg-amber-100 px-1.5 text-[11px] font-medium text-amber-800">Coming soon</span>
                    <ArrowRight className="h-3.5 w-3.5 text-slate-400 group-hover:text-slate-600" aria-hidden="true" />
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </Container>
    </div>
  );
}
