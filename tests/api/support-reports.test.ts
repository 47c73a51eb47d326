import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { auditLog, detectionLogs, outbox, resultReports, supportTickets } from '../../src/db/schema';

import type { Role } from '../../src/shared/roles';
import { createTestApp, get, json, post, setCookies, type TestApp, signedInAccount } from '../helpers/app';

let t: TestApp;
let address = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A fresh client address, so per-address limits of one test do not reach another. */
function nextAddress(): string {
  address += 1;
  return `10.77.${Math.floor(address / 250)}.${address % 250}`;
}

/** A fresh account with this role, logged in. */
const account = (role: Role, opts: { emailVerified?: boolean } = {}) => signedInAccount(t, role, opts);

async function lastAudit(actorId: string) {
  const [row] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.userId, actorId)).orderBy(desc(auditLog.createdAt)).limit(1);
  return row;
}

const TICKET = { name: 'Ada Visitor', subject: 'The detector flagged my essay', message: 'Hello, my own essay was marked as AI. What can I do?' };

function contact(payload: unknown, opts: { cookie?: string; remoteAddress?: string } = {}) {
  return post(t.app, '/api/support/tickets', payload, { cookie: opts.cookie, remoteAddress: opts.remoteAddress ?? nextAddress() });
}

const HUMAN_TEXT =
  'I walked to the market this morning because we had run out of bread, and the baker told me about his daughter who just moved to Lisbon. ' +
  'She hates the hills but loves the light, he said, and he laughed about the tram. On the way home it rained, so I waited under a bus shelter with a dog.';

/** A detection as a visitor (from a fresh address) or as an account; returns the answer and the visitor cookie. */
async function detect(opts: { cookie?: string; remoteAddress?: string } = {}) {
  const res = await post(
    t.app,
    '/api/tools/content-detector',
    { text: HUMAN_TEXT },
    { cookie: opts.cookie, remoteAddress: opts.remoteAddress ?? nextAddress() },
  );
  expect(res.statusCode, res.body).toBe(200);
  const anon = setCookies(res).find((c) => c.startsWith('vt_anon='));
  return { body: json(res), anonCookie: anon ? anon.split(';')[0] : undefined };
}

/** The detection log row; written in the background, so it may need a moment. */
async function logRow(id: string) {
  return vi.waitFor(
    async () => {
      const [row] = await t.ctx.db.select().from(detectionLogs).where(eq(detectionLogs.id, id)).limit(1);
      if (!row) throw new Error('not written yet');
      return row;
    },
    { timeout: 3000, interval: 20 },
  );
}

describe('support tickets: the Contact page', () => {
  it('lets a visitor open a ticket with the first message, linked by e-mail only', async () => {
    const res = await contact({ ...TICKET, email: 'Visitor.One@Example.com' });
    expect(res.statusCode, res.body).toBe(201);
    const body = json(res);
    expect(body.ticket).toMatchObject({
      subject: TICKET.subject,
      name: TICKET.name,
      email: 'visitor.one@example.com',
      status: 'open',
      userId: null,
      messages: 1,
    });
    expect(body.ticket.reference).toBe(`#${body.ticket.id.slice(0, 8)}`);
    expect(body.message).toContain('visitor.one@example.com');
    const thread = json(await get(t.app, `/api/admin/support-tickets/${body.ticket.id}`, (await account('support')).cookie));
    expect(thread.messages).toEqual([expect.objectContaining({ fromStaff: false, body: TICKET.message, author: TICKET.name })]);
  });

  it('refuses bad input with 400 and the field at fault', async () => {
    const noEmail = await contact(TICKET);
    expect(noEmail.statusCode).toBe(400);
    expect(json(noEmail).error.fields.email).toBeTruthy();
    const badEmail = await contact({ ...TICKET, email: 'not-an-address' });
    expect(badEmail.statusCode).toBe(400);
    expect(json(badEmail).error.fields.email).toBeTruthy();
    const short = await contact({ ...TICKET, email: 'a@example.com', message: 'hi' });
    expect(short.statusCode).toBe(400);
    expect(json(short).error.fields.message).toMatch(/at least/);
    const noSubject = await contact({ name: 'x', email: 'a@example.com', message: TICKET.message });
    expect(noSubject.statusCode).toBe(400);
    expect(json(noSubject).error.fields.subject).toBeTruthy();
    const huge = await contact({ ...TICKET, email: 'a@example.com', message: 'x'.repeat(6000) });
    expect(huge.statusCode).toBe(400);
    expect((await contact([1, 2])).statusCode).toBe(400);
  });

  it('limits visitors per address (429 with Retry-After), not other addresses', async () => {
    const ip = nextAddress();
    for (let i = 0; i < 5; i++) expect((await contact({ ...TICKET, email: 'flood@example.com' }, { remoteAddress: ip })).statusCode).toBe(201);
    const refused = await contact({ ...TICKET, email: 'flood@example.com' }, { remoteAddress: ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(json(refused).error.code).toBe('rate_limited');
    expect((await contact({ ...TICKET, email: 'flood@example.com' })).statusCode).toBe(201);
  });

  it("files a logged-in user's ticket under the account and its address, whatever e-mail the form sent", async () => {
    const user = await account('free');
    const res = await contact({ ...TICKET, email: 'someone.else@example.com' }, { cookie: user.cookie });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).ticket).toMatchObject({ userId: user.id, email: user.email });
    const mine = json(await get(t.app, '/api/support/tickets', user.cookie));
    expect(mine.items.map((x: { id: string }) => x.id)).toEqual([json(res).ticket.id]);
  });

  it("shows a visitor's ticket to the account with that address only once the address is verified", async () => {
    const unverified = await account('free');
    const verified = await account('free', { emailVerified: true });
    const a = json(await contact({ ...TICKET, email: unverified.email })).ticket;
    const b = json(await contact({ ...TICKET, email: verified.email })).ticket;
    expect(json(await get(t.app, '/api/support/tickets', unverified.cookie)).items).toEqual([]);
    expect((await get(t.app, `/api/support/tickets/${a.id}`, unverified.cookie)).statusCode).toBe(404);
    expect(json(await get(t.app, '/api/support/tickets', verified.cookie)).items.map((x: { id: string }) => x.id)).toEqual([b.id]);
    // Seen, not attached: the ticket still has no account.
    const [row] = await t.ctx.db.select().from(supportTickets).where(eq(supportTickets.id, b.id));
    expect(row.userId).toBeNull();
  });
});

describe('support tickets: staff and the thread', () => {
  it('support replies (the user is e-mailed, audited), the user reads and answers, staff close and reopen', async () => {
    const user = await account('pro');
    const staff = await account('support');
    const ticket = json(await contact({ ...TICKET, subject: `Billing question ${Date.now()}` }, { cookie: user.cookie })).ticket;

    // The staff list: status filter and search.
    const open = json(await get(t.app, `/api/admin/support-tickets?status=open&q=${encodeURIComponent(ticket.subject)}`, staff.cookie));
    expect(open.items.map((x: { id: string }) => x.id)).toEqual([ticket.id]);
    expect(open.counts.open).toBe(1);
    expect(json(await get(t.app, `/api/admin/support-tickets?status=closed&q=${encodeURIComponent(ticket.subject)}`, staff.cookie)).total).toBe(0);
    expect(json(await get(t.app, `/api/admin/support-tickets?q=${encodeURIComponent(user.email)}`, staff.cookie)).total).toBe(1);

    const replyText = `Thanks for writing. We looked at your invoice ${Date.now()}.`;
    const replied = await post(t.app, `/api/admin/support-tickets/${ticket.id}/reply`, { body: replyText }, { cookie: staff.cookie });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(json(replied).ticket.status).toBe('answered');
    const mail = await vi.waitFor(
      async () => {
        const [m] = await t.ctx.db.select().from(outbox).where(eq(outbox.to, user.email)).orderBy(desc(outbox.createdAt)).limit(1);
        if (!m) throw new Error('no mail yet');
        return m;
      },
      { timeout: 3000, interval: 20 },
    );
    expect(mail.subject).toContain(ticket.reference);
    expect(mail.text).toContain(replyText);
    expect(mail.text).toContain('/account');
    const entry = await lastAudit(staff.id);
    expect(entry).toMatchObject({ category: 'user' });
    expect(entry.action).toContain(`Replied to support ticket ${ticket.reference}`);

    // The user sees the thread and answers: the ticket is open again.
    const thread = json(await get(t.app, `/api/support/tickets/${ticket.id}`, user.cookie));
    expect(thread.messages.map((m: { fromStaff: boolean; author: string }) => [m.fromStaff, m.author])).toEqual([
      [false, TICKET.name],
      [true, staff.username],
    ]);
    expect(thread.ticket.lastFromStaff).toBe(true);
    const answer = await post(t.app, `/api/support/tickets/${ticket.id}/messages`, { body: 'Thank you, that solved it.' }, { cookie: user.cookie });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(json(answer).ticket).toMatchObject({ status: 'open', messages: 3, lastFromStaff: false });

    const closed = await post(t.app, `/api/admin/support-tickets/${ticket.id}/status`, { status: 'closed' }, { cookie: staff.cookie });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(json(closed).ticket.status).toBe('closed');
    expect((await lastAudit(staff.id)).action).toMatch(/^Closed support ticket/);
    expect((await post(t.app, `/api/admin/support-tickets/${ticket.id}/status`, { status: 'closed' }, { cookie: staff.cookie })).statusCode).toBe(409);
    const reopened = await post(t.app, `/api/admin/support-tickets/${ticket.id}/status`, { status: 'open' }, { cookie: staff.cookie });
    expect(json(reopened).ticket.status).toBe('open');
    expect((await lastAudit(staff.id)).action).toMatch(/^Reopened support ticket/);
  });

  it("keeps a user out of others' tickets and out of the staff routes", async () => {
    const owner = await account('free');
    const other = await account('free');
    const ticket = json(await contact(TICKET, { cookie: owner.cookie })).ticket;
    expect((await get(t.app, `/api/support/tickets/${ticket.id}`, other.cookie)).statusCode).toBe(404);
    expect((await post(t.app, `/api/support/tickets/${ticket.id}/messages`, { body: 'Let me in please.' }, { cookie: other.cookie })).statusCode).toBe(404);
    expect(json(await get(t.app, '/api/support/tickets', other.cookie)).items).toEqual([]);
    expect((await get(t.app, '/api/admin/support-tickets', other.cookie)).statusCode).toBe(403);
    expect((await post(t.app, `/api/admin/support-tickets/${ticket.id}/reply`, { body: 'I am not staff at all.' }, { cookie: other.cookie })).statusCode).toBe(
      403,
    );
    expect((await get(t.app, '/api/support/tickets')).statusCode).toBe(401);
  });

  it('answers 400 and 404 for bad ids and bodies', async () => {
    const staff = await account('manager');
    expect((await get(t.app, '/api/admin/support-tickets/not-a-uuid', staff.cookie)).statusCode).toBe(400);
    expect((await get(t.app, '/api/admin/support-tickets/00000000-0000-4000-8000-000000000000', staff.cookie)).statusCode).toBe(404);
    expect((await get(t.app, '/api/admin/support-tickets?status=pending', staff.cookie)).statusCode).toBe(400);
    const ticket = json(await contact({ ...TICKET, email: 'x@example.com' })).ticket;
    expect((await post(t.app, `/api/admin/support-tickets/${ticket.id}/reply`, { body: '' }, { cookie: staff.cookie })).statusCode).toBe(400);
    expect((await post(t.app, `/api/admin/support-tickets/${ticket.id}/status`, { status: 'answered' }, { cookie: staff.cookie })).statusCode).toBe(400);
  });
});

describe('detection logs', () => {
  it("logs a visitor's detection without its text and returns the entry's id", async () => {
    const { body } = await detect();
    expect(typeof body.detectionId).toBe('string');
    const row = await logRow(body.detectionId);
    expect(row).toMatchObject({ userId: null, verdict: body.verdict, words: body.wordCount, engine: body.engine, text: null });
    expect(row.score).toBeCloseTo(body.score, 6);
    expect(typeof row.anonId).toBe('string');
  });

  it('keeps the text only for an account that opted in to sharing submissions', async () => {
    const user = await account('free');
    const first = (await detect({ cookie: user.cookie })).body;
    expect((await logRow(first.detectionId)).text).toBeNull();
    expect((await logRow(first.detectionId)).userId).toBe(user.id);
    const optIn = await t.app.inject({ method: 'PUT', url: '/api/user/settings', payload: { shareSubmissions: true }, headers: { cookie: user.cookie } });
    expect(optIn.statusCode, optIn.body).toBe(200);
    const second = (await detect({ cookie: user.cookie })).body;
    expect((await logRow(second.detectionId)).text).toBe(HUMAN_TEXT);

    const manager = await account('manager');
    const list = json(await get(t.app, `/api/admin/detection-logs?limit=100`, manager.cookie));
    const byId = new Map(list.items.map((e: { id: string }) => [e.id, e]));
    expect(byId.get(first.detectionId)).toMatchObject({ textSaved: false, textPreview: null, user: { id: user.id, email: user.email } });
    expect(byId.get(second.detectionId)).toMatchObject({ textSaved: true, textPreview: HUMAN_TEXT.slice(0, 280) });
    const detail = json(await get(t.app, `/api/admin/detection-logs/${second.detectionId}`, manager.cookie));
    expect(detail.text).toBe(HUMAN_TEXT);
    expect(json(await get(t.app, `/api/admin/detection-logs/${first.detectionId}`, manager.cookie)).text).toBeNull();
  });

  it('filters by verdict, engine and date range, and is staff-with-usage only', async () => {
    const manager = await account('admin');
    const { body } = await detect();
    await logRow(body.detectionId);
    const same = json(await get(t.app, `/api/admin/detection-logs?verdict=${body.verdict}&engine=${body.engine}&limit=100`, manager.cookie));
    expect(same.items.every((e: { verdict: string; engine: string }) => e.verdict === body.verdict && e.engine === body.engine)).toBe(true);
    expect(same.items.some((e: { id: string }) => e.id === body.detectionId)).toBe(true);
    expect(same.byVerdict[body.verdict]).toBe(same.total);
    const other = body.verdict === 'ai' ? 'human' : 'ai';
    expect(
      json(await get(t.app, `/api/admin/detection-logs?verdict=${other}&limit=100`, manager.cookie)).items.some(
        (e: { id: string }) => e.id === body.detectionId,
      ),
    ).toBe(false);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      json(await get(t.app, `/api/admin/detection-logs?from=${today}&to=${today}&limit=100`, manager.cookie)).items.some(
        (e: { id: string }) => e.id === body.detectionId,
      ),
    ).toBe(true);
    expect(json(await get(t.app, `/api/admin/detection-logs?from=2001-01-01&to=2001-01-31`, manager.cookie)).total).toBe(0);
    expect((await get(t.app, `/api/admin/detection-logs?from=yesterday`, manager.cookie)).statusCode).toBe(400);
    expect((await get(t.app, `/api/admin/detection-logs?from=2024-02-02&to=2024-01-01`, manager.cookie)).statusCode).toBe(400);
    expect((await get(t.app, `/api/admin/detection-logs?verdict=maybe`, manager.cookie)).statusCode).toBe(400);
    expect((await get(t.app, '/api/admin/detection-logs', (await account('support')).cookie)).statusCode).toBe(403);
    expect((await get(t.app, '/api/admin/detection-logs', (await account('pro')).cookie)).statusCode).toBe(403);
  });

  it('still answers the detection when the log cannot be written', async () => {
    const db = t.ctx.db as unknown as { execute: (q: unknown) => Promise<unknown>; dialect: { sqlToQuery: (q: unknown) => { sql: string } } };
    const original = db.execute.bind(db);
    const spy = vi.spyOn(db, 'execute').mockImplementation((q: unknown) => {
      if (db.dialect.sqlToQuery(q).sql.includes('insert into detection_logs')) return Promise.reject(new Error('disk full'));
      return original(q);
    });
    try {
      const { body } = await detect();
      expect(typeof body.score).toBe('number');
      await new Promise((r) => setTimeout(r, 50));
      const [row] = await t.ctx.db.select().from(detectionLogs).where(eq(detectionLogs.id, body.detectionId));
      expect(row).toBeUndefined();
    } finally {
      spy.mockRestore();
    }
  });
});

describe('result reports', () => {
  const opposite = (verdict: string) => (verdict === 'human' ? 'ai' : 'human');

  it('lets a visitor report their own result, once, and nobody else', async () => {
    const ip = nextAddress();
    const { body, anonCookie } = await detect({ remoteAddress: ip });
    await logRow(body.detectionId);
    const payload = { detectionId: body.detectionId, expected: opposite(body.verdict), comment: 'I wrote this myself last week.' };
    const res = await post(t.app, '/api/reports', payload, { cookie: anonCookie, remoteAddress: ip });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.ctx.db
      .select()
      .from(resultReports)
      .where(eq(resultReports.id, json(res).report.id));
    expect(row).toMatchObject({
      detectionId: body.detectionId,
      userId: null,
      expected: opposite(body.verdict),
      verdict: body.verdict,
      text: null,
      status: 'open',
    });
    // Again: one open report per result.
    expect((await post(t.app, '/api/reports', payload, { cookie: anonCookie, remoteAddress: ip })).statusCode).toBe(409);
    // Another visitor (no cookie) or an account cannot report it.
    expect((await post(t.app, '/api/reports', payload)).statusCode).toBe(404);
    expect((await post(t.app, '/api/reports', payload, { cookie: (await account('free')).cookie })).statusCode).toBe(404);
  });

  it('refuses bad reports with 4xx', async () => {
    const user = await account('free');
    const { body } = await detect({ cookie: user.cookie });
    await logRow(body.detectionId);
    const bad = async (payload: unknown) => (await post(t.app, '/api/reports', payload, { cookie: user.cookie })).statusCode;
    expect(await bad({ detectionId: 'nope', expected: 'human' })).toBe(400);
    expect(await bad({ detectionId: body.detectionId, expected: 'robot' })).toBe(400);
    expect(await bad({ detectionId: body.detectionId, expected: opposite(body.verdict), comment: 'x'.repeat(2001) })).toBe(400);
    if (body.verdict === 'human' || body.verdict === 'ai') expect(await bad({ detectionId: body.detectionId, expected: body.verdict })).toBe(400);
    expect(await bad({ detectionId: '00000000-0000-4000-8000-000000000000', expected: 'human' })).toBe(404);
  });

  it('staff review a report with a note (audited); counts follow the direction of the report', async () => {
    const user = await account('free');
    const { body } = await detect({ cookie: user.cookie });
    await logRow(body.detectionId);
    const expected = opposite(body.verdict);
    const filed = await post(t.app, '/api/reports', { detectionId: body.detectionId, expected, comment: 'Mine.', text: HUMAN_TEXT }, { cookie: user.cookie });
    expect(filed.statusCode, filed.body).toBe(201);
    const id = json(filed).report.id;

    const staff = await account('support');
    const before = json(await get(t.app, '/api/admin/reports?status=open&limit=100', staff.cookie));
    const listed = before.items.find((r: { id: string }) => r.id === id);
    expect(listed).toMatchObject({ expected, verdict: body.verdict, text: HUMAN_TEXT, comment: 'Mine.', reporter: { id: user.id }, engine: body.engine });
    const openBefore = before.counts[expected].open;
    const upheldBefore = before.counts[expected].upheld;

    const review = await post(t.app, `/api/admin/reports/${id}/review`, { decision: 'upheld', note: 'Confirmed: human text.' }, { cookie: staff.cookie });
    expect(review.statusCode, review.body).toBe(200);
    expect(json(review).report).toMatchObject({ status: 'upheld', reviewNote: 'Confirmed: human text.', reviewer: { id: staff.id } });
    const entry = await lastAudit(staff.id);
    expect(entry.category).toBe('system');
    expect(entry.action).toMatch(/^Upheld detector report/);
    expect(entry.action).toContain('Confirmed: human text.');
    expect((await post(t.app, `/api/admin/reports/${id}/review`, { decision: 'dismissed' }, { cookie: staff.cookie })).statusCode).toBe(409);

    const after = json(await get(t.app, '/api/admin/reports?status=upheld&limit=100', staff.cookie));
    expect(after.items.map((r: { id: string }) => r.id)).toContain(id);
    expect(after.counts[expected]).toMatchObject({ open: openBefore - 1, upheld: upheldBefore + 1 });
    // The detection log counts its report.
    const log = json(await get(t.app, `/api/admin/detection-logs/${body.detectionId}`, (await account('admin')).cookie));
    expect(log.entry.reports).toBe(1);

    expect((await post(t.app, `/api/admin/reports/${id}/review`, { decision: 'maybe' }, { cookie: staff.cookie })).statusCode).toBe(400);
    expect((await get(t.app, '/api/admin/reports', user.cookie)).statusCode).toBe(403);
    expect((await post(t.app, `/api/admin/reports/${id}/review`, { decision: 'dismissed' }, { cookie: user.cookie })).statusCode).toBe(403);
  });

  it('limits reports per visitor address', async () => {
    const ip = nextAddress();
    const payload = { detectionId: '00000000-0000-4000-8000-000000000000', expected: 'human' };
    for (let i = 0; i < 10; i++) expect((await post(t.app, '/api/reports', payload, { remoteAddress: ip })).statusCode).toBe(404);
    const refused = await post(t.app, '/api/reports', payload, { remoteAddress: ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
  });
});
