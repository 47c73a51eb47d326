import { AlertTriangle, X } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '@/client/lib/auth';
import { cn } from '@/client/lib/utils';
import { countWords, USER_WORD_LIMIT, wordLimitMessage } from '@/shared/limits';
import { wordLimit } from '@/shared/roles';
import { formatNumber } from '@/shared/format';
import { usePlans, useUsage } from '../billing/api';
import { clearQuotaHit, useQuotaHit } from '../billing/quota';

/**
 * The caller's per-request word limit and where `text` stands against it. The server enforces the same rule.
 * Logged-in users get their plan's limit from the usage call; the role default stands in while it loads.
 */
export function useWordLimit(text: string) {
  const { user } = useCurrentUser();
  const usage = useUsage(undefined, user !== null);
  const limit = (user && usage.data?.wordLimit) || wordLimit(user?.role ?? null);
  const words = countWords(text);
  return { user, limit, words, over: words > limit };
}

export function WordCounter({ words, limit }: { words: number; limit: number }) {
  const over = words > limit;
  return (
    <span
      className={cn('ml-auto text-sm tabular-nums', over ? 'font-semibold text-red-600' : 'text-muted-foreground')}
      aria-live="polite"
      data-testid="word-counter"
    >
      {formatNumber(words)} / {formatNumber(limit)} words
    </span>
  );
}

/** Warning banner for an exceeded word limit or a reached free allowance, offering sign up and pricing. */
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

/**
 * Shown only while the text is over the limit. Every tool page renders it beside its input, so it also
 * carries the over-allowance offer (QuotaBanner) for all of them.
 */
export function WordLimitWarning({ words, limit, anonymous }: { words: number; limit: number; anonymous: boolean }) {
  const over = words > limit;
  // A visitor is told what a free account allows today: the free plan's terms, which staff may edit.
  const plans = usePlans(over && anonymous);
  const freeWordLimit = plans.data?.plans.find((p) => p.id === 'free')?.wordLimit ?? USER_WORD_LIMIT;
  return (
    <>
      {over && <LimitBanner anonymous={anonymous}>{wordLimitMessage(words, limit, anonymous ? freeWordLimit : null)}</LimitBanner>}
      <QuotaBanner />
    </>
  );
}

/**
 * A tool request answered 402 quota_exceeded (monthly characters and pack credits spent) or, for a
 * logged-in user, 429 limit_reached (daily detections): the server's message with the way out.
 * Anonymous 429s keep their own limit banner on the page.
 */
export function QuotaBanner() {
  const { pathname } = useLocation();
  const hit = useQuotaHit(pathname);
  const { user } = useCurrentUser();
  if (!hit) return null;
  const canUpgrade = !user || user.role === 'free' || user.role === 'basic' || user.role === 'pro';
  return (
    <div
      role="alert"
      data-testid="quota-banner"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center"
    >
      <AlertTriangle className="size-5 shrink-0 text-amber-700" aria-hidden />
      <p className="flex-1 font-medium">{hit.message}</p>
      <div className="flex flex-wrap items-center gap-2">
        {!user ? (
          <Link to="/register" className="inline-flex h-9 items-center rounded-md bg-primary px-3 font-medium text-primary-foreground hover:bg-primary/90">
            Sign up free
          </Link>
        ) : (
          canUpgrade && (
            <Link to="/pricing" className="inline-flex h-9 items-center rounded-md bg-primary px-3 font-medium text-primary-foreground hover:bg-primary/90">
              Upgrade
            </Link>
          )
        )}
        {user && hit.code === 'quota_exceeded' && (
          <Link to="/pricing#packs" className="inline-flex h-9 items-center rounded-md border border-amber-400 bg-white px-3 font-medium hover:bg-amber-100">
            Buy characters
          </Link>
        )}
        <button
          type="button"
          onClick={clearQuotaHit}
          aria-label="Dismiss"
          className="inline-flex size-9 items-center justify-center rounded-md hover:bg-amber-100"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
    </div>
  );
}
