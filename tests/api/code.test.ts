import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llmUsage } from '../../src/db/schema';
import { createTestApp, json, post, register, type TestApp } from '../helpers/app';
import { startLlm, type FakeLlm } from '../helpers/llm-server';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/code/${name}.txt`, import.meta.url), 'utf8');
const PY = fixture('word_stats.py');
const GO = fixture('ratelimit.go');

function sseEvents(body: string) {
  return body
    .trim()
    .split('\n\n')
    .map((block) => ({ event: /event: (\w+)/.exec(block)![1], data: JSON.parse(/data: (.*)/.exec(block)![1]) }));
}

describe('code explainer, offline (no language model)', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await register(t.app);
  });
  afterAll(() => t.close());

  it('detects the language and answers the outline, imports, complexity, line counts and walk-through', async () => {
    const res = await post(t.app, '/api/tools/code-explainer', { text: PY }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = json(res);
    expect(body).toMatchObject({ language: 'python', languageName: 'Python', engine: 'offline', syntaxErrors: 0 });
    expect(body.detection.method).toBe('content');
    expect(body.lines).toEqual({ total: 62, code: 49, comment: 0, blank: 13 });
    expect(body.imports.map((i: { source: string }) => i.source)).toEqual(['argparse', 're', 'collections', 'dataclasses', 'pathlib']);
    expect(body.symbols.map((s: { kind: string; name: string }) => `${s.kind} ${s.name}`)).toEqual([
      'class Stats',
      'function tokenize',
      'function analyse',
      'function main',
    ]);
    expect(body.complexity.mostComplex).toMatchObject({ complexity: 5 });
    expect(body.walkthrough.join(' ')).toContain('This is a Python file of 62 lines');
  });

  it('takes the language from the file name, and a hint over both', async () => {
    let body = json(await post(t.app, '/api/tools/code-explainer', { text: GO, filename: 'limiter.go' }, { cookie }));
    expect(body).toMatchObject({ language: 'go', detection: { method: 'extension' } });
    // methods declared with a receiver are listed under their struct
    const limiter = body.symbols.find((s: { name: string }) => s.name === 'Limiter');
    expect(limiter.children.map((c: { name: string }) => c.name)).toEqual(['Allow', 'Sweep']);
    body = json(await post(t.app, '/api/tools/code-explainer', { text: 'x = 1\n', language: 'ruby', filename: 'a.py' }, { cookie }));
    expect(body).toMatchObject({ language: 'ruby', detection: { method: 'hint' } });
  });

  it('refuses bad input with a 4xx and a message, never a 500', async () => {
    let res = await post(t.app, '/api/tools/code-explainer', { text: '   ' }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(json(res).error.code).toBe('validation_failed');
    res = await post(t.app, '/api/tools/code-explainer', { text: PY, language: 'cobol' }, { cookie });
    expect(res.statusCode).toBe(400);
    res = await post(t.app, '/api/tools/code-explainer', { text: 'x'.repeat(100_001) }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(json(res).error.message).toMatch(/too long/);
    res = await post(t.app, '/api/tools/code-explainer', { text: 42 }, { cookie });
    expect(res.statusCode).toBe(400);
  });

  it('says so when it cannot tell the language, or has no grammar for it (422)', async () => {
    let res = await post(t.app, '/api/tools/code-explainer', { text: 'The quick brown fox jumps over the lazy dog.' }, { cookie });
    expect(res.statusCode).toBe(422);
    expect(json(res).error).toMatchObject({ code: 'unprocessable', message: expect.stringMatching(/Choose the language/) });
    res = await post(t.app, '/api/tools/code-explainer', { text: '#!/bin/bash\nfor f in *.txt; do\n  wc -l "$f"\ndone\n' }, { cookie });
    expect(res.statusCode).toBe(422);
    expect(json(res).error.message).toMatch(/shell/);
  });

  it('the model modes answer 503 llm_not_configured, before anything is charged', async () => {
    // blank input is a 400 even there
    expect((await post(t.app, '/api/tools/code-explainer/prose', { text: ' \n ' }, { cookie })).statusCode).toBe(400);
    for (const [url, payload] of [
      ['/api/tools/code-generator', { text: 'A function that reverses a string', language: 'Python' }],
      ['/api/tools/code-explainer/prose', { text: PY }],
    ] as const) {
      const res = await post(t.app, url, payload, { cookie });
      expect(res.statusCode, url).toBe(503);
      expect(json(res).error.code).toBe('llm_not_configured');
    }
    // the offline explainer still works on the same server
    expect((await post(t.app, '/api/tools/code-explainer', { text: PY }, { cookie })).statusCode).toBe(200);
  });

  it('explains for a visitor too (no login needed)', async () => {
    const res = await post(t.app, '/api/tools/code-explainer', { text: 'def add(a, b):\n    return a + b\n' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).symbols[0]).toMatchObject({ kind: 'function', name: 'add', params: ['a', 'b'], complexity: 1 });
  });
});

describe('code generator and prose explainer with a language model', () => {
  let t: TestApp;
  let llm: FakeLlm;
  let cookie: string;
  beforeAll(async () => {
    llm = await startLlm({ status: 200, content: '```python\ndef reverse(s):\n    return s[::-1]\n```' });
    t = await createTestApp({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'test-model', LLM_TIMEOUT_MS: '1500' });
    cookie = await register(t.app);
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it('generates code in the chosen language from the description, without the fence, and records the tokens', async () => {
    llm.reply = { status: 200, content: '```python\ndef reverse(s):\n    return s[::-1]\n```' };
    const res = await post(t.app, '/api/tools/code-generator', { text: 'A function that reverses a string', language: 'Python' }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ output: 'def reverse(s):\n    return s[::-1]', engine: 'test-model', language: 'Python' });
    const sent = llm.requests.at(-1)!.messages;
    expect(sent[0].content).toMatch(/Write Python code/);
    expect(sent[1].content).toContain('A function that reverses a string');
    const rows = await t.ctx.db.select().from(llmUsage).where(eq(llmUsage.tool, 'code-generator'));
    expect(rows.at(-1)).toMatchObject({ model: 'test-model', totalTokens: 18 });
  });

  it('streams the generated code as server-sent events, then the full answer', async () => {
    llm.reply = { status: 200, content: 'fn main() {\n    println!("hi");\n}' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tools/code-generator',
      payload: { text: 'Print hi', language: 'Rust' },
      headers: { cookie, accept: 'text/event-stream' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/event-stream/);
    const events = sseEvents(res.body);
    const deltas = events.filter((e) => e.event === 'delta').map((e) => e.data.text);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('fn main() {\n    println!("hi");\n}');
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { output: 'fn main() {\n    println!("hi");\n}', language: 'Rust', engine: 'test-model' } });
    expect(llm.requests.at(-1)!.stream).toBe(true);
  });

  it('explains in prose with the code and the parser outline in the prompt', async () => {
    llm.reply = { status: 200, content: 'This module counts words in text files.' };
    const res = await post(t.app, '/api/tools/code-explainer/prose', { text: GO, filename: 'ratelimit.go' }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ output: 'This module counts words in text files.', engine: 'test-model', language: 'Go' });
    const [system, user] = llm.requests.at(-1)!.messages;
    expect(system.content).toMatch(/The code is Go\./);
    expect(user.content).toContain('<code>\n' + GO);
    expect(user.content).toMatch(/- method Allow\(key, now\), lines 42-56/);
  });

  it('explains in prose even a language the parser has no grammar for', async () => {
    llm.reply = { status: 200, content: 'A loop over text files.' };
    const res = await post(t.app, '/api/tools/code-explainer/prose', { text: '#!/bin/bash\nfor f in *.txt; do wc -l "$f"; done\n' }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ output: 'A loop over text files.', language: null });
    expect(llm.requests.at(-1)!.messages[1].content).not.toContain('<outline');
  });

  it('a failing model is a clear 502, an empty description a 400', async () => {
    llm.reply = { status: 200, raw: '{not json' };
    let res = await post(t.app, '/api/tools/code-generator', { text: 'Sort a list', language: 'Go' }, { cookie });
    expect(res.statusCode).toBe(502);
    expect(json(res).error).toMatchObject({ code: 'upstream_failed', message: expect.stringMatching(/could not be generated/) });
    res = await post(t.app, '/api/tools/code-generator', { text: '', language: 'Go' }, { cookie });
    expect(res.statusCode).toBe(400);
    res = await post(t.app, '/api/tools/code-generator', { text: 'Sort a list', language: 'Brainfuck' }, { cookie });
    expect(res.statusCode).toBe(400);
  });
});
