import { Link } from 'react-router';
import { ArrowRight, CalendarDays } from 'lucide-react';
import type { BlogPost } from '@/shared/api/blog';
import { truncateText } from '@/shared/markdown';
import { formatPostDate } from './api';

/** One post in a list: title (the link), date, excerpt (optionally cut), featured image when set. */
export function PostCard({ post, excerptChars, headingLevel = 2 }: { post: BlogPost; excerptChars?: number; headingLevel?: 2 | 3 }) {
  const H = `h${headingLevel}` as 'h2';
  const excerpt = excerptChars ? truncateText(post.excerpt, excerptChars) : post.excerpt;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:border-indigo-300 hover:shadow-md focus-within:ring-2 focus-within:ring-indigo-600 focus-within:ring-offset-2">
      {post.featuredImage && <img src={post.featuredImage} alt="" loading="lazy" className="aspect-[16/9] w-full bg-slate-100 object-cover" />}
      <div className="flex flex-1 flex-col p-6">
        {post.publishedAt && (
          <p className="flex items-center gap-1.5 text-sm text-slate-500">
            <CalendarDays className="h-4 w-4" aria-hidden="true" />
            <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time>
          </p>
        )}
        <H className="mt-2 text-lg font-semibold leading-snug text-slate-900">
          {/* The whole card is clickable through this link's stretched ::after; one tab stop per post. */}
          <Link to={`/blog/${post.slug}`} className="outline-none after:absolute after:inset-0 group-hover:text-indigo-700">
            {post.title}
          </Link>
        </H>
        {excerpt && <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600">{excerpt}</p>}
        <span className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-indigo-700" aria-hidden="true">
          Read the post <ArrowRight className="h-4 w-4 transition group-hover:translate-x-0.5" />
        </span>
      </div>
    </article>
  );
}

/** Placeholder cards while posts load. */
export function PostCardSkeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} aria-hidden="true" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <div className="h-4 w-24 animate-pulse rounded bg-slate-200" />
          <div className="mt-3 h-5 w-4/5 animate-pulse rounded bg-slate-200" />
          <div className="mt-3 h-4 w-full animate-pulse rounded bg-slate-100" />
          <div className="mt-2 h-4 w-2/3 animate-pulse rounded bg-slate-100" />
        </li>
      ))}
    </>
  );
}

/** "Blog load failure": the posts could not be loaded, the built-in ones are shown. */
export function SamplesNotice() {
  return (
    <p role="status" className="mb-6 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      The latest posts could not be loaded right now, so a few of our built-in articles are shown instead. Please try again later.
    </p>
  );
}
