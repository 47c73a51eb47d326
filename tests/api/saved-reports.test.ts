import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { addReferenceDocument } from '../../src/server/services/plagiarism-store';
import { drawableText } from '../../src/engines/pdf-fonts';
import { reportPdf } from '../../src/server/services/saved-report-pdf';
import { issueReceipt, verifyReceipt } from '../../src/server/services/saved-reports';
import { FAIRNESS_NOTE_TITLE } from '../../src/shared/detector-fairness';
import { RECEIPT_HEADER, type SavedReport, type SavedReportsResponse, type SharedReport } from '../../src/shared/api/saved-reports';
import type { HistoryListResponse } from '../../src/shared/api/history';
import { createTestApp, get, json, me, post, register, type TestApp } from '../helpers/app';
import { pdfText } from '../helpers/pdf-text';

const DETECT = '/api/tools/content-detector';
const PLAGIARISM = '/api/tools/plagiarism-checker';
const SAVED = '/api/reports/saved';
const DAY = 24 * 60 * 60 * 1000;

// a default-voice assistant document (the detector's e2e sample): long enough for a verdict and shaded sentences
const AI_TEXT = readFileSync(join(__dirname, '..', '..', 'e2e', 'samples', 'heldout-default.txt'), 'utf8').trim();
const LIBRARY_TEXT =
  'The ancient lighthouse keeper climbed the spiral staircase every evening at dusk, carrying a brass lantern and a worn leather logbook. ' +
  'He recorded the weather, the passing ships and the colour of the sea in careful copperplate handwriting that never changed in forty years. ' +
  'When the lamp was finally automated, the logbooks were given to the county archive, where they fill eleven shelves in the reading room.';

let t: TestApp;
beforeAll(async () => {
  // createTestApp never imports the starter library (that happens in index.ts): one document for the checks to match
  t = await createTestApp();
  await addReferenceDocument(t.ctx.db, {
    title: 'The Lighthouse Logbooks',
    reference: 'County Archive, shelf 7',
    licence: 'test',
    origin: 'staff',
    text: LIBRARY_TEXT,
  });
});
afterAll(async () => {
  await t?.close();
});

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as never });
}

/** A detector check of the user's, with the receipt the server signed. */
async function checked(cookie: string, url = DETECT, text = AI_TEXT) {
  const res = await post(t.app, url, { text }, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  const receipt = res.headers[RECEIPT_HEADER];
  expect(typeof receipt).toBe('string');
  return { result: json(res), receipt: String(receipt), input: text };
}

async function saveChecked(cookie: string, url = DETECT, text = AI_TEXT, title?: string): Promise<SavedReport> {
  const c = await checked(cookie, url, text);
  const tool = url === DETECT ? 'ai_content_detector' : 'plagiarism_checker';
  const res = await call('POST', SAVED, cookie, { tool, input: c.input, result: c.result, receipt: c.receipt, ...(title ? { title } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return json(await call('GET', `${SAVED}/${json(res).report.id}`, cookie));
}

describe('saving a report', () => {
  it('saves a detector result the server signed, with its engine, model version and date', async () => {
    const cookie = await register(t.app);
    const c = await checked(cookie);
    const res = await call('POST', SAVED, cookie, { tool: 'ai_content_detector', input: c.input, result: c.result, receipt: c.receipt });
    expect(res.statusCode, res.body).toBe(201);
    const { report } = json(res);
    expect(report).toMatchObject({ tool: 'ai_content_detector', engine: 'veritext', modelVersion: c.result.modelVersion, share: { active: false } });
    expect(report.headline).toBe(`${c.result.verdictText} · ${(c.result.score * 100).toFixed(2)}% AI`);
    expect(report.title).toMatch(/^AI detection: /);
    const full = json<SavedReport>(await call('GET', `${SAVED}/${report.id}`, cookie));
    expect(full.input).toBe(AI_TEXT);
    expect(full.result.score).toBe(c.result.score);
    expect(full.result.sentences).toEqual(c.result.sentences);
    expect('allowance' in full.result).toBe(false);
  });

  it('refuses a result that was changed, another input, or another account’s receipt', async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    const c = await checked(a);
    const base = { tool: 'ai_content_detector', input: c.input, result: c.result, receipt: c.receipt };
    const forged = await call('POST', SAVED, a, { ...base, result: { ...c.result, score: 0.01, verdict: 'human', verdictText: 'Likely human' } });
    expect(forged.statusCode).toBe(400);
    expect(json(forged).error.code).toBe('validation_failed');
    expect((await call('POST', SAVED, a, { ...base, input: `${c.input} ` })).statusCode).toBe(400);
    expect((await call('POST', SAVED, a, { ...base, tool: 'plagiarism_checker' })).statusCode).toBe(400);
    expect((await call('POST', SAVED, a, { ...base, receipt: 'abc.def' })).statusCode).toBe(400);
    // B holds A's answer and receipt: not B's
    expect((await call('POST', SAVED, b, base)).statusCode).toBe(400);
    // only the report tools
    expect((await call('POST', SAVED, a, { ...base, tool: 'grammar_fixer' })).statusCode).toBe(400);
    expect((await call('POST', SAVED, undefined, base)).statusCode).toBe(401);
    expect(json<SavedReportsResponse>(await call('GET', SAVED, a)).total).toBe(0);
  });

  it('signs only logged-in answers, and a receipt expires after 7 days', async () => {
    const visitor = await post(t.app, DETECT, { text: AI_TEXT });
    expect(visitor.headers[RECEIPT_HEADER]).toBeUndefined();
    const now = new Date();
    const ctx = { ...t.ctx, now: () => now };
    const receipt = issueReceipt(ctx, 'u1', 'ai_content_detector', 'text', { score: 0.5, when: undefined });
    expect(verifyReceipt(ctx, 'u1', receipt, 'ai_content_detector', 'text', { score: 0.5 })).toBe(true);
    expect(verifyReceipt(ctx, 'u2', receipt, 'ai_content_detector', 'text', { score: 0.5 })).toBe(false);
    const later = { ...t.ctx, now: () => new Date(now.getTime() + 7 * DAY + 1000) };
    expect(verifyReceipt(later, 'u1', receipt, 'ai_content_detector', 'text', { score: 0.5 })).toBe(false);
  });

  it('saves from a history item (the server’s own copy), never from someone else’s', async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    await t.app.inject({ method: 'PUT', url: '/api/user/settings', headers: { cookie: a }, payload: { historyEnabled: true } });
    await post(t.app, PLAGIARISM, { text: LIBRARY_TEXT }, { cookie: a });
    const [item] = json<HistoryListResponse>(await get(t.app, '/api/history', a)).items;
    expect(item.tool).toBe('plagiarism_checker');
    expect((await call('POST', SAVED, b, { historyId: item.id })).statusCode).toBe(404);
    const res = await call('POST', SAVED, a, { historyId: item.id, title: 'Logbook essay' });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).report).toMatchObject({ tool: 'plagiarism_checker', title: 'Logbook essay', engine: 'library', modelVersion: null });
    expect(json(res).report.headline).toMatch(/^100% similarity · 1 source$/);
  });

  it('lists, renames and deletes the owner’s reports; another user gets 404 for all of it', async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    const r1 = await saveChecked(a);
    const r2 = await saveChecked(a, PLAGIARISM, LIBRARY_TEXT, 'Plagiarism of the logbooks');
    const list = json<SavedReportsResponse>(await call('GET', SAVED, a));
    expect(list.total).toBe(2);
    expect(list.items.map((r) => r.id)).toEqual([r2.id, r1.id]);
    expect(json<SavedReportsResponse>(await call('GET', SAVED, b)).total).toBe(0);

    for (const [method, url, body] of [
      ['GET', `${SAVED}/${r1.id}`],
      ['GET', `${SAVED}/${r1.id}/pdf`],
      ['PATCH', `${SAVED}/${r1.id}`, { title: 'Mine now' }],
      ['POST', `${SAVED}/${r1.id}/share`, { expiresInDays: null }],
      ['DELETE', `${SAVED}/${r1.id}/share`],
      ['DELETE', `${SAVED}/${r1.id}`],
    ] as const) {
      const res = await call(method, url, b, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }

    const renamed = await call('PATCH', `${SAVED}/${r1.id}`, a, { title: '  Essay of student 14  ' });
    expect(json(renamed).title).toBe('Essay of student 14');
    expect((await call('DELETE', `${SAVED}/${r1.id}`, a)).statusCode).toBe(204);
    expect((await call('GET', `${SAVED}/${r1.id}`, a)).statusCode).toBe(404);
    expect(json<SavedReportsResponse>(await call('GET', SAVED, a)).total).toBe(1);
    expect((await call('GET', `${SAVED}/not-an-id`, a)).statusCode).toBe(404);
  });
});

describe('the PDF', () => {
  it('is a real PDF with the score, verdict, reasons, engine, model version, date, shaded sentences and the fairness note', async () => {
    const cookie = await register(t.app);
    const report = await saveChecked(cookie);
    const res = await call('GET', `${SAVED}/${report.id}/pdf`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="AI-detection-.*\.pdf"$/);
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(new Uint8Array(bytes));
    const r = report.result as {
      score: number;
      verdictText: string;
      reasons: string[];
      modelVersion: string;
      sentences: { score: number; band: string }[];
      sentenceBands: { ai: number; human: number };
    };
    expect(text).toContain(`${(r.score * 100).toFixed(2)}%`);
    expect(text).toContain(r.verdictText);
    expect(text).toContain('AI DETECTION REPORT');
    expect(text).toContain(`model ${r.modelVersion}`);
    expect(text).toContain(report.createdAt.slice(0, 10));
    expect(text).toContain(FAIRNESS_NOTE_TITLE);
    expect(text).toContain('Sentence by sentence');
    expect(text.replace(/\s+/g, ' ')).toContain(r.reasons[0].split(' ').slice(0, 4).join(' '));
    // the same sentence bands as the page: the answer's calibrated ones, named in the legend
    expect(text).toContain(`Likely AI (≥ ${Math.round(r.sentenceBands.ai * 100)}%)`);
    expect(r.sentences.some((s) => s.band === 'ai')).toBe(true);
    expect(text).toContain('Sentences most likely AI-generated');
    // no account data in it
    const user = json(await me(t.app, cookie)).user;
    expect(text).not.toContain(user.email);
    expect(text).not.toContain(user.username);
  });

  it('lists the matched passages with their sources for a plagiarism report', async () => {
    const cookie = await register(t.app);
    const report = await saveChecked(cookie, PLAGIARISM, `${LIBRARY_TEXT} I copied all of this for my homework.`);
    const bytes = (await call('GET', `${SAVED}/${report.id}/pdf`, cookie)).rawPayload;
    const text = (await pdfText(new Uint8Array(bytes))).replace(/\s+/g, ' ');
    expect(text).toContain('PLAGIARISM REPORT');
    expect(text).toMatch(/\d+(\.\d)?% similarity/);
    expect(text).toContain('[1] The Lighthouse Logbooks');
    expect(text).toContain('County Archive, shelf 7');
    expect(text).toContain('The source:');
    expect(text).not.toContain(FAIRNESS_NOTE_TITLE);
  });

  it('prints what the standard fonts can, says what it could not, and survives long and odd texts', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const drawable = drawableText(font, { approximate: true });
    const latin = drawable('Zażółć gęślą jaźń – café “quoted” ≤ 3 łódź');
    expect(latin.text).toBe('Zazólc gesla jazn – café “quoted” <= 3 lódz');
    expect(latin.missing).toBe(0);
    expect(latin.approximated).toBeGreaterThan(5);
    expect(drawable('Привет 你好 🙂')).toEqual({ text: '?????? ?? ?', missing: 9, approximated: 0 });

    const odd = `${'Привет мир. '.repeat(20)}\n\n${'x'.repeat(3000)} ${'A fairly ordinary sentence follows here. '.repeat(400)}`;
    const pdf = await reportPdf({
      tool: 'ai_content_detector',
      title: 'Odd text 🙂',
      input: odd,
      result: {
        score: 0.8,
        verdictText: 'Likely AI-generated',
        verdict: 'ai',
        reasons: ['a reason'],
        sentences: [{ start: 0, end: 12, score: 0.9, reasons: [] }],
        wordCount: 50,
      },
      engine: 'veritext',
      modelVersion: 'test',
      createdAt: new Date('2030-01-02T03:04:05Z'),
      siteName: 'Veritext',
    });
    const text = await pdfText(pdf);
    expect(text).toContain('printed as "?"');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBeGreaterThan(3);
    expect(doc.getTitle()).toBe('Odd text 🙂');
  });
});

describe('share links', () => {
  it('work logged out, show no account data, and stop when revoked or replaced', async () => {
    const cookie = await register(t.app);
    const user = json(await me(t.app, cookie)).user;
    const report = await saveChecked(cookie);
    const share = await call('POST', `${SAVED}/${report.id}/share`, cookie, { expiresInDays: null });
    expect(share.statusCode, share.body).toBe(201);
    const { token, url, expiresAt } = json(share);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    expect(url).toBe(`http://localhost:3000/r/${token}`);
    expect(expiresAt).toBeNull();
    // only the hash is stored
    const stored = await t.ctx.db.execute(`select share_token_hash from saved_reports where id = '${report.id}'` as never);
    const hash = (stored as unknown as { rows: { share_token_hash: string }[] }).rows[0].share_token_hash;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);

    const pub = await get(t.app, `/api/shared-reports/${token}`);
    expect(pub.statusCode).toBe(200);
    expect(pub.headers['cache-control']).toBe('no-store');
    const body = json<SharedReport>(pub);
    expect(body).toMatchObject({ tool: 'ai_content_detector', title: report.title, input: AI_TEXT, expiresAt: null, siteName: 'Veritext' });
    expect(body.result.score).toBe(report.result.score);
    expect(body.headline).toBe(report.headline);
    for (const secret of [user.id, user.email, user.username, report.id]) expect(pub.body).not.toContain(secret);
    expect('detectionId' in body.result).toBe(false);
    expect(json(await call('GET', SAVED, cookie)).items[0].share).toEqual({ active: true, expiresAt: null, expired: false });

    const pdf = await get(t.app, `/api/shared-reports/${token}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdfWords = await pdfText(new Uint8Array(pdf.rawPayload));
    expect(pdfWords).toContain(`${((report.result.score as number) * 100).toFixed(2)}%`);
    expect(pdfWords).not.toContain(user.email);

    // a new link replaces the old one
    const second = json(await call('POST', `${SAVED}/${report.id}/share`, cookie, {}));
    expect((await get(t.app, `/api/shared-reports/${token}`)).statusCode).toBe(404);
    expect((await get(t.app, `/api/shared-reports/${second.token}`)).statusCode).toBe(200);

    // revoked
    expect((await call('DELETE', `${SAVED}/${report.id}/share`, cookie)).statusCode).toBe(204);
    const gone = await get(t.app, `/api/shared-reports/${second.token}`);
    expect(gone.statusCode).toBe(404);
    expect(json(gone).error.message).toMatch(/revoked, it expired, or it never existed/);
    expect((await get(t.app, `/api/shared-reports/${second.token}/pdf`)).statusCode).toBe(404);
    expect(json(await call('GET', SAVED, cookie)).items[0].share).toEqual({ active: false, expiresAt: null, expired: false });

    // tokens that are not tokens
    for (const bad of ['x', 'a'.repeat(43), '..%2F..%2Fetc', 'a'.repeat(90)]) expect((await get(t.app, `/api/shared-reports/${bad}`)).statusCode).toBe(404);
  });

  it('expire after the chosen number of days', async () => {
    const cookie = await register(t.app);
    const report = await saveChecked(cookie);
    const { token, expiresAt } = json(await call('POST', `${SAVED}/${report.id}/share`, cookie, { expiresInDays: 7 }));
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(7 * DAY - 60_000);
    expect((await get(t.app, `/api/shared-reports/${token}`)).statusCode).toBe(200);
    expect((await call('POST', `${SAVED}/${report.id}/share`, cookie, { expiresInDays: 3 })).statusCode).toBe(400);

    const realNow = t.ctx.now;
    t.ctx.now = () => new Date(Date.now() + 7 * DAY + 60_000);
    try {
      expect((await get(t.app, `/api/shared-reports/${token}`)).statusCode).toBe(404);
      expect((await get(t.app, `/api/shared-reports/${token}/pdf`)).statusCode).toBe(404);
      expect(json(await call('GET', SAVED, cookie)).items[0].share).toMatchObject({ active: false, expired: true });
    } finally {
      t.ctx.now = realNow;
    }
  });

  it('are in the owner’s data export without the link', async () => {
    const cookie = await register(t.app);
    const report = await saveChecked(cookie);
    await call('POST', `${SAVED}/${report.id}/share`, cookie, {});
    const data = JSON.parse((await get(t.app, '/api/user/export', cookie)).body);
    expect(data.savedReports).toHaveLength(1);
    expect(data.savedReports[0]).toMatchObject({ id: report.id, title: report.title, shared: true, input: AI_TEXT });
    expect(JSON.stringify(data.savedReports)).not.toContain('shareTokenHash');
  });
});
