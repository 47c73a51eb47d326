import { useEffect, useRef } from 'react';

/** How long a page may take to show its heading (a lazy chunk, a session check) before focus is left where it is. */
const WAIT_MS = 3000;

/** Focus that belongs to what the user is doing on the new page: typing in a field, moving along tabs, a dialog. */
function keepsFocus(el: Element | null): boolean {
  if (!el || el === document.body || !el.isConnected) return false;
  if (el.matches('input, textarea, select, [contenteditable="true"]')) return true;
  return el.closest('[role="tablist"], [role="dialog"], [role="menu"]') !== null;
}

/**
 * After an in-app navigation, moves keyboard focus to the new page's main heading, where a full page load would
 * start a screen reader. Without it focus stays on the link that was pressed, or falls to <body> when that link
 * unmounts, and nothing tells a screen-reader user that the page changed. The first render (a page load) is left
 * alone, and so is focus the user has put somewhere on the new page.
 */
export function useRouteFocus(pathname: string): void {
  const loaded = useRef(false);
  useEffect(() => {
    if (!loaded.current) {
      loaded.current = true;
      return;
    }
    const from = document.activeElement;
    if (keepsFocus(from)) return;
    const deadline = performance.now() + WAIT_MS;
    let frame = 0;
    const focusHeading = () => {
      const now = document.activeElement;
      // the user moved on (clicked into a field, tabbed) while the page was loading
      if (now && now !== from && now !== document.body && now.isConnected) return;
      const target = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
      if (!target) {
        if (performance.now() < deadline) frame = requestAnimationFrame(focusHeading);
        return;
      }
      // focusable by script only: Tab never stops on a heading
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    };
    frame = requestAnimationFrame(focusHeading);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
