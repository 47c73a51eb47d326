/**
 * The entry script: small on purpose. A page the server sent with its body (src/server/prerender.ts) is readable as it
 * is, so the app's scripts are asked for only after that page has painted (the browser's bandwidth on a slow phone
 * goes to the HTML and CSS first), together with the page's own chunks that the server listed; then the app hydrates
 * the markup (app.tsx). The empty shell (signed-in browsers, private pages) starts the app at once; the server links
 * the app's chunks in its head, so they download beside this one.
 */
import './styles.css';
import type { SsrData } from './app';

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

if (root.hasChildNodes()) {
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
    // the app's own import (and its preloads) in a task of its own: two short tasks rather than one long one
    setTimeout(() => void import('./app').then((app) => app.hydrate(root, data)), 0);
  };
  afterFirstPaint(start);
} else {
  void import('./app').then((app) => app.render(root));
}
