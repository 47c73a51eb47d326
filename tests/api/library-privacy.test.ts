import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { shareSubmission } from '../../src/server/services/plagiarism';
import { addReferenceDocument } from '../../src/server/services/plagiarism-store';
import type { PlagiarismResponse } from '../../src/shared/api/plagiarism';
import { createTestApp, json, me, post, register, type TestApp } from '../helpers/app';

const SETTINGS = '/api/user/settings';
const CHECK = '/api/tools/plagiarism-checker';

// Texts of the test's own (not in any library), one per scenario so the scenarios cannot match each other.
const ESSAY_A =
  'The ferry to the island left twice a day in summer and once on winter Sundays, and my aunt planned her whole week around it. ' +
  'She kept the timetable pinned inside the pantry door, annotated in three colours of ink: green for the boats she meant to take, ' +
  'red for the ones that had been cancelled in storms, and blue for the crossing on which she had met the harbourmaster she later married.';
const ESSAY_B =
  'Our street had one streetlamp that flickered in a rhythm the children swore was Morse code. Every evening after supper we sat on the ' +
  'kerb with a notebook and wrote down dots and dashes until our parents called us in, and by the end of August we had decoded a message ' +
  'that read, as far as we could tell, please replace the bulb, which the council finally did the week before school started again.';
const ESSAY_C =
  'When the bakery on the corner closed, the owner left a handwritten recipe for her rye bread taped to the inside of the window. ' +
  'For a month people stopped to photograph it, and by the first frost half the neighbourhood was baking dense, sour loaves at home ' +
  'and comparing crusts at the bus stop, so that the bakery, empty as it was, somehow became busier than it had ever been while open.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function put(cookie: string, payload: unknown) {
  return t.app.inject({ method: 'PUT', url: SETTINGS, payload: payload as never, headers: { cookie } });
}

async function sharingUser(): Promise<{ cookie: string; id: string; username: string }> {
  const cookie = await register(t.app);
  const { user } = json<{ user: { id: string; username: string } }>(await me(t.app, cookie));
  expect((await put(cookie, { shareSubmissions: true })).statusCode).toBe(200);
  return { cookie, id: user.id, username: user.username };
}

async function check(text: string, cookie?: string): Promise<{ body: PlagiarismResponse; raw: string }> {
  const res = await post(t.app, CHECK, { text: `A first sentence of the reader's own comes here. ${text}` }, cookie ? { cookie } : {});
  expect(res.statusCode, res.body).toBe(200);
  return { body: json<PlagiarismResponse>(res), raw: res.body };
}

async function userDocIds(userId: string): Promise<string[]> {
  const r = (await t.ctx.db.execute(sql`select id from reference_documents where origin = 'user' and added_by = ${userId}::uuid`)) as unknown as {
    rows: { id: string }[];
  };
  return r.rows.map((x) => x.id);
}

async function indexRows(docIds: string[]): Promise<number> {
  let n = 0;
  for (const id of docIds) {
    for (const table of ['plagiarism_fingerprints', 'plagiarism_bands', 'plagiarism_minhash']) {
      const r = (await t.ctx.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where doc_id = ${id}::uuid`)) as unknown as {
        rows: { n: number }[];
      };
      n += Number(r.rows[0].n);
    }
  }
  return n;
}

describe('shared submissions are anonymous to other users', () => {
  it("a match on another user's shared text names neither the username nor the user id", async () => {
    const a = await sharingUser();
    expect((await post(t.app, CHECK, { text: ESSAY_A }, { cookie: a.cookie })).statusCode).toBe(200);
    expect(await userDocIds(a.id)).toHaveLength(1);

    for (const viewer of [await register(t.app), undefined]) {
      const { body, raw } = await check(ESSAY_A, viewer);
      expect(body.similarity).toBeGreaterThan(80);
      expect(body.items[0].title).toMatch(/^Shared submission, \d{4}-\d{2}-\d{2}$/);
      expect(raw).not.toContain(a.username);
      expect(raw).not.toContain(a.id);
    }
  });

  it('texts shared before this version (title and reference naming the user) are shown anonymously too', async () => {
    const a = await sharingUser();
    await addReferenceDocument(t.ctx.db, {
      title: `Submission by ${a.username}, 2026-01-02`,
      reference: `user:${a.id}:0123456789abcdef0123456789abcdef`,
      licence: 'Shared by its author for plagiarism checking',
      origin: 'user',
      text: ESSAY_C,
      addedBy: a.id,
    });
    const { body, raw } = await check(ESSAY_C, await register(t.app));
    expect(body.similarity).toBeGreaterThan(80);
    expect(body.items[0].title).toMatch(/^Shared submission, \d{4}-\d{2}-\d{2}$/);
    expect(raw).not.toContain(a.username);
    expect(raw).not.toContain(a.id);
  });

  it('migration 0010 rewrites the stored title and reference of those older rows, so staff lists name nobody either', async () => {
    const a = await sharingUser();
    const reference = `user:${a.id}:fedcba9876543210fedcba9876543210`;
    const { id } = await addReferenceDocument(t.ctx.db, {
      title: `Submission by ${a.username}, 2026-01-03`,
      reference,
      licence: 'Shared by its author for plagiarism checking',
      origin: 'user',
      text: ESSAY_B + ' (an older copy)',
      addedBy: a.id,
    });
    const migration = readFileSync(new URL('../../src/db/migrations/0010_anonymize_shared_submissions.sql', import.meta.url), 'utf8');
    await t.ctx.db.execute(sql.raw(migration));
    const res = await t.ctx.db.execute(sql`select title, reference, added_by from reference_documents where id = ${id}`);
    const [row] = (res as unknown as { rows: { title: string; reference: string; added_by: string }[] }).rows;
    expect(row.title).toMatch(/^Shared submission, \d{4}-\d{2}-\d{2}$/);
    expect(row.reference).toMatch(/^submission:legacy-[0-9a-f]{32}$/);
    expect(`${row.title} ${row.reference}`).not.toContain(a.username);
    expect(`${row.title} ${row.reference}`).not.toContain(a.id);
    // The owner is still known to the server, so opting out and account deletion still find the text.
    expect(row.added_by).toBe(a.id);
  });
});

describe('opting out removes the shared texts', () => {
  it("PUT shareSubmissions=false removes the user's texts and their index, so they no longer match; others' texts stay", async () => {
    const a = await sharingUser();
    const b = await sharingUser();
    expect((await post(t.app, CHECK, { text: ESSAY_B }, { cookie: a.cookie })).statusCode).toBe(200);
    const other = `${ESSAY_B.split(' ').reverse().join(' ')} An ending of the second user.`;
    expect((await post(t.app, CHECK, { text: other }, { cookie: b.cookie })).statusCode).toBe(200);
    const docs = await userDocIds(a.id);
    expect(docs).toHaveLength(1);
    expect(await indexRows(docs)).toBeGreaterThan(0);
    expect((await check(ESSAY_B)).body.similarity).toBeGreaterThan(80);

    const off = await put(a.cookie, { shareSubmissions: false });
    expect(off.statusCode).toBe(200);
    expect(json(off)).toEqual({ shareSubmissions: false, historyEnabled: false });

    expect(await userDocIds(a.id)).toEqual([]);
    expect(await indexRows(docs)).toBe(0);
    const after = (await check(ESSAY_B)).body;
    expect(after.items.map((i) => i.id)).not.toContain(docs[0]);
    // the other user still shares
    expect(await userDocIds(b.id)).toHaveLength(1);
  });

  it('a check that finishes after the opt-out does not add its text back', async () => {
    const a = await sharingUser();
    expect((await put(a.cookie, { shareSubmissions: false })).statusCode).toBe(200);
    // What a check started before the opt-out does once its work is done.
    const res = await shareSubmission(t.ctx, { id: a.id }, ESSAY_A);
    expect(res).toEqual({ id: null, created: false });
    expect(await userDocIds(a.id)).toEqual([]);
  });
});
