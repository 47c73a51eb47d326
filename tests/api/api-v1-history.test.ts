import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/services/users';
import { HistoryItem, HistoryListResponse } from '../../src/shared/api/history';
import { RECEIPT_HEADER, SaveReportResponse, SavedReport, SavedReportsResponse } from '../../src/shared/api/saved-reports';
import { cookieFrom, createTestApp, json, login, post, uniqueUser, type TestApp } from '../helpers/app';

/**
 * The scan history and saved reports through the public API: a key reaches its owner's items only, and the answers
 * have the shapes the OpenAPI document gives them.
 */
let t: TestApp;
let address = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const TEXT =
  'The committee met on Tuesday to review the budget. Several members raised concerns about the timeline. ' +
  'After a long discussion, they agreed to revisit the proposal next month, once the auditors had reported.';

/** A Pro account with history on and an API key. */
async function keyHolder() {
  const u = uniqueUser('pro');
  await createUser(t.ctx.db, { ...u, role: 'pro' });
  const cookie = cookieFrom(await login(t.app, u.email, u.password, `10.43.0.${++address}`));
  const on = await t.app.inject({ method: 'PUT', url: '/api/user/settings', payload: { historyEnabled: true }, headers: { cookie } });
  expect(on.statusCode, on.body).toBe(200);
  const created = await post(t.app, '/api/user/api-keys', { name: 'script' }, { cookie });
  expect(created.statusCode, created.body).toBe(201);
  return { cookie, key: json<{ key: string }>(created).key };
}

const call = (key: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, ...(payload === undefined ? {} : { payload: payload as never }) });

describe('history and reports on /api/v1', () => {
  it("a key lists, reads, saves and deletes its owner's checks and reports, and never another user's", async () => {
    const a = await keyHolder();
    const b = await keyHolder();

    const check = await call(a.key, 'POST', '/api/v1/tools/content-detector', { text: TEXT });
    expect(check.statusCode, check.body).toBe(200);
    const receipt = String(check.headers[RECEIPT_HEADER] ?? '');
    expect(receipt).not.toBe('');

    const list = HistoryListResponse.parse(json(await call(a.key, 'GET', '/api/v1/history')));
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ tool: 'ai_content_detector', source: 'api' });
    const itemId = list.items[0]!.id;
    const item = HistoryItem.parse(json(await call(a.key, 'GET', `/api/v1/history/${itemId}`)));
    expect(item.input).toBe(TEXT);

    // B's key sees nothing of A's, and cannot read or delete it
    expect(HistoryListResponse.parse(json(await call(b.key, 'GET', '/api/v1/history'))).total).toBe(0);
    expect((await call(b.key, 'GET', `/api/v1/history/${itemId}`)).statusCode).toBe(404);
    expect((await call(b.key, 'DELETE', `/api/v1/history/${itemId}`)).statusCode).toBe(404);

    // a report saved with the check's receipt
    const saved = await call(a.key, 'POST', '/api/v1/reports', { tool: 'ai_content_detector', input: TEXT, result: json(check), receipt });
    expect(saved.statusCode, saved.body).toBe(201);
    const reportId = SaveReportResponse.parse(json(saved)).report.id;
    // B cannot save A's answer under B's name: the receipt names A
    const stolen = await call(b.key, 'POST', '/api/v1/reports', { tool: 'ai_content_detector', input: TEXT, result: json(check), receipt });
    expect(stolen.statusCode).toBeGreaterThanOrEqual(400);
    expect(stolen.statusCode).toBeLessThan(500);

    expect(SavedReportsResponse.parse(json(await call(a.key, 'GET', '/api/v1/reports'))).total).toBe(1);
    expect(SavedReport.parse(json(await call(a.key, 'GET', `/api/v1/reports/${reportId}`))).input).toBe(TEXT);
    const pdf = await call(a.key, 'GET', `/api/v1/reports/${reportId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(SavedReportsResponse.parse(json(await call(b.key, 'GET', '/api/v1/reports'))).total).toBe(0);
    expect((await call(b.key, 'GET', `/api/v1/reports/${reportId}`)).statusCode).toBe(404);
    expect((await call(b.key, 'GET', `/api/v1/reports/${reportId}/pdf`)).statusCode).toBe(404);

    // the owner deletes the check; the session cookie alone is not accepted on /api/v1
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/history', headers: { cookie: a.cookie } })).statusCode).toBe(401);
    expect((await call(a.key, 'DELETE', `/api/v1/history/${itemId}`)).statusCode).toBe(204);
    expect(HistoryListResponse.parse(json(await call(a.key, 'GET', '/api/v1/history'))).total).toBe(0);
  });
});
