import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, mediaJobs, subscriptions, usageEvents } from '../../src/db/schema';
import { sphinxAvailability, wordErrors } from '../../src/engines/stt';
import { concatPcm, encodeWav, silence, synthesizePiece } from '../../src/engines/tts';
import { creditBalancesOf, grantCredits } from '../../src/server/services/billing';
import { jobSettled } from '../../src/server/services/media-jobs';
import type { MediaJobView, Transcript } from '../../src/shared/api/stt';
import { createTestApp, get, json, type TestApp, registeredAccount, uploadFile } from '../helpers/app';

const URL_STT = '/api/tools/speech-to-text';
const SENTENCE = 'The library opens at nine in the morning, and the reading room closes at six in the evening.';

// the offline recogniser is a Debian package (.ci/run installs it); without it the tool answers 503, tested below
const offline = sphinxAvailability().ok;

const speech = synthesizePiece(SENTENCE, 'nova');
const WAV = Buffer.from(encodeWav({ sampleRate: 16_000, samples: concatPcm([silence(300, 16_000), speech.samples, silence(300, 16_000)]) }));

const upload = (t: TestApp, file: { name: string; content: Buffer; type?: string }, cookie?: string) =>
  uploadFile(t, URL_STT, { type: 'audio/wav', ...file }, { cookie });

const account = (t: TestApp, role: 'pro' | 'agency' | 'free' | 'admin' = 'pro') => registeredAccount(t, role);

/** Upload, wait for the job to end, and read it. */
async function transcribe(t: TestApp, cookie: string, content = WAV): Promise<{ answer: any; job: MediaJobView<Transcript> }> {
  const res = await upload(t, { name: 'talk.wav', content }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  const answer = json(res);
  await jobSettled(answer.jobId);
  const job = await get(t.app, `/api/jobs/${answer.jobId}`, cookie);
  expect(job.statusCode, job.body).toBe(200);
  return { answer, job: json(job) };
}

/** A WAV header for `bytes` of 16-bit PCM at `rate` with `channels`, followed by silence (zeros). */
function silentWav(seconds: number, rate: number, channels: number, bits: 8 | 16): Buffer {
  const data = Math.round(seconds * rate) * channels * (bits / 8);
  const b = Buffer.alloc(44 + data, bits === 8 ? 128 : 0);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + data, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(channels, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE((rate * channels * bits) / 8, 28);
  b.writeUInt16LE((channels * bits) / 8, 32);
  b.writeUInt16LE(bits, 34);
  b.write('data', 36);
  b.writeUInt32LE(data, 40);
  return b;
}

describe.runIf(offline)('POST /api/tools/speech-to-text (offline recogniser)', () => {
  let t: TestApp;
  let pro: { cookie: string; id: string };
  beforeAll(async () => {
    t = await createTestApp();
    pro = await account(t, 'pro');
  }, 120_000);
  afterAll(() => t.close());

  it('says how it transcribes before an upload', async () => {
    const res = await get(t.app, '/api/speech-to-text/status');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ available: true, engine: 'offline', engineLabel: 'Offline (PocketSphinx, English)', languages: 'English' });
    expect(json(res).limits.pro).toEqual({ maxBytes: 50 * 1024 * 1024, maxMinutes: 60 });
  });

  it('refuses visitors (401) and plans without the tool (403) before reading the upload', async () => {
    const anon = await upload(t, { name: 'talk.wav', content: WAV });
    expect(anon.statusCode, anon.body).toBe(401);
    expect(json(anon).error.code).toBe('unauthorized');
    const free = await account(t, 'free');
    const refused = await upload(t, { name: 'talk.wav', content: WAV }, free.cookie);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(json(refused).message).toMatch(/Speech to Text is not included in the Free plan.*Pro plan/);
    expect(await t.ctx.db.select().from(mediaJobs).where(eq(mediaJobs.userId, free.id))).toEqual([]);
  });

  it('transcribes a WAV as a job: the answer is the job, which ends with timed segments, labelled offline', async () => {
    const { answer, job } = await transcribe(t, pro.cookie);
    expect(answer).toMatchObject({ jobId: expect.any(String), status: 'running', minutes: 1 });
    expect(answer.durationSec).toBeCloseTo(speech.samples.length / 16_000 + 0.6, 1);
    expect(job).toMatchObject({ id: answer.jobId, tool: 'speech_to_text', status: 'done', progress: 1, stage: null, finishedAt: expect.any(String) });
    const r = job.result!;
    expect(r).toMatchObject({ engine: 'offline', engineLabel: 'Offline (PocketSphinx, English)' });
    expect(r.notice).toBeUndefined();
    expect(r.segments.length).toBeGreaterThan(0);
    for (const s of r.segments) {
      expect(s.end).toBeGreaterThanOrEqual(s.start);
      expect(s.end).toBeLessThanOrEqual(r.durationSec + 0.05);
    }
    expect(wordErrors(SENTENCE, r.text).wer).toBeLessThan(0.3);
    expect(r.text).toBe(r.segments.map((s) => s.text).join(' '));
  }, 90_000);

  it('writes one usage event with the engine, and charges the started minute to the month', async () => {
    const { id, cookie } = await account(t, 'pro');
    await transcribe(t, cookie);
    const events = await t.ctx.db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, id), eq(usageEvents.tool, 'speech_to_text')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ status: 'ok', engine: 'offline:pocketsphinx', characters: 1000, chargedAllowance: 1000, chargedCredits: 0 });
  }, 90_000);

  it('shows a job to its owner only: another user, a visitor and an unknown id get 404', async () => {
    const { answer } = await transcribe(t, pro.cookie);
    const other = await account(t, 'pro');
    const theirs = await get(t.app, `/api/jobs/${answer.jobId}`, other.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(json(theirs).error.code).toBe('not_found');
    // a visitor has no jobs: 404 for any id (no confirmation that it exists), an empty list
    expect((await get(t.app, `/api/jobs/${answer.jobId}`)).statusCode).toBe(404);
    expect(json(await get(t.app, '/api/jobs')).jobs).toEqual([]);
    expect((await get(t.app, '/api/jobs/00000000-0000-4000-8000-000000000000', pro.cookie)).statusCode).toBe(404);
    expect((await get(t.app, '/api/jobs/not-a-uuid', pro.cookie)).statusCode).toBe(404);
    // the owner's list has it, without the transcript; the other user's list is empty
    const list = json(await get(t.app, '/api/jobs?tool=speech_to_text', pro.cookie));
    expect(list.jobs.map((j: MediaJobView) => j.id)).toContain(answer.jobId);
    expect(list.jobs[0]).not.toHaveProperty('result');
    expect(json(await get(t.app, '/api/jobs', other.cookie)).jobs).toEqual([]);
  }, 90_000);

  it('refuses a file that is not audio, by its content, with 415 (a text file named .mp3)', async () => {
    const res = await upload(
      t,
      { name: 'song.mp3', content: Buffer.from('These are words in a text file, not a song.\n'.repeat(20)), type: 'audio/mpeg' },
      pro.cookie,
    );
    expect(res.statusCode, res.body).toBe(415);
    expect(json(res).error.code).toBe('unsupported_media_type');
    expect(json(res).message).toMatch(/MP3, WAV, M4A, OGG or WebM/);
  });

  it('refuses audio that is empty or cannot be decoded with 4xx, and charges nothing', async () => {
    const { cookie, id } = await account(t, 'pro');
    const cases: [string, Buffer][] = [
      ['empty.wav', Buffer.from(encodeWav({ sampleRate: 16_000, samples: new Int16Array(0) }))],
      ['tiny.wav', Buffer.from(encodeWav({ sampleRate: 16_000, samples: new Int16Array(50) }))],
      ['broken.mp3', Buffer.concat([Buffer.from('ID3'), Buffer.alloc(7), Buffer.from('garbage that is no MPEG frame '.repeat(50))])],
      ['broken.ogg', Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60, 7)])],
      ['broken.m4a', Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypM4A '), Buffer.alloc(12), Buffer.from('no boxes here'.repeat(20))])],
      ['none.wav', Buffer.alloc(0)],
    ];
    for (const [name, content] of cases) {
      const res = await upload(t, { name, content }, cookie);
      expect(res.statusCode, `${name}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, name).toBeLessThan(500);
      expect(json(res).error.message.length, name).toBeGreaterThan(10);
    }
    expect(await t.ctx.db.select().from(mediaJobs).where(eq(mediaJobs.userId, id))).toEqual([]);
    const events = await t.ctx.db.select().from(usageEvents).where(eq(usageEvents.userId, id));
    expect(events.filter((e) => e.status === 'ok')).toEqual([]);
  });

  it('refuses what is over the plan: too large a file (413), too long a recording (413)', async () => {
    // 51 MB of 16 kHz stereo WAV (14 minutes): over the Pro plan's 50 MB, within Agency's 100 MB
    const big = silentWav((51 * 1024 * 1024) / 64_000, 16_000, 2, 16);
    const res = await upload(t, { name: 'long.wav', content: big }, pro.cookie);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(413);
    expect(json(res).message).toMatch(/Pro plan takes files up to 50 MB/);
    // 61 minutes of 8 kHz 8-bit WAV (29 MB): over the Pro plan's hour
    const long = silentWav(61 * 60, 8000, 1, 8);
    const res2 = await upload(t, { name: 'long.wav', content: long }, pro.cookie);
    expect(res2.statusCode, res2.body.slice(0, 300)).toBe(413);
    expect(json(res2).message).toMatch(/61 minutes long; the Pro plan takes up to 60 minutes/);
    // over the largest upload any plan takes: refused while reading (the seam's limit)
    const huge = Buffer.concat([silentWav(1, 16_000, 1, 16), Buffer.alloc(101 * 1024 * 1024)]);
    const res3 = await upload(t, { name: 'huge.wav', content: huge }, pro.cookie);
    expect(res3.statusCode).toBe(413);
    expect(json(res3).error.code).toBe('payload_too_large');
  }, 120_000);

  it('reports a job whose process stopped beating as failed, with nothing charged', async () => {
    const [row] = await t.ctx.db
      .insert(mediaJobs)
      .values({ userId: pro.id, tool: 'speech_to_text', heartbeatAt: new Date(Date.now() - 5 * 60_000) })
      .returning();
    const job = json(await get(t.app, `/api/jobs/${row.id}`, pro.cookie));
    expect(job).toMatchObject({ status: 'failed', error: { code: 'service_unavailable' } });
    expect(job.error.message).toMatch(/restarted.*Nothing was charged/);
  });
});

describe.runIf(offline)('speech to text: monthly characters, then Audio Pack minutes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t.close());

  it('spends Audio Pack minutes once the month is spent, refuses with 402 when neither covers it', async () => {
    const { cookie, id } = await account(t, 'pro');
    // the first request creates the subscription whose copied terms are then cut to nothing
    await transcribe(t, cookie);
    await t.ctx.db.update(subscriptions).set({ monthlyCharacters: 0 }).where(eq(subscriptions.userId, id));
    const refused = await upload(t, { name: 'talk.wav', content: WAV }, cookie);
    expect(refused.statusCode, refused.body).toBe(402);
    expect(json(refused).error.code).toBe('quota_exceeded');
    expect(json(refused).message).toContain('Audio Pack');

    await grantCredits(t.ctx.db, id, { audio: 3 }, `test:${id}:stt`, 'pack');
    const { job } = await transcribe(t, cookie);
    expect(job.status).toBe('done');
    expect((await creditBalancesOf(t.ctx.db, id)).audioMinutes).toBe(2);
    const ledger = await t.ctx.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, id), eq(creditLedger.kind, 'audio')));
    expect(ledger.filter((l) => l.reason === 'tool').map((l) => l.delta)).toEqual([-1]);
    const [event] = (
      await t.ctx.db
        .select()
        .from(usageEvents)
        .where(and(eq(usageEvents.userId, id), eq(usageEvents.status, 'ok')))
        .orderBy(usageEvents.createdAt)
    ).slice(-1);
    expect(event).toMatchObject({ tool: 'speech_to_text', chargedAllowance: 0, chargedCredits: 1, engine: 'offline:pocketsphinx' });
  }, 120_000);
});

/** A local OpenAI-compatible /v1/audio/transcriptions server: verbose_json of fixed segments, or a set failure. */
async function startFakeWhisper() {
  const state = { status: 200, bodies: [] as string[], auth: [] as (string | undefined)[] };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    state.bodies.push(Buffer.concat(chunks).toString('latin1'));
    state.auth.push(req.headers.authorization);
    if (req.url !== '/v1/audio/transcriptions') return void res.writeHead(404).end();
    if (state.status !== 200) return void res.writeHead(state.status, { 'content-type': 'application/json' }).end('{"error":"down"}');
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        task: 'transcribe',
        language: 'english',
        duration: 6,
        text: 'The library opens at nine. The reading room closes at six.',
        segments: [
          { id: 0, start: 0.3, end: 2.5, text: ' The library opens at nine.' },
          { id: 1, start: 2.6, end: 99, text: ' The reading room closes at six.' },
        ],
      }),
    );
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  });
}

describe('speech to text through an OpenAI-compatible provider', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeWhisper>>;
  let pro: { cookie: string; id: string };
  beforeAll(async () => {
    fake = await startFakeWhisper();
    t = await createTestApp({ STT_BASE_URL: fake.baseUrl, STT_MODEL: 'fake-whisper', STT_API_KEY: 'sk-test' });
    pro = await account(t, 'pro');
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('sends the audio as WAV asking for verbose_json, and labels the engine', async () => {
    fake.status = 200;
    const { job } = await transcribe(t, pro.cookie);
    expect(job.status).toBe('done');
    const host = new URL(fake.baseUrl).host;
    expect(job.result).toMatchObject({ engine: 'fake-whisper', engineLabel: `fake-whisper at ${host}` });
    // segment times are kept inside the audio
    expect(job.result!.segments).toEqual([
      { start: 0.3, end: 2.5, text: 'The library opens at nine.' },
      { start: 2.6, end: job.result!.durationSec, text: 'The reading room closes at six.' },
    ]);
    const body = fake.bodies.at(-1)!;
    expect(body).toMatch(/name="model"\r\n\r\nfake-whisper/);
    expect(body).toMatch(/name="response_format"\r\n\r\nverbose_json/);
    expect(body).toMatch(/filename="piece-1.wav"\r\nContent-Type: audio\/wav\r\n\r\nRIFF/i);
    expect(fake.auth.at(-1)).toBe('Bearer sk-test');
    const [event] = await t.ctx.db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, pro.id), eq(usageEvents.status, 'ok')));
    expect(event.engine).toBe('fake-whisper');
    expect(json(await get(t.app, '/api/speech-to-text/status'))).toMatchObject({
      available: true,
      engine: 'fake-whisper',
      engineLabel: `fake-whisper at ${host}`,
    });
  }, 60_000);

  it.runIf(offline)(
    'falls back to the offline recogniser when the provider fails, and says so',
    async () => {
      fake.status = 500;
      const { job } = await transcribe(t, pro.cookie);
      expect(job.status).toBe('done');
      expect(job.result).toMatchObject({ engine: 'offline', engineLabel: 'Offline (PocketSphinx, English)' });
      expect(job.result!.notice).toMatch(/provider failed \(it answered 500\).*offline recogniser/);
    },
    90_000,
  );
});

describe.skipIf(offline)('speech to text without pocketsphinx', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t.close());

  it('says plainly that it needs pocketsphinx, and refuses uploads with 503', async () => {
    expect(json(await get(t.app, '/api/speech-to-text/status'))).toMatchObject({ available: false, reason: expect.stringMatching(/needs pocketsphinx/) });
    const { cookie } = await account(t, 'pro');
    const res = await upload(t, { name: 'talk.wav', content: WAV }, cookie);
    expect(res.statusCode).toBe(503);
    expect(json(res).message).toMatch(/needs pocketsphinx/);
  });
});
