import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { countReferenceDocuments, SHARED_SUBMISSION_REFERENCE } from '../../src/server/services/plagiarism-store';
import type { PlagiarismResponse } from '../../src/shared/api/plagiarism';
import type { UserSettings } from '../../src/shared/api/user-settings';
import { createTestApp, get, json, me, post, register, type TestApp } from '../helpers/app';

const SETTINGS = '/api/user/settings';
const CHECK = '/api/tools/plagiarism-checker';

// An essay of the test's own (not in any library).
const ESSAY =
  'Every autumn my grandmother pickled the small green tomatoes that never ripened on the vines behind her garage. ' +
  'She packed them into tall jars with garlic, dill heads and a single dried chilli, and lined the jars up on the cellar stairs ' +
  'where the light from the little window turned the brine the colour of weak tea. By midwinter the whole family argued over ' +
  'who had taken the last jar, and nobody ever admitted to it, although the empty jars always turned up under my uncle Peter’s bed.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function put(cookie: string | undefined, payload: unknown) {
  return t.app.inject({ method: 'PUT', url: SETTINGS, payload: payload as never, headers: cookie ? { cookie } : {} });
}

async function userDocs(): Promise<{ title: string; reference: string; text: string; added_by: string | null }[]> {
  const r = (await t.ctx.db.execute(
    sql`select title, reference, text, added_by from reference_documents where origin = 'user' order by created_at`,
  )) as unknown as {
    rows: { title: string; reference: string; text: string; added_by: string | null }[];
  };
  return r.rows;
}

describe('GET/PUT /api/user/settings', () => {
  it('requires a signed-in user', async () => {
    expect((await get(t.app, SETTINGS)).statusCode).toBe(401);
    expect((await put(undefined, { shareSubmissions: true })).statusCode).toBe(401);
  });

  it('defaults to not sharing, and stores the choice', async () => {
    const cookie = await register(t.app);
    const first = await get(t.app, SETTINGS, cookie);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(json<UserSettings>(first)).toEqual({ shareSubmissions: false, historyEnabled: false });

    const on = await put(cookie, { shareSubmissions: true });
    expect(on.statusCode).toBe(200);
    expect(json<UserSettings>(on)).toEqual({ shareSubmissions: true, historyEnabled: false });
    expect(json<UserSettings>(await get(t.app, SETTINGS, cookie))).toEqual({ shareSubmissions: true, historyEnabled: false });

    expect(json<UserSettings>(await put(cookie, { shareSubmissions: false }))).toEqual({ shareSubmissions: false, historyEnabled: false });
    expect(json<UserSettings>(await get(t.app, SETTINGS, cookie))).toEqual({ shareSubmissions: false, historyEnabled: false });
  });

  it('is per user', async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    await put(a, { shareSubmissions: true });
    expect(json<UserSettings>(await get(t.app, SETTINGS, b))).toEqual({ shareSubmissions: false, historyEnabled: false });
  });

  it('rejects invalid values', async () => {
    const cookie = await register(t.app);
    const res = await put(cookie, { shareSubmissions: 'yes' });
    expect(res.statusCode).toBe(400);
    expect((await put(cookie, { somethingElse: true })).statusCode).toBe(400);
    expect(json<UserSettings>(await get(t.app, SETTINGS, cookie))).toEqual({ shareSubmissions: false, historyEnabled: false });
  });
});

describe('shared submissions (opt-in)', () => {
  it('adds nothing to the library without the opt-in, or for anonymous visitors', async () => {
    const cookie = await register(t.app);
    const before = await countReferenceDocuments(t.ctx.db, 'user');
    expect((await post(t.app, CHECK, { text: `${ESSAY} Not shared.` }, { cookie })).statusCode).toBe(200);
    expect((await post(t.app, CHECK, { text: `${ESSAY} Anonymous.` })).statusCode).toBe(200);
    expect(await countReferenceDocuments(t.ctx.db, 'user')).toBe(before);
  });

  it('adds the checked text after the check, idempotently, and later checks find it', async () => {
    const cookie = await register(t.app);
    const user = json<{ user: { id: string; username: string } }>(await me(t.app, cookie)).user;
    await put(cookie, { shareSubmissions: true });
    const before = await countReferenceDocuments(t.ctx.db, 'user');

    // the first check does not match itself
    const first = await post(t.app, CHECK, { text: ESSAY }, { cookie });
    expect(first.statusCode).toBe(200);
    expect(json<PlagiarismResponse>(first).similarity).toBe(0);
    expect(json<PlagiarismResponse>(first).items).toEqual([]);
    expect(await countReferenceDocuments(t.ctx.db, 'user')).toBe(before + 1);

    const docs = (await userDocs()).filter((d) => d.added_by === user.id);
    expect(docs).toHaveLength(1);
    expect(docs[0].text).toBe(ESSAY);
    // Nothing stored for others to see names the user: the owner is kept in added_by only.
    expect(docs[0].title).toMatch(/^Shared submission, \d{4}-\d{2}-\d{2}$/);
    expect(docs[0].reference).toMatch(/^submission:[0-9a-f]{32}$/);
    expect(`${docs[0].title} ${docs[0].reference}`).not.toContain(user.username);
    expect(`${docs[0].title} ${docs[0].reference}`).not.toContain(user.id);

    // resubmitting the same text adds nothing
    expect((await post(t.app, CHECK, { text: ESSAY }, { cookie })).statusCode).toBe(200);
    expect(await countReferenceDocuments(t.ctx.db, 'user')).toBe(before + 1);

    // another user's copy is now found
    const other = await register(t.app);
    const copy = await post(t.app, CHECK, { text: `My own opening sentence comes first here. ${ESSAY}` }, { cookie: other });
    const body = json<PlagiarismResponse>(copy);
    expect(body.similarity).toBeGreaterThan(80);
    expect(body.items[0].title).toBe(docs[0].title);
    expect(body.items[0].reference).toBe(SHARED_SUBMISSION_REFERENCE);
    expect(copy.body).not.toContain(user.username);
    expect(copy.body).not.toContain(user.id);
  });
});
