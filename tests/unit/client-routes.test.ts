import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isAppPath } from '../../src/shared/client-routes';
import { LEGACY_REDIRECTS } from '../../src/shared/routes';
import { TOOLS, TOOL_COLLECTIONS } from '../../src/shared/catalogue';

/** Every `path: '…'` the router declares, with its parent's prefix for the admin area's children. */
function declaredPaths(): string[] {
  const src = readFileSync(new URL('../../src/client/router.tsx', import.meta.url), 'utf8');
  const adminStart = src.indexOf("path: 'admin',");
  const adminEnd = src.indexOf("path: 'invoices/:id'");
  const out: string[] = [];
  for (const m of src.matchAll(/path: '([^']+)'/g)) {
    const inAdmin = m.index > adminStart && m.index < adminEnd && m[1] !== 'admin';
    out.push(inAdmin ? `/admin/${m[1]}` : `/${m[1]}`);
  }
  return out;
}

describe('isAppPath: the server knows which paths the web app has a page for', () => {
  it('matches every route the router declares (with sample parameters)', () => {
    const sample = (p: string) =>
      p
        .replace(':slug', 'gptzero-alternative')
        .replace(':collection', 'ai-detection')
        .replace(':id', '3f1c2f8e-0000-4000-8000-000000000000')
        .replace(/\/\*$/, '/anything');
    const redirects = new Set(Object.keys(LEGACY_REDIRECTS).concat(['/super-admin', '/super-admin/dashboard', '/super-admin/user-management']));
    const paths = declaredPaths().filter((p) => !redirects.has(p) && p !== '/*');
    expect(paths.length).toBeGreaterThan(40);
    for (const p of paths) expect(isAppPath(sample(p)), p).toBe(true);
  });

  it('knows every tool, alias, collection, placeholder and comparison path', () => {
    for (const t of TOOLS) {
      expect(isAppPath(`/tools/${t.slug}`)).toBe(true);
      for (const a of t.aliases) expect(isAppPath(`/tools/${a}`)).toBe(true);
    }
    for (const c of TOOL_COLLECTIONS) expect(isAppPath(`/tools/${c.slug}`)).toBe(true);
    expect(isAppPath('/tools/image-enhancer')).toBe(true);
    for (const p of ['/gptzero', '/gptzero-alternative', '/gptzero-detector', '/vs-gptzero-com', '/pricing/']) expect(isAppPath(p), p).toBe(true);
  });

  it('refuses what has no page', () => {
    for (const p of ['/no-such-page', '/tools/no-such-tool', '/pricing/extra', '/vs-nobody-com', '/nobody-alternative', '/wp-login.php', '/tools/a/b'])
      expect(isAppPath(p), p).toBe(false);
    expect(isAppPath('/blog/a-post', (s) => s === 'a-post')).toBe(true);
    expect(isAppPath('/blog/gone', () => false)).toBe(false);
  });
});
