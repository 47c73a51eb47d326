import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/services/users';
import { resetSettings } from '../../src/server/services/settings';
import { composeClaims, DETECTOR_HELD_OUT, invalidateSiteClaims } from '../../src/server/services/site-claims';
import { DEFAULT_SETTINGS } from '../../src/shared/settings';
import type { SiteClaims } from '../../src/shared/site-claims';
import { cookieFrom, createTestApp, get, json, login, post, uniqueUser, type TestApp } from '../helpers/app';

const TEXT =
  'The committee met on Tuesday to discuss the budget for next year. Several members raised concerns about the cost of the new library wing, ' +
  'and the treasurer promised a revised estimate before the spring meeting. Nobody could agree on the parking question, so it was postponed again.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await resetSettings(t.ctx.db);
  invalidateSiteClaims(t.ctx.db);
});

async function claims(): Promise<SiteClaims> {
  const res = await get(t.app, '/api/site/claims');
  expect(res.statusCode, res.body).toBe(200);
  return json<SiteClaims>(res);
}
const n = (v: string | null) => Number((v ?? '').replace(/,/g, ''));

/** Usage events may be written just after the answer: read fresh figures until `ok` holds (or give up). */
async function until(ok: (c: SiteClaims) => boolean): Promise<SiteClaims> {
  let c = await claims();
  for (let i = 0; i < 40 && !ok(c); i++) {
    await new Promise((r) => setTimeout(r, 50));
    invalidateSiteClaims(t.ctx.db);
    c = await claims();
  }
  return c;
}

describe('GET /api/site/claims', () => {
  it('is public and cached for five minutes', async () => {
    const res = await get(t.app, '/api/site/claims');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('counts the pieces analysed and the active accounts from real checks', async () => {
    const before = await claims();
    expect(before.piecesAnalysed.source).toBe('measured');

    // a visitor's check is a piece analysed, but no active account
    const anon = await post(t.app, '/api/tools/content-detector', { text: TEXT }, { remoteAddress: '10.77.0.1' });
    expect(anon.statusCode, anon.body).toBe(200);
    const afterAnon = await until((c) => n(c.piecesAnalysed.value) === n(before.piecesAnalysed.value) + 1);
    expect(n(afterAnon.piecesAnalysed.value)).toBe(n(before.piecesAnalysed.value) + 1);
    expect(n(afterAnon.activeUsers.value)).toBe(n(before.activeUsers.value));

    // a signed-in user's check counts for both
    const u = uniqueUser('claims');
    await createUser(t.ctx.db, { ...u, role: 'free' });
    const cookie = cookieFrom(await login(t.app, u.email, u.password, '10.77.0.2'));
    const mine = await post(t.app, '/api/tools/content-detector', { text: TEXT }, { cookie, remoteAddress: '10.77.0.2' });
    expect(mine.statusCode, mine.body).toBe(200);
    const after = await until((c) => n(c.activeUsers.value) === n(before.activeUsers.value) + 1);
    expect(n(after.piecesAnalysed.value)).toBe(n(before.piecesAnalysed.value) + 2);
    expect(n(after.activeUsers.value)).toBe(n(before.activeUsers.value) + 1);
  }, 60_000);

  it('keeps the counts for five minutes between requests', async () => {
    const before = await claims();
    expect((await post(t.app, '/api/tools/content-detector', { text: TEXT }, { remoteAddress: '10.77.0.3' })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect((await claims()).piecesAnalysed.value).toBe(before.piecesAnalysed.value);
  }, 60_000);

  it('shows the figures staff set in the admin settings instead, at once', async () => {
    const admin = uniqueUser('claimsadmin');
    await createUser(t.ctx.db, { ...admin, role: 'admin' });
    const cookie = cookieFrom(await login(t.app, admin.email, admin.password, '10.77.0.4'));
    const overrides = { piecesAnalysed: '10M+', accuracy: '', activeUsers: '500K+', availability: '24/7' };
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      payload: { claims: overrides },
      headers: { cookie },
      remoteAddress: '10.77.0.4',
    });
    expect(res.statusCode, res.body).toBe(200);

    const c = await claims();
    expect(c.piecesAnalysed).toMatchObject({ value: '10M+', source: 'override' });
    expect(c.activeUsers).toMatchObject({ value: '500K+', source: 'override' });
    expect(c.availability).toMatchObject({ value: '24/7', source: 'override' });
    // left empty: still the measured figure
    expect(c.accuracy.source).toBe('measured');
  }, 60_000);

  it('refuses an over-long figure', async () => {
    const admin = uniqueUser('claimsadmin');
    await createUser(t.ctx.db, { ...admin, role: 'admin' });
    const cookie = cookieFrom(await login(t.app, admin.email, admin.password, '10.77.0.5'));
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      payload: { claims: { ...DEFAULT_SETTINGS.claims, accuracy: 'x'.repeat(41) } },
      headers: { cookie },
      remoteAddress: '10.77.0.5',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('the accuracy figure', () => {
  const counts = { pieces: 3, activeUsers: 1 };

  it('is the measured held-out figure, said as what it is', async () => {
    const c = await claims();
    expect(c.accuracy.value).toBe(`AUROC ${DETECTOR_HELD_OUT!.auroc}`);
    expect(c.accuracy.note).toContain('held out of training');
    expect(c.accuracy.note).toContain(DETECTOR_HELD_OUT!.modelVersion);
  });

  it('is not shown at all without a measured figure', () => {
    const c = composeClaims(counts, null, DEFAULT_SETTINGS.claims);
    expect(c.accuracy.value).toBeNull();
    // the other figures stay
    expect(c.piecesAnalysed.value).toBe('3');
  });

  it("matches the detector's model card and the shipped model version", () => {
    const weights = JSON.parse(readFileSync('src/engines/detector/model/weights.json', 'utf8')) as { modelVersion: string };
    expect(DETECTOR_HELD_OUT!.modelVersion).toBe(weights.modelVersion);
    const card = readFileSync('docs/detector.md', 'utf8');
    const row = /\| AUROC, default voice \(\d+\) vs human \| ([\d.]+) \|/.exec(card);
    expect(row, 'the model card has the held-out AUROC row').not.toBeNull();
    expect(Number(row![1])).toBe(DETECTOR_HELD_OUT!.auroc);
    expect(card).toContain('4057 held-out human documents');
  });

  it('shows small real counts as they are', () => {
    const c = composeClaims({ pieces: 0, activeUsers: 0 }, DETECTOR_HELD_OUT, DEFAULT_SETTINGS.claims);
    expect(c.piecesAnalysed.value).toBe('0');
    expect(c.activeUsers.value).toBe('0');
    expect(c.availability.value).toBe('Self-hosted');
  });
});
