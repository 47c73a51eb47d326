import { lazy as reactLazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * When a server-rendered page has finished hydrating. A public page arrives rendered (src/server/prerender.ts) and
 * its lazy() page and panel chunks hydrate as they arrive, so the page looks ready before it answers clicks. The
 * lazy() below counts the chunks in flight; once none has been in flight for a few ticks after hydrateRoot, the
 * page's markup is React's and `<html data-hydrated="true">` says so (the e2e tests wait for it before acting,
 * as a user's first click would otherwise be lost in those few hundred milliseconds).
 */
let inFlight = 0;

/** React.lazy, counted while its chunk loads. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy's
export function lazy<T extends ComponentType<any>>(factory: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return reactLazy(() => {
    inFlight++;
    return factory().finally(() => inFlight--);
  });
}

/** Marks the document once no lazy chunk has been loading for QUIET_CHECKS checks in a row. */
const CHECK_MS = 25;
const QUIET_CHECKS = 4;
export function markHydratedWhenSettled(): void {
  let quiet = 0;
  const check = () => {
    quiet = inFlight === 0 ? quiet + 1 : 0;
    if (quiet >= QUIET_CHECKS) document.documentElement.dataset.hydrated = 'true';
    else window.setTimeout(check, CHECK_MS);
  };
  window.setTimeout(check, CHECK_MS);
}
