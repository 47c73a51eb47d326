import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { usageEvents } from '../../src/db/schema';
import { detect, thresholds } from '../../src/engines/detector';
import { aiThreshold } from '../../src/engines/detector/model';
import { analyticCurvature, combineWithEngine, curvatureToProbability } from '../../src/engines/detector/curvature';
import { createTestApp, json, post, type TestApp } from '../helpers/app';
import { startProvider, vllmEchoCompletion, type FakeProvider } from '../helpers/provider-servers';

const URL = '/api/tools/content-detector';
const MODEL = 'EleutherAI/gpt-neo-2.7B';

// Plain, human-written prose with enough words for a verdict (the offline engine reads it as human).
const TEXT =
  'We drove up to the lake on Friday, later than planned because Sam forgot the tent poles and we had to turn back. ' +
  'By the time we got there it was dark, the campsite was muddy and the only free pitch was next to a family with three dogs. ' +
  'Honestly it was fine. The dogs were friendly, the kids shared their marshmallows, and on Saturday the rain stopped long enough for a swim. ' +
  'I would go again, but I would pack the poles myself. ' +
  // long enough (150+ words) for a confident scorer to lift the engine's score into the 'ai' band, which is higher for
  // short texts (aiThreshold)
  "Sunday it rained. I couldn't find my other sock and Sam's mattress went flat, so he was grumpy till lunch. " +
  "We ate cold beans from the tin since the stove wouldn't light, and I think one of the dogs took our bread. " +
  "The drive home was nice though, we sang to the radio and I've told my sister we'd go back in June if she lends us " +
  "her tent, which she won't.";

const TOP = { ' the': -0.7, ' a': -1.4, ' of': -2, ' and': -2.5, ' to': -3 };
/** Every token is the model's first choice: machine-like, a large positive curvature. */
const MODE = vllmEchoCompletion(MODEL, TEXT, () => ({ logprob: -0.7, top: TOP }), {
  // The generated token is very unlikely: counted as part of the text, it would pull the curvature far down.
  token: ' zebra',
  logprob: -40,
  top: { ' the': -0.01, ' a': -5 },
});
/** Every token is the model's last choice: human-like, a large negative curvature. */
const TAIL = vllmEchoCompletion(MODEL, TEXT, () => ({ logprob: -3, top: TOP }));

/** The curvature of the prompt's own tokens in a fake answer, computed independently of the scorer client. */
function promptCurvature(body: ReturnType<typeof vllmEchoCompletion>): number {
  const n = body.usage.prompt_tokens;
  const lp = body.choices[0].logprobs;
  const c = analyticCurvature({ token_logprobs: lp.token_logprobs.slice(0, n), top_logprobs: lp.top_logprobs.slice(0, n) });
  return c!.curvature;
}

const local = detect(TEXT);
// the engine's bands for this text's length (the 'ai' one moves with it)
const ENGINE_BANDS = { ai: aiThreshold(thresholds, local.wordCount), human: thresholds.human, minWords: thresholds.minWords };

/** What the answer must be when the scorer could not be used: the offline engine alone. */
function expectEngineAlone(body: any) {
  expect(body.engine).toBe('veritext');
  expect(body.provider).toBe('veritext');
  expect(body.scorer).toBeNull();
  expect(body.score).toBe(local.score);
  expect(body.verdict).toBe(local.verdict);
  expect(body.reasons).toEqual(local.reasons);
  expect(body.bands).toEqual(ENGINE_BANDS);
}

describe('neural detector scorer (vLLM-compatible completions server)', () => {
  let scorer: FakeProvider;
  let t: TestApp;

  beforeAll(async () => {
    scorer = await startProvider({ status: 200, body: MODE });
    t = await createTestApp({
      DETECTOR_SCORER_URL: `${scorer.url}/v1`,
      DETECTOR_SCORER_MODEL: MODEL,
      DETECTOR_SCORER_API_KEY: 'sk-scorer',
      DETECTOR_SCORER_TOP_K: '5',
      DETECTOR_SCORER_TIMEOUT_MS: '400',
    });
  });
  afterEach(() => {
    scorer.calls.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await scorer.close();
  });

  it('sends the text with echo and logprobs to /completions, with the model and the API key', async () => {
    scorer.respond = { status: 200, body: MODE };
    expect((await post(t.app, URL, { text: TEXT })).statusCode).toBe(200);
    expect(scorer.calls).toHaveLength(1);
    expect(scorer.calls[0].path).toBe('/v1/completions');
    expect(scorer.calls[0].body).toEqual({ model: MODEL, prompt: TEXT, max_tokens: 1, echo: true, logprobs: 5, temperature: 0 });
    expect(scorer.calls[0].headers.authorization).toBe('Bearer sk-scorer');
  });

  it('combines the scorer with the engine, re-applies the engine bands and labels the answer', async () => {
    scorer.respond = { status: 200, body: MODE };
    const res = await post(t.app, URL, { text: TEXT });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);

    const curvature = promptCurvature(MODE);
    const probability = curvatureToProbability(curvature);
    const score = combineWithEngine(local.score, probability);
    expect(curvature).toBeGreaterThan(5);
    expect(body.engine).toBe('veritext+scorer');
    expect(body.provider).toBe('veritext');
    // the generated token (log-probability -40) was dropped: only the text's tokens count
    expect(body.scorer.model).toBe(MODEL);
    expect(body.scorer.curvature).toBeCloseTo(curvature, 10);
    expect(body.scorer.probability).toBeCloseTo(probability, 10);
    expect(body.score).toBeCloseTo(score, 4);
    expect(body.ai_score).toBe(body.score);
    expect(body.humanProbability).toBeCloseTo(1 - body.score, 10);
    expect(body.analysis[0]).toBe(`AI probability: ${(body.score * 100).toFixed(2)}%`);
    // the engine alone reads this text as human; combined with a confident scorer it passes the engine's 'ai' band
    expect(local.verdict).toBe('human');
    expect(body.score).toBeGreaterThanOrEqual(ENGINE_BANDS.ai);
    expect(body.verdict).toBe('ai');
    expect(body.bands).toEqual(ENGINE_BANDS);
    expect(body.reasons.at(-1)).toMatch(/neural language model \(EleutherAI\/gpt-neo-2\.7B\).*curvature/);
    expect(body.analysis).toContain(body.reasons.at(-1));
    expect(body.sentences.map((s: { score: number }) => s.score)).toEqual(local.sentences.map((s) => s.score));

    const [event] = await t.ctx.db.select().from(usageEvents).where(eq(usageEvents.tool, 'ai_content_detector')).orderBy(desc(usageEvents.createdAt)).limit(1);
    expect(event.engine).toBe('veritext+scorer');
  });

  it('a scorer reading human pulls the score down', async () => {
    scorer.respond = { status: 200, body: TAIL };
    const body = json(await post(t.app, URL, { text: TEXT }));
    expect(promptCurvature(TAIL)).toBeLessThan(-5);
    expect(body.engine).toBe('veritext+scorer');
    expect(body.scorer.curvature).toBeCloseTo(promptCurvature(TAIL), 10);
    expect(body.score).toBeLessThan(local.score);
    expect(body.score).toBeCloseTo(combineWithEngine(local.score, curvatureToProbability(promptCurvature(TAIL))), 4);
    expect(body.verdict).toBe('human');
  });

  it('answers with the engine alone when the scorer returns HTTP 500', async () => {
    scorer.respond = { status: 500, body: { object: 'error', message: 'CUDA out of memory' } };
    const res = await post(t.app, URL, { text: TEXT });
    expect(res.statusCode).toBe(200);
    expect(scorer.calls).toHaveLength(1);
    expectEngineAlone(json(res));
  });

  it('answers with the engine alone when the scorer times out', async () => {
    // a valid answer, but after the 400 ms time-out
    scorer.respond = { status: 200, body: MODE, delayMs: 1500 };
    const started = Date.now();
    const res = await post(t.app, URL, { text: TEXT });
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(scorer.calls).toHaveLength(1);
    expectEngineAlone(json(res));
  });

  it('answers with the engine alone when the scorer answers malformed JSON', async () => {
    scorer.respond = { status: 200, body: '{"choices": [{"logprobs": ' };
    const res = await post(t.app, URL, { text: TEXT });
    expect(res.statusCode).toBe(200);
    expect(scorer.calls).toHaveLength(1);
    expectEngineAlone(json(res));
  });

  it('answers with the engine alone when the JSON lacks prompt log-probabilities', async () => {
    // what a server gives that ignores echo/logprobs
    scorer.respond = { status: 200, body: { choices: [{ index: 0, text: ' the', logprobs: null, finish_reason: 'length' }] } };
    const res = await post(t.app, URL, { text: TEXT });
    expect(res.statusCode).toBe(200);
    expect(scorer.calls).toHaveLength(1);
    expectEngineAlone(json(res));
  });
});

describe('neural scorer behind the commercial providers', () => {
  let gptzero: FakeProvider;
  let scorer: FakeProvider;
  let t: TestApp;

  beforeAll(async () => {
    gptzero = await startProvider({ status: 200, body: {} });
    scorer = await startProvider({ status: 200, body: MODE });
    t = await createTestApp({
      GPTZERO_API_KEY: 'gz-key',
      GPTZERO_API_URL: gptzero.url,
      DETECTION_PROVIDER_TIMEOUT_MS: '800',
      DETECTOR_SCORER_URL: `${scorer.url}/v1/`,
      DETECTOR_SCORER_MODEL: MODEL,
    });
  });
  afterEach(() => {
    gptzero.calls.length = 0;
    scorer.calls.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await gptzero.close();
    await scorer.close();
  });

  it('is not asked when a provider answered', async () => {
    gptzero.respond = { status: 200, body: { documents: [{ class_probabilities: { ai: 0.91 } }] } };
    const body = json(await post(t.app, URL, { text: TEXT }));
    expect(body.engine).toBe('gptzero');
    expect(body.provider).toBe('gptzero');
    expect(body.scorer).toBeNull();
    expect(body.score).toBe(0.91);
    expect(scorer.calls).toHaveLength(0);
  });

  it('is asked when every provider failed, without an Authorization header when no key is set', async () => {
    gptzero.respond = { status: 503, body: { error: 'down' } };
    const body = json(await post(t.app, URL, { text: TEXT }));
    expect(gptzero.calls).toHaveLength(1);
    expect(scorer.calls).toHaveLength(1);
    expect(scorer.calls[0].path).toBe('/v1/completions');
    expect(scorer.calls[0].body.logprobs).toBe(10);
    expect(scorer.calls[0].headers.authorization).toBeUndefined();
    expect(body.engine).toBe('veritext+scorer');
    expect(body.provider).toBe('veritext');
    expect(body.bands).toEqual(ENGINE_BANDS);
  });
});
