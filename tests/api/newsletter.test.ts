import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers, outbox } from '../../src/db/schema';
import { NEWSLETTER_MAX_PER_ADDRESS, NEWSLETTER_MAX_PER_IP } from '../../src/server/services/newsletter';
import { hashToken } from '../../src/server/services/tokens';
import { createUser } from '../../src/server/services/users';
import { NEWSLETTER_SUBSCRIBE_MESSAGE } from '../../src/shared/api/newsletter';
import type { Role } from '../../src/shared/roles';
import { ORIGIN, cookieFrom, createTestApp, get, json, login, post, register, uniqueUser, type TestApp } from '../helpers/app';

const SUBSCRIBE = '/api/newsletter/subscribe';
const CONFIRM = '/api/newsletter/confirm';
const UNSUBSCRIBE = '/api/newsletter/unsubscribe';

let t: TestApp;
let ipCounter = 0;
/** Each test signs up from its own address, so the per-IP limit of one test does not leak into another. */
const nextIp = () => `10.0.0.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function address(prefix = 'reader') {
  return uniqueUser(prefix).email;
}

async function mails(to: string) {
  return t.ctx.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt));
}

/** The token of the first `${ORIGIN}${path}?token=` link in a mail's text. */
function linkToken(text: string, path: string): string {
  const m = new RegExp(`${ORIGIN}${path}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!m) throw new Error(`no ${path} link in: ${text}`);
  return decodeURIComponent(m[1]);
}

async function subscribe(email: string, ip = nextIp()) {
  return post(t.app, SUBSCRIBE, { email }, { remoteAddress: ip });
}

async function row(email: string) {
  const [r] = await t.ctx.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  return r;
}

function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(json(res)).toMatchObject({ error: { code, message: expect.any(String) }, message: expect.any(String) });
}

describe('POST /api/newsletter/subscribe', () => {
  it('mails a confirmation link that confirms the subscription, with an unsubscribe link', async () => {
    const email = address();
    const res = await subscribe(email.toUpperCase());
    expect(res.statusCode, res.body).toBe(202);
    expect(json(res)).toEqual({ success: true, message: NEWSLETTER_SUBSCRIBE_MESSAGE });

    const [mail] = await mails(email);
    expect(mail.subject).toMatch(/confirm/i);
    const token = linkToken(mail.text, '/newsletter/confirm');
    linkToken(mail.text, '/newsletter/unsubscribe');
    expect(mail.html).toContain('/newsletter/unsubscribe?token=');

    // Stored lower-cased, pending, and only as hashes.
    const before = await row(email);
    expect(before).toMatchObject({ status: 'pending', confirmTokenHash: hashToken(token) });
    expect(JSON.stringify(before)).not.toContain(token);

    const ok = await post(t.app, CONFIRM, { token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok)).toMatchObject({ success: true, status: 'confirmed' });
    const after = await row(email);
    expect(after.status).toBe('confirmed');
    expect(after.confirmedAt).toBeInstanceOf(Date);
  });

  it('answers a known address exactly as a new one', async () => {
    const known = address('known');
    await subscribe(known);
    const pendingAgain = await subscribe(known);
    const fresh = await subscribe(address('fresh'));
    expect(pendingAgain.statusCode).toBe(202);
    expect(pendingAgain.body).toBe(fresh.body);

    // A confirmed address gets the same answer; the mail says it is already subscribed and carries an unsubscribe link.
    const confirmed = address('confirmed');
    await subscribe(confirmed);
    await post(t.app, CONFIRM, { token: linkToken((await mails(confirmed))[0].text, '/newsletter/confirm') });
    const again = await subscribe(confirmed);
    expect(again.statusCode).toBe(202);
    expect(again.body).toBe(fresh.body);
    const [reminder] = await mails(confirmed);
    expect(reminder.subject).toMatch(/already subscribed/i);
    expect(reminder.text).not.toContain('/newsletter/confirm');
    const unsub = await post(t.app, UNSUBSCRIBE, { token: linkToken(reminder.text, '/newsletter/unsubscribe') });
    expect(unsub.statusCode, unsub.body).toBe(200);
  });

  it('a new request replaces the previous confirmation link', async () => {
    const email = address();
    await subscribe(email);
    const first = linkToken((await mails(email))[0].text, '/newsletter/confirm');
    await subscribe(email);
    const second = linkToken((await mails(email))[0].text, '/newsletter/confirm');
    expectError(await post(t.app, CONFIRM, { token: first }), 400, 'invalid_token');
    expect((await post(t.app, CONFIRM, { token: second })).statusCode).toBe(200);
  });

  it('rejects a malformed e-mail with 400 in the one error shape', async () => {
    for (const payload of [{ email: 'not-an-address' }, { email: '' }, {}, { email: 42 }, { email: `${'a'.repeat(250)}@example.com` }]) {
      const res = await post(t.app, SUBSCRIBE, payload, { remoteAddress: nextIp() });
      expectError(res, 400, 'validation_failed');
    }
    const bad = await post(t.app, SUBSCRIBE, '{nope', { headers: { 'content-type': 'application/json' }, remoteAddress: nextIp() });
    expect(bad.statusCode).toBe(400);
  });

  it('remembers the signed-in user who subscribed', async () => {
    const u = uniqueUser('member');
    const cookie = await register(t.app, u);
    await post(t.app, SUBSCRIBE, { email: u.email }, { cookie, remoteAddress: nextIp() });
    expect((await row(u.email)).userId).toEqual(expect.any(String));
  });
});

describe('confirm', () => {
  it('refuses unknown, used and expired tokens', async () => {
    expectError(await post(t.app, CONFIRM, { token: 'x'.repeat(43) }), 400, 'invalid_token');
    expectError(await post(t.app, CONFIRM, { token: 'short' }), 400, 'validation_failed');
    expectError(await post(t.app, CONFIRM, {}), 400, 'validation_failed');

    const used = address();
    await subscribe(used);
    const usedToken = linkToken((await mails(used))[0].text, '/newsletter/confirm');
    expect((await post(t.app, CONFIRM, { token: usedToken })).statusCode).toBe(200);
    expectError(await post(t.app, CONFIRM, { token: usedToken }), 400, 'invalid_token');

    const late = address();
    await subscribe(late);
    const lateToken = linkToken((await mails(late))[0].text, '/newsletter/confirm');
    const realNow = t.ctx.now;
    t.ctx.now = () => new Date(Date.now() + 8 * 24 * 3600 * 1000);
    try {
      expectError(await post(t.app, CONFIRM, { token: lateToken }), 400, 'invalid_token');
    } finally {
      t.ctx.now = realNow;
    }
    expect((await row(late)).status).toBe('pending');
  });
});

describe('unsubscribe', () => {
  it('unsubscribes a confirmed address, answers a repeated click the same, and allows signing up again', async () => {
    const email = address();
    await subscribe(email);
    const mail = (await mails(email))[0];
    await post(t.app, CONFIRM, { token: linkToken(mail.text, '/newsletter/confirm') });
    const token = linkToken(mail.text, '/newsletter/unsubscribe');

    const res = await post(t.app, UNSUBSCRIBE, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ success: true, status: 'unsubscribed' });
    expect(await row(email)).toMatchObject({ status: 'unsubscribed', unsubscribedAt: expect.any(Date) });
    expect((await post(t.app, UNSUBSCRIBE, { token })).statusCode).toBe(200);

    // Back in only through a new double opt-in.
    await subscribe(email);
    expect((await row(email)).status).toBe('pending');
    await post(t.app, CONFIRM, { token: linkToken((await mails(email))[0].text, '/newsletter/confirm') });
    expect((await row(email)).status).toBe('confirmed');
  });

  it('refuses an unknown token', async () => {
    expectError(await post(t.app, UNSUBSCRIBE, { token: 'y'.repeat(43) }), 400, 'invalid_token');
    expectError(await post(t.app, UNSUBSCRIBE, { token: 3 }), 400, 'validation_failed');
  });
});

describe('throttle', () => {
  it('answers 429 with Retry-After past the per-IP limit', async () => {
    const ip = nextIp();
    for (let i = 0; i < NEWSLETTER_MAX_PER_IP; i++) expect((await subscribe(address('ip'), ip)).statusCode).toBe(202);
    const res = await subscribe(address('ip'), ip);
    expectError(res, 429, 'rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another network is not affected.
    expect((await subscribe(address('ip'))).statusCode).toBe(202);
  });

  it('stops mailing one address past its limit, without changing the answer', async () => {
    const email = address('flood');
    const answers = new Set<string>();
    for (let i = 0; i < NEWSLETTER_MAX_PER_ADDRESS + 2; i++) {
      const res = await subscribe(email);
      expect(res.statusCode).toBe(202);
      answers.add(res.body);
    }
    expect(answers.size).toBe(1);
    expect(await mails(email)).toHaveLength(NEWSLETTER_MAX_PER_ADDRESS);
  });
});

describe('staff statistics and export', () => {
  async function cookieForRole(role: Role): Promise<string> {
    const u = uniqueUser(role.replace('_', ''));
    await createUser(t.ctx.db, { ...u, role });
    return cookieFrom(await login(t.app, u.email, u.password, nextIp()));
  }

  it('counts and exports confirmed subscribers for admins and managers only', async () => {
    const confirmed = address('listed');
    await subscribe(confirmed);
    await post(t.app, CONFIRM, { token: linkToken((await mails(confirmed))[0].text, '/newsletter/confirm') });
    const pending = address('unlisted');
    await subscribe(pending);

    for (const url of ['/api/admin/newsletter', '/api/admin/newsletter.csv']) {
      expectError(await get(t.app, url), 401, 'unauthorized');
      expectError(await get(t.app, url, await register(t.app)), 403, 'forbidden');
      expectError(await get(t.app, url, await cookieForRole('support')), 403, 'forbidden');
    }

    for (const role of ['admin', 'manager'] as const) {
      const cookie = await cookieForRole(role);
      const stats = await get(t.app, '/api/admin/newsletter', cookie);
      expect(stats.statusCode, stats.body).toBe(200);
      const body = json<{ confirmed: number; pending: number }>(stats);
      // Counted independently of the service.
      const n = (await t.ctx.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.status, 'confirmed'))).length;
      expect(body.confirmed).toBe(Number(n));
      expect(body.pending).toBeGreaterThan(0);

      const csv = await get(t.app, '/api/admin/newsletter.csv', cookie);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['content-disposition']).toMatch(/attachment; filename="newsletter-subscribers-.*\.csv"/);
      const lines = csv.body.trim().split('\r\n');
      expect(lines[0]).toBe('email,confirmed_at');
      expect(lines).toHaveLength(Number(n) + 1);
      expect(csv.body).toContain(`"${confirmed}"`);
      expect(csv.body).not.toContain(pending);
    }
  });
});
