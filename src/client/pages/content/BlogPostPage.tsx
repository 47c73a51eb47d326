import { Link, useParams } from 'react-router';
import { ArrowLeft, CalendarDays, FileQuestion } from 'lucide-react';
import { Markdown } from '@/client/features/blog/Markdown';
import { formatPostDate, useBlogPost } from '@/client/features/blog/api';
import { PageSpinner } from '@/client/components/ui/spinner';
import { Container, usePageTitle } from './_parts';
import { Button } from '@/client/components/ui/button';

const backLink =
  'inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-indigo-700 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** /blog/:slug: one published post, its Markdown rendered without any HTML injection. */
export default function BlogPostPage() {
  const { slug = '' } = useParams();
  const state = useBlogPost(slug);
  usePageTitle(state.kind === 'found' ? state.post.title : state.kind === 'loading' ? 'Blog' : 'Post not found');

  if (state.kind === 'loading') return <PageSpinner label="Loading the post" className="min-h-[50vh]" />;
  if (state.kind !== 'found') return <Missing error={state.kind === 'error'} />;
  const { post, fallback } = state;
  return (
    <article className="bg-white">
      <header className="border-b border-slate-200 bg-linear-to-b from-indigo-50/70 to-white">
        <Container className="py-10 sm:py-14">
          <div className="mx-auto max-w-3xl">
            <Link to="/blog" className={backLink}>
              <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All posts
            </Link>
            <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{post.title}</h1>
            {post.publishedAt && (
              <p className="mt-4 flex items-center gap-1.5 text-sm text-slate-500">
                <CalendarDays className="h-4 w-4" aria-hidden="true" />
                Published <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time>
              </p>
            )}
          </div>
        </Container>
      </header>
      <Container className="py-10 sm:py-14">
        <div className="mx-auto max-w-3xl">
          {fallback && (
            <p role="status" className="mb-6 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              The blog could not be reached, so the built-in copy of this article is shown.
            </p>
          )}
          {post.featuredImage && <img src={post.featuredImage} alt="" className="mb-8 w-full rounded-2xl bg-slate-100 object-cover" />}
          <Markdown source={post.content} />
          <div className="mt-12 border-t border-slate-200 pt-6">
            <Link to="/blog" className={backLink}>
              <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to the blog
            </Link>
          </div>
        </div>
      </Container>
    </article>
  );
}

function Missing({ error }: { error: boolean }) {
  return (
    <Container className="py-16 sm:py-24">
      <div className="mx-auto max-w-xl text-center">
        <span className="mx-auto inline-flex h-12 w-12 items-center justify-center rounded-full bg-slate-100">
          <FileQuestion className="h-6 w-6 text-slate-500" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{error ? 'This post could not be loaded' : 'Post not found'}</h1>
        <p className="mt-2 text-slate-600">
          {error ? 'The blog could not be reached. Please check your connection and try again.' : 'This post does not exist or is no longer published.'}
        </p>
        <Button asChild size="lg" className="mt-6">
          <Link to="/blog">
            <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to the blog
          </Link>
        </Button>
      </div>
    </Container>
  );
}
