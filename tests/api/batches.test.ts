import { and, eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchItems, batches, outbox, pendingCharges, scanHistory, subscriptions, usageCounters, usageEvents, users } from '../../src/db/schema';
import { configureEnginePool } from '../../src/server/engine-pool';
import { claimItems, completeItem } from '../../src/server/services/batch-queue';
import { processItem, runNext, type BatchLog } from '../../src/server/services/batch-runner';
import { createBatch } from '../../src/server/services/batches';
import { chargeableCharacters } from '../../src/server/services/metering';
import type { BatchView } from '../../src/shared/api/batches';
import { createTestApp, get, json, me, post, register, type TestApp } from '../helpers/app';
import { tinyDocx, tinyPdf } from '../helpers/provider-servers';
import { bombDocumentXml, buildZip } from '../helpers/zip';

/** Five short texts, one per document; long enough for the detector to give a verdict. */
const TEXTS = [
  'The bus was late again, so I walked the last mile in the rain and got to the meeting soaked. Nobody noticed, or they were too kind to say. We argued about the budget for an hour and agreed on nothing except that the coffee machine needs fixing before anything else happens in this office.',
  'My grandmother kept her recipes in a shoebox, written on the backs of envelopes and old bills. Half of them have no quantities at all, just a list of things and a note like "until it looks right". I have been trying to cook from them this winter with mixed success and a lot of flour on the floor.',
  'Our team tested three ways of sorting the returned parcels. The first was fast but lost track of damaged items; the second was careful and slow; the third mixed both and is what we use now. It is not perfect, and on Mondays the pile still reaches the window, but it is better than last year.',
  'The river froze for the first time in a decade, and the whole village went down to look at it. Children slid on the edges while their parents shouted at them to stay near the bank. By Sunday it had thawed again and the ducks were back, looking offended that anyone had taken their place.',
  'I learned to fix bicycles from a man who never explained anything. He would point at a part, then at a tool, and wait. After a month I could true a wheel; after a year I could hear what was wrong with a bike before it reached the door. He still does not explain anything, and I have stopped asking.',
];

interface FilePart {
  name: string;
  content: Buffer | string;
}

/** A multipart body with several files (all named `files`) and text fields. */
function multipart(files: FilePart[], fields: Record<string, string> = {}) {
  const boundary = `----batch${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="${f.name}"\r\ncontent-type: application/octet-stream\r\n\r\n`),
    );
    parts.push(Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const log: BatchLog = { info: () => {}, warn: () => {}, error: () => {} };

let t: TestApp;

async function account(role: 'free' | 'pro' | 'agency' = 'pro'): Promise<{ cookie: string; id: string; email: string }> {
  const cookie = await register(t.app);
  const { id, email } = json(await me(t.app, cookie)).user;
  await t.ctx.db.update(users).set({ role }).where(eq(users.id, id));
  return { cookie, id, email };
}

function upload(cookie: string, files: FilePart[], tool = 'content_detector', name?: string) {
  const mp = multipart(files, { tool, ...(name ? { name } : {}) });
  return t.app.inject({ method: 'POST', url: '/api/batches', payload: mp.payload, headers: { ...mp.headers, cookie } });
}

/** Run the queue until it is empty, as one worker. */
async function drain(worker = 'test-worker'): Promise<string[]> {
  const outcomes: string[] = [];
  for (let i = 0; i < 200; i++) {
    const outcome = await runNext(t.ctx, log, worker);
    if (outcome === null) return outcomes;
    outcomes.push(outcome);
  }
  throw new Error('the queue did not empty');
}

async function charactersUsed(userId: string): Promise<number> {
  const [row] = await t.ctx.db
    .select({ used: sql<number>`coalesce(sum(${usageCounters.used}), 0)::integer` })
    .from(usageCounters)
    .where(and(eq(usageCounters.userId, userId), eq(usageCounters.kind, 'characters')));
  return Number(row?.used ?? 0);
}

async function fiveFiles(): Promise<FilePart[]> {
  return [
    { name: 'one.txt', content: TEXTS[0] },
    { name: 'two.docx', content: await tinyDocx(TEXTS[1]) },
    { name: 'three.pdf', content: tinyPdf(TEXTS[2]) },
    {
      name: 'more.zip',
      content: buildZip([
        { name: 'folder/', data: '', store: true },
        { name: 'folder/four.txt', data: TEXTS[3] },
        { name: '__MACOSX/folder/._four.txt', data: 'resource fork' },
        { name: 'five.txt', data: TEXTS[4] },
      ]),
    },
  ];
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/batches → the queue → results', () => {
  it('runs five files (.txt, .docx, .pdf and a .zip of two) to the end, charges each document once, and e-mails the owner', async () => {
    const pro = await account('pro');
    const res = await upload(pro.cookie, await fiveFiles(), 'content_detector', 'Week 3 essays');
    expect(res.statusCode, res.body).toBe(201);
    const created: BatchView = json(res);
    expect(created).toMatchObject({ tool: 'content_detector', name: 'Week 3 essays', status: 'queued', total: 5, done: 0, failed: 0 });
    expect(created.items.map((i) => i.filename)).toEqual(['one.txt', 'two.docx', 'three.pdf', 'more.zip/folder/four.txt', 'more.zip/five.txt']);
    expect(created.items.every((i) => i.status === 'queued' && i.words > 40)).toBe(true);

    // the list shows it, and says the plan runs batches
    const list = json(await get(t.app, '/api/batches', pro.cookie));
    expect(list.allowed).toBe(true);
    expect(list.batches[0]).toMatchObject({ id: created.id, status: 'queued' });

    const outcomes = await drain();
    expect(outcomes).toEqual(['done', 'done', 'done', 'done', 'done']);

    const view: BatchView = json(await get(t.app, `/api/batches/${created.id}`, pro.cookie));
    expect(view).toMatchObject({ status: 'done', total: 5, done: 5, failed: 0 });
    expect(view.finishedAt).not.toBeNull();
    for (const item of view.items) {
      expect(item.status).toBe('done');
      expect(item.score).toBeGreaterThanOrEqual(0);
      expect(item.score).toBeLessThanOrEqual(1);
      expect(['ai', 'human', 'mixed', 'uncertain']).toContain(item.verdict);
      expect(item.verdictText).toBeTruthy();
      expect(item.error).toBeNull();
    }

    // one usage event per document, each charged its characters; the counter moved by exactly their sum
    const events = await t.ctx.db.select().from(usageEvents).where(eq(usageEvents.userId, pro.id));
    expect(events.filter((e) => e.tool === 'ai_content_detector' && e.status === 'ok')).toHaveLength(5);
    const rows = await t.ctx.db
      .select({ text: batchItems.text, completions: batchItems.completions })
      .from(batchItems)
      .where(eq(batchItems.batchId, created.id));
    expect(rows.every((r) => r.completions === 1)).toBe(true);
    expect(await charactersUsed(pro.id)).toBe(rows.reduce((n, r) => n + chargeableCharacters(r.text), 0));
    expect(await t.ctx.db.select().from(pendingCharges)).toHaveLength(0);

    // the owner is told once, with a link to the batch page
    const mail = await t.ctx.db.select().from(outbox).where(eq(outbox.to, pro.email));
    const done = mail.filter((m) => m.subject.includes('batch check is done'));
    expect(done).toHaveLength(1);
    expect(done[0].text).toContain(`/batch?id=${created.id}`);
    expect(done[0].text).toContain('5 of 5 documents checked');

    // the CSV: a header and one row per document, in upload order
    const csv = await get(t.app, `/api/batches/${created.id}/csv`, pro.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="batch-\d{4}-\d\d-\d\d-[0-9a-f]{8}\.csv"/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('filename,words,status,verdict,ai_score_percent,error');
    expect(lines).toHaveLength(6);
    view.items.forEach((item, i) => {
      const cells = lines[i + 1].split(',');
      expect(cells[0]).toBe(item.filename);
      expect(Number(cells[1])).toBe(item.words);
      expect(cells[2]).toBe('done');
      expect(lines[i + 1]).toContain(item.verdictText!.includes(',') ? `"${item.verdictText}"` : item.verdictText!);
      expect(Number(cells.at(-2))).toBe(Math.round(item.score! * 1000) / 10);
    });

    // the zip of PDF reports: one per document
    const zipRes = await t.app.inject({ method: 'GET', url: `/api/batches/${created.id}/reports.zip`, headers: { cookie: pro.cookie } });
    expect(zipRes.statusCode, zipRes.body.slice(0, 200)).toBe(200);
    expect(zipRes.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(zipRes.rawPayload);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(['01-one.pdf', '02-two.pdf', '03-three.pdf', '04-four.pdf', '05-five.pdf']);
    const pdf = await zip.file('01-one.pdf')!.async('nodebuffer');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  }, 60_000);

  it('refunds a document whose check fails, charges the others, and records why', async () => {
    const pro = await account('pro');
    const res = await upload(pro.cookie, [
      { name: 'ok.txt', content: TEXTS[0] },
      { name: 'fails.txt', content: TEXTS[1] },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = json(res);
    expect(await runNext(t.ctx, log, 'w')).toBe('done');
    // the engine stops every job at once: the check fails (a passing failure, so it is tried three times), refunded each time
    configureEnginePool({ budgetMs: 1 });
    try {
      expect(await drain()).toEqual(['released', 'released', 'failed']);
    } finally {
      configureEnginePool({ budgetMs: 20_000 });
    }
    const view: BatchView = json(await get(t.app, `/api/batches/${id}`, pro.cookie));
    expect(view).toMatchObject({ status: 'done', done: 1, failed: 1 });
    expect(view.items[1]).toMatchObject({ status: 'failed', score: null });
    expect(view.items[1].error?.code).toBe('service_unavailable');
    expect(view.items[1].error?.message).toContain('Nothing was charged');
    // charged for the first document only; the failed one's three runs are error events with nothing charged
    expect(await charactersUsed(pro.id)).toBe(chargeableCharacters(TEXTS[0]));
    const events = await t.ctx.db.select().from(usageEvents).where(eq(usageEvents.userId, pro.id));
    expect(events.filter((e) => e.status === 'ok')).toHaveLength(1);
    expect(events.filter((e) => e.status === 'error')).toHaveLength(3);
    expect(events.filter((e) => e.status === 'error').every((e) => e.chargedAllowance === 0 && e.chargedCredits === 0)).toBe(true);
  }, 60_000);

  it('fails the rest of a batch with a quota reason when the allowance runs out, charging nothing for them', async () => {
    const pro = await account('pro');
    // the plan's terms are copied onto the subscription: leave room for the first document only
    await t.app.inject({ method: 'GET', url: '/api/batches', headers: { cookie: pro.cookie } });
    await t.ctx.db
      .update(subscriptions)
      .set({ monthlyCharacters: chargeableCharacters(TEXTS[0]) + 10 })
      .where(eq(subscriptions.userId, pro.id));
    const res = await upload(
      pro.cookie,
      [0, 1, 2].map((i) => ({ name: `doc${i}.txt`, content: TEXTS[i] })),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await drain()).toEqual(['done', 'quota']);
    const view: BatchView = json(await get(t.app, `/api/batches/${json(res).id}`, pro.cookie));
    expect(view).toMatchObject({ status: 'done', done: 1, failed: 2 });
    for (const item of view.items.slice(1)) {
      expect(item.status).toBe('failed');
      expect(item.error?.code).toBe('quota');
      expect(item.error?.message).toMatch(/^Not checked: .*monthly characters.*Nothing was charged/);
    }
    expect(await charactersUsed(pro.id)).toBe(chargeableCharacters(TEXTS[0]));
  }, 60_000);

  it('marks unreadable, empty and over-limit documents failed at upload, never charged', async () => {
    const pro = await account('pro');
    const long = Array.from({ length: 10_050 }, (_, i) => `word${i % 50}`).join(' ');
    const res = await upload(pro.cookie, [
      { name: 'good.txt', content: TEXTS[0] },
      { name: 'empty.txt', content: '   \n  ' },
      { name: 'long.txt', content: long },
      { name: 'image.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) },
      { name: 'broken.docx', content: Buffer.from('PK\x03\x04 not really a zip') },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const view: BatchView = json(res);
    expect(view).toMatchObject({ total: 5, failed: 4, status: 'queued' });
    const byName = Object.fromEntries(view.items.map((i) => [i.filename, i]));
    expect(byName['good.txt'].status).toBe('queued');
    expect(byName['empty.txt'].error?.code).toBe('unprocessable');
    expect(byName['long.txt'].error?.code).toBe('word_limit_exceeded');
    expect(byName['long.txt'].error?.message).toContain('10,000');
    expect(byName['image.png'].error?.code).toBe('unsupported_media_type');
    expect(byName['broken.docx'].error?.code).toBe('unprocessable');
    for (const name of ['empty.txt', 'long.txt', 'image.png', 'broken.docx']) expect(byName[name].error?.message).toContain('Nothing was charged');
    await drain();
    expect(await charactersUsed(pro.id)).toBe(chargeableCharacters(TEXTS[0]));
  }, 60_000);

  it('checks a batch with the plagiarism checker: similarity and the top source in the CSV', async () => {
    const pro = await account('agency');
    const res = await upload(pro.cookie, [{ name: 'a.txt', content: TEXTS[2] }], 'plagiarism_checker');
    expect(res.statusCode, res.body).toBe(201);
    expect(await drain()).toEqual(['done']);
    const view: BatchView = json(await get(t.app, `/api/batches/${json(res).id}`, pro.cookie));
    expect(view.tool).toBe('plagiarism_checker');
    expect(view.items[0].similarity).toBeGreaterThanOrEqual(0);
    const csv = await get(t.app, `/api/batches/${json(res).id}/csv`, pro.cookie);
    expect(csv.body.split('\r\n')[0]).toBe('filename,words,status,similarity_percent,top_source,top_source_percent,error');
    const events = await t.ctx.db.select().from(usageEvents).where(eq(usageEvents.userId, pro.id));
    expect(events.map((e) => [e.tool, e.status])).toEqual([['plagiarism_checker', 'ok']]);
  }, 60_000);
});

describe('history', () => {
  it('keeps each checked document in the history of an owner who has it on, as a batch check', async () => {
    const pro = await account('pro');
    await t.ctx.db.update(users).set({ historyEnabled: true }).where(eq(users.id, pro.id));
    const res = await upload(pro.cookie, [{ name: 'kept.txt', content: TEXTS[4] }]);
    expect(await drain()).toEqual(['done']);
    const kept = await t.ctx.db.select().from(scanHistory).where(eq(scanHistory.userId, pro.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ tool: 'ai_content_detector', source: 'batch', input: TEXTS[4] });
    expect(json(res).id).toBeTruthy();
  }, 60_000);
});

describe('who may run and see batches', () => {
  it('refuses a plan without batch checks (403, before the upload is read), and says so in the list', async () => {
    const free = await account('free');
    const res = await upload(free.cookie, [{ name: 'a.txt', content: TEXTS[0] }]);
    expect(res.statusCode).toBe(403);
    expect(json(res).error.code).toBe('forbidden');
    expect(json(res).error.message).toContain('Pro and Agency');
    expect(json(await get(t.app, '/api/batches', free.cookie)).allowed).toBe(false);
    // a visitor is not logged in at all
    const anon = await t.app.inject({ method: 'POST', url: '/api/batches', ...multipart([{ name: 'a.txt', content: 'x' }], { tool: 'content_detector' }) });
    expect(anon.statusCode).toBe(401);
  });

  it('keeps a batch to its owner: another user gets 404 for the batch, its exports, cancel and delete', async () => {
    const owner = await account('pro');
    const other = await account('pro');
    const res = await upload(owner.cookie, [{ name: 'a.txt', content: TEXTS[0] }]);
    const { id } = json(res);
    for (const path of [`/api/batches/${id}`, `/api/batches/${id}/csv`, `/api/batches/${id}/reports.zip`]) {
      const r = await get(t.app, path, other.cookie);
      expect(r.statusCode, path).toBe(404);
      expect(json(r).error.code).toBe('not_found');
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/batches/${id}/cancel`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/batches/${id}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect(json(await get(t.app, '/api/batches', other.cookie)).batches).toEqual([]);
    // the owner cancels: the queued document is not checked, nor charged
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/batches/${id}/cancel`, headers: { cookie: owner.cookie } });
    expect(json(cancelled)).toMatchObject({ status: 'cancelled', failed: 1 });
    expect(json(cancelled).items[0].error.code).toBe('cancelled');
    expect(await drain()).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/batches/${id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(204);
    expect((await get(t.app, `/api/batches/${id}`, owner.cookie)).statusCode).toBe(404);
  });
});

describe('uploads that are refused whole', () => {
  let pro: { cookie: string };
  beforeAll(async () => {
    pro = await account('agency');
  });

  const cases: [string, () => Buffer, number, RegExp][] = [
    ['a zip inside a zip', () => buildZip([{ name: 'inner.zip', data: buildZip([{ name: 'a.txt', data: TEXTS[0] }]) }]), 400, /archives inside archives/i],
    ['a path that climbs out', () => buildZip([{ name: '../../etc/passwd.txt', data: TEXTS[0] }]), 400, /outside the archive/],
    ['an absolute path', () => buildZip([{ name: '/tmp/a.txt', data: TEXTS[0] }]), 400, /outside the archive/],
    ['a zip bomb', () => buildZip([{ name: 'bomb.txt', data: bombDocumentXml(150_000) }]), 422, /zip bomb/],
    [
      'a zip whose entry lies about its size',
      () => buildZip([{ name: 'liar.txt', data: TEXTS[0].repeat(20), declaredSize: 100 }]),
      422,
      /more than the archive declares/,
    ],
    ['not a zip at all', () => Buffer.from('this is not a zip archive, only its name says so'), 422, /not a \.zip archive/],
  ];
  for (const [what, make, status, message] of cases) {
    it(`refuses ${what} (${status})`, async () => {
      const res = await upload(pro.cookie, [
        { name: 'fine.txt', content: TEXTS[0] },
        { name: 'bad.zip', content: make() },
      ]);
      expect(res.statusCode, res.body).toBe(status);
      expect(json(res).error.message).toMatch(message);
      expect(json(res).error.message).toMatch(/^bad\.zip: /);
    });
  }

  it('refuses more than 50 documents, an empty upload and a JSON body', async () => {
    const many = buildZip(Array.from({ length: 51 }, (_, i) => ({ name: `d${i}.txt`, data: TEXTS[i % 5] })));
    const res = await upload(pro.cookie, [{ name: 'many.zip', content: many }]);
    expect(res.statusCode).toBe(413);
    expect(json(res).error.message).toContain('up to 50');
    const none = await upload(pro.cookie, []);
    expect(none.statusCode).toBe(400);
    const asJson = await t.app.inject({ method: 'POST', url: '/api/batches', payload: { tool: 'content_detector' }, headers: { cookie: pro.cookie } });
    expect(asJson.statusCode).toBe(400);
    const badTool = await upload(pro.cookie, [{ name: 'a.txt', content: TEXTS[0] }], 'humanizer');
    expect(badTool.statusCode).toBe(400);
  });
});

describe('the queue: claim, lease, complete', () => {
  async function queuedBatch(n: number): Promise<string> {
    const owner = await account('pro');
    return createBatch(
      t.ctx,
      owner.id,
      { tool: 'content_detector' },
      Array.from({ length: n }, (_, i) => ({ filename: `q${i}.txt`, text: TEXTS[i % 5], words: 60, error: null })),
    );
  }

  it('runs at most three batches of a user at once, even for uploads stored at the same moment (429 for the rest)', async () => {
    const owner = await account('pro');
    const docs = [{ filename: 'a.txt', text: TEXTS[0], words: 60, error: null }];
    const stored = await Promise.allSettled(Array.from({ length: 5 }, () => createBatch(t.ctx, owner.id, { tool: 'content_detector' }, docs)));
    expect(stored.filter((r) => r.status === 'fulfilled').length).toBe(3);
    const refused = stored.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as { code?: string; message?: string });
    expect(refused.map((e) => e.code)).toEqual(['rate_limited', 'rate_limited']);
    expect(refused[0].message).toContain('3 batches in progress');
    const rows = await t.ctx.db.select().from(batches).where(eq(batches.userId, owner.id));
    expect(rows.length).toBe(3);
    // the upload itself is refused before it is read
    const res = await upload(owner.cookie, [{ name: 'a.txt', content: TEXTS[0] }]);
    expect(res.statusCode).toBe(429);
    expect(json(res).error.code).toBe('rate_limited');
    await t.ctx.db.delete(batches).where(eq(batches.userId, owner.id));
  });

  it('runs a batch through the public API with a key: its scopes apply, the website lists it, another key gets 404', async () => {
    const pro = await account('pro');
    const created = await post(t.app, '/api/user/api-keys', { name: 'Grading script' }, { cookie: pro.cookie });
    expect(created.statusCode, created.body).toBe(201);
    const bearer = { authorization: `Bearer ${json<{ key: string }>(created).key}` };
    const v1 = (method: 'GET' | 'POST' | 'DELETE', url: string, extra: Record<string, unknown> = {}) =>
      t.app.inject({ method, url, ...extra, headers: { ...bearer, ...((extra.headers as Record<string, string>) ?? {}) } });

    const mp = multipart(
      [
        { name: 'one.txt', content: TEXTS[0] },
        { name: 'two.txt', content: TEXTS[1] },
      ],
      { tool: 'content_detector', name: 'From the script' },
    );
    const res = await v1('POST', '/api/v1/batches', { payload: mp.payload, headers: mp.headers });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['x-ratelimit-limit']).toBeDefined();
    const batch: BatchView = json(res);
    expect(batch).toMatchObject({ tool: 'content_detector', name: 'From the script', status: 'queued', total: 2 });
    const [row] = await t.ctx.db.select().from(batches).where(eq(batches.id, batch.id));
    expect(row).toMatchObject({ source: 'api', apiKeyId: json<{ apiKey: { id: string } }>(created).apiKey.id });
    // one list for both: the key's and the website's
    expect(json(await v1('GET', '/api/v1/batches')).batches[0]).toMatchObject({ id: batch.id });
    expect(json(await get(t.app, '/api/batches', pro.cookie)).batches[0]).toMatchObject({ id: batch.id });

    expect(await drain()).toEqual(['done', 'done']);
    // each document was charged as a call of that key, like a tool call sent with it
    const keyId = json<{ apiKey: { id: string } }>(created).apiKey.id;
    const events = await t.ctx.db.select().from(usageEvents).where(eq(usageEvents.userId, pro.id));
    expect(events.map((e) => [e.status, e.apiKeyId])).toEqual([
      ['ok', keyId],
      ['ok', keyId],
    ]);
    const view: BatchView = json(await v1('GET', `/api/v1/batches/${batch.id}`));
    expect(view).toMatchObject({ status: 'done', done: 2, failed: 0 });
    expect(view.items.every((i) => typeof i.score === 'number' && i.verdictText)).toBe(true);
    const csv = await v1('GET', `/api/v1/batches/${batch.id}/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('one.txt');
    const zip = await v1('GET', `/api/v1/batches/${batch.id}/reports.zip`);
    expect(zip.statusCode).toBe(200);
    expect(Object.keys((await JSZip.loadAsync(zip.rawPayload)).files)).toHaveLength(2);

    // a key limited to the plagiarism checker may not start a detector batch, and nothing is stored
    const scoped = await post(t.app, '/api/user/api-keys', { name: 'Plagiarism only', scopes: ['plagiarism_checker'] }, { cookie: pro.cookie });
    expect(scoped.statusCode, scoped.body).toBe(201);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/batches',
      payload: mp.payload,
      headers: { ...mp.headers, authorization: `Bearer ${json<{ key: string }>(scoped).key}` },
    });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).error.code).toBe('scope');
    expect(await t.ctx.db.select().from(batches).where(eq(batches.userId, pro.id))).toHaveLength(1);

    // another account's key sees nothing of it; the website's session is not a key; no key is 401
    const other = await account('agency');
    const otherKey = json<{ key: string }>(await post(t.app, '/api/user/api-keys', { name: 'Other' }, { cookie: other.cookie })).key;
    const stranger = await t.app.inject({ method: 'GET', url: `/api/v1/batches/${batch.id}`, headers: { authorization: `Bearer ${otherKey}` } });
    expect(stranger.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/batches', headers: { cookie: pro.cookie } })).statusCode).toBe(401);

    expect((await v1('DELETE', `/api/v1/batches/${batch.id}`)).statusCode).toBe(204);
    expect((await get(t.app, `/api/batches/${batch.id}`, pro.cookie)).statusCode).toBe(404);
  }, 60_000);

  it('never gives one item to two workers claiming at the same time', async () => {
    await drain();
    const batchId = await queuedBatch(24);
    const claims = await Promise.all(Array.from({ length: 16 }, (_, i) => claimItems(t.ctx.db, i % 2 ? 'worker-a' : 'worker-b', 3, 60_000)));
    const ids = claims.flat().map((c) => c.id);
    expect(ids.length).toBe(24);
    expect(new Set(ids).size).toBe(ids.length);
    const rows = await t.ctx.db.select().from(batchItems).where(eq(batchItems.batchId, batchId));
    expect(rows.every((r) => r.status === 'running' && r.attempts === 1)).toBe(true);
    // every row is held by the worker that got it
    const holder = new Map(claims.flatMap((c, i) => c.map((item) => [item.id, i % 2 ? 'worker-a' : 'worker-b'] as const)));
    expect(rows.every((r) => r.lockedBy === holder.get(r.id))).toBe(true);
    await t.ctx.db.delete(batches).where(eq(batches.id, batchId));
  });

  it('gives an item whose lease ran out to another worker, and ignores the first worker completing it late (completions = 1)', async () => {
    const batchId = await queuedBatch(1);
    const [a] = await claimItems(t.ctx.db, 'slow', 1, 1);
    expect(a).toBeDefined();
    await new Promise((r) => setTimeout(r, 30));
    const [b] = await claimItems(t.ctx.db, 'fast', 1, 60_000);
    expect(b?.id).toBe(a.id);
    expect(b.attempts).toBe(2);
    // the late worker first, then the one holding the lease, then the late one again
    expect(await completeItem(t.ctx.db, 'slow', a.id, { status: 'done', result: { late: true } })).toEqual({ completed: false, batchFinished: false });
    expect(await completeItem(t.ctx.db, 'fast', b.id, { status: 'done', result: { score: 0.5 } })).toEqual({ completed: true, batchFinished: true });
    expect((await completeItem(t.ctx.db, 'slow', a.id, { status: 'failed', error: { code: 'x', message: 'late' } })).completed).toBe(false);
    expect((await completeItem(t.ctx.db, 'fast', b.id, { status: 'done', result: {} })).completed).toBe(false);
    const [row] = await t.ctx.db.select().from(batchItems).where(eq(batchItems.id, a.id));
    expect(row).toMatchObject({ completions: 1, status: 'done', lockedBy: 'fast', result: { score: 0.5 } });
    const [batch] = await t.ctx.db.select().from(batches).where(eq(batches.id, batchId));
    expect(batch).toMatchObject({ status: 'done', done: 1, failed: 0 });
  });

  it('a worker that lost its lease gives its charge back; the document is charged once, by the worker that recorded it', async () => {
    const owner = await account('pro');
    const cookie = owner.cookie;
    const res = await upload(cookie, [{ name: 'one.txt', content: TEXTS[3] }]);
    const { id } = json(res);
    // worker "paused" claims it and stalls past its lease; "live" takes it over and checks it
    const [stalled] = await claimItems(t.ctx.db, 'paused', 1, 1);
    await new Promise((r) => setTimeout(r, 30));
    expect(await runNext(t.ctx, log, 'live')).toBe('done');
    // the paused worker wakes up and does its work: its completion is refused, so its charge is refunded
    expect(await processItem(t.ctx, log, 'paused', stalled)).toBe('lost');
    const [row] = await t.ctx.db.select().from(batchItems).where(eq(batchItems.batchId, id));
    expect(row).toMatchObject({ completions: 1, lockedBy: 'live', status: 'done' });
    expect(await charactersUsed(owner.id)).toBe(chargeableCharacters(TEXTS[3]));
    const events = await t.ctx.db.select().from(usageEvents).where(eq(usageEvents.userId, owner.id));
    expect(events.filter((e) => e.status === 'ok')).toHaveLength(1);
  }, 60_000);

  it('picks up, after a restart, what a stopped worker held (the state is all in the database)', async () => {
    const owner = await account('pro');
    const res = await upload(owner.cookie, [
      { name: 'a.txt', content: TEXTS[0] },
      { name: 'b.txt', content: TEXTS[1] },
    ]);
    const { id } = json(res);
    // a worker claims one and dies (nothing more happens in its name)
    await claimItems(t.ctx.db, 'dead', 1, 1);
    await new Promise((r) => setTimeout(r, 30));
    // a new process's worker finds both: the queued one, and the one whose lease ran out
    expect(await drain('reborn')).toEqual(['done', 'done']);
    const view: BatchView = json(await get(t.app, `/api/batches/${id}`, owner.cookie));
    expect(view).toMatchObject({ status: 'done', done: 2 });
  }, 60_000);
});

describe('/api/admin/batches', () => {
  it('lists every batch with its owner for usage:read, and lets staff cancel one (audited)', async () => {
    const owner = await account('pro');
    const res = await upload(owner.cookie, [{ name: 'a.txt', content: TEXTS[0] }], 'content_detector', 'Staff test');
    const { id } = json(res);
    const admin = await account('pro');
    await t.ctx.db.update(users).set({ role: 'manager' }).where(eq(users.id, admin.id));
    const list = await get(t.app, '/api/admin/batches?status=queued', admin.cookie);
    expect(list.statusCode, list.body).toBe(200);
    const row = json(list).batches.find((b: { id: string }) => b.id === id);
    expect(row).toMatchObject({ name: 'Staff test', status: 'queued', total: 1, owner: { email: owner.email } });
    expect(json(list).byStatus.queued).toBeGreaterThanOrEqual(1);
    expect((await get(t.app, '/api/admin/batches', owner.cookie)).statusCode).toBe(403);
    const cancel = await t.app.inject({ method: 'POST', url: `/api/admin/batches/${id}/cancel`, headers: { cookie: admin.cookie } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(json(cancel)).toMatchObject({ status: 'cancelled', failed: 1 });
    const view: BatchView = json(await get(t.app, `/api/batches/${id}`, owner.cookie));
    expect(view.items[0].error?.message).toContain('Staff cancelled');
  });
});
