import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import { appSettings, auditLog } from '../../src/db/schema';
import { createUser } from '../../src/server/services/users';
import { resetSettings } from '../../src/server/services/settings';
import type { Role } from '../../src/shared/roles';
import { cookieFrom, createTestApp, json, login, uniqueUser, type TestApp } from '../helpers/app';

let t: TestApp;
let address = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await t.ctx.db.delete(appSettings).where(like(appSettings.key, 'house-ad%'));
  await resetSettings(t.ctx.db);
});

const nextAddress = () => `10.40.${Math.floor(++address / 250)}.${address % 250}`;

async function account(role: Role) {
  const u = uniqueUser(role.replace(/[_:]/g, ''));
  const ip = nextAddress();
  const row = await createUser(t.ctx.db, { ...u, role });
  const res = await login(t.app, u.email, u.password, ip);
  expect(res.statusCode, res.body).toBe(200);
  return { ...u, id: row.id, ip, cookie: cookieFrom(res) };
}

function call(method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE', url: string, opts: { cookie?: string; body?: unknown } = {}) {
  return t.app.inject({ method, url, payload: opts.body as never, headers: opts.cookie ? { cookie: opts.cookie } : {} });
}

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const adBody = (over: Record<string, unknown> = {}) => ({
  title: 'Acme Notebooks',
  text: 'Paper notebooks for writers.',
  linkUrl: 'https://acme.example/notebooks',
  active: true,
  weight: 1,
  ...over,
});

async function createAd(cookie: string, over: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/admin/ads', { cookie, body: adBody(over) });
  expect(res.statusCode, res.body).toBe(201);
  return json(res).ad;
}

describe('GET /api/site/ads: the server decides by plan', () => {
  it('shows ads to a visitor and a free user, never to basic, pro, agency or staff', async () => {
    const admin = await account('admin');
    await createAd(admin.cookie);

    const anon = json(await call('GET', '/api/site/ads'));
    expect(anon.show).toBe(true);
    expect(anon.houseAds).toHaveLength(1);
    expect(anon.houseAds[0]).toMatchObject({ title: 'Acme Notebooks', domain: 'acme.example', imageUrl: null });
    expect(anon.houseAds[0].href).toMatch(/^\/api\/site\/ads\/[0-9a-f-]{36}\/click$/);
    expect(anon.houseAds[0]).not.toHaveProperty('linkUrl');
    expect(anon.network).toBeNull();

    const free = await account('free');
    const res = await call('GET', '/api/site/ads', { cookie: free.cookie });
    expect(res.headers['cache-control']).toContain('no-store');
    expect(json(res).show).toBe(true);

    for (const role of ['basic', 'pro', 'agency', 'admin', 'manager', 'support', 'super_admin'] as const) {
      const u = await account(role);
      expect(json(await call('GET', '/api/site/ads', { cookie: u.cookie })), role).toEqual({ show: false });
    }
  });

  it('leaves out inactive ads and offers at most one per slot', async () => {
    const admin = await account('admin');
    await createAd(admin.cookie, { title: 'Off', active: false });
    for (const title of ['A', 'B', 'C']) await createAd(admin.cookie, { title });
    const body = json(await call('GET', '/api/site/ads'));
    expect(body.houseAds).toHaveLength(2);
    expect(body.houseAds.map((a: { title: string }) => a.title)).not.toContain('Off');
  });
});

describe('house ads: staff CRUD', () => {
  it('refuses visitors (401), plan users and staff without ads:manage (403), before validation', async () => {
    expect((await call('GET', '/api/admin/ads')).statusCode).toBe(401);
    for (const role of ['free', 'pro', 'manager', 'support'] as const) {
      const u = await account(role);
      expect((await call('GET', '/api/admin/ads', { cookie: u.cookie })).statusCode, role).toBe(403);
      expect((await call('POST', '/api/admin/ads', { cookie: u.cookie, body: {} })).statusCode, role).toBe(403);
      expect((await call('PUT', '/api/admin/ads/network', { cookie: u.cookie, body: {} })).statusCode, role).toBe(403);
    }
    const superAdmin = await account('super_admin');
    expect((await call('GET', '/api/admin/ads', { cookie: superAdmin.cookie })).statusCode).toBe(200);
  });

  it('creates, edits, lists and deletes, with an image, and audits each change', async () => {
    const admin = await account('admin');
    const ad = await createAd(admin.cookie, { image: { type: 'image/png', data: PNG.toString('base64') } });
    expect(ad.image).toMatchObject({ type: 'image/png', bytes: PNG.length });

    const img = await call('GET', ad.image.url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);

    const patched = await call('PATCH', `/api/admin/ads/${ad.id}`, { cookie: admin.cookie, body: { title: 'Acme Pens', weight: 5, image: null } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(json(patched).ad).toMatchObject({ title: 'Acme Pens', weight: 5, image: null, linkUrl: 'https://acme.example/notebooks' });
    expect((await call('GET', `/api/site/ads/${ad.id}/image`)).statusCode).toBe(404);

    const list = json(await call('GET', '/api/admin/ads', { cookie: admin.cookie }));
    expect(list.ads.map((a: { title: string }) => a.title)).toEqual(['Acme Pens']);
    expect(list.network.enabled).toBe(false);

    expect((await call('DELETE', `/api/admin/ads/${ad.id}`, { cookie: admin.cookie })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/ads/${ad.id}`, { cookie: admin.cookie })).statusCode).toBe(404);
    expect(json(await call('GET', '/api/admin/ads', { cookie: admin.cookie })).ads).toEqual([]);

    const entries = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.userId, admin.id), like(auditLog.action, '%house ad%')))
      .orderBy(desc(auditLog.createdAt));
    expect(entries.map((e) => e.action)).toEqual([
      'Deleted house ad "Acme Pens"',
      'Changed house ad "Acme Pens": title, weight, image removed',
      'Created house ad "Acme Notebooks" (https://acme.example/notebooks)',
    ]);
  });

  it('validates: http(s) links only, a title, weight 1-10, raster images within the size limit', async () => {
    const admin = await account('admin');
    const bad = async (body: unknown, status = 400) => {
      const res = await call('POST', '/api/admin/ads', { cookie: admin.cookie, body });
      expect(res.statusCode, res.body).toBe(status);
      return json(res).error;
    };
    expect((await bad(adBody({ linkUrl: 'javascript:alert(1)' }))).fields.linkUrl).toMatch(/http/);
    expect((await bad(adBody({ linkUrl: 'ftp://acme.example/' }))).fields.linkUrl).toMatch(/http/);
    expect((await bad(adBody({ title: '  ' }))).fields.title).toBeTruthy();
    expect((await bad(adBody({ weight: 11 }))).fields.weight).toBeTruthy();
    expect((await bad({ ...adBody(), extra: 1 })).code).toBe('validation_failed');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64');
    expect((await bad(adBody({ image: { type: 'image/png', data: svg } }), 415)).message).toMatch(/PNG, JPEG, WebP or GIF/);
    const big = Buffer.concat([PNG, Buffer.alloc(300 * 1024)]).toString('base64');
    await bad(adBody({ image: { type: 'image/png', data: big } }));
    expect(json(await call('GET', '/api/admin/ads', { cookie: admin.cookie })).ads).toEqual([]);
  });
});

describe('clicks', () => {
  it('counts a click and redirects to the link, without setting a cookie; inactive ads go home', async () => {
    const admin = await account('admin');
    const ad = await createAd(admin.cookie);
    const click = await call('GET', `/api/site/ads/${ad.id}/click`);
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://acme.example/notebooks');
    expect(click.headers['set-cookie']).toBeUndefined();
    await call('GET', `/api/site/ads/${ad.id}/click`);
    expect(json(await call('GET', '/api/admin/ads', { cookie: admin.cookie })).ads[0].clicks).toBe(2);

    await call('PATCH', `/api/admin/ads/${ad.id}`, { cookie: admin.cookie, body: { active: false } });
    const off = await call('GET', `/api/site/ads/${ad.id}/click`);
    expect(off.headers.location).toBe('/');
    expect((await call('GET', '/api/site/ads/not-a-uuid/click')).headers.location).toBe('/');
  });
});

describe('ad network', () => {
  const network = { enabled: true, clientId: 'ca-pub-1234567890123456', slots: { sponsored: '1111111111', advertisement: '' }, scriptUrl: '' };

  it('is off by default: the CSP names no third-party host', async () => {
    const csp = String((await call('GET', '/')).headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'\s*;/);
    expect(csp).not.toContain('googlesyndication');
  });

  it('validates, is audited, reaches visitors, and opens the CSP to its hosts only while enabled', async () => {
    const admin = await account('admin');
    const bad = await call('PUT', '/api/admin/ads/network', { cookie: admin.cookie, body: { ...network, clientId: 'pub-1' } });
    expect(bad.statusCode).toBe(400);
    const badUrl = await call('PUT', '/api/admin/ads/network', { cookie: admin.cookie, body: { ...network, scriptUrl: 'http://ads.example/x.js' } });
    expect(json(badUrl).error.fields.scriptUrl).toMatch(/https/);

    const res = await call('PUT', '/api/admin/ads/network', { cookie: admin.cookie, body: network });
    expect(res.statusCode, res.body).toBe(200);
    const anon = json(await call('GET', '/api/site/ads'));
    expect(anon.network).toEqual({
      clientId: 'ca-pub-1234567890123456',
      scriptUrl: 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-1234567890123456',
      slots: { sponsored: '1111111111', advertisement: '' },
    });
    const csp = String((await call('GET', '/')).headers['content-security-policy']);
    expect(csp).toMatch(/script-src [^;]*https:\/\/pagead2\.googlesyndication\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/googleads\.g\.doubleclick\.net/);
    // API answers are not pages: they keep the strict policy
    expect(String((await call('GET', '/api/site')).headers['content-security-policy'])).not.toContain('googlesyndication');

    const [entry] = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.userId, admin.id), like(auditLog.action, 'Changed setting Ad network%')));
    expect(entry).toBeTruthy();

    await call('PUT', '/api/admin/ads/network', { cookie: admin.cookie, body: { ...network, enabled: false } });
    expect(json(await call('GET', '/api/site/ads')).network).toBeNull();
    expect(String((await call('GET', '/')).headers['content-security-policy'])).not.toContain('googlesyndication');
  });

  it('a local loader (tests, a self-hosted proxy) is allowed by its origin', async () => {
    const admin = await account('admin');
    await call('PUT', '/api/admin/ads/network', { cookie: admin.cookie, body: { ...network, scriptUrl: 'http://127.0.0.1:4999/ads.js' } });
    expect(json(await call('GET', '/api/site/ads')).network.scriptUrl).toBe('http://127.0.0.1:4999/ads.js?client=ca-pub-1234567890123456');
    expect(String((await call('GET', '/')).headers['content-security-policy'])).toMatch(/script-src [^;]*http:\/\/127\.0\.0\.1:4999/);
  });
});
