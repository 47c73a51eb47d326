import type { Page } from '@playwright/test';

/** How far the page scrolls sideways, and what sticks out (elements and text outside any clipping box). */
export async function overflowOf(page: Page): Promise<{ over: number; what: string[] }> {
  return page.evaluate(() => {
    const w = window.innerWidth;
    const over = document.documentElement.scrollWidth - w;
    const what: string[] = [];
    if (over <= 1) return { over, what };
    const clipped = (n: Node) => {
      for (let a = n.parentElement; a && a !== document.body; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    const describe = (e: Element) => `<${e.tagName.toLowerCase()} class="${(e.getAttribute('class') ?? '').slice(0, 60)}">`;
    for (const e of Array.from(document.querySelectorAll('body *'))) {
      if (e.getBoundingClientRect().right > w + 1 && (!clipped(e) || getComputedStyle(e).position === 'absolute')) what.push(describe(e));
      if (what.length >= 5) break;
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n && what.length < 8; n = walker.nextNode()) {
      const r = document.createRange();
      r.selectNodeContents(n);
      if (r.getBoundingClientRect().right > w + 1 && !clipped(n)) what.push(`text "${(n.textContent ?? '').slice(0, 40)}" in ${describe(n.parentElement!)}`);
    }
    return { over, what };
  });
}
