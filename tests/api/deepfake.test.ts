import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageEvents } from '../../src/db/schema';
import { LIMIT_MESSAGES } from '../../src/shared/limits';
import { createTestApp, get, json, post, register, setCookies, type TestApp, userIdOf, uploadFile } from '../helpers/app';
import { heicFile, pngBomb } from '../helpers/caption-images';
import { IPTC, jpegOnce, renderScene, xmpPacket } from '../helpers/deepfake-images';

const URL_DEEPFAKE = '/api/tools/deepfake-detector';

let plain: Buffer;
let midjourney: Buffer;
beforeAll(async () => {
  const scene = await renderScene(41, 512, 384);
  plain = await jpegOnce(scene, 88);
  // as Midjourney writes it: XMP digital source type and creator tool, plus EXIF with a GPS position to keep private
  midjourney = await sharp(scene.data, { raw: { width: scene.width, height: scene.height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Software: 'Midjourney', Artist: 'Private Person' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } })
    .withXmp(xmpPacket({ digitalSourceType: `${IPTC}trainedAlgorithmicMedia`, creatorTool: 'Midjourney' }))
    .toBuffer();
});

const upload = (t: TestApp, file: { name: string; content: Buffer; type?: string }, opts: { cookie?: string; remoteAddress?: string } = {}) =>
  uploadFile(t, URL_DEEPFAKE, { type: 'image/jpeg', ...file }, opts);

describe('POST /api/tools/deepfake-detector (offline)', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await register(t.app);
  }, 120_000);
  afterAll(() => t.close());

  it('reads generator metadata: findings with strengths, the verdict, the ELA heat map and the metadata table', async () => {
    const res = await upload(t, { name: 'render.jpg', content: midjourney }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({
      engine: 'offline',
      format: 'jpeg',
      width: 512,
      height: 384,
      decoded: true,
      provider: null,
      providerConfigured: false,
      allowance: null,
    });
    expect(body.verdict.level).toBe('ai');
    expect(body.verdict.sentence).toMatch(/metadata says it was made by an AI generator \(Midjourney\)/);
    const ids = body.findings.map((f: { id: string }) => f.id);
    expect(ids).toEqual(expect.arrayContaining(['metadata.generator', 'metadata.source_type.trainedAlgorithmicMedia', 'c2pa.none', 'jpeg.tables', 'ela.even']));
    expect(body.findings[0].strength).toBe('strong');
    for (const f of body.findings) expect(['strong', 'moderate', 'weak', 'none']).toContain(f.strength);
    // the heat map is a PNG at block resolution (one pixel per 8×8 block)
    const heat = await sharp(Buffer.from(body.ela.png, 'base64')).metadata();
    expect(heat).toMatchObject({ format: 'png', width: 64, height: 48 });
    expect(body.metadata).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'CreatorTool', value: 'Midjourney' })]));
    expect(body.jpeg).toMatchObject({ quality: 90, standardTables: true });
    // faces were looked for (none in a rendered scene)
    expect(body.faces).toEqual([]);
    expect(res.headers['cache-control']).toBe('no-store');
  }, 90_000);

  it('says no signs were found on a plain once-saved photo, without claiming it is real', async () => {
    const res = await upload(t, { name: 'photo.jpg', content: plain }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).verdict).toEqual({ level: 'no_signs', sentence: 'No signs found: this does not prove the image is real.' });
  }, 60_000);

  it('refuses a text file named .jpg with 415, by its content', async () => {
    const res = await upload(
      t,
      { name: 'photo.jpg', content: Buffer.from('Not an image at all, only words pretending to be a photograph.\n'.repeat(4)) },
      { cookie },
    );
    expect(res.statusCode, res.body).toBe(415);
    expect(json(res).error.code).toBe('unsupported_media_type');
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.concat([plain, Buffer.alloc(10 * 1024 * 1024 + 1 - plain.length, 0)]);
    const res = await upload(t, { name: 'big.jpg', content: big }, { cookie });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(413);
    expect(json(res).error.code).toBe('payload_too_large');
  });

  it('refuses a truncated JPEG with 422 and a pixel bomb with 413, charging nothing', async () => {
    const id = await userIdOf(t, cookie);
    const okBefore = await t.ctx.db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, id), eq(usageEvents.status, 'ok')));
    const corrupt = await upload(t, { name: 'cut.jpg', content: plain.subarray(0, Math.floor(plain.length / 2)) }, { cookie });
    expect(corrupt.statusCode, corrupt.body).toBe(422);
    expect(json(corrupt).error).toMatchObject({ code: 'unprocessable', message: expect.stringMatching(/damaged or truncated/) });
    const bomb = await upload(t, { name: 'bomb.png', content: pngBomb(), type: 'image/png' }, { cookie });
    expect(bomb.statusCode, bomb.body).toBe(413);
    expect(json(bomb).error).toMatchObject({ code: 'payload_too_large', message: expect.stringMatching(/60000×60000 pixels/) });
    const okAfter = await t.ctx.db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, id), eq(usageEvents.status, 'ok')));
    expect(okAfter.length).toBe(okBefore.length);
  }, 60_000);

  it('reads an HEIC it cannot decode for its metadata only, and says the pixel checks did not run', async () => {
    const res = await upload(t, { name: 'IMG_0001.HEIC', content: heicFile(), type: 'image/heic' }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({ format: 'heic', decoded: false, ela: null, jpeg: null, faces: null });
    expect(body.findings.map((f: { id: string }) => f.id)).toContain('image.not_decoded');
  }, 60_000);

  it('wants the image as a multipart file', async () => {
    const res = await post(t.app, URL_DEEPFAKE, { text: '' }, { cookie });
    expect(res.statusCode).toBe(400);
  });

  it('meters each check into usage_events with the engine', async () => {
    const id = await userIdOf(t, cookie);
    const events = await t.ctx.db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, id), eq(usageEvents.tool, 'deepfake_detector'), eq(usageEvents.status, 'ok')));
    expect(events.length).toBeGreaterThanOrEqual(3);
    expect(events[0]).toMatchObject({ tool: 'deepfake_detector', engine: 'offline:deepfake' });
  });

  it('gives a visitor 5 checks a day, then the limit message; a refused upload does not count', async () => {
    const remoteAddress = '203.0.113.95';
    let res = await upload(t, { name: 'photo.jpg', content: plain }, { remoteAddress });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).allowance).toEqual({ used: 1, limit: 5 });
    const anon = setCookies(res)
      .find((c) => c.startsWith('vt_anon='))!
      .split(';')[0];
    res = await upload(t, { name: 'cut.jpg', content: plain.subarray(0, 300) }, { cookie: anon, remoteAddress });
    expect(res.statusCode).toBe(422);
    for (let i = 2; i <= 5; i++) {
      res = await upload(t, { name: 'photo.jpg', content: plain }, { cookie: anon, remoteAddress });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res).allowance.used).toBe(i);
    }
    res = await upload(t, { name: 'photo.jpg', content: plain }, { cookie: anon, remoteAddress });
    expect(res.statusCode).toBe(429);
    expect(json(res)).toMatchObject({ error: { code: 'limit_reached', message: LIMIT_MESSAGES.deepfake.message } });
  }, 120_000);

  it('says no commercial detector is configured', async () => {
    expect(json(await get(t.app, `${URL_DEEPFAKE}/status`))).toEqual({ providerConfigured: false, providerLabel: null, maxBytes: 10 * 1024 * 1024 });
  });
});

/** A local stand-in for Sightengine or Hive: records each request's headers and raw body, answers `answer`. */
async function startFakeDetector(answer: { status: number; body: unknown }) {
  const requests: { url?: string; headers: Record<string, unknown>; body: Buffer }[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    requests.push({ url: req.url, headers: req.headers, body: Buffer.concat(chunks) });
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

describe('deepfake detector with a commercial provider', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeDetector>>;
  let cookie: string;
  beforeAll(async () => {
    fake = await startFakeDetector({ status: 200, body: { status: 'success', type: { ai_generated: 0.93 } } });
    t = await createTestApp({
      SIGHTENGINE_API_USER: 'u123',
      SIGHTENGINE_API_SECRET: 's456',
      SIGHTENGINE_API_URL: fake.url,
      DEEPFAKE_PROVIDER_TIMEOUT_MS: '5000',
    });
    cookie = await register(t.app);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("shows Sightengine's score beside the offline findings, sent a copy without the EXIF, GPS or names", async () => {
    const res = await upload(t, { name: 'render.jpg', content: midjourney }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({
      engine: 'offline+sightengine',
      providerConfigured: true,
      provider: { provider: 'sightengine', label: 'Sightengine (genai model)', aiScore: 0.93 },
    });
    // the offline verdict stands on its own
    expect(body.verdict.level).toBe('ai');
    const req = fake.requests.at(-1)!;
    expect(req.url).toBe('/1.0/check.json');
    const text = req.body.toString('latin1');
    expect(text).toContain('name="models"\r\n\r\ngenai');
    expect(text).toContain('name="api_user"\r\n\r\nu123');
    expect(text).toContain('name="media"');
    expect(text).not.toContain('Private Person');
    expect(text).not.toContain('Exif\0\0');
    expect(text).not.toContain('Midjourney');
    const [event] = await t.ctx.db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, await userIdOf(t, cookie)), eq(usageEvents.tool, 'deepfake_detector')));
    expect(event.engine).toBe('offline+sightengine');
    expect(json(await get(t.app, `${URL_DEEPFAKE}/status`))).toMatchObject({ providerConfigured: true, providerLabel: 'Sightengine (genai model)' });
  }, 90_000);

  it('answers with the offline findings and a notice when the provider fails', async () => {
    fake.answer.status = 500;
    const res = await upload(t, { name: 'photo.jpg', content: plain }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({
      engine: 'offline',
      provider: null,
      notice: expect.stringMatching(/Sightengine .* could not be asked \(it answered 500\)/),
    });
    fake.answer.status = 200;
    fake.answer.body = { status: 'failure', error: { message: 'Image too small' } };
    const refused = await upload(t, { name: 'photo.jpg', content: plain }, { cookie });
    expect(json(refused).notice).toMatch(/refused the image \(Image too small\)/);
  }, 90_000);
});

describe('deepfake detector with Hive', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeDetector>>;
  beforeAll(async () => {
    const classes = [
      { class: 'ai_generated', score: 0.12 },
      { class: 'not_ai_generated', score: 0.88 },
      { class: 'none', score: 0.9 },
      { class: 'midjourney', score: 0.05 },
    ];
    fake = await startFakeDetector({ status: 200, body: { status: [{ response: { output: [{ classes }] } }] } });
    t = await createTestApp({ HIVE_API_KEY: 'hive-key', HIVE_API_URL: fake.url });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("asks Hive's sync endpoint with the token and shows its score", async () => {
    const cookie = await register(t.app);
    const res = await upload(t, { name: 'photo.jpg', content: plain }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).provider).toEqual({ provider: 'hive', label: 'Hive (AI-generated image detection)', aiScore: 0.12 });
    const req = fake.requests.at(-1)!;
    expect(req.url).toBe('/api/v2/task/sync');
    expect(req.headers.authorization).toBe('token hive-key');
  }, 90_000);
});
