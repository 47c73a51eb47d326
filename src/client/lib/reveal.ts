import type { RefObject } from 'react';

/** SPEC §9 "Result scroll 100 ms": the page waits this long after a result arrives (so it has rendered) to show it. */
export const RESULT_SCROLL_MS = 100;

/** A field the user is typing in again keeps its focus. */
function typing(el: Element | null): boolean {
  return !!el && el.matches('input, textarea, select, [contenteditable="true"]');
}

/** Focus the user moved somewhere else since the result arrived (`from`) stays there. */
function movedOn(from: Element | null): boolean {
  const now = document.activeElement;
  return !!now && now !== from && now !== document.body && now.isConnected;
}

/**
 * Brings a new result into view and, unless `focus` is false, gives it keyboard focus: a screen reader then reads its
 * heading, and the next Tab reaches its controls, where before the result appeared silently below the button.
 * Scrolling is smooth only for those who have not asked their system for reduced motion. Returns the timer, for an
 * effect's cleanup.
 */
export function revealResult(
  ref: RefObject<HTMLElement | null>,
  opts: { block?: ScrollLogicalPosition; focus?: boolean; delay?: number } = {},
): ReturnType<typeof setTimeout> {
  const from = document.activeElement;
  return setTimeout(() => {
    const el = ref.current;
    if (!el) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    el.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: opts.block ?? 'start' });
    if (opts.focus === false || typing(document.activeElement) || movedOn(from)) return;
    // focusable by script only: Tab never stops on the result's frame
    if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
    el.focus({ preventScroll: true });
  }, opts.delay ?? RESULT_SCROLL_MS);
}
