import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { BLOG_TEASER_COUNT, BLOG_TEASER_EXCERPT } from '@/shared/blog-limits';
import { Container } from '@/client/pages/content/_parts';
import { useBlogPosts } from './api';
import { PostCard, PostCardSkeletons, SamplesNotice } from './PostCard';
import { Button } from '@/client/components/ui/button';

/**
 * Home page section: the 3 latest posts from GET /api/external-blog/posts?limit=3,
 * excerpts cut at 120 characters. `heading` must carry id={headingId}.
 */
export function LatestPosts({ heading, headingId, className = '' }: { heading: ReactNode; headingId: string; className?: string }) {
  const { posts, isLoading, failed } = useBlogPosts(BLOG_TEASER_COUNT);
  // A blog without posts yet gets no empty section on the home page.
  if (!isLoading && !failed && posts.length === 0) return null;
  return (
    <section aria-labelledby={headingId} aria-busy={isLoading} className={className}>
      <Container>
        {heading}
        {failed && <SamplesNotice />}
        <ul className="grid gap-5 md:grid-cols-3" data-testid="latest-posts">
          {isLoading ? (
            <PostCardSkeletons count={BLOG_TEASER_COUNT} />
          ) : (
            posts.map((p) => (
              <li key={p.id}>
                <PostCard post={p} excerptChars={BLOG_TEASER_EXCERPT} headingLevel={3} />
              </li>
            ))
          )}
        </ul>
        <div className="mt-10 text-center">
          <Button asChild size="lg" variant="outline">
            <Link to="/blog">
              All posts <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </Container>
    </section>
  );
}
