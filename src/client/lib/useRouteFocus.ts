import { useEffect, useRef } from 'react';
import { focusByScript, focusLost, focusMovedSince, isEditable } from './focus';

/** How long a page may take to show its heading or anchor (a lazy chunk, a session check, its data) before focus is left where it is. */
const WAIT_MS = 3000;

/** Focus that belongs to what the user is doing on the new page: typing in a field, moving along tabs, a dialog. */
function keepsFocus(el: Element | null): boolean {
  if (!el || focusLost()) return false;
  return isEditable(el) || el.closest('[role="tablist"], [role="dialog"], [role="menu"]') !== null;
}

function anchorId(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/**
 * After an in-app navigation, moves keyboard focus to the new page's main heading, where a full page load would
 * start a screen reader. Without it focus stays on the link that was pressed, or falls to <body> when that link
 * unmounts, and nothing tells a screen-reader user that the page changed. An address with an #anchor goes to that
 * element instead (scrolled to, below the sticky header, and focused), on a page load too: the browser's own jump
 * happens before the page has drawn it. A plain page load is left alone, and so is focus the user has put somewhere
 * on the new page.
 */
export function useRouteFocus(pathname: string, hash: string): void {
  const loaded = useRef(false);
  useEffect(() => {
    const first = !loaded.current;
    loaded.current = true;
    const id = anchorId(hash);
    if (first && !id) return;
    const from = document.activeElement;
    if (!id && keepsFocus(from)) return;
    const deadline = performance.now() + WAIT_MS;
    let frame = 0;
    const focusTarget = () => {
      // the user moved on (clicked into a field, tabbed) while the page was loading
      if (focusMovedSince(from)) return;
      const target = id ? document.getElementById(id) : (document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1'));
      if (!target) {
        if (performance.now() < deadline) frame = requestAnimationFrame(focusTarget);
        return;
      }
      if (id) target.scrollIntoView({ block: 'start' });
      focusByScript(target, { preventScroll: true });
    };
    frame = requestAnimationFrame(focusTarget);
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash]);
}
