import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addReferenceDocument, DbFingerprintStore } from '../../src/server/services/plagiarism-store';
import { createUser } from '../../src/server/services/users';
import type { PlagiarismResponse } from '../../src/shared/api/plagiarism';
import { cookieFrom, createTestApp, get, json, login, post, register, uniqueUser, type TestApp } from '../helpers/app';
import { multipartBody } from '../helpers/provider-servers';

const URL = '/api/tools/plagiarism-checker';

// A public-domain source (Washington, First Inaugural Address, 1789).
const SOURCE =
  'Among the vicissitudes incident to life no event could have filled me with greater anxieties than that of which the notification was ' +
  'transmitted by your order, and received on the 14th day of the present month. On the one hand, I was summoned by my country, whose voice ' +
  'I can never hear but with veneration and love, from a retreat which I had chosen with the fondest predilection, and, in my flattering ' +
  'hopes, with an immutable decision, as the asylum of my declining years--a retreat which was rendered every day more necessary as well as ' +
  'more dear to me by the addition of habit to inclination, and of frequent interruptions in my health to the gradual waste committed on it by time. ' +
  'On the other hand, the magnitude and difficulty of the trust to which the voice of my country called me, being sufficient to awaken in the ' +
  'wisest and most experienced of her citizens a distrustful scrutiny into his qualifications, could not but overwhelm with despondence one ' +
  'who (inheriting inferior endowments from nature and unpracticed in the duties of civil administration) ought to be peculiarly conscious of his own deficiencies.';

const srcWords = SOURCE.split(/\s+/);
/** 50 words of the source (from word 40), with light edits: every 8th word replaced, case and punctuation changed. */
const COPIED = srcWords
  .slice(40, 90)
  .map((w, i) => (i % 8 === 7 ? 'banana' : i === 0 ? w.toUpperCase() : w.replace(/,/g, ';')))
  .join(' ');
const PREFIX = 'My essay begins with a sentence of my own about the weather in spring. ';
const SUBMITTED = `${PREFIX}${COPIED} And it ends with my own closing thoughts on gardening.`;

const UNRELATED =
  'We drove up to the lake on Friday, later than planned because Sam forgot the tent poles and we had to turn back. ' +
  'By the time we got there it was dark, the campsite was muddy and the only free pitch was next to a family with three dogs. ' +
  'Honestly it was fine. The dogs were friendly, the kids shared their marshmallows, and on Saturday the rain stopped long enough for a swim.';

function words(n: number): string {
  return Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
}

let t: TestApp;
let sourceId: string;
beforeAll(async () => {
  t = await createTestApp();
  const res = await addReferenceDocument(t.ctx.db, {
    title: 'First Inaugural Address',
    reference: 'https://millercenter.org/the-presidency/presidential-speeches/april-30-1789-first-inaugural-address',
    licence: 'Public domain',
    origin: 'staff',
    text: SOURCE,
  });
  sourceId = res.id!;
});
afterAll(async () => {
  await t?.close();
});

async function staffCookie(): Promise<string> {
  const u = uniqueUser('staff');
  await createUser(t.ctx.db, { ...u, role: 'admin' });
  return cookieFrom(await login(t.app, u.email, u.password));
}

describe('plagiarism checker API', () => {
  it('finds a lightly edited 50-word copy with correct offsets in both texts', async () => {
    const res = await post(t.app, URL, { text: SUBMITTED });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<PlagiarismResponse>(res);
    expect(body).toMatchObject({ status: 'completed', fallback: false, checkedAgainst: { documents: 1 } });
    expect(body.items).toHaveLength(1);
    const src = body.items[0];
    expect(src).toMatchObject({ id: sourceId, title: 'First Inaugural Address' });
    expect(src.reference).toMatch(/^https:\/\/millercenter\.org\//);
    expect(src.matchedPercent).toBeGreaterThan(50);
    expect(body.similarity).toBeGreaterThanOrEqual(src.matchedPercent);
    const covered = src.passages.reduce((n, p) => n + p.words, 0);
    expect(covered).toBeGreaterThanOrEqual(40);
    for (const p of src.passages) {
      expect(p.sourceExcerpt).toBe(SOURCE.slice(p.source.start, p.source.end));
      // Each passage starts and ends on words of the copied region, in both texts.
      expect(p.submitted.start).toBeGreaterThanOrEqual(PREFIX.length);
      expect(p.submitted.end).toBeLessThanOrEqual(PREFIX.length + COPIED.length);
      const sub = SUBMITTED.slice(p.submitted.start, p.submitted.end);
      expect(sub.split(/\s+/)[0].toLowerCase()).toBe(p.sourceExcerpt.split(/\s+/)[0].toLowerCase());
    }
    const first = src.passages[0];
    expect(SUBMITTED.slice(first.submitted.start, first.submitted.start + 20).toLowerCase()).toBe(
      SOURCE.slice(first.source.start, first.source.start + 20).toLowerCase(),
    );
    // The copied region starts at source word 40.
    expect(first.source.start).toBe(SOURCE.indexOf(srcWords.slice(40, 43).join(' ')));
  });

  it('finds nothing in unrelated text', async () => {
    const res = await post(t.app, URL, { text: UNRELATED });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ status: 'completed', items: [], similarity: 0, fallback: false, checkedAgainst: { documents: 1 } });
  });

  it('accepts a file upload and returns its text', async () => {
    const mp = multipartBody({ name: 'essay.txt', content: SUBMITTED, type: 'text/plain' });
    const res = await t.app.inject({ method: 'POST', url: URL, payload: mp.payload, headers: mp.headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<PlagiarismResponse>(res);
    expect(body.text).toBe(SUBMITTED);
    expect(body.items[0]?.id).toBe(sourceId);
  });

  it('rejects empty text (400) and texts over the word limit (413)', async () => {
    let res = await post(t.app, URL, { text: '   ' });
    expect(res.statusCode).toBe(400);
    expect(json(res).error.code).toBe('validation_failed');
    res = await post(t.app, URL, {});
    expect(res.statusCode).toBe(400);
    res = await post(t.app, URL, { text: words(501) });
    expect(res.statusCode).toBe(413);
    expect(json(res).error.code).toBe('word_limit_exceeded');
    const cookie = await register(t.app);
    res = await post(t.app, URL, { text: words(501) }, { cookie });
    expect(res.statusCode).toBe(200);
    res = await post(t.app, URL, { text: words(2001) }, { cookie });
    expect(res.statusCode).toBe(413);
  });

  it('reports the library size', async () => {
    const res = await get(t.app, `${URL}/status`);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ documents: await new DbFingerprintStore(t.ctx.db).documentCount(), webSearch: [] });
  });
});

describe('staff library API', () => {
  it('is 401 anonymous and 403 for a free user', async () => {
    expect((await get(t.app, '/api/admin/library')).statusCode).toBe(401);
    const cookie = await register(t.app);
    expect((await get(t.app, '/api/admin/library', cookie)).statusCode).toBe(403);
    const res = await post(t.app, '/api/admin/library', { title: 'x', reference: 'y', text: 'z' }, { cookie });
    expect(res.statusCode).toBe(403);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/library/${sourceId}`, headers: { cookie } });
    expect(del.statusCode).toBe(403);
  });

  it('adds, lists, finds and deletes a document', async () => {
    const cookie = await staffCookie();
    const text =
      'The quick experiment with copper wires and a glass jar of brine showed that the current faded within the hour, ' +
      'so the apparatus was rebuilt with zinc plates, thicker insulation and a second jar, after which the needle held steady through the night.';
    let res = await post(t.app, '/api/admin/library', { title: 'Lab notes', reference: 'Notebook 7, p. 12', licence: 'CC0', text }, { cookie });
    expect(res.statusCode, res.body).toBe(201);
    const id = json(res).id as string;
    // Same reference again: a conflict, not a duplicate.
    res = await post(t.app, '/api/admin/library', { title: 'Lab notes', reference: 'Notebook 7, p. 12', text }, { cookie });
    expect(res.statusCode).toBe(409);
    res = await post(t.app, '/api/admin/library', { title: 'Empty', reference: 'nothing', text: '  ' }, { cookie });
    expect(res.statusCode).toBe(400);

    res = await get(t.app, '/api/admin/library?origin=staff', cookie);
    expect(res.statusCode).toBe(200);
    const list = json(res);
    expect(list.counts.staff).toBeGreaterThanOrEqual(2);
    expect(list.items.find((d: { id: string }) => d.id === id)).toMatchObject({
      title: 'Lab notes',
      origin: 'staff',
      licence: 'CC0',
      wordCount: text.split(/\s+/).length,
    });

    res = await post(t.app, URL, { text: `Yesterday I read that ${text.slice(0, 160)}` });
    expect(json<PlagiarismResponse>(res).items.map((i) => i.id)).toContain(id);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/library/${id}`, headers: { cookie } });
    expect(del.statusCode).toBe(204);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/admin/library/${id}`, headers: { cookie } });
    expect(again.statusCode).toBe(404);
    res = await post(t.app, URL, { text: `Yesterday I read that ${text.slice(0, 160)}` });
    expect(json<PlagiarismResponse>(res).items.map((i) => i.id)).not.toContain(id);
  });
});
