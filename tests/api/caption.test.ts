import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, subscriptions, usageEvents } from '../../src/db/schema';
import { LIMIT_MESSAGES } from '../../src/shared/limits';
import { creditBalancesOf, grantCredits } from '../../src/server/services/billing';
import { parseCaptionAnswer } from '../../src/server/services/caption';
import { createTestApp, get, json, post, register, setCookies, type TestApp, userIdOf, uploadFile } from '../helpers/app';
import { heicFile, pngBomb, textImage } from '../helpers/caption-images';

const URL_CAPTION = '/api/tools/image-caption-generator';

let openSign: Buffer;
beforeAll(async () => {
  openSign = (await textImage('OPEN', { size: 96, width: 600, font: 'DejaVu Sans' })).bytes;
});

const upload = (
  t: TestApp,
  file: { name: string; content: Buffer; type?: string },
  opts: { cookie?: string; fields?: Record<string, string>; remoteAddress?: string } = {},
) => uploadFile(t, URL_CAPTION, { type: 'image/png', ...file }, opts);

describe('POST /api/tools/image-caption-generator (offline)', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await register(t.app);
  }, 120_000);
  afterAll(() => t.close());

  it('captions an image: caption, alt-text, detections, text read, colours, labelled offline', async () => {
    const res = await upload(t, { name: 'sign.png', content: openSign }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({
      engine: 'offline',
      engineLabel: 'Offline (Human + Tesseract)',
      style: 'short',
      caption: "The word 'OPEN'",
      altText: "The word 'OPEN'.",
      providerConfigured: false,
      people: 0,
      nothingFound: false,
      ocr: { text: 'OPEN', words: 1 },
      image: { format: 'png', orientation: 'landscape' },
      allowance: null,
    });
    expect(body.detections).toEqual([expect.objectContaining({ kind: 'text', label: 'OPEN', inCaption: true })]);
    expect(body.detections[0].confidence).toBeGreaterThan(0.8);
    expect(body.colors[0]).toMatchObject({ name: 'white' });
    expect(Object.keys(body.offline.styles).sort()).toEqual(['detailed', 'seo', 'short', 'social']);
    expect(body).not.toHaveProperty('text');
    expect(res.headers['cache-control']).toBe('no-store');
  }, 60_000);

  it('answers in the chosen style', async () => {
    const res = await upload(t, { name: 'sign.png', content: openSign }, { cookie, fields: { style: 'seo' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ style: 'seo', caption: "Text 'OPEN'", altText: "Text 'OPEN'" });
    const bad = await upload(t, { name: 'sign.png', content: openSign }, { cookie, fields: { style: 'haiku' } });
    expect(bad.statusCode).toBe(400);
  }, 60_000);

  it('refuses a text file named .png with 415, by its content', async () => {
    const res = await upload(
      t,
      { name: 'photo.png', content: Buffer.from('Just some words in a text file pretending to be a photo.\n'.repeat(5)) },
      { cookie },
    );
    expect(res.statusCode, res.body).toBe(415);
    expect(json(res).error.code).toBe('unsupported_media_type');
    expect(json(res).message).toMatch(/JPEG, PNG, WebP, HEIC or AVIF/);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.concat([openSign, Buffer.alloc(10 * 1024 * 1024 + 1 - openSign.length, 0)]);
    const res = await upload(t, { name: 'big.png', content: big }, { cookie });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(413);
    expect(json(res).error.code).toBe('payload_too_large');
  });

  it('refuses a damaged PNG with 422, a pixel bomb with 413 and an HEVC HEIC with 415 naming the formats; none is charged', async () => {
    const id = await userIdOf(t, cookie);
    const before = await t.ctx.db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, id), eq(usageEvents.status, 'ok')));
    const corrupt = await upload(t, { name: 'broken.png', content: openSign.subarray(0, 200) }, { cookie });
    expect(corrupt.statusCode, corrupt.body).toBe(422);
    expect(json(corrupt).error).toMatchObject({ code: 'unprocessable', message: expect.stringMatching(/damaged or incomplete/) });

    const bomb = await upload(t, { name: 'bomb.png', content: pngBomb() }, { cookie });
    expect(bomb.statusCode, bomb.body).toBe(413);
    expect(json(bomb).message).toMatch(/60,000 × 60,000 pixels/);

    const heic = await upload(t, { name: 'IMG_0001.HEIC', content: heicFile(), type: 'image/heic' }, { cookie });
    expect(heic.statusCode, heic.body).toBe(415);
    expect(json(heic).message).toMatch(/HEIC.*HEVC.*JPEG, PNG, WebP or AVIF/);

    const after = await t.ctx.db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, id), eq(usageEvents.status, 'ok')));
    expect(after.length).toBe(before.length);
  }, 60_000);

  it('takes a JPEG with an EXIF orientation and a WebP, and is honest when nothing is recognised', async () => {
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#1e3a8a' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload(t, { name: 'sky.jpg', content: jpeg, type: 'image/jpeg' }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({
      nothingFound: true,
      caption: 'Portrait image, mostly navy; no people, objects or text were recognised',
      image: { format: 'jpeg', width: 600, height: 900, orientation: 'portrait' },
      detections: [],
    });
    const webp = await sharp(openSign).webp({ quality: 90 }).toBuffer();
    const w = await upload(t, { name: 'sign.webp', content: webp, type: 'image/webp' }, { cookie });
    expect(w.statusCode, w.body).toBe(200);
    expect(json(w).ocr.text).toBe('OPEN');
  }, 60_000);

  it('wants the image as a multipart file', async () => {
    const res = await post(t.app, URL_CAPTION, { text: '' }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toMatch(/multipart/);
  });

  it('gives a visitor 5 captions a day, then the limit message; a refused upload does not count', async () => {
    const remoteAddress = '203.0.113.77';
    let res = await upload(t, { name: 'sign.png', content: openSign }, { remoteAddress });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).allowance).toEqual({ used: 1, limit: 5 });
    const anon = setCookies(res)
      .find((c) => c.startsWith('vt_anon='))!
      .split(';')[0];
    res = await upload(t, { name: 'broken.png', content: openSign.subarray(0, 200) }, { cookie: anon, remoteAddress });
    expect(res.statusCode).toBe(422);
    for (let i = 2; i <= 5; i++) {
      res = await upload(t, { name: 'sign.png', content: openSign }, { cookie: anon, remoteAddress });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res).allowance.used).toBe(i);
    }
    res = await upload(t, { name: 'sign.png', content: openSign }, { cookie: anon, remoteAddress });
    expect(res.statusCode).toBe(429);
    expect(json(res)).toMatchObject({ error: { code: 'limit_reached', message: LIMIT_MESSAGES.caption.message } });
  }, 120_000);

  it('says which engine captions', async () => {
    const res = await get(t.app, `${URL_CAPTION}/status`);
    expect(json(res)).toEqual({ engine: 'offline', engineLabel: 'Offline (Human + Tesseract)', providerConfigured: false, maxBytes: 10 * 1024 * 1024 });
  });

  it('puts the image packs on sale now that a live tool spends them', async () => {
    const res = await post(t.app, '/api/billing/checkout', { kind: 'pack', pack: 'image_pack_standard' }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).url).toEqual(expect.any(String));
  });
});

describe('image captions: monthly characters, then image credits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t.close());

  async function account(monthlyCharacters: number) {
    const cookie = await register(t.app);
    const id = await userIdOf(t, cookie);
    // the first tool call creates the subscription row whose copied terms are then set
    expect((await post(t.app, '/api/tools/content-detector', { text: 'A short text to start the month.' }, { cookie })).statusCode).toBe(200);
    await t.ctx.db.update(subscriptions).set({ monthlyCharacters }).where(eq(subscriptions.userId, id));
    return { cookie, id };
  }

  it('spends 1,000 monthly characters per image while they last, and no image credits', async () => {
    const { cookie, id } = await account(100_000);
    await grantCredits(t.ctx.db, id, { images: 3 }, `test:${id}:a`, 'pack');
    expect((await upload(t, { name: 'sign.png', content: openSign }, { cookie })).statusCode).toBe(200);
    expect((await creditBalancesOf(t.ctx.db, id)).images).toBe(3);
  }, 60_000);

  it('refuses with 402 naming image credits when the characters are out, then spends one credit per image', async () => {
    const { cookie, id } = await account(10);
    const refused = await upload(t, { name: 'sign.png', content: openSign }, { cookie });
    expect(refused.statusCode, refused.body).toBe(402);
    expect(json(refused).error.code).toBe('quota_exceeded');
    expect(json(refused).message).toContain('image credits');

    await grantCredits(t.ctx.db, id, { images: 2, text: 100_000 }, `test:${id}:b`, 'pack');
    const ok = await upload(t, { name: 'sign.png', content: openSign }, { cookie });
    expect(ok.statusCode, ok.body).toBe(200);
    // text credits are not touched by an image tool
    expect(await creditBalancesOf(t.ctx.db, id)).toMatchObject({ images: 1, characters: 100_000 });
    const [event] = await t.ctx.db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, id), eq(usageEvents.status, 'ok'), eq(usageEvents.tool, 'image_to_text')));
    expect(event).toMatchObject({ tool: 'image_to_text', chargedAllowance: 0, chargedCredits: 1, engine: 'offline:human+tesseract' });

    // an image that cannot be decoded gives its credit back
    expect((await upload(t, { name: 'broken.png', content: openSign.subarray(0, 200) }, { cookie })).statusCode).toBe(422);
    expect((await creditBalancesOf(t.ctx.db, id)).images).toBe(1);
    const ledger = await t.ctx.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, id), eq(creditLedger.kind, 'images')));
    expect(ledger.filter((l) => l.reason === 'tool').map((l) => l.delta)).toEqual([-1]);

    expect((await upload(t, { name: 'sign.png', content: openSign }, { cookie })).statusCode).toBe(200);
    expect((await creditBalancesOf(t.ctx.db, id)).images).toBe(0);
    expect((await upload(t, { name: 'sign.png', content: openSign }, { cookie })).statusCode).toBe(402);
  }, 90_000);
});

/** A local OpenAI-compatible chat server that reads images: a fixed answer, or a set failure. */
async function startFakeVision(answer: { status: number; content?: string }) {
  const requests: Record<string, any>[] = [];
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    requests.push({ url: req.url, auth: req.headers.authorization, body: JSON.parse(raw) });
    if (answer.status !== 200) return void res.writeHead(answer.status, { 'content-type': 'application/json' }).end('{"error":"down"}');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: answer.content } }] }));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    answer,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

describe('image captions with a vision provider', () => {
  let t: TestApp;
  let vision: Awaited<ReturnType<typeof startFakeVision>>;
  let cookie: string;
  beforeAll(async () => {
    vision = await startFakeVision({ status: 200, content: '```json\n{"caption": "A white sign reading OPEN.", "altText": "Sign that says OPEN"}\n```' });
    t = await createTestApp({ VISION_BASE_URL: vision.baseUrl, VISION_MODEL: 'test-vision', VISION_API_KEY: 'sk-test', VISION_TIMEOUT_MS: '5000' });
    cookie = await register(t.app);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await vision.close();
  });

  it("asks the model in the chosen style, with a re-encoded JPEG and the OCR's text, and shows the offline detections beside", async () => {
    const res = await upload(t, { name: 'sign.png', content: openSign }, { cookie, fields: { style: 'social' } });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({
      engine: 'test-vision',
      engineLabel: `test-vision at ${new URL(vision.baseUrl).host}`,
      style: 'social',
      caption: 'A white sign reading OPEN.',
      altText: 'Sign that says OPEN',
      providerConfigured: true,
      ocr: { text: 'OPEN' },
    });
    expect(body.offline.styles.short.caption).toBe("The word 'OPEN'");
    expect(body.detections.length).toBe(1);
    const req = vision.requests.at(-1)!;
    expect(req.url).toBe('/v1/chat/completions');
    expect(req.auth).toBe('Bearer sk-test');
    expect(req.body.model).toBe('test-vision');
    const parts = req.body.messages[1].content;
    expect(parts[0].text).toMatch(/social-media caption/);
    expect(parts[0].text).toContain('"OPEN"');
    const url: string = parts[1].image_url.url;
    expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
    // the JPEG the model sees is re-encoded from the decoded pixels (no upload bytes, no metadata)
    const meta = await sharp(Buffer.from(url.split(',')[1], 'base64')).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 600 });
    expect(meta.exif).toBeUndefined();
    const [event] = await t.ctx.db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, await userIdOf(t, cookie)), eq(usageEvents.tool, 'image_to_text')));
    expect(event.engine).toBe('test-vision');
  }, 60_000);

  it('falls back to the offline caption with a notice when the model fails', async () => {
    vision.answer.status = 500;
    const res = await upload(t, { name: 'sign.png', content: openSign }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({
      engine: 'offline',
      caption: "The word 'OPEN'",
      notice: expect.stringMatching(/vision model failed \(it answered 500\)/),
    });
    vision.answer.status = 200;
    vision.answer.content = 'I cannot help with that.';
    const odd = await upload(t, { name: 'sign.png', content: openSign }, { cookie });
    expect(json(odd)).toMatchObject({ engine: 'offline', notice: expect.stringMatching(/had no caption/) });
  }, 60_000);

  it('reads the caption out of the JSON a model writes', () => {
    expect(parseCaptionAnswer('Sure! {"caption": "A cat.", "alt_text": "Cat on a mat"} Hope that helps.')).toEqual({
      caption: 'A cat.',
      altText: 'Cat on a mat',
    });
    expect(parseCaptionAnswer('{"caption": "A cat."}')).toEqual({ caption: 'A cat.', altText: 'A cat.' });
    expect(parseCaptionAnswer('{"altText": "x"}')).toBeNull();
    expect(parseCaptionAnswer('no json')).toBeNull();
  });
});
