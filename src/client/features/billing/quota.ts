import { useSyncExternalStore } from 'react';
import { observeApiErrors, type ApiError } from '@/client/lib/api';

/**
 * The last over-limit answer of the session: 402 quota_exceeded (monthly characters and pack credits
 * spent) or 429 limit_reached (daily detections). Tool pages show it with an upgrade offer; it belongs
 * to the page where it happened, so it is forgotten on navigation.
 */
export interface QuotaHit {
  code: 'quota_exceeded' | 'limit_reached';
  message: string;
  pathname: string;
}

let current: QuotaHit | null = null;
const listeners = new Set<() => void>();

function set(next: QuotaHit | null) {
  current = next;
  for (const l of listeners) l();
}

export function recordQuotaError(error: ApiError): void {
  const code = error.code;
  if ((error.status === 402 && code === 'quota_exceeded') || (error.status === 429 && code === 'limit_reached')) {
    set({ code, message: error.serverMessage ?? 'You have reached the limit of your plan.', pathname: window.location.pathname });
  }
}

if (typeof window !== 'undefined') observeApiErrors(recordQuotaError);

export function clearQuotaHit(): void {
  set(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The over-limit answer for the page at `pathname`, if any. */
export function useQuotaHit(pathname: string): QuotaHit | null {
  const hit = useSyncExternalStore(subscribe, () => current, () => null);
  return hit && hit.pathname === pathname ? hit : null;
}
