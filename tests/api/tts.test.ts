import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, subscriptions, usageEvents } from '../../src/db/schema';
import { decodeWav, encodeWav, fromBase64, mp3Frames } from '../../src/engines/tts';
import type { TtsChunk } from '../../src/shared/api/tts';
import { creditBalancesOf, grantCredits } from '../../src/server/services/billing';
import { chargeMediaPending, keepPendingAlive, sweepPendingCharges } from '../../src/server/services/metering';
import { createTestApp, get, json, post, register, type TestApp, userIdOf } from '../helpers/app';

const URL_TTS = '/api/tools/text-to-speech';
const TEXT = 'The library opens at nine. Visitors may borrow up to five books.\n\nThe reading room closes at six in the evening.';

/** A local OpenAI-compatible /v1/audio/speech server: a 24 kHz WAV tone, 40 ms per character, or a set failure. */
interface FakeTts {
  baseUrl: string;
  requests: { body: Record<string, unknown>; headers: IncomingHttpHeaders }[];
  /** Answer this status from the given call on (0-based); null: always audio. */
  failFrom: { call: number; status: number } | null;
  /** Answer bytes that are not WAV. */
  notWav: boolean;
  close(): Promise<void>;
}

async function startFakeTts(): Promise<FakeTts> {
  const state: Omit<FakeTts, 'baseUrl' | 'close'> = { requests: [], failFrom: null, notWav: false };
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw) as { input: string };
    const n = state.requests.push({ body, headers: req.headers }) - 1;
    if (req.url !== '/v1/audio/speech') return void res.writeHead(404).end();
    if (state.failFrom && n >= state.failFrom.call)
      return void res.writeHead(state.failFrom.status, { 'content-type': 'application/json' }).end('{"error":"down"}');
    if (state.notWav) return void res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(Buffer.from([0xff, 0xfb, 0x90, 0x00, 1, 2, 3]));
    const samples = new Int16Array(Math.round(body.input.length * 0.04 * 24_000));
    for (let i = 0; i < samples.length; i++) samples[i] = Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / 24_000));
    res.writeHead(200, { 'content-type': 'audio/wav' }).end(Buffer.from(encodeWav({ sampleRate: 24_000, samples })));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  });
}

/** The events of a server-sent-events body. */
function events(body: string): { event: string; data: any }[] {
  return body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => ({ event: /^event: (.*)$/m.exec(block)![1], data: JSON.parse(/^data: (.*)$/m.exec(block)![1]) }));
}

const wavOf = (b64: string) => decodeWav(fromBase64(b64));
const seconds = (b64: string) => {
  const w = wavOf(b64);
  return w.samples.length / w.sampleRate;
};
describe('POST /api/tools/text-to-speech (offline voices)', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await register(t.app);
  }, 120_000);
  afterAll(() => t.close());

  it('answers JSON with the whole WAV, labelled offline', async () => {
    const res = await post(t.app, URL_TTS, { text: TEXT, voice: 'nova' }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({ engine: 'offline', engineLabel: 'Offline (Flite)', voice: 'nova', speed: 1, sampleRate: 16_000, chunks: 3, format: 'wav' });
    const wav = wavOf(body.audio);
    expect(wav.sampleRate).toBe(16_000);
    expect(seconds(body.audio)).toBeCloseTo(body.durationSeconds, 1);
    // three sentences and one paragraph pause: several seconds of speech, not silence
    expect(body.durationSeconds).toBeGreaterThan(5);
    expect(Math.max(...wav.samples.slice(0, 16_000 * 3).map(Math.abs))).toBeGreaterThan(3000);
  }, 60_000);

  it('answers MP3 frames when asked', async () => {
    const res = await post(t.app, URL_TTS, { text: 'Short and clear.', voice: 'echo', format: 'mp3' }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const bytes = fromBase64(json(res).audio);
    const frames = mp3Frames(bytes);
    expect(frames.sampleRate).toBe(16_000);
    expect(frames.frames).toBeGreaterThan(10);
  }, 60_000);

  it('streams one WAV chunk per sentence, then done without the audio', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL_TTS,
      payload: { text: TEXT, voice: 'onyx', pauseMs: 1000 },
      headers: { cookie, accept: 'text/event-stream' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const ev = events(res.body);
    const deltas = ev.filter((e) => e.event === 'delta').map((e) => JSON.parse(e.data.text) as TtsChunk);
    expect(deltas.map((d) => [d.index, d.total, d.paragraphEnd])).toEqual([
      [0, 3, false],
      [1, 3, true],
      [2, 3, true],
    ]);
    expect(deltas[0].text).toBe('The library opens at nine.');
    for (const d of deltas) expect(seconds(d.audio)).toBeCloseTo(d.seconds, 2);
    // the paragraph pause ends the second chunk: its last second is silent
    const second = wavOf(deltas[1].audio).samples;
    expect(Math.max(...second.slice(-16_000).map(Math.abs))).toBe(0);
    const done = ev.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.audio).toBeUndefined();
    expect(done.data.chunks).toBe(3);
    expect(done.data.durationSeconds).toBeCloseTo(
      deltas.reduce((s, d) => s + d.seconds, 0),
      1,
    );
  }, 60_000);

  it('the speed and the paragraph pause change the length', async () => {
    const len = async (body: object) => json(await post(t.app, URL_TTS, { text: TEXT, voice: 'alloy', ...body }, { cookie })).durationSeconds as number;
    const normal = await len({ pauseMs: 0 });
    expect(await len({ pauseMs: 0, speed: 2 })).toBeLessThan(normal * 0.65);
    expect(await len({ pauseMs: 0, speed: 0.5 })).toBeGreaterThan(normal * 1.6);
    expect(await len({ pauseMs: 2000 })).toBeCloseTo(normal + 2, 1);
  }, 60_000);

  it('refuses bad input with a 4xx and the one error shape', async () => {
    const cases: [object, number, string][] = [
      [{ text: TEXT, voice: 'robot' }, 400, 'validation_failed'],
      [{ text: TEXT, speed: 5 }, 400, 'validation_failed'],
      [{ text: TEXT, speed: 'fast' }, 400, 'validation_failed'],
      [{ text: TEXT, pauseMs: -1 }, 400, 'validation_failed'],
      [{ text: TEXT, pauseMs: 60_000 }, 400, 'validation_failed'],
      [{ text: TEXT, format: 'ogg' }, 400, 'validation_failed'],
      [{ text: '   ' }, 400, 'validation_failed'],
      [{ text: 42 }, 400, 'validation_failed'],
      [{ text: '... !!! ???' }, 422, 'unprocessable'],
      // not words: a long run of letters (the fuzz suite's 200,000-character "word") is refused before any work
      [{ text: `Visit ${'a'.repeat(101)} today.` }, 400, 'validation_failed'],
      [{ text: 'Hi.'.repeat(66_000) }, 400, 'validation_failed'],
      // a visitor's limit is 500 words
      [{ text: 'word '.repeat(501) }, 413, 'word_limit_exceeded'],
    ];
    for (const [body, status, code] of cases) {
      const res = await post(t.app, URL_TTS, body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 60)}: ${res.body}`).toBe(status);
      expect(json(res).error.code).toBe(code);
    }
  }, 60_000);

  it('keeps one JSON answer to 30 minutes of speech: longer texts must stream', async () => {
    const id = await userIdOf(t, cookie);
    await t.ctx.db.update(subscriptions).set({ wordLimit: 10_000 }).where(eq(subscriptions.userId, id));
    const res = await post(t.app, URL_TTS, { text: 'word '.repeat(4_600) }, { cookie });
    expect(res.statusCode, res.body).toBe(413);
    expect(json(res).error.code).toBe('payload_too_large');
    expect(json(res).message).toContain('text/event-stream');
  });

  it('reads an uploaded .txt file and answers its text', async () => {
    const boundary = 'ttsboundary';
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="voice"\r\n\r\nshimmer\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="speed"\r\n\r\n1.5\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\nHello from a file.\r\n` +
      `--${boundary}--\r\n`;
    const res = await t.app.inject({ method: 'POST', url: URL_TTS, payload, headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ voice: 'shimmer', speed: 1.5, text: 'Hello from a file.' });
  }, 60_000);

  it('previews each voice as WAV, and refuses an unknown voice', async () => {
    const res = await get(t.app, `${URL_TTS}/voices/fable/preview`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    const wav = decodeWav(new Uint8Array(res.rawPayload));
    expect(wav.samples.length / wav.sampleRate).toBeGreaterThan(1.5);
    expect((await get(t.app, `${URL_TTS}/voices/robot/preview`)).statusCode).toBe(400);
  }, 60_000);

  it('says which engine speaks', async () => {
    expect(json(await get(t.app, `${URL_TTS}/status`))).toEqual({ engine: 'offline', engineLabel: 'Offline (Flite)' });
  });

  it('puts the audio pack on sale now that a live tool spends it', async () => {
    const res = await post(t.app, '/api/billing/checkout', { kind: 'pack', pack: 'audio_pack' }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).url).toEqual(expect.any(String));
  });
});

describe('text to speech: monthly characters, then Audio Pack minutes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t.close());

  async function account(monthlyCharacters: number) {
    const cookie = await register(t.app);
    const id = await userIdOf(t, cookie);
    // the first tool call creates the subscription row whose copied terms are then set
    expect((await post(t.app, URL_TTS, { text: 'Hi.' }, { cookie })).statusCode).toBe(200);
    await t.ctx.db.update(subscriptions).set({ monthlyCharacters }).where(eq(subscriptions.userId, id));
    return { cookie, id };
  }
  const audioLeft = async (id: string) => (await creditBalancesOf(t.ctx.db, id)).audioMinutes;

  it('uses the monthly characters while they cover the request, and no pack minutes', async () => {
    const { cookie, id } = await account(10_000);
    await grantCredits(t.ctx.db, id, { audio: 5 }, `test:${id}:a`, 'pack');
    expect((await post(t.app, URL_TTS, { text: TEXT }, { cookie })).statusCode).toBe(200);
    expect(await audioLeft(id)).toBe(5);
  }, 60_000);

  it('refuses with 402 naming the Audio Pack when neither covers it, then spends minutes once bought', async () => {
    const { cookie, id } = await account(3);
    const refused = await post(t.app, URL_TTS, { text: TEXT }, { cookie });
    expect(refused.statusCode, refused.body).toBe(402);
    expect(json(refused).error.code).toBe('quota_exceeded');
    expect(json(refused).message).toContain('Audio Pack');

    await grantCredits(t.ctx.db, id, { audio: 3, text: 100_000 }, `test:${id}:b`, 'pack');
    const ok = await post(t.app, URL_TTS, { text: TEXT }, { cookie });
    expect(ok.statusCode, ok.body).toBe(200);
    // 20 words at 150 a minute: one whole minute; text credits are not touched by an audio tool
    expect(await creditBalancesOf(t.ctx.db, id)).toMatchObject({ audioMinutes: 2, characters: 100_000 });
    const [event] = await t.ctx.db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, id), eq(usageEvents.status, 'ok')))
      .orderBy(usageEvents.createdAt)
      .then((r) => r.slice(-1));
    expect(event).toMatchObject({ tool: 'text_to_speech', chargedAllowance: 0, chargedCredits: 1, engine: 'offline:flite' });
    const ledger = await t.ctx.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, id), eq(creditLedger.kind, 'audio')));
    expect(ledger.filter((l) => l.reason === 'tool').map((l) => l.delta)).toEqual([-1]);
    expect(ledger.some((l) => l.reason === 'hold')).toBe(false);

    // 80 words at half speed: 80 / 150 / 0.5 = 1.07, priced at two whole minutes
    expect((await post(t.app, URL_TTS, { text: 'One more short sentence. '.repeat(20), speed: 0.5 }, { cookie })).statusCode).toBe(200);
    expect(await audioLeft(id)).toBe(0);
    expect((await post(t.app, URL_TTS, { text: TEXT }, { cookie })).statusCode).toBe(402);
  }, 60_000);

  it('gives the minutes back when the synthesis fails', async () => {
    const { cookie, id } = await account(3);
    await grantCredits(t.ctx.db, id, { audio: 2 }, `test:${id}:c`, 'pack');
    const res = await post(t.app, URL_TTS, { text: '... !!! ??? ...' }, { cookie });
    expect(res.statusCode).toBe(422);
    expect(await audioLeft(id)).toBe(2);
    const ledger = await t.ctx.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, id), eq(creditLedger.kind, 'audio')));
    expect(ledger.map((l) => l.reason)).toEqual(['pack']);
  }, 60_000);

  it('the crash sweep gives back minutes held by a request that never finished', async () => {
    const { id } = await account(0);
    await grantCredits(t.ctx.db, id, { audio: 4 }, `test:${id}:d`, 'pack');
    const held = await chargeMediaPending(t.ctx.db, crypto.randomUUID(), 'text_to_speech', {
      userId: id,
      periodKey: 'p',
      characters: 10,
      limit: 0,
      kind: 'audio',
      units: 3,
    });
    expect(held).toMatchObject({ ok: true, fromCredits: 3 });
    expect(await audioLeft(id)).toBe(1);
    // not yet old enough: still held
    await sweepPendingCharges(t.ctx.db, new Date(), 60_000);
    expect(await audioLeft(id)).toBe(1);
    expect(await sweepPendingCharges(t.ctx.db, new Date(Date.now() + 120_000), 60_000)).toBeGreaterThanOrEqual(2);
    expect(await audioLeft(id)).toBe(4);
  });

  it('a background job that keeps its charge alive is not swept while it runs; one that stopped beating is', async () => {
    const { id } = await account(0);
    await grantCredits(t.ctx.db, id, { audio: 5 }, `test:${id}:job`, 'pack');
    const pendingId = crypto.randomUUID();
    await chargeMediaPending(t.ctx.db, pendingId, 'speech_to_text', { userId: id, periodKey: 'p', characters: 10, limit: 0, kind: 'audio', units: 2 });
    expect(await audioLeft(id)).toBe(3);
    // the job started ten minutes ago, longer than any request may run
    const past = new Date(Date.now() - 600_000).toISOString();
    await t.ctx.db.execute(sql`update pending_charges set created_at = ${past}::timestamptz where id = ${pendingId}::uuid`);
    await t.ctx.db.execute(sql`update credit_ledger set created_at = ${past}::timestamptz where source = ${`hold:${pendingId}`}`);
    // its heartbeat: the sweep leaves it alone
    await keepPendingAlive(t.ctx.db, pendingId);
    await sweepPendingCharges(t.ctx.db, new Date(), 60_000);
    expect(await audioLeft(id)).toBe(3);
    // no heartbeat for longer than the sweep's age: refunded
    await sweepPendingCharges(t.ctx.db, new Date(Date.now() + 120_000), 60_000);
    expect(await audioLeft(id)).toBe(5);
  });
});

describe('text to speech through an OpenAI-compatible provider', () => {
  let t: TestApp;
  let fake: FakeTts;
  let cookie: string;
  beforeAll(async () => {
    fake = await startFakeTts();
    t = await createTestApp({ TTS_BASE_URL: fake.baseUrl, TTS_MODEL: 'fake-tts', TTS_API_KEY: 'sk-test' });
    cookie = await register(t.app);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('asks the provider for WAV with the same voice and speed, and labels the engine', async () => {
    fake.failFrom = null;
    fake.requests.length = 0;
    const res = await post(t.app, URL_TTS, { text: TEXT, voice: 'fable', speed: 1.25 }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({ engine: 'fake-tts', voice: 'fable', sampleRate: 24_000, chunks: 2 });
    expect(body.engineLabel).toBe(`fake-tts at ${new URL(fake.baseUrl).host}`);
    expect(json(await get(t.app, `${URL_TTS}/status`))).toEqual({ engine: 'fake-tts', engineLabel: body.engineLabel });
    expect(body.notice).toBeUndefined();
    // one call per paragraph
    expect(fake.requests.map((r) => r.body)).toEqual([
      { model: 'fake-tts', input: 'The library opens at nine. Visitors may borrow up to five books.', voice: 'fable', response_format: 'wav', speed: 1.25 },
      { model: 'fake-tts', input: 'The reading room closes at six in the evening.', voice: 'fable', response_format: 'wav', speed: 1.25 },
    ]);
    expect(fake.requests[0].headers.authorization).toBe('Bearer sk-test');
    // the provider's audio (40 ms a character) plus the default 600 ms paragraph pause
    expect(body.durationSeconds).toBeCloseTo((64 + 46) * 0.04 + 0.6, 1);
  }, 60_000);

  it('falls back to the offline voices, with a notice, when the provider fails before any audio', async () => {
    fake.failFrom = { call: 0, status: 500 };
    const res = await post(t.app, URL_TTS, { text: TEXT, voice: 'echo' }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ engine: 'offline', sampleRate: 16_000 });
    expect(json(res).notice).toContain('it answered 500');
    fake.failFrom = null;
    fake.notWav = true;
    const mp3 = await post(t.app, URL_TTS, { text: TEXT }, { cookie });
    expect(json(mp3).notice).toContain('not WAV audio');
    fake.notWav = false;
  }, 60_000);

  it('ends a stream with an error event when the provider fails part-way', async () => {
    fake.requests.length = 0;
    fake.failFrom = { call: 1, status: 503 };
    const res = await t.app.inject({ method: 'POST', url: URL_TTS, payload: { text: TEXT }, headers: { cookie, accept: 'text/event-stream' } });
    const ev = events(res.body);
    expect(ev.map((e) => e.event)).toEqual(['delta', 'error']);
    expect(ev[1].data.error.code).toBe('upstream_failed');
    expect(ev[1].data.message).toContain('part-way');
    fake.failFrom = null;
  }, 60_000);
});
