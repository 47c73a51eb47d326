/**
 * npm run test:fuzz — every /api route, read from the app itself (app.routeAccess), gets hostile inputs, anonymously
 * and as a logged-in admin: bad bodies, queries and path parameters derived from its zod contract (random JSON where
 * it has none), and for the routes that read a tool input also malformed multipart, a zip-bomb .docx, a many-page
 * PDF and texts that once made the engines super-linear. Each request must answer without a 5xx (503 excepted),
 * within its time budget, while GET /api/health keeps answering within 1 s, and the server must survive it.
 *
 * FUZZ_COUNT bounds the generated cases per route, input kind and identity (default 10: under a minute on 2 cores when every route is sound);
 * FUZZ_SEED picks another deterministic sample; FUZZ_ROUTES (a regular expression) fuzzes only the matching routes. The hostile files and texts are always sent.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/server/access';
import { createTestApp } from '../helpers/app';
import {
  describe as describeResult,
  FuzzTarget,
  REQUEST_BUDGET_MS,
  summarise,
  type CaseResult,
  type FuzzCase,
  type FuzzRequest,
} from '../helpers/fuzz-harness';
import {
  bodyMutations,
  hashSeed,
  HOSTILE_TEXTS,
  hostileFiles,
  jsonSchemaOf,
  malformedMultipart,
  multipartBody,
  paramMutations,
  prng,
  queryMutations,
  sampleOf,
  type Mutation,
  type Payload,
} from '../helpers/fuzz-inputs';
import { CONTRACTS, PARAM_VALUES } from './contracts';

const SEED = Number(process.env.FUZZ_SEED ?? 14);
const COUNT = Math.max(1, Number(process.env.FUZZ_COUNT ?? 10));
const WHO = ['anonymous', 'admin'] as const;
/** The public API takes a key, never a session: its routes are fuzzed anonymously and with an Agency account's key. */
const WHO_V1 = ['anonymous', 'apikey'] as const;
/** FUZZ_ROUTES: a regular expression on 'METHOD /path' to fuzz only some routes (to replay a failure). */
const ONLY = process.env.FUZZ_ROUTES ? new RegExp(process.env.FUZZ_ROUTES) : null;

// The routes of the app as built (a route added tomorrow is fuzzed without editing this file).
const routes: RouteEntry[] = await (async () => {
  const t = await createTestApp();
  try {
    return [...t.app.routeAccess];
  } finally {
    await t.close();
  }
})();

const keyOf = (r: RouteEntry) => `${r.method} ${r.url}`;

function toRequest(method: string, path: string, payload: Payload | null): FuzzRequest {
  if (!payload) return { method, path };
  if (payload.kind === 'json') return { method, path, headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload.value) };
  return { method, path, headers: payload.contentType ? { 'content-type': payload.contentType } : {}, body: payload.body };
}

/** The inputs for one route (each is then sent by every identity). */
async function inputsFor(entry: RouteEntry): Promise<{ label: string; request: FuzzRequest }[]> {
  const key = keyOf(entry);
  const contract = CONTRACTS[key] ?? {};
  const rng = prng(hashSeed(SEED, key));
  const params = [...entry.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const path = (over: Record<string, string> = {}) =>
    entry.url.replace(/:(\w+)/g, (_m, name: string) => over[name] ?? PARAM_VALUES[key] ?? (name === 'id' ? randomUUID() : 'fuzz'));
  const hasBody = entry.method !== 'GET' && entry.method !== 'HEAD';
  const bodySchema = contract.body ? jsonSchemaOf(contract.body) : null;
  const validBody: Payload | null = hasBody ? { kind: 'json', value: bodySchema ? sampleOf(bodySchema) : {} } : null;
  const out: { label: string; request: FuzzRequest }[] = [];

  if (hasBody) {
    const all = bodyMutations(bodySchema, rng);
    const sampled = rng.shuffle(all).slice(0, COUNT);
    // NUL bytes in every field, whatever the sample: PostgreSQL refuses them in text, so each field must be checked.
    const always = all.filter((m) => m.label.endsWith(' = NUL bytes') && !sampled.includes(m));
    for (const m of [...sampled, ...always]) out.push({ label: m.label, request: toRequest(entry.method, path(), m.payload) });
  } else {
    const querySchema = contract.query ? jsonSchemaOf(contract.query) : null;
    for (const q of rng.shuffle(queryMutations(querySchema)).slice(0, COUNT))
      out.push({ label: q.label, request: toRequest(entry.method, `${path()}${q.query ? `?${q.query}` : ''}`, null) });
  }
  for (const name of params)
    for (const p of rng.shuffle(paramMutations(name)).slice(0, COUNT))
      out.push({ label: p.label, request: toRequest(entry.method, path({ [name]: p.value }), validBody) });

  if (contract.toolInput) {
    // The tool's other fields (e.g. the library's title and reference) go along, so only the hostile part differs.
    const base = (bodySchema ? sampleOf(bodySchema) : {}) as Record<string, unknown>;
    const fields = Object.fromEntries(Object.entries(base).filter(([k, v]) => k !== 'text' && typeof v === 'string')) as Record<string, string>;
    // A reference-library document must be new to be indexed: each hostile case gets its own reference.
    const own = <T extends Record<string, unknown>>(f: T, n: string): T => (typeof f.reference === 'string' ? { ...f, reference: `${f.reference}/${n}` } : f);
    const extra: Mutation[] = [...malformedMultipart(fields)];
    for (const file of await hostileFiles()) {
      const boundary = `fuzz${hashSeed(file.filename)}`;
      extra.push({
        label: `upload ${file.filename} (${Math.round(file.data.length / 1024)} KB)`,
        payload: { kind: 'raw', body: multipartBody(boundary, own(fields, file.filename), file), contentType: `multipart/form-data; boundary=${boundary}` },
      });
    }
    for (const [label, text] of HOSTILE_TEXTS) extra.push({ label: `text = ${label}`, payload: { kind: 'json', value: { ...own(base, label), text } } });
    for (const m of extra) out.push({ label: m.label, request: toRequest(entry.method, path(), m.payload) });
  }
  return out;
}

// Calls that may end or change the admin's session: a fresh one is minted after each.
const touchesSession = (entry: RouteEntry) => entry.method !== 'GET' && /^\/api\/(auth|user)\//.test(entry.url);

const target = new FuzzTarget();
const results: CaseResult[] = [];

beforeAll(async () => {
  await target.start();
}, 90_000);

afterAll(async () => {
  await target.stop();
  const uncontracted = routes.filter((r) => !CONTRACTS[keyOf(r)] && r.method !== 'GET').map(keyOf);
  const summary = summarise(results, target.restarts);
  console.log(`\n${summary}\n\nRoutes with a body but no contract (fuzzed with random JSON): ${uncontracted.join(', ') || 'none'}\n`);
  // Every case with its answer, for replaying and for the figures (the failures are the ones with problems).
  mkdirSync('test-results', { recursive: true });
  const rows = results.map((r) => ({
    route: r.fuzzCase.route,
    who: r.fuzzCase.who,
    input: r.fuzzCase.label,
    status: r.status,
    ms: Math.round(r.ms),
    healthMs: Math.round(r.healthMs),
    problems: r.problems,
    answer: r.detail.slice(0, 120),
  }));
  writeFileSync('test-results/fuzz-results.json', JSON.stringify(rows, null, 1));
});

describe('fuzz: every /api route survives hostile input', () => {
  it('reads the whole API from the app', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map(keyOf)).toEqual(expect.arrayContaining(['POST /api/tools/content-detector', 'POST /api/auth/login', 'PUT /api/admin/plans/:id']));
    // A contract for a route that no longer exists would silently stop fuzzing its successor.
    const known = new Set(routes.map(keyOf));
    expect(Object.keys(CONTRACTS).filter((k) => !known.has(k))).toEqual([]);
  });

  for (const entry of routes.filter((r) => !ONLY || ONLY.test(keyOf(r)))) {
    const contract = CONTRACTS[keyOf(entry)];
    // Generous: a broken route costs its budget plus a server restart per case; a sound one answers in milliseconds.
    const timeout = (contract?.toolInput ? 20 : 3) * COUNT * 2 * (REQUEST_BUDGET_MS + 15_000);
    it(
      keyOf(entry),
      async () => {
        const failures: CaseResult[] = [];
        for (const input of await inputsFor(entry)) {
          for (const who of entry.access === 'apikey' ? WHO_V1 : WHO) {
            const fuzzCase: FuzzCase = { route: keyOf(entry), who, label: input.label, request: input.request };
            const r = await target.run(fuzzCase);
            results.push(r);
            if (r.problems.length) failures.push(r);
            if (who === 'admin' && touchesSession(entry)) await target.renewAdminSession();
          }
        }
        expect(failures.map(describeResult)).toEqual([]);
      },
      timeout,
    );
  }
});
