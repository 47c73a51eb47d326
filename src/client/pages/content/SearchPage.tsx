import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArrowRight, Newspaper, Search as SearchIcon, Wrench } from 'lucide-react';
import { SEARCH_QUERY_MAX } from '@/shared/api/search';
import { useSiteSearch } from '@/client/features/search/api';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Spinner } from '@/client/components/ui/spinner';
import { Container, PageHeader, usePageTitle } from './_parts';

const dateFormat = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** /search?q=: the site search over the tools and the published blog posts (the target of the home page's SearchAction). */
export default function SearchPage() {
  usePageTitle('Search');
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX);
  const [draft, setDraft] = useState(q);
  const input = useRef<HTMLInputElement>(null);
  // a new address (back/forward, the header) puts its search in the box
  useEffect(() => setDraft(q), [q]);
  useEffect(() => {
    if (!q) input.current?.focus();
  }, [q]);

  const result = useSiteSearch(q);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = draft.trim();
    setParams(next ? { q: next } : {});
  };

  const data = result.data;
  const total = data ? data.tools.length + data.posts.length : 0;
  return (
    <div className="bg-white">
      <PageHeader eyebrow="Search" icon={SearchIcon} title="Search the site" intro={<p>Find a tool by what it does, or a blog post by its subject.</p>}>
        <form role="search" onSubmit={submit} className="mt-6 flex flex-col gap-3 sm:flex-row">
          <label htmlFor="site-search" className="sr-only">
            Search tools and blog posts
          </label>
          <Input
            id="site-search"
            ref={input}
            type="search"
            name="q"
            value={draft}
            maxLength={SEARCH_QUERY_MAX}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="e.g. detector, grammar, plagiarism"
            className="h-11 bg-white text-base"
            autoComplete="off"
          />
          <Button type="submit" size="lg" className="h-11">
            <SearchIcon className="h-4 w-4" aria-hidden="true" /> Search
          </Button>
        </form>
      </PageHeader>
      <Container className="py-10 sm:py-14">
        <p aria-live="polite" className="sr-only">
          {q && data ? `${total} ${total === 1 ? 'result' : 'results'} for ${q}` : ''}
        </p>
        {!q ? (
          <Hint />
        ) : result.isPending ? (
          <div className="flex items-center gap-3 text-slate-600" role="status" aria-busy="true">
            <Spinner className="h-5 w-5" /> Searching…
          </div>
        ) : result.isError ? (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-5 py-4 text-red-800">
            The search could not be run: {result.error.message}{' '}
            <button type="button" className="font-medium underline underline-offset-2" onClick={() => void result.refetch()}>
              Try again
            </button>
          </div>
        ) : total === 0 ? (
          <NoResults q={q} />
        ) : (
          <div className="grid gap-10 lg:grid-cols-2">
            {data!.tools.length > 0 && (
              <section aria-labelledby="search-tools">
                <h2 id="search-tools" className="mb-4 flex items-center gap-2 text-lg font-semibold text-slate-900">
                  <Wrench className="h-5 w-5 text-indigo-600" aria-hidden="true" /> Tools <span className="text-slate-500">({data!.tools.length})</span>
                </h2>
                <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
                  {data!.tools.map((t) => (
                    <li key={t.slug}>
                      <Link
                        to={`/tools/${t.slug}`}
                        className="block px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
                      >
                        <span className="flex flex-wrap items-center gap-2">
                          <span className="font-medium text-indigo-700">{t.name}</span>
                          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">{t.category}</span>
                          {!t.live && <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs text-amber-800">Not yet available</span>}
                        </span>
                        <span className="mt-1 block text-sm text-slate-600">{t.description}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {data!.posts.length > 0 && (
              <section aria-labelledby="search-posts">
                <h2 id="search-posts" className="mb-4 flex items-center gap-2 text-lg font-semibold text-slate-900">
                  <Newspaper className="h-5 w-5 text-indigo-600" aria-hidden="true" /> Blog posts <span className="text-slate-500">({data!.posts.length})</span>
                </h2>
                <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
                  {data!.posts.map((p) => (
                    <li key={p.slug}>
                      <Link
                        to={`/blog/${p.slug}`}
                        className="block px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
                      >
                        <span className="font-medium text-indigo-700">{p.title}</span>
                        {p.publishedAt && <span className="mt-0.5 block text-xs text-slate-500">{dateFormat.format(new Date(p.publishedAt))}</span>}
                        <span className="mt-1 line-clamp-2 block text-sm text-slate-600">{p.excerpt}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
        )}
      </Container>
    </div>
  );
}

function Hint() {
  return (
    <div className="max-w-2xl text-slate-600">
      <p>Search by a tool&rsquo;s name or what it does (&ldquo;summarize&rdquo;, &ldquo;speech&rdquo;, &ldquo;SEO&rdquo;), or by a subject of the blog.</p>
      <p className="mt-4 flex flex-wrap gap-3">
        <Link to="/tools" className="inline-flex items-center gap-1 font-medium text-indigo-700 underline underline-offset-2">
          Browse all tools <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
        <Link to="/blog" className="inline-flex items-center gap-1 font-medium text-indigo-700 underline underline-offset-2">
          Read the blog <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </p>
    </div>
  );
}

function NoResults({ q }: { q: string }) {
  return (
    <div className="mx-auto max-w-xl rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center">
      <h2 className="text-lg font-semibold text-slate-900">Nothing matched &ldquo;{q}&rdquo;</h2>
      <p className="mt-2 text-slate-600">Try fewer or different words: every word of a search must appear in a result.</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild variant="outline">
          <Link to="/tools">Browse all tools</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/blog">Read the blog</Link>
        </Button>
      </div>
    </div>
  );
}
