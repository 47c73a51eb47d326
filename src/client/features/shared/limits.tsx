import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import { useCurrentUser } from '@/client/lib/auth';
import { cn } from '@/client/lib/utils';
import { countWords, USER_WORD_LIMIT } from '@/shared/limits';
import { wordLimit } from '@/shared/roles';

/** The caller's per-request word limit and where `text` stands against it. The server enforces the same rule. */
export function useWordLimit(text: string) {
  const { user } = useCurrentUser();
  const limit = wordLimit(user?.role ?? null);
  const words = countWords(text);
  return { user, limit, words, over: words > limit };
}

export function WordCounter({ words, limit }: { words: number; limit: number }) {
  const over = words > limit;
  return (
    <span className={cn('ml-auto text-sm tabular-nums', over ? 'font-semibold text-red-600' : 'text-muted-foreground')} aria-live="polite" data-testid="word-counter">
      {words.toLocaleString('en-US')} / {limit.toLocaleString('en-US')} words
    </span>
  );
}

/** Warning banner for an exceeded word limit or a reached free allowance, offering sign up and pricing (SPEC §8). */
export function LimitBanner({ children, anonymous }: { children: React.ReactNode; anonymous: boolean }) {
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 sm:flex-row sm:items-center">
      <AlertTriangle className="size-4 shrink-0" aria-hidden />
      <div className="flex-1">{children}</div>
      <div className="flex gap-3 font-medium">
        {anonymous && (
          <Link className="underline underline-offset-4" to="/register">
            Sign up free
          </Link>
        )}
        <Link className="underline underline-offset-4" to="/pricing">
          See pricing
        </Link>
      </div>
    </div>
  );
}

/** Shown only while the text is over the limit. */
export function WordLimitWarning({ words, limit, anonymous }: { words: number; limit: number; anonymous: boolean }) {
  if (words <= limit) return null;
  return (
    <LimitBanner anonymous={anonymous}>
      Your text has {words.toLocaleString('en-US')} words; the limit is {limit.toLocaleString('en-US')} words per request
      {anonymous ? `. Sign up for a free account to use up to ${USER_WORD_LIMIT.toLocaleString('en-US')} words.` : '.'}
    </LimitBanner>
  );
}
