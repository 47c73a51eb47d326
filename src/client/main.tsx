/**
 * The entry script: small on purpose. A page the server sent with its body (src/server/prerender.ts) is readable as it
 * is, so the app's scripts are asked for only after that page has painted (the browser's bandwidth on a slow phone
 * goes to the HTML and CSS first), together with the page's own chunks that the server listed; then the app hydrates
 * the markup (app.tsx). The empty shell (signed-in browsers, private pages) starts the app at once; the server links
 * the app's chunks in its head, so they download beside this one.
 */
import './styles.css';
import type { SsrData } from './app';
import { nextTask } from './lib/next-task';

const root = document.getElementById('root')!;

/** Runs `fn` once the page has painted its content (a hidden tab paints nothing: at once there). */
function afterFirstPaint(fn: () => void): void {
  if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return fn();
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    fn();
  };
  // `buffered`: the paint may have happened before this script ran
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(once, 0);
  }).observe({ type: 'paint', buffered: true });
  // should no paint be reported (a tab hidden meanwhile), start anyway
  setTimeout(once, 3000);
}

/**
 * Until the page is React's (`<html data-hydrated>`), a button pressed or a form submitted in the server's markup would
 * do nothing: hold the last such action and replay it once the page has hydrated. Links work as plain links meanwhile
 * and are left alone.
 */
function holdEarlyActions(): void {
  let held: (() => void) | null = null;
  const inPage = (el: Element) => root.contains(el);
  const onClick = (e: MouseEvent) => {
    const target = e.target instanceof Element ? e.target : null;
    const button = target?.closest<HTMLElement>('button, input[type="submit"], input[type="button"], [role="button"]');
    if (!button || !inPage(button) || button.closest('a[href]')) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    held = () => button.isConnected && button.click();
  };
  const onSubmit = (e: SubmitEvent) => {
    const form = e.target instanceof HTMLFormElement ? e.target : null;
    if (!form || !inPage(form)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    const submitter = e.submitter;
    held = () => form.isConnected && form.requestSubmit(submitter?.isConnected ? submitter : null);
  };
  window.addEventListener('click', onClick, true);
  window.addEventListener('submit', onSubmit, true);
  const release = () => {
    window.removeEventListener('click', onClick, true);
    window.removeEventListener('submit', onSubmit, true);
    observer.disconnect();
    clearTimeout(giveUp);
    const replay = held;
    held = null;
    replay?.();
  };
  const observer = new MutationObserver(() => {
    if (document.documentElement.dataset.hydrated === 'true') release();
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] });
  // should the app never start (a script failed to load), stop holding: the page stays usable as plain links
  const giveUp = setTimeout(release, 20_000);
}

if (root.hasChildNodes()) {
  holdEarlyActions();
  const text = document.getElementById('vt-ssr-data')?.textContent;
  const data: SsrData = text ? (JSON.parse(text) as SsrData) : { queries: [], chunks: [], preload: [] };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const links = document.createDocumentFragment();
    for (const href of data.preload ?? []) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      links.append(link);
    }
    document.head.append(links);
    // evaluating the app's modules is the longest piece of script work a page does: React DOM first, then the router
    // and the query cache, then the app, each in a task of its own, so a phone's main thread is never held for long
    void (async () => {
      await nextTask();
      await import('react-dom/client');
      await nextTask();
      await Promise.all([import('react-router/dom'), import('@tanstack/react-query')]);
      await nextTask();
      const app = await import('./app');
      await app.hydrate(root, data);
    })();
  };
  afterFirstPaint(start);
} else {
  void import('./app').then((app) => app.render(root));
}
