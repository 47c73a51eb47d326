import { Link } from 'react-router';
import { ArrowRight, Newspaper } from 'lucide-react';
import { Container, PageHeader, usePageTitle } from './_parts';

/** Posts arrive with the blog API in a later issue; until then the page shows an honest empty state. */
export default function BlogPage() {
  usePageTitle('Blog');
  return (
    <div className="bg-white">
      <PageHeader
        eyebrow="Blog"
        icon={Newspaper}
        title="Blog"
        intro={<p>Articles about AI detection, writing with AI responsibly, and news about this instance.</p>}
      />
      <Container className="py-12 sm:py-16">
        <div className="mx-auto max-w-xl rounded-2xl border border-dashed border-slate-300 px-6 py-14 text-center">
          <span className="mx-auto inline-flex h-12 w-12 items-center justify-center rounded-full bg-slate-100">
            <Newspaper className="h-6 w-6 text-slate-500" aria-hidden="true" />
          </span>
          <h2 className="mt-4 text-lg font-semibold text-slate-900">No posts yet</h2>
          <p className="mt-2 text-slate-600">
            Nothing has been published here yet. In the meantime, the FAQ explains how the detector works and what its
            results mean.
          </p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link
              to="/faq"
              className="inline-flex items-center justify-center gap-1 rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              Read the FAQ
            </Link>
            <Link
              to="/tools"
              className="inline-flex items-center justify-center gap-1 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              Explore the tools <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </div>
        </div>
      </Container>
    </div>
  );
}
