/**
 * A Vite plugin that gives each `lazy(() => import('./Page'))` of src/client/lib/hydration.ts the source path of the
 * module it imports, as a first argument: `lazy('pages/Page.tsx', () => import('./Page'))`. The server
 * render records the paths of the lazy() modules a page used, looks them up in the client build's manifest (keyed by
 * the same paths, relative to Vite's root) to link their chunks as modulepreloads, and the browser loads them before hydrating
 * (src/client/lib/hydration.ts). Only the call's opening is rewritten; the factory is left as written.
 */
import { relative } from 'node:path';
import type { Plugin } from 'vite';

/** `lazy(` followed, before the statement ends, by the first `import('…')` in its factory */
const LAZY_CALL = /\blazy\((?=[^;]{0,300}?\bimport\(\s*(['"])([^'"]+)\1\s*\))/g;

export function lazyChunkIds(): Plugin {
  // the manifest's keys are relative to Vite's root (src/client)
  let root = process.cwd();
  return {
    name: 'veritext-lazy-chunk-ids',
    // on the source as written, before TypeScript and JSX are compiled
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async transform(code, id) {
      if (!/\.[jt]sx?$/.test(id) || id.includes('/node_modules/') || !/lib\/hydration['"]/.test(code)) return null;
      const calls = [...code.matchAll(LAZY_CALL)];
      if (calls.length === 0) return null;
      let out = '';
      let at = 0;
      for (const call of calls) {
        const resolved = await this.resolve(call[2]!, id);
        if (!resolved || resolved.external) continue;
        const path = relative(root, resolved.id.split('?')[0]!);
        const end = call.index + call[0].length;
        out += `${code.slice(at, end)}${JSON.stringify(path)}, `;
        at = end;
      }
      // the columns of the rewritten lines shift: no source map is kept for them (production builds ship none)
      return at === 0 ? null : { code: out + code.slice(at), map: null };
    },
  };
}
