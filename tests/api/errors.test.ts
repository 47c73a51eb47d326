import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { LEGACY_REDIRECTS } from '../../src/shared/routes';
import { ERROR_CODES } from '../../src/shared/errors';
import { createTestApp, json, post, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function expectErrorShape(body: any, code: string) {
  expect(ERROR_CODES).toContain(code);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.message).toBe(body.error.message);
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/stack|\bat .*\.(ts|js):\d+/i);
}

describe('error model', () => {
  it('answers an unknown /api path with a JSON 404 not_found', async () => {
    for (const url of ['/api/nope', '/api/auth/nope?x=1', '/api']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expectErrorShape(json(res), 'not_found');
    }
    const postRes = await post(t.app, '/api/nope', { a: 1 });
    expect(postRes.statusCode).toBe(404);
    expectErrorShape(json(postRes), 'not_found');
  });

  it('answers the wrong method on a known path with 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/login' });
    expect(res.statusCode).toBe(404);
    expectErrorShape(json(res), 'not_found');
  });

  it('answers malformed JSON with 400 bad_request and no stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expectErrorShape(json(res), 'bad_request');
    expect(json(res).message).toMatch(/not valid JSON/i);
  });

  it('answers an empty JSON body with 400 bad_request', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(400);
    expectErrorShape(json(res), 'bad_request');
  });

  it('answers a 1.5 MB body with 413 payload_too_large', async () => {
    const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1.5 * 1024 * 1024) });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: big });
    expect(res.statusCode).toBe(413);
    expectErrorShape(json(res), 'payload_too_large');
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expectErrorShape(json(res), 'unsupported_media_type');
  });

  it('never leaks internal errors: 500 internal with a generic message', async () => {
    // A separate instance with one extra route that fails the way a bug would.
    const app = await buildApp(t.ctx, { logger: false, serveClient: false });
    app.get('/api/__boom', { config: { access: 'public' } }, async () => {
      throw new Error('secret internal detail: password=hunter2');
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/__boom' });
      expect(res.statusCode).toBe(500);
      expectErrorShape(json(res), 'internal');
      expect(res.body).not.toContain('secret internal detail');
      expect(res.body).not.toContain('hunter2');
    } finally {
      await app.close();
    }
  });

  it('answers /api/health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ status: 'ok', database: t.kind });
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  });
});

describe('legacy paths', () => {
  it('/admin-test redirects to /admin-login without logging anyone in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin-test' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin-login');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('the standalone admin paths lead into the guarded admin area, never around its login', async () => {
    const expected: Record<string, string> = {
      '/simple-admin': '/admin',
      '/super-admin-access': '/admin',
      '/simple-super-admin': '/admin',
      '/simple-user-management': '/admin/users',
      '/subscription-plans': '/admin/subscription-plans',
      '/system-settings': '/admin/settings',
      '/content-management': '/admin/blog',
    };
    for (const [from, to] of Object.entries(expected)) {
      const res = await t.app.inject({ method: 'GET', url: from });
      expect(res.statusCode, from).toBe(302);
      expect(res.headers.location, from).toBe(to);
      expect(res.headers['set-cookie'], from).toBeUndefined();
    }
  });

  it('/test-login redirects to /login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test-login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('every legacy path only redirects, and never to an API or external URL', async () => {
    for (const [from, to] of Object.entries(LEGACY_REDIRECTS)) {
      const res = await t.app.inject({ method: 'GET', url: from });
      expect(res.statusCode, from).toBe(302);
      expect(res.headers.location, from).toBe(to);
      // entry points, or pages of the admin area (whose gate asks for a staff login)
      expect(to).toMatch(/^\/(admin-login|login|dashboard|admin(\/[a-z-]+)?)$/);
      expect(res.headers['set-cookie'], from).toBeUndefined();
    }
  });
});

describe('development mailbox exposure', () => {
  it('answers only loopback clients, even outside production', async () => {
    const t = await createTestApp();
    try {
      const local = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '127.0.0.1' });
      expect(local.statusCode).toBe(200);
      const remote = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '203.0.113.9' });
      expect(remote.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
