import { describe, expect, it } from 'vitest';
import { lazyChunkIds } from '../../scripts/vite-lazy-ids';

// The build gives each lazy() the path of the module it imports (the server finds the page's chunks by it).
type Transform = (this: unknown, code: string, id: string) => Promise<{ code: string } | null>;

function plugin() {
  const p = lazyChunkIds();
  (p.configResolved as (c: { root: string }) => void)({ root: '/app/src/client' });
  const ctx = {
    resolve: async (spec: string, importer: string) => ({
      id: spec.startsWith('@/') ? `/app/src/${spec.slice(2)}.tsx` : `${importer.replace(/\/[^/]+$/, '')}/${spec.replace(/^\.\//, '')}.tsx`,
      external: false,
    }),
  };
  return (code: string, id: string) => (p.transform as Transform).call(ctx, code, id);
}

describe('lazy() chunk ids', () => {
  it("adds the imported module's path, relative to Vite's root, to each lazy() of lib/hydration", async () => {
    const code = [
      "import { lazy } from '@/client/lib/hydration';",
      "const Home = lazy(() => import('./pages/home/HomePage'));",
      "const Admin = lazy(() => import('@/client/pages/admin/AdminPages').then((m) => ({ default: m.AdminDashboard })));",
      "const Cmp = lazy(async () => {\n  const mod = await import('./pages/content/ComparisonPage');\n  return { default: mod.default };\n});",
    ].join('\n');
    const out = await plugin()(code, '/app/src/client/router.tsx');
    expect(out!.code).toContain(`lazy("pages/home/HomePage.tsx", () => import('./pages/home/HomePage'))`);
    expect(out!.code).toContain(`lazy("pages/admin/AdminPages.tsx", () => import('@/client/pages/admin/AdminPages').then(`);
    expect(out!.code).toContain(`lazy("pages/content/ComparisonPage.tsx", async () => {`);
  });

  it("leaves files that do not use lib/hydration's lazy() alone (React's own lazy takes no path)", async () => {
    const code = "import { lazy } from 'react';\nconst T = lazy(() => import('./toast-list'));";
    expect(await plugin()(code, '/app/src/client/components/ui/toaster.tsx')).toBeNull();
  });
});
