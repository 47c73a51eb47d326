import { expect, test } from '@playwright/test';

test('static assets are sent pre-compressed (brotli, else gzip) and cached for good; the app shell is revalidated', async ({ request }) => {
  // the empty shell (a page never rendered on the server) links the app's own chunks
  const shell = await request.get('/login', { headers: { 'accept-encoding': 'br' } });
  expect(shell.status()).toBe(200);
  expect(shell.headers()['cache-control']).toBe('no-cache');
  const html = await shell.text();
  // the largest of the scripts the page loads (the entry itself can be a one-line module that imports the app)
  const urls = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  expect(urls.length, html).toBeGreaterThan(0);
  const sizes = await Promise.all(urls.map(async (u) => (await (await request.get(u, { headers: { 'accept-encoding': 'identity' } })).body()).length));
  const script = urls[sizes.indexOf(Math.max(...sizes))];
  expect(Math.max(...sizes)).toBeGreaterThan(10_000);

  const br = await request.get(script!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(br.status()).toBe(200);
  expect(br.headers()['content-encoding']).toBe('br');
  expect(br.headers()['cache-control']).toContain('immutable');
  expect(br.headers()['vary']).toContain('accept-encoding');
  const gz = await request.get(script!, { headers: { 'accept-encoding': 'gzip' } });
  expect(gz.headers()['content-encoding']).toBe('gzip');
  const plain = await request.get(script!, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  // the same script whichever way it travelled (the client decodes it)
  expect(await br.text()).toBe(await plain.text());
  expect(Number(br.headers()['content-length'])).toBeLessThan(Number(plain.headers()['content-length']) / 2);
});
