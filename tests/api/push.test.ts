import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nativePushTokens, pushSubscriptions, users } from '../../src/db/schema';
import { runNext, type BatchLog } from '../../src/server/services/batch-runner';
import { allowedEndpoint } from '../../src/server/services/push';
import { parseShareFragment, SHARE_MAX_ENCODED } from '../../src/shared/share-target';
import { createTestApp, get, json, me, post, register, type TestApp } from '../helpers/app';
import { tinyDocx } from '../helpers/provider-servers';
import { newSubscriber, startPushEndpoint, verifyVapid, type PushEndpoint } from '../helpers/push-endpoint';

const SUBS = '/api/push/subscriptions';
const FCM = 'https://fcm.googleapis.com/fcm/send/';
const KEYS = { p256dh: newSubscriber('x').subscription.keys.p256dh, auth: 'AAAAAAAAAAAAAAAAAAAAAA' };
const log: BatchLog = { info: () => {}, warn: () => {}, error: () => {} };

let t: TestApp;
let push: PushEndpoint;

beforeAll(async () => {
  // the local push service is started first: the server allows it as an endpoint (PUSH_EXTRA_ORIGINS)
  push = await startPushEndpoint();
  t = await createTestApp({ PUSH_EXTRA_ORIGINS: push.origin });
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});

function del(cookie: string | undefined, payload: unknown) {
  return t.app.inject({ method: 'DELETE', url: SUBS, payload: payload as never, headers: cookie ? { cookie } : {} });
}

async function rowsOf(userId: string) {
  return t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

async function userId(cookie: string): Promise<string> {
  return json(await me(t.app, cookie)).user.id as string;
}

describe('GET /api/push/public-key', () => {
  it('answers the same uncompressed P-256 key (base64url) to anyone, made once', async () => {
    const a = await get(t.app, '/api/push/public-key');
    expect(a.statusCode).toBe(200);
    const { publicKey } = json<{ publicKey: string }>(a);
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
    const raw = Buffer.from(publicKey, 'base64url');
    expect(raw.length).toBe(65);
    expect(raw[0]).toBe(4);
    expect(json(await get(t.app, '/api/push/public-key')).publicKey).toBe(publicKey);
  });
});

describe('POST/DELETE /api/push/subscriptions', () => {
  it('needs a signed-in user', async () => {
    expect((await post(t.app, SUBS, { endpoint: `${FCM}a`, keys: KEYS })).statusCode).toBe(401);
    expect((await del(undefined, { endpoint: `${FCM}a` })).statusCode).toBe(401);
  });

  it('validates the subscription, in the one error shape', async () => {
    const cookie = await register(t.app);
    for (const bad of [
      {},
      { endpoint: 'not a url', keys: KEYS },
      { endpoint: `${FCM}a` },
      { endpoint: `${FCM}a`, keys: { p256dh: 'has spaces!', auth: 'x' } },
    ]) {
      const res = await post(t.app, SUBS, bad, { cookie });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(json(res).error.code).toBe('validation_failed');
    }
  });

  it('refuses an endpoint that is not a browser push service (the server would POST there)', async () => {
    const cookie = await register(t.app);
    for (const endpoint of [
      'https://intranet.example/admin',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/x',
      'http://169.254.169.254/',
    ]) {
      const res = await post(t.app, SUBS, { endpoint, keys: KEYS }, { cookie });
      expect(res.statusCode, endpoint).toBe(400);
      expect(json(res).error.fields).toEqual({ endpoint: 'Not a known push service' });
    }
    expect(allowedEndpoint(t.ctx, 'https://wns2-by3p.notify.windows.com/w/?token=x')).toBe(true);
    expect(allowedEndpoint(t.ctx, 'https://web.push.apple.com/abc')).toBe(true);
    expect(allowedEndpoint(t.ctx, 'https://updates.push.services.mozilla.com/wpush/v2/x')).toBe(true);
    expect(allowedEndpoint(t.ctx, 'https://evilnotify.windows.com.example/x')).toBe(false);
  });

  it('subscribes idempotently (one row per endpoint, keys updated) and unsubscribes', async () => {
    const cookie = await register(t.app);
    const id = await userId(cookie);
    const endpoint = `${FCM}idem-${Date.now()}`;
    const first = await post(t.app, SUBS, { endpoint, keys: KEYS, expirationTime: null }, { cookie });
    expect(first.statusCode, first.body).toBe(201);
    expect(json(first)).toEqual({ ok: true });
    const newKeys = { p256dh: newSubscriber('y').subscription.keys.p256dh, auth: 'BBBBBBBBBBBBBBBBBBBBBB' };
    expect((await post(t.app, SUBS, { endpoint, keys: newKeys }, { cookie })).statusCode).toBe(201);
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint, p256dh: newKeys.p256dh, auth: newKeys.auth });

    // another user cannot remove it
    const other = await register(t.app);
    expect(json(await del(other, { endpoint }))).toEqual({ ok: true });
    expect(await rowsOf(id)).toHaveLength(1);

    const gone = await del(cookie, { endpoint });
    expect(gone.statusCode).toBe(200);
    expect(json(gone)).toEqual({ ok: true });
    expect(await rowsOf(id)).toHaveLength(0);
    // deleting again is still fine
    expect(json(await del(cookie, { endpoint }))).toEqual({ ok: true });
    expect((await del(cookie, {})).statusCode).toBe(400);
  });

  it('moves a browser to the account signed in on it now', async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    const endpoint = `${FCM}shared-${Date.now()}`;
    await post(t.app, SUBS, { endpoint, keys: KEYS }, { cookie: a });
    await post(t.app, SUBS, { endpoint, keys: KEYS }, { cookie: b });
    expect(await rowsOf(await userId(a))).toHaveLength(0);
    expect(await rowsOf(await userId(b))).toHaveLength(1);
  });
});

describe('POST /api/mobile/register-push-token', () => {
  const URL = '/api/mobile/register-push-token';
  it('stores the native token for the signed-in user', async () => {
    expect((await post(t.app, URL, { token: 'abc', platform: 'android', timestamp: Date.now() })).statusCode).toBe(401);
    const cookie = await register(t.app);
    const bad = await post(t.app, URL, { token: '', platform: 'symbian', timestamp: Date.now() }, { cookie });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(json(bad).error.fields).sort()).toEqual(['platform', 'token']);

    const token = `fcm-token-${Date.now()}`;
    const ok = await post(t.app, URL, { token, platform: 'android', timestamp: '2026-11-26T09:00:00Z' }, { cookie });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok)).toEqual({ success: true });
    expect(json(await post(t.app, URL, { token, platform: 'android', timestamp: 1795000000000 }, { cookie }))).toEqual({ success: true });
    const rows = await t.ctx.db.select().from(nativePushTokens).where(eq(nativePushTokens.token, token));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(await userId(cookie));
    expect(rows[0]!.registeredAt.getTime()).toBe(1795000000000);
  });
});

describe('web push sends', () => {
  it('a finished batch sends an encrypted, VAPID-signed push to the owner; a 410 deletes the subscription', async () => {
    const cookie = await register(t.app);
    const id = await userId(cookie);
    await t.ctx.db.update(users).set({ role: 'pro' }).where(eq(users.id, id));
    const subscriber = newSubscriber(`${push.origin}/push/${id}`);
    expect((await post(t.app, SUBS, subscriber.subscription, { cookie })).statusCode).toBe(201);

    const text =
      'The bus was late again, so I walked the last mile in the rain and got to the meeting soaked. Nobody noticed, or they were too kind to say. We argued about the budget for an hour and agreed on nothing.';
    const boundary = '----push-test';
    const payload = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="tool"\r\n\r\ncontent_detector\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="one.txt"\r\ncontent-type: text/plain\r\n\r\n${text}\r\n--${boundary}--\r\n`,
    );
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/batches',
      payload,
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(up.statusCode, up.body).toBe(201);
    const batchId = json(up).id as string;
    push.requests.length = 0;
    while ((await runNext(t.ctx, log, 'push-test')) !== null);

    expect(push.requests).toHaveLength(1);
    const msg = push.requests[0]!;
    expect(msg.path).toBe(`/push/${id}`);
    expect(msg.headers['content-encoding']).toBe('aes128gcm');
    expect(msg.headers.ttl).toBe('86400');
    expect(msg.headers.urgency).toBe('normal');
    const vapid = verifyVapid(String(msg.headers.authorization), push.origin);
    expect(vapid.key).toBe(json(await get(t.app, '/api/push/public-key')).publicKey);
    expect(vapid.sub).toMatch(/^mailto:/);
    expect(vapid.exp * 1000).toBeGreaterThan(Date.now());
    expect(JSON.parse(subscriber.decrypt(msg.body))).toEqual({
      title: 'Your batch check is done',
      body: '1 document: 1 of 1 checked.',
      route: `/batch?id=${batchId}`,
      tag: `batch-${batchId}`,
    });
    expect((await rowsOf(id))[0]!.lastSentAt).not.toBeNull();

    // the browser dropped the subscription: the push service answers 410 and the row goes
    push.status = 410;
    try {
      const res = await post(t.app, '/api/user/password', { currentPassword: 'correct horse battery', newPassword: 'a-new-password' }, { cookie });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      push.status = 201;
    }
    expect(push.requests).toHaveLength(2);
    expect(JSON.parse(subscriber.decrypt(push.requests[1]!.body))).toMatchObject({ title: 'Your password was changed', route: '/forgot-password' });
    expect(await rowsOf(id)).toHaveLength(0);
  });
});

describe('POST /share-target', () => {
  function form(fields: Record<string, string>, file?: { name: string; content: Buffer | string }) {
    const boundary = '----share';
    const parts: Buffer[] = [];
    for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    if (file) {
      parts.push(
        Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: application/octet-stream\r\n\r\n`),
      );
      parts.push(Buffer.from(file.content), Buffer.from('\r\n'));
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return t.app.inject({
      method: 'POST',
      url: '/share-target',
      payload: Buffer.concat(parts),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  }
  function shared(res: Awaited<ReturnType<typeof form>>) {
    expect(res.statusCode, res.body).toBe(303);
    const location = String(res.headers.location);
    expect(location.startsWith('/tools/ai-content-detector#')).toBe(true);
    return parseShareFragment(location.slice(location.indexOf('#')));
  }

  it('redirects shared text to the detector in the fragment, with the title and link once', async () => {
    expect(shared(await form({ title: 'A post', text: 'Some words to check. https://example.org/a', url: 'https://example.org/a' }))).toEqual({
      text: 'A post\n\nSome words to check. https://example.org/a',
      truncated: false,
    });
    expect(shared(await form({ text: 'Only text, with ünïcödé & symbols +%#' }))).toEqual({ text: 'Only text, with ünïcödé & symbols +%#', truncated: false });
  });

  it('reads a shared .txt or .docx file with the upload extractor', async () => {
    expect(shared(await form({ title: 'ignored' }, { name: 'essay.txt', content: 'A shared text file.' }))).toEqual({
      text: 'A shared text file.',
      truncated: false,
    });
    const docx = shared(await form({}, { name: 'essay.docx', content: await tinyDocx('Words inside a Word document.') }));
    expect(docx).toMatchObject({ text: expect.stringContaining('Words inside a Word document.') });
  });

  it('shortens a long text to fit the redirect, at a word boundary', async () => {
    const long = 'lorem ipsum dolor '.repeat(10_000);
    const res = await form({ text: long });
    expect(String(res.headers.location).length).toBeLessThan(SHARE_MAX_ENCODED + 100);
    const item = shared(res) as { text: string; truncated: boolean };
    expect(item.truncated).toBe(true);
    expect(item.text.length).toBeGreaterThan(50_000);
    expect(long.startsWith(item.text)).toBe(true);
    expect(item.text.endsWith(' ')).toBe(false);
  });

  it('answers bad input with a message for the detector page, never a stored text', async () => {
    expect(shared(await form({}))).toEqual({ error: 'Nothing was shared: no text and no file arrived.' });
    expect(shared(await form({}, { name: 'image.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]) }))).toMatchObject({
      error: expect.stringMatching(/\.txt, \.docx or \.pdf/),
    });
    const notForm = await t.app.inject({ method: 'POST', url: '/share-target', payload: { text: 'json' } });
    expect(shared(notForm)).toEqual({ error: 'Nothing was shared: send the text or a file as a form.' });
  });
});
