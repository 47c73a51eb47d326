import { nextTask } from './next-task';
import {
  createContext,
  createElement,
  lazy as reactLazy,
  Suspense,
  use,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  type ComponentType,
  type ReactNode,
} from 'react';

/**
 * Code-split pages and panels, and the hydration of a server-rendered page (src/server/prerender.ts).
 *
 * A public page arrives rendered, with the lazy() chunks it used listed in its data (the server records them while it
 * renders, through `RenderedChunks`). The browser loads those chunks before it hydrates (`preloadRendered`), so React
 * hydrates the whole page in one pass instead of suspending at each lazy() boundary and waiting for its chunk; and the
 * server links the same chunks as modulepreloads, so they download beside the entry script instead of after it.
 *
 * Each lazy() call carries the source path of the module it imports as its first argument: the `lazyChunkIds` Vite
 * plugin (scripts/vite-lazy-ids.ts) adds it at build time, so the code reads `lazy(() => import('./Page'))` and the
 * server can find the chunk in the build's manifest. Without it (tests, the dev server) a lazy() behaves as React's.
 *
 * `<html data-hydrated="true">` says when the page is React's: after the first commit, once no lazy chunk has been
 * loading for a few ticks. The e2e tests wait for it before acting.
 */

/** The lazy() modules a server render used (one set per render). */
export const RenderedChunks = createContext<Set<string> | null>(null);

type Loader = () => Promise<unknown>;
/** lazy() loaders by module path, filled as the modules declaring them are evaluated */
const loaders = new Map<string, Loader[]>();
let inFlight = 0;
/** HydrateLater parts committed by their parent but not yet themselves */
let laterParts = 0;

/** React.lazy, counted while its chunk loads, rendered at once when its module was already loaded (preloadRendered). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy's
export function lazy<T extends ComponentType<any>>(factory: () => Promise<{ default: T }>): T {
  // the build inserts the module's path before the factory (see above)
  // eslint-disable-next-line prefer-rest-params
  const [id, load] = typeof arguments[0] === 'string' ? [arguments[0] as string, arguments[1] as typeof factory] : [null, factory];
  let loaded: T | undefined;
  const fetchModule = () =>
    load().then((m) => {
      loaded = m.default;
      return m;
    });
  const Lazy = reactLazy(() => {
    inFlight++;
    return fetchModule().finally(() => inFlight--);
  });
  if (id) loaders.set(id, [...(loaders.get(id) ?? []), fetchModule]);

  function Loadable(props: object) {
    const rendered = useContext(RenderedChunks);
    if (id) rendered?.add(id);
    return createElement((loaded ?? Lazy) as ComponentType<object>, props);
  }
  return Loadable as unknown as T;
}

/**
 * Loads the modules a server render used, in rounds: a page's module declares its own panels' lazy() as it is
 * evaluated, so they are known only after it. A module that fails to load is left to lazy() (it will try again).
 */
export async function preloadRendered(ids: readonly string[]): Promise<void> {
  const done = new Set<string>();
  for (;;) {
    const ready = ids.filter((id) => !done.has(id) && loaders.has(id));
    if (ready.length === 0) return;
    for (const id of ready) done.add(id);
    // one at a time, each evaluated in a task of its own rather than all in one long task (their files are already
    // downloading: the entry preloads them)
    for (const load of ready.flatMap((id) => loaders.get(id)!)) {
      await load().catch(() => undefined);
      await nextTask();
    }
  }
}

/** Marks the document once no lazy chunk has been loading for QUIET_CHECKS checks in a row. */
const CHECK_MS = 25;
const QUIET_CHECKS = 4;
function markHydratedWhenSettled(): void {
  let quiet = 0;
  const check = () => {
    quiet = inFlight === 0 && laterParts === 0 ? quiet + 1 : 0;
    if (quiet >= QUIET_CHECKS) document.documentElement.dataset.hydrated = 'true';
    else window.setTimeout(check, CHECK_MS);
  };
  window.setTimeout(check, CHECK_MS);
}

/** Rendered once at the root: its effect runs when hydration has committed. */
export function HydrationMark(): null {
  useEffect(() => {
    if (document.documentElement.dataset.hydrated !== 'true') markHydratedWhenSettled();
  }, []);
  return null;
}

/**
 * A part of a long server-rendered page that React may hydrate after the rest: each Suspense boundary hydrates and
 * commits on its own, after its parent, so a phone does a few short tasks instead of one long one. Nothing in it
 * suspends in a page rendered in the browser, where it is a plain wrapper.
 *
 * `whenVisible`: the part stays the server's markup (its links work as plain links) until it comes near the screen or
 * is touched, clicked, focused or typed in; then it hydrates. A visitor who reads only the top of the home page never
 * pays for hydrating the rest. `<html data-hydrated>` does not wait for such parts.
 */
export function HydrateLater({ children, whenVisible = false }: { children: ReactNode; whenVisible?: boolean }) {
  const id = useId();
  if (!whenVisible) return createElement(CountedPart, null, children);
  return createElement('div', { [GATE_ATTR]: id }, createElement(Suspense, { fallback: null }, createElement(Gate, { id }, children)));
}

function CountedPart({ children }: { children?: ReactNode }) {
  // counted from its parent's commit until its own (the page is not marked hydrated in between); when both commit
  // together, the child's effect runs first and the count comes back to where it was
  useLayoutEffect(() => {
    laterParts++;
  }, []);
  return createElement(Suspense, { fallback: null }, createElement(PartCommitted), children);
}

function PartCommitted(): null {
  useLayoutEffect(() => {
    laterParts--;
  }, []);
  return null;
}

const GATE_ATTR = 'data-hydrate-when-visible';
/** parts of the page being hydrated that wait to be seen or used, by their useId (same on server and browser) */
const gates = new Map<string, { open: boolean; opened: Promise<void>; open_: () => void }>();

function Gate({ id, children }: { id: string; children?: ReactNode }) {
  const gate = gates.get(id);
  // suspending while hydrating keeps the server's markup in place
  if (gate && !gate.open) use(gate.opened);
  return children;
}

/** Called before hydrating: each `whenVisible` part of the page opens when it nears the screen or is interacted with. */
export function watchHydrationGates(): void {
  const parts = document.querySelectorAll<HTMLElement>(`[${GATE_ATTR}]`);
  if (parts.length === 0) return;
  const observer = typeof IntersectionObserver === 'function' ? new IntersectionObserver(onSeen, { rootMargin: '300px 0px' }) : null;
  const open = (el: Element) => {
    const gate = gates.get(el.getAttribute(GATE_ATTR) ?? '');
    if (!gate || gate.open) return;
    gate.open = true;
    gate.open_();
    observer?.unobserve(el);
  };
  function onSeen(entries: IntersectionObserverEntry[]) {
    for (const e of entries) if (e.isIntersecting) open(e.target);
  }
  for (const el of parts) {
    let open_ = () => {};
    const opened = new Promise<void>((resolve) => (open_ = resolve));
    gates.set(el.getAttribute(GATE_ATTR)!, { open: !observer, opened, open_ });
    observer?.observe(el);
  }
  // before React sees the event: a part that is used hydrates at once, so the event reaches its handlers
  const onUse = (e: Event) => {
    const part = e.target instanceof Element ? e.target.closest(`[${GATE_ATTR}]`) : null;
    if (part) open(part);
  };
  for (const type of ['pointerdown', 'touchstart', 'keydown', 'focusin', 'click']) document.addEventListener(type, onUse, { capture: true, passive: true });
}
