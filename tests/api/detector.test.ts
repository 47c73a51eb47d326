import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { thresholds } from '../../src/engines/detector';
import { aiThreshold } from '../../src/engines/detector/model';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LIMIT_MESSAGES } from '../../src/shared/limits';
import { VERDICT_TEXT } from '../../src/shared/detector-verdicts';
import { createTestApp, json, post, register, setCookies, type TestApp } from '../helpers/app';
import { multipartBody, startProvider, tinyDocx, tinyPdf, type FakeProvider } from '../helpers/provider-servers';

const URL = '/api/tools/content-detector';

// Enough words for a verdict; plain, human-written prose.
const TEXT =
  'We drove up to the lake on Friday, later than planned because Sam forgot the tent poles and we had to turn back. ' +
  'By the time we got there it was dark, the campsite was muddy and the only free pitch was next to a family with three dogs. ' +
  'Honestly it was fine. The dogs were friendly, the kids shared their marshmallows, and on Saturday the rain stopped long enough for a swim. ' +
  'I would go again, but I would pack the poles myself.';

// the end-to-end test's document: a default-voice assistant document of a held-out genre (scripts/ai2026/pick-e2e-fixture.ts)
const HELD_OUT_AI = readFileSync(join(__dirname, '..', '..', 'e2e', 'samples', 'heldout-default.txt'), 'utf8').trim();

function words(n: number): string {
  return Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
}

/** The anonymous cookie pair from a response, to send back like a browser would. */
function anonCookie(res: Awaited<ReturnType<typeof post>>): string {
  const c = setCookies(res).find((s) => s.startsWith('vt_anon='));
  if (!c) throw new Error('no vt_anon cookie set');
  return c.split(';')[0];
}

describe('content detector API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the documented shape with offsets into the input', async () => {
    const res = await post(t.app, URL, { text: TEXT });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.ai_score).toBe(body.score);
    expect(body.humanProbability).toBeCloseTo(1 - body.score, 10);
    expect(['human', 'mixed', 'ai', 'uncertain']).toContain(body.verdict);
    expect(body.provider).toBe('veritext');
    expect(body.wordCount).toBe(TEXT.trim().split(/\s+/).length);
    expect(body.analysis[0]).toBe(`AI probability: ${(body.score * 100).toFixed(2)}%`);
    expect(body.analysis[1]).toBe(`Human probability: ${((1 - body.score) * 100).toFixed(2)}%`);
    expect(body.sentences.length).toBeGreaterThan(2);
    for (const s of body.sentences) expect(TEXT.slice(s.start, s.end).trim()).toBe(TEXT.slice(s.start, s.end));
    expect(body.allowance).toEqual({ used: 1, limit: 5 });
    // the bands that decided the verdict are the engine's for this text's length, and they agree with it
    const ai = aiThreshold(thresholds, body.wordCount);
    expect(body.bands).toEqual({ ai, human: thresholds.human, minWords: thresholds.minWords });
    expect(ai).toBeGreaterThan(thresholds.ai); // a text shorter than 400 words needs more
    const expected = body.score >= ai ? ['ai', 'mixed'] : body.score <= thresholds.human ? ['human'] : ['uncertain', 'mixed'];
    expect(expected).toContain(body.verdict);
    // the verdict in words and the band the score falls in
    expect(body.verdictText).toBe(VERDICT_TEXT[body.verdict as keyof typeof VERDICT_TEXT]);
    expect(body.band).toBe(body.score >= ai ? 'ai' : body.score <= thresholds.human ? 'human' : 'uncertain');
    expect(body.note).toBeNull();
    // each sentence carries its band on the engine's calibrated sentence bands, which the answer names
    expect(body.sentenceBands).toEqual({ ai: thresholds.sentenceAi, human: thresholds.sentenceHuman });
    for (const s of body.sentences) {
      expect(s.band).toBe(s.score >= thresholds.sentenceAi ? 'ai' : s.score <= thresholds.sentenceHuman ? 'human' : 'uncertain');
    }
  });

  it('says "Can\'t tell" and asks for more text under 50 words', async () => {
    const res = await post(t.app, URL, { text: 'This sentence is short. So is this one, and that is all there is to read here.' });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.verdict).toBe('uncertain');
    expect(body.verdictText).toBe("Can't tell");
    expect(body.note).toBe('Add more text for a reliable result');
    expect(body.bands.minWords).toBe(50);
  });

  it('answers "Likely AI-generated" for a default-voice assistant document of a held-out genre', async () => {
    const res = await post(t.app, URL, { text: HELD_OUT_AI });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.verdict).toBe('ai');
    expect(body.verdictText).toBe('Likely AI-generated');
    expect(body.band).toBe('ai');
    expect(body.sentences.some((s: { score: number }) => s.score >= thresholds.sentenceAi)).toBe(true);
  });

  it('gives an anonymous visitor 5 detections, then the fixed limit message, and failures do not count', async () => {
    let res = await post(t.app, URL, { text: TEXT });
    const cookie = anonCookie(res);
    // A rejected request (empty text) must not use up the allowance.
    res = await post(t.app, URL, { text: '   ' }, { cookie });
    expect(res.statusCode).toBe(400);
    for (let i = 2; i <= 5; i++) {
      res = await post(t.app, URL, { text: TEXT }, { cookie });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res).allowance.used).toBe(i);
    }
    res = await post(t.app, URL, { text: TEXT }, { cookie });
    expect(res.statusCode).toBe(429);
    expect(json(res)).toMatchObject({ error: { code: 'limit_reached', message: LIMIT_MESSAGES.detect.message }, message: LIMIT_MESSAGES.detect.message });
  });

  it('keeps the count on the server: a forged or missing cookie does not reset it to a valid one', async () => {
    const first = await post(t.app, URL, { text: TEXT });
    const cookie = anonCookie(first);
    const forged = cookie.replace(/vt_anon=([^.]+)/, 'vt_anon=00000000-0000-0000-0000-000000000000');
    const res = await post(t.app, URL, { text: TEXT }, { cookie: forged });
    expect(res.statusCode).toBe(200);
    // An invalid signature is ignored: the server issues a fresh visitor id instead of trusting it.
    expect(anonCookie(res)).not.toBe(forged);
  });

  it('limits anonymous texts to 500 words and logged-in texts to 2,000', async () => {
    let res = await post(t.app, URL, { text: words(501) });
    expect(res.statusCode).toBe(413);
    expect(json(res).error.code).toBe('word_limit_exceeded');
    expect(json(res).message).toMatch(/limit is 500 words/);

    const cookie = await register(t.app);
    res = await post(t.app, URL, { text: words(501) }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).allowance).toBeNull();
    res = await post(t.app, URL, { text: words(2001) }, { cookie });
    expect(res.statusCode).toBe(413);
    expect(json(res).message).toMatch(/limit is 2,000 words/);
  });

  it('logged-in users have no per-session counter: the daily allowance of their plan applies (free 5 a day)', async () => {
    const cookie = await register(t.app);
    for (let i = 0; i < 5; i++) expect((await post(t.app, URL, { text: TEXT }, { cookie })).statusCode).toBe(200);
    const refused = await post(t.app, URL, { text: TEXT }, { cookie });
    expect(refused.statusCode).toBe(429);
    expect(json(refused).message).toMatch(/detections for today on the Free plan/);
  });

  it.each([
    ['empty text', { text: '' }, 400],
    ['whitespace only', { text: ' \n\t ' }, 400],
    ['a number', { text: 42 }, 400],
    ['an array', { text: ['a'] }, 400],
    ['no text at all', {}, 400],
  ])('refuses %s with a 4xx in the one error shape', async (_name, payload, status) => {
    const res = await post(t.app, URL, payload);
    expect(res.statusCode).toBe(status);
    const body = json(res);
    expect(body.error.code).toMatch(/validation_failed/);
    expect(typeof body.error.message).toBe('string');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('refuses a 1 MB body with 413', async () => {
    const res = await post(t.app, URL, { text: 'a '.repeat(600_000) });
    expect(res.statusCode).toBe(413);
    expect(json(res).error.code).toBe('payload_too_large');
  });

  it('reads uploaded .txt, .docx and .pdf files on the server', async () => {
    const cookie = await register(t.app);
    for (const file of [
      { name: 'essay.txt', content: Buffer.from(TEXT, 'utf8') },
      { name: 'essay.docx', content: await tinyDocx(TEXT) },
      { name: 'essay.pdf', content: tinyPdf(TEXT) },
    ]) {
      const mp = multipartBody(file);
      const res = await t.app.inject({ method: 'POST', url: URL, payload: mp.payload, headers: { ...mp.headers, cookie } });
      expect(res.statusCode, `${file.name}: ${res.body}`).toBe(200);
      const body = json(res);
      expect(body.text.replace(/\s+/g, ' ').trim()).toBe(TEXT.replace(/\s+/g, ' ').trim());
      for (const s of body.sentences) expect(body.text.slice(s.start, s.end).length).toBe(s.end - s.start);
    }
  });

  it.each([
    ['a binary file posing as .txt', { name: 'x.txt', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 0x49, 0x48]) }, 415],
    ['a corrupt PDF', { name: 'x.pdf', content: Buffer.from('%PDF-1.7\n\u0000\u0001garbage that is not a pdf body at all') }, 422],
    ['a text file named .pdf', { name: 'x.pdf', content: Buffer.from('just words') }, 415],
    ['a corrupt .docx', { name: 'x.docx', content: Buffer.from('PK\u0003\u0004broken zip') }, 422],
    ['an unsupported type', { name: 'x.exe', content: Buffer.from('MZ') }, 415],
  ])('refuses %s with a clear 4xx', async (_name, file, status) => {
    const mp = multipartBody(file);
    const res = await t.app.inject({ method: 'POST', url: URL, payload: mp.payload, headers: mp.headers });
    expect(res.statusCode, res.body).toBe(status);
    expect(json(res).message.length).toBeGreaterThan(10);
  });
});

describe('external detection providers', () => {
  let gptzero: FakeProvider;
  let sapling: FakeProvider;
  let t: TestApp;
  const firstSentence = TEXT.split('. ')[0] + '.';

  beforeAll(async () => {
    gptzero = await startProvider({ status: 200, body: {} });
    sapling = await startProvider({ status: 200, body: {} });
    t = await createTestApp({
      GPTZERO_API_KEY: 'gz-key',
      GPTZERO_API_URL: gptzero.url,
      SAPLING_API_KEY: 'sap-key',
      SAPLING_API_URL: sapling.url,
      DETECTION_PROVIDER_TIMEOUT_MS: '800',
    });
  });
  afterEach(() => {
    gptzero.calls.length = 0;
    sapling.calls.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await gptzero.close();
    await sapling.close();
  });

  it('uses the first provider and its ai_score', async () => {
    gptzero.respond = {
      status: 200,
      body: { documents: [{ class_probabilities: { ai: 0.91, human: 0.09 }, sentences: [{ sentence: firstSentence, generated_prob: 0.97 }] }] },
    };
    const res = await post(t.app, URL, { text: TEXT }, { cookie: await register(t.app) });
    const body = json(res);
    expect(body.provider).toBe('gptzero');
    expect(body.ai_score).toBe(0.91);
    // a provider's score is read against the provider bands, not the engine's narrow 'ai' band
    expect(body.bands).toMatchObject({ ai: 0.8, human: 0.2 });
    expect(body.verdict).toBe('ai');
    expect(body.sentences[0].score).toBe(0.97);
    // the provider's sentence score is read on the score colours, not on the engine's calibrated sentence bands
    expect(body.sentences[0].band).toBe('ai');
    expect(body.sentenceBands).toEqual({ ai: 0.7, human: 0.4 });
    expect(body.analysis).not.toContain('Analysis powered by Sapling detection');
    expect(gptzero.calls[0]).toMatchObject({ path: '/v2/predict/text', body: { document: TEXT } });
    expect(gptzero.calls[0].headers['x-api-key']).toBe('gz-key');
    expect(sapling.calls).toHaveLength(0);
  });

  it('falls back to Sapling, saying so, when the first provider fails', async () => {
    gptzero.respond = { status: 500, body: { error: 'boom' } };
    sapling.respond = { status: 200, body: { score: 0.33, sentence_scores: [] } };
    const body = json(await post(t.app, URL, { text: TEXT }, { cookie: await register(t.app) }));
    expect(body.provider).toBe('sapling');
    expect(body.ai_score).toBe(0.33);
    expect(body.analysis).toContain('Analysis powered by Sapling detection');
    expect(sapling.calls[0]).toMatchObject({ path: '/api/v1/aidetect', body: { key: 'sap-key', text: TEXT } });
  });

  it('falls back to the offline engine when every provider fails or times out', async () => {
    gptzero.respond = { status: 200, body: 'not json', delayMs: 0 };
    sapling.respond = { status: 200, body: { score: 0.5 }, delayMs: 2000 };
    const res = await post(t.app, URL, { text: TEXT }, { cookie: await register(t.app) });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.provider).toBe('veritext');
    expect(body.analysis).not.toContain('Analysis powered by Sapling detection');
  });
});
