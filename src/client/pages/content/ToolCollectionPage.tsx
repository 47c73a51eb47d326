import { Link, useParams } from 'react-router';
import { ArrowLeft, ArrowRight, LayoutGrid } from 'lucide-react';
import { TOOLS, TOOL_COLLECTIONS, type Tool } from '@/shared/catalogue';
import { Container, PageHeader, ToolCard, usePageTitle } from './_parts';
import { Button } from '@/client/components/ui/button';

export default function ToolCollectionPage() {
  const { collection } = useParams();
  const entry = TOOL_COLLECTIONS.find((c) => c.slug === collection);
  usePageTitle(entry ? entry.title : 'Collection not found');

  if (!entry) {
    return (
      <Container className="py-20 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Collection not found</h1>
        <p className="mt-3 text-slate-600">There is no tool collection at this address.</p>
        <Button asChild size="lg" className="mt-6">
          <Link to="/tools">
            <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All tools
          </Link>
        </Button>
      </Container>
    );
  }

  const tools = entry.toolIds.map((id) => TOOLS.find((t) => t.id === id)).filter((t): t is Tool => Boolean(t));
  const others = TOOL_COLLECTIONS.filter((c) => c.slug !== entry.slug);

  return (
    <div className="bg-white">
      <PageHeader eyebrow="Tool collection" icon={LayoutGrid} title={entry.title} intro={<p>{entry.description}</p>}>
        <nav aria-label="Breadcrumb" className="mt-6 text-sm">
          <ol className="flex flex-wrap items-center gap-1.5 text-slate-500">
            <li>
              <Link to="/tools" className="hover:text-indigo-700 hover:underline">
                Tools
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li aria-current="page" className="text-slate-700">
              {entry.title}
            </li>
          </ol>
        </nav>
      </PageHeader>

      <Container className="py-12 sm:py-16">
        <h2 className="sr-only">Tools in this collection</h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {tools.map((tool) => (
            <li key={tool.id}>
              <ToolCard tool={tool} />
            </li>
          ))}
        </ul>

        <section aria-labelledby="other-collections" className="mt-16 border-t border-slate-200 pt-10">
          <h2 id="other-collections" className="text-lg font-semibold text-slate-900">
            Other collections
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {others.map((c) => (
              <li key={c.slug}>
                <Link
                  to={`/tools/${c.slug}`}
                  className="group flex h-full flex-col rounded-xl border border-slate-200 p-4 transition hover:border-indigo-300 hover:bg-indigo-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                >
                  <span className="flex items-center justify-between gap-2 font-medium text-slate-900 group-hover:text-indigo-700">
                    {c.title}
                    <ArrowRight className="h-4 w-4 shrink-0" aria-hidden="true" />
                  </span>
                  <span className="mt-1 text-sm text-slate-600">{c.description}</span>
                </Link>
              </li>
            ))}
          </ul>
          <Link to="/tools" className="mt-6 inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline">
            See all tools <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </section>
      </Container>
    </div>
  );
}
