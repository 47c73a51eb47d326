import { useEffect, useSyncExternalStore } from 'react';
import { filterToasts, type Toast } from '@/client/hooks/use-toast';
import { observeApiErrors, type ApiError } from '@/client/lib/api';
import { ME_QUERY_KEY } from '@/client/lib/auth';
import { queryClient as appQueryClient } from '@/client/lib/queryClient';

/**
 * The last over-limit answer of the session: 402 quota_exceeded (monthly characters and pack credits
 * spent) or a logged-in user's 429 limit_reached (daily detections). Tool pages show it with an upgrade
 * offer (features/shared/limits.tsx#QuotaBanner); it belongs to the page where it happened, so it is
 * forgotten on navigation.
 */
export interface QuotaHit {
  code: 'quota_exceeded' | 'limit_reached';
  message: string;
  pathname: string;
  /** When it was recorded (ms), to recognise the failure toast the page raises for the same answer. */
  at: number;
}

let current: QuotaHit | null = null;
/** Banners on screen: a page without one keeps its own failure toast, so the message is never lost. */
let banners = 0;
const listeners = new Set<() => void>();

function set(next: QuotaHit | null) {
  current = next;
  for (const l of listeners) l();
}

/** The page's own failure toast for the same answer comes in the same tick; this is ample. */
const SAME_FAILURE_MS = 2_000;

/**
 * Whether an answer is an over-limit answer the QuotaBanner shows with its upgrade offer: 402
 * quota_exceeded, or a logged-in user's 429 limit_reached (daily detections). A visitor's 429 is the
 * product's own 'Detection/Generation Limit Reached' toast and banner, so it is left to the page.
 */
export function isPlanLimitError(error: ApiError, loggedIn: boolean): boolean {
  const code = error.code;
  return (error.status === 402 && code === 'quota_exceeded') || (error.status === 429 && code === 'limit_reached' && loggedIn);
}

export function recordQuotaError(error: ApiError, loggedIn = isLoggedIn()): void {
  if (!isPlanLimitError(error, loggedIn)) return;
  set({
    code: error.code as QuotaHit['code'],
    message: error.serverMessage ?? 'You have reached the limit of your plan.',
    pathname: window.location.pathname,
    at: Date.now(),
  });
}

/**
 * One message per over-limit answer: the tool pages raise their usual '… Failed' toast for any error,
 * and the banner already shows the same server message with Upgrade and Buy characters, so that toast
 * is dropped here, once for every page.
 */
export function keepToast(t: Toast, hit: QuotaHit | null = current, now = Date.now(), bannerShown = banners > 0): boolean {
  if (!hit || !bannerShown || t.variant !== 'destructive' || now - hit.at > SAME_FAILURE_MS) return true;
  return t.description !== hit.message;
}

function isLoggedIn(): boolean {
  const me = appQueryClient.getQueryData<{ user: unknown } | null>(ME_QUERY_KEY);
  return Boolean(me && me.user);
}

if (typeof window !== 'undefined') {
  observeApiErrors((e) => recordQuotaError(e));
  filterToasts((t) => keepToast(t));
}

export function clearQuotaHit(): void {
  set(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The over-limit answer for the page at `pathname`, if any (for the banner that shows it). */
export function useQuotaHit(pathname: string): QuotaHit | null {
  useEffect(() => {
    banners += 1;
    return () => {
      banners -= 1;
    };
  }, []);
  const hit = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  return hit && hit.pathname === pathname ? hit : null;
}
