import { Capacitor } from '@capacitor/core';

/**
 * Where the page runs. In the app the native bridge is present (Capacitor.isNativePlatform()); in a browser, and in
 * the server's prerender, it is not, and every adapter function takes its web branch.
 */
export function isNative(): boolean {
  return Capacitor.isNativePlatform();
}

/** 'android' | 'ios' in the app, 'web' elsewhere. */
export function platform(): string {
  return Capacitor.getPlatform();
}

/**
 * Mobile failures are only logged (SPEC: no user-facing mobile errors). A warning, not console.error: a declined
 * permission or a cancelled picker is an everyday event, not a page fault.
 */
export function logNative(what: string, err?: unknown): void {
  console.warn(`[native] ${what}`, ...(err === undefined ? [] : [err instanceof Error ? err.message : err]));
}

/** What a plugin throws when the user backs out of its sheet or picker. */
export function isCancel(err: unknown): boolean {
  const message = err instanceof Error ? err.message : String(err);
  return /cancel/i.test(message) || (err instanceof DOMException && err.name === 'AbortError');
}
