import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { OPENAPI_PATH, openApiPath, type OpenApiDocument, type Operation } from '../../src/server/openapi';
import { createUser } from '../../src/server/services/users';
import type { ToolRouteInfo } from '../../src/server/tool-route';
import { ApiMeResponse } from '../../src/shared/api/public-api';
import { SttJobView } from '../../src/shared/api/stt';
import { findTool } from '../../src/shared/catalogue';
import { cookieFrom, createTestApp, json, login, post, uniqueUser, type TestApp } from '../helpers/app';
import { textImage } from '../helpers/caption-images';
import { jpegOnce, renderScene } from '../helpers/deepfake-images';
import { startLlm, type FakeLlm } from '../helpers/llm-server';
import { multipartBody } from '../helpers/provider-servers';

/**
 * The OpenAPI document of /api/v1 (src/server/openapi.ts): valid in shape, complete (every /api/v1 route the app
 * registered is in it), and true (real answers of the API, called with a key, match the document's schemas and the
 * tools' zod output schemas). JSON Schema validation is ajv's (draft 2020-12, the dialect of OpenAPI 3.1).
 */

type Doc = OpenApiDocument;
let address = 0;

async function document(t: TestApp): Promise<Doc> {
  const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(res.statusCode, res.body).toBe(200);
  return json<Doc>(res);
}

/** A Pro account with an API key (created the way a user does: logged in, under /account). */
async function proKey(t: TestApp): Promise<string> {
  const u = uniqueUser('openapi');
  await createUser(t.ctx.db, { ...u, role: 'pro' });
  const res = await login(t.app, u.email, u.password, `10.77.0.${++address}`);
  expect(res.statusCode, res.body).toBe(200);
  const created = await post(t.app, '/api/user/api-keys', { name: 'openapi test' }, { cookie: cookieFrom(res) });
  expect(created.statusCode, created.body).toBe(201);
  return json(created).key;
}

/** A JSON Pointer into the document, as a URI fragment ajv resolves. */
function pointer(...tokens: string[]): string {
  return `openapi.json#/${tokens.map((t) => encodeURIComponent(t.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}`;
}

function validator(doc: Doc) {
  // strict off: the document's own keywords (openapi, paths, x-…) sit around the schemas
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema(doc, 'openapi.json', undefined, false);
  return (ref: string, body: unknown): string[] => {
    const validate = ajv.getSchema(ref);
    if (!validate) throw new Error(`no schema at ${ref}`);
    return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
  };
}

const okSchema = (path: string, method = 'post', type = 'application/json') =>
  pointer('paths', openApiPath(path), method, 'responses', '200', 'content', type, 'schema');
const ERROR_SCHEMA = 'openapi.json#/components/schemas/Error';

function operations(doc: Doc): [string, string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => [path, method, op] as [string, string, Operation]));
}

const jsonExample = (op: Operation) => (op.requestBody as { content: Record<string, { example?: unknown }> }).content['application/json']?.example;

function call(t: TestApp, key: string, url: string, payload: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url, payload: payload as never, headers: { authorization: `Bearer ${key}`, ...headers } });
}

function upload(t: TestApp, key: string, url: string, file: { name: string; content: Buffer; type: string }, fields: Record<string, string> = {}) {
  const mp = multipartBody(file, fields);
  return t.app.inject({ method: 'POST', url, payload: mp.payload, headers: { ...mp.headers, authorization: `Bearer ${key}` } });
}

/** The answer matches the tool's zod output schema and the document's schema for its path. */
function expectMatches(doc: Doc, check: ReturnType<typeof validator>, info: ToolRouteInfo, res: LightMyRequestResponse): void {
  expect(res.statusCode, `${info.v1Path}: ${res.body.slice(0, 300)}`).toBe(200);
  const body = json(res);
  const parsed = info.output!.safeParse(body);
  expect(parsed.success, `${info.v1Path} against its zod output: ${parsed.error ? z.prettifyError(parsed.error) : ''}`).toBe(true);
  expect(check(okSchema(info.v1Path), body), `${info.v1Path} against the document`).toEqual([]);
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Doc;
  let check: ReturnType<typeof validator>;
  let key: string;
  const live = () => t.app.toolRoutes.filter((i) => findTool(i.tool)?.live);
  const infoOf = (v1Path: string) => t.app.toolRoutes.find((i) => i.v1Path === v1Path)!;

  beforeAll(async () => {
    t = await createTestApp({ API_RATE_LIMIT_PER_MINUTE: '1000' });
    doc = await document(t);
    check = validator(doc);
    key = await proKey(t);
  }, 120_000);
  afterAll(() => t?.close());

  it('is served publicly, cached, without a key or a cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    // built once: the same bytes every time
    expect((await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).body).toBe(res.body);
  });

  it('is OpenAPI 3.1 in shape: version, info, paths, components, bearer security, unique operation ids, refs that resolve', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.servers[0]!.url).toBe(t.ctx.origin);
    expect(doc.components.securitySchemes).toEqual({ bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }) });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(10);
    const ids = ops.map(([, , op]) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tagNames = new Set(doc.tags.map((tag) => tag.name));
    for (const [path, method, op] of ops) {
      expect(['get', 'post', 'delete'], `${method} ${path}`).toContain(method);
      expect(path, 'OpenAPI path templates, not Fastify params').not.toMatch(/:/);
      expect(op.summary.length, `${path} summary`).toBeGreaterThan(0);
      expect(
        Object.keys(op.responses as object).some((status) => ['200', '201', '204'].includes(status)),
        `${path}: a success response`,
      ).toBe(true);
      for (const tag of op.tags) expect(tagNames, `${path} tag ${tag}`).toContain(tag);
    }
    // every $ref points at something in the document
    const text = JSON.stringify(doc);
    for (const [, ref] of text.matchAll(/"\$ref":"#\/([^"]+)"/g)) {
      const target = ref!.split('/').reduce<unknown>((node, token) => (node as Record<string, unknown>)?.[token.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
      expect(target, `#/${ref}`).toBeDefined();
    }
    // every schema in it compiles as JSON Schema 2020-12
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema(doc, 'openapi.json', undefined, false);
    for (const [path, method, op] of ops) {
      for (const [status, r] of Object.entries(op.responses as Record<string, { content?: Record<string, { schema?: unknown }> }>)) {
        for (const type of Object.keys(r.content ?? {}))
          expect(() => ajv.getSchema(pointer('paths', path, method, 'responses', status, 'content', type, 'schema'))).not.toThrow();
      }
    }
  });

  it('holds every /api/v1 route the app registered, and every live tool with its input and output schemas', () => {
    const v1 = t.app.routeAccess.filter((r) => r.url.startsWith('/api/v1/'));
    expect(v1.length).toBeGreaterThan(10);
    const missing = v1.filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    // and nothing that is not served
    const served = new Set(v1.map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`));
    expect(operations(doc).filter(([path, method]) => !served.has(`${method} ${path}`))).toEqual([]);

    for (const info of live()) {
      const op = doc.paths[info.v1Path]?.post;
      expect(op, info.v1Path).toBeDefined();
      expect(info.output, `${info.path} declares its answer's schema (output)`).toBeDefined();
      const tool = findTool(info.tool)!;
      expect(op!['x-tool']).toBe(tool.id);
      expect(op!.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
      for (const status of ['400', '401', '403', '413', '422', '429', '503']) expect(op!.responses, `${info.v1Path} ${status}`).toHaveProperty(status);
      const content = (op!.requestBody as { content: Record<string, unknown> }).content;
      expect(Object.keys(content)).toEqual(info.upload ? ['multipart/form-data'] : ['application/json', 'multipart/form-data']);
      // the answer's schema is the zod schema's, as z.toJSONSchema writes it (the document only drops $schema and
      // the safe-integer bounds; recursive parts are moved to components)
      const documented = (op!.responses as Record<string, { content: Record<string, { schema: unknown }> }>)['200']!.content['application/json']!.schema;
      expect(JSON.stringify(documented)).not.toContain('$defs');
      const generated = z.toJSONSchema(info.output!, { io: 'output' }) as { properties: Record<string, unknown> };
      expect(Object.keys((documented as { properties: object }).properties)).toEqual(Object.keys(generated.properties));
    }
  });

  it('says which endpoints need a language model and which stream', () => {
    expect(doc.paths['/api/v1/tools/text-expander']!.post!['x-needs-language-model']).toBe('always');
    expect(doc.paths['/api/v1/tools/text-expander']!.post!.description).toMatch(/none configured.*llm_not_configured/);
    expect(doc.paths['/api/v1/tools/seo-meta-description']!.post!['x-needs-language-model']).toBe('options');
    expect(doc.paths['/api/v1/tools/seo-meta-description']!.post!.description).toContain('`mode: "generate"` needs a language model');
    expect(doc.paths['/api/v1/tools/content-detector']!.post!['x-needs-language-model']).toBeUndefined();
    expect(doc.paths['/api/v1/tools/ai-humanizer']!.post!['x-streams']).toBe('with-language-model');
    expect(doc.paths['/api/v1/tools/text-to-speech']!.post!['x-streams']).toBe('always');
    // the same as the catalogue says, tool by tool: 'always' on every endpoint, 'partly' on some
    for (const info of live()) {
      const tool = findTool(info.tool)!;
      const mark = doc.paths[info.v1Path]!.post!['x-needs-language-model'];
      if (tool.needsModel === 'always') expect(mark, info.v1Path).toBe('always');
      if (!tool.needsModel && !['seo_score_analyzer', 'keyword_extractor', 'hashtag_generator'].includes(tool.id)) expect(mark, info.v1Path).toBeUndefined();
    }
    for (const tool of [findTool('code_explainer')!, findTool('essay_writer')!, findTool('meta_description_generator')!]) {
      expect(tool.needsModel).toBe('partly');
      const marks = live()
        .filter((i) => i.tool === tool.id)
        .map((i) => doc.paths[i.v1Path]!.post!['x-needs-language-model']);
      expect(
        marks.some((m) => m !== undefined),
        tool.id,
      ).toBe(true);
    }
    const sse = (doc.paths['/api/v1/tools/ai-humanizer']!.post!.responses as Record<string, { content: Record<string, unknown> }>)['200']!.content;
    expect(Object.keys(sse)).toEqual(['application/json', 'text/event-stream']);
  });

  it('answers every offline text tool with a body that matches its schemas, for the example request of the document', async () => {
    let ran = 0;
    for (const info of live()) {
      const op = doc.paths[info.v1Path]!.post!;
      if (info.upload || op['x-needs-language-model'] === 'always') continue;
      const res = await call(t, key, info.v1Path, jsonExample(op));
      expectMatches(doc, check, info, res);
      // the rate headers the document promises
      for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(res.headers[h], `${info.v1Path} ${h}`).toMatch(/^\d+$/);
      ran++;
    }
    expect(ran).toBeGreaterThanOrEqual(12);
  }, 240_000);

  it('answers a text tool given a file with the extracted text, as documented', async () => {
    const info = infoOf('/api/v1/tools/keyword-extractor');
    const res = await upload(t, key, info.v1Path, {
      name: 'notes.txt',
      content: Buffer.from('Solar panels on school roofs cut energy bills. Solar panels also teach.'),
      type: 'text/plain',
    });
    expectMatches(doc, check, info, res);
    expect(json(res).text).toContain('Solar panels');
  }, 60_000);

  it('answers the image tools (multipart) with bodies that match their schemas', async () => {
    const caption = infoOf('/api/v1/tools/image-caption-generator');
    const sign = (await textImage('OPEN', { size: 72, width: 400 })).bytes;
    expectMatches(doc, check, caption, await upload(t, key, caption.v1Path, { name: 'sign.png', content: sign, type: 'image/png' }, { style: 'detailed' }));
    const deepfake = infoOf('/api/v1/tools/deepfake-detector');
    const photo = await jpegOnce(await renderScene(7, 320, 240), 90);
    expectMatches(doc, check, deepfake, await upload(t, key, deepfake.v1Path, { name: 'photo.jpg', content: photo, type: 'image/jpeg' }));
  }, 180_000);

  it('answers speech to text with a job, and the job with its transcript, as documented (or 503 without the recogniser)', async () => {
    const stt = infoOf('/api/v1/tools/speech-to-text');
    const speech = json(await call(t, key, '/api/v1/tools/text-to-speech', { text: 'The weather is fine today.', format: 'wav' }));
    const res = await upload(t, key, stt.v1Path, { name: 'speech.wav', content: Buffer.from(speech.audio, 'base64'), type: 'audio/wav' });
    if (res.statusCode === 503) {
      // this machine has no PocketSphinx: the documented refusal, in the documented error shape
      expect(json(res).error.code).toBe('not_configured');
      expect(check(ERROR_SCHEMA, json(res))).toEqual([]);
      return;
    }
    expectMatches(doc, check, stt, res);
    const jobUrl = `/api/v1/jobs/${json(res).jobId}`;
    let job: { status: string } = { status: 'running' };
    for (let i = 0; i < 120 && job.status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      const polled = await t.app.inject({ method: 'GET', url: jobUrl, headers: { authorization: `Bearer ${key}` } });
      expect(polled.statusCode, polled.body).toBe(200);
      job = json(polled);
      expect(check(okSchema('/api/v1/jobs/:id', 'get'), job)).toEqual([]);
      expect(SttJobView.safeParse(job).success).toBe(true);
    }
    expect(job.status).toBe('done');
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/jobs?tool=speech_to_text', headers: { authorization: `Bearer ${key}` } });
    expect(check(okSchema('/api/v1/jobs', 'get'), json(list))).toEqual([]);
  }, 120_000);

  it('answers /api/v1/me as documented', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${key}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(ApiMeResponse.safeParse(json(res)).success).toBe(true);
    expect(check(okSchema('/api/v1/me', 'get'), json(res))).toEqual([]);
  });

  it('answers the resume export with the documented file, for the example request of the document', async () => {
    const op = doc.paths['/api/v1/tools/resume-writer/export']!.post!;
    const res = await call(t, key, '/api/v1/tools/resume-writer/export', jsonExample(op));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const documented = Object.keys((op.responses as Record<string, { content: object }>)['200']!.content);
    expect(documented).toContain(String(res.headers['content-type']));
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }, 60_000);

  it('answers errors in the documented error shape and status', async () => {
    const noKey = await t.app.inject({ method: 'POST', url: '/api/v1/tools/content-detector', payload: { text: 'x' } });
    expect(noKey.statusCode).toBe(401);
    expect(check(ERROR_SCHEMA, json(noKey))).toEqual([]);
    const invalid = await call(t, key, '/api/v1/tools/content-detector', { text: 42 });
    expect(invalid.statusCode).toBe(400);
    expect(check(ERROR_SCHEMA, json(invalid))).toEqual([]);
    // a tool that needs a language model on a server without one: skipped with its reason, in the documented shape
    for (const [path, , op] of operations(doc)) {
      if (op['x-needs-language-model'] !== 'always') continue;
      const res = await call(t, key, path, jsonExample(op));
      expect(res.statusCode, `${path}: ${res.body}`).toBe(503);
      expect(json(res).error.code).toBe('llm_not_configured');
      expect(check(ERROR_SCHEMA, json(res))).toEqual([]);
      expect(op.responses).toHaveProperty('503');
    }
  }, 60_000);
});

describe('the OpenAPI document, with a language model', () => {
  let t: TestApp;
  let llm: FakeLlm;
  let doc: Doc;
  let check: ReturnType<typeof validator>;
  let key: string;

  beforeAll(async () => {
    llm = await startLlm({ status: 200, content: 'A plain answer.' });
    t = await createTestApp({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'test-model', LLM_TIMEOUT_MS: '5000', API_RATE_LIMIT_PER_MINUTE: '1000' });
    doc = await document(t);
    check = validator(doc);
    key = await proKey(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  /** What the fake model answers for each tool whose answer is parsed from the model's text. */
  const REPLIES: Record<string, string> = {
    '/api/v1/tools/resume-writer/rewrite-bullets': 'Wrote the weekly sales report read by 12 managers\nAnswered customer orders within a day',
    '/api/v1/tools/seo-score-analyzer/suggestions':
      'Title: Free public transport: who pays and who gains\nMeta description: Free buses and trams cut traffic and help low-income riders. Here is what cities that tried it found, and what it costs.',
  };

  it('says the model is configured, and answers every tool that needs it with a body that matches its schemas', async () => {
    const needs = operations(doc).filter(([, , op]) => op['x-needs-language-model'] === 'always');
    expect(needs.length).toBeGreaterThanOrEqual(6);
    for (const [path, , op] of needs) {
      expect(op.description).toContain('This server has one configured.');
      llm.reply = { status: 200, content: REPLIES[path] ?? 'A plain answer from the model, two sentences long. It is enough.' };
      const info = t.app.toolRoutes.find((i) => i.v1Path === path)!;
      expectMatches(doc, check, info, await call(t, key, path, jsonExample(op)));
    }
  }, 120_000);

  it('streams: the done event carries the documented answer', async () => {
    llm.reply = { status: 200, content: 'Short notes turned into a fuller paragraph.' };
    const info = t.app.toolRoutes.find((i) => i.v1Path === '/api/v1/tools/text-expander')!;
    const op = doc.paths[info.v1Path]!.post!;
    const res = await call(t, key, info.v1Path, jsonExample(op), { accept: 'text/event-stream' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = res.body
      .split('\n\n')
      .filter(Boolean)
      .map((block) => ({ event: /^event: (\w+)/m.exec(block)![1], data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) }));
    expect(events.some((e) => e.event === 'delta')).toBe(true);
    const done = events.find((e) => e.event === 'done')!;
    expect(info.output!.safeParse(done.data).success).toBe(true);
    expect(check(okSchema(info.v1Path), done.data)).toEqual([]);
  }, 60_000);
});
