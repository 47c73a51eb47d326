import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, post, register, type TestApp } from '../helpers/app';

describe('POST /api/tools/grammar-fixer', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await register(t.app);
  }, 120_000);
  afterAll(() => t.close());

  it('returns issues with offsets and the corrected text, labelled offline', async () => {
    const text = 'I will see you tomorow and eat a apple.';
    const res = await post(t.app, '/api/tools/grammar-fixer', { text }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.engine).toBe('offline');
    expect(body.corrected).toBe('I will see you tomorrow and eat an apple.');
    expect(body.output).toBe(body.corrected);
    expect(body.wordsBefore).toBe(9);
    expect(body.wordsAfter).toBe(9);
    const flagged = body.issues.map((i: { start: number; end: number }) => text.slice(i.start, i.end));
    expect(flagged).toEqual(['tomorow', 'a']);
    for (const i of body.issues) expect(i.suggestions.length).toBeGreaterThan(0);
  }, 120_000);

  it('works for anonymous visitors too', async () => {
    const res = await post(t.app, '/api/tools/grammar-fixer', { text: 'This sentence is fine.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).issues).toEqual([]);
  });

  it('refuses empty text and a wrong type with a 400', async () => {
    const empty = await post(t.app, '/api/tools/grammar-fixer', { text: '   ' }, { cookie });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).error.code).toBe('validation_failed');
    const wrong = await post(t.app, '/api/tools/grammar-fixer', { text: 42 }, { cookie });
    expect(wrong.statusCode).toBe(400);
  });

  it('applies the word limit', async () => {
    const res = await post(t.app, '/api/tools/grammar-fixer', { text: 'w '.repeat(20_000) });
    expect(res.statusCode).toBe(413);
    expect(json(res).error.code).toBe('word_limit_exceeded');
  });
});
