import { Link } from 'react-router';
import { ArrowRight, Newspaper } from 'lucide-react';
import { BLOG_LIST_MAX } from '@/shared/blog-limits';
import { useBlogPosts } from '@/client/features/blog/api';
import { PostCard, PostCardSkeletons, SamplesNotice } from '@/client/features/blog/PostCard';
import { Container, PageHeader, usePageTitle } from './_parts';
import { Button } from '@/client/components/ui/button';

/** /blog: published posts, newest first; while loading a placeholder, on error the sample posts. */
export default function BlogPage() {
  usePageTitle('Blog');
  const { posts, isLoading, failed } = useBlogPosts(BLOG_LIST_MAX);
  return (
    <div className="bg-white">
      <PageHeader
        eyebrow="Blog"
        icon={Newspaper}
        title="Blog"
        intro={<p>Articles about AI detection, plagiarism checking, writing with AI responsibly, and news about this site.</p>}
      />
      <Container className="py-12 sm:py-16">
        {failed && <SamplesNotice />}
        {isLoading ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading posts">
            <PostCardSkeletons count={3} />
          </ul>
        ) : posts.length === 0 ? (
          <EmptyState />
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Posts">
            {posts.map((p) => (
              <li key={p.id}>
                <PostCard post={p} />
              </li>
            ))}
          </ul>
        )}
      </Container>
    </div>
  );
}

function EmptyState() {
  return (
    <div className="mx-auto max-w-xl rounded-2xl border border-dashed border-slate-300 px-6 py-14 text-center">
      <span className="mx-auto inline-flex h-12 w-12 items-center justify-center rounded-full bg-slate-100">
        <Newspaper className="h-6 w-6 text-slate-500" aria-hidden="true" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">No posts yet</h2>
      <p className="mt-2 text-slate-600">
        Nothing has been published here yet. In the meantime, the FAQ explains how the detector works and what its results mean.
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild size="lg" variant="outline">
          <Link to="/faq">Read the FAQ</Link>
        </Button>
        <Button asChild size="lg">
          <Link to="/tools">
            Explore the tools <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </div>
  );
}
