import type { RefObject } from 'react';
import { focusByScript, focusMovedSince, isEditable } from './focus';

/** SPEC §9 "Result scroll 100 ms": the page waits this long after a result arrives (so it has rendered) to show it. */
export const RESULT_SCROLL_MS = 100;

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
    // a field typed in again, or focus moved since the result arrived, stays where the user put it
    if (opts.focus === false || isEditable(document.activeElement) || focusMovedSince(from)) return;
    focusByScript(el, { preventScroll: true });
  }, opts.delay ?? RESULT_SCROLL_MS);
}
