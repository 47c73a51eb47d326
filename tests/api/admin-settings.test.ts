import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import { appSettings, auditLog, sessions } from '../../src/db/schema';
import { createUser } from '../../src/server/services/users';
import { getSettings, invalidateSettings, resetSettings } from '../../src/server/services/settings';
import { ANON_LIMITS } from '../../src/shared/limits';
import { base32Decode, totp } from '../../src/server/services/totp';
import type { Role } from '../../src/shared/roles';
import { cookieFrom, createTestApp, json, login, me, post, uniqueUser, type TestApp, signedInAccount } from '../helpers/app';

let t: TestApp;
let address = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
// Every test starts from the defaults (no allow-list, sign-ups open, every tool on).
afterEach(async () => {
  await resetSettings(t.ctx.db);
});

const nextAddress = () => `10.30.${Math.floor(++address / 250)}.${address % 250}`;

/** A fresh account with this role, logged in from its own address. */
const account = (role: Role, ip = nextAddress()) => signedInAccount(t, role, { ip });

function call(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, opts: { cookie?: string; ip?: string; body?: unknown } = {}) {
  return t.app.inject({
    method,
    url,
    payload: opts.body as never,
    headers: opts.cookie ? { cookie: opts.cookie } : {},
    remoteAddress: opts.ip,
  });
}

async function auditOf(actorId: string, pattern: string) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.userId, actorId), like(auditLog.action, pattern)))
    .orderBy(desc(auditLog.createdAt));
}

describe('settings', () => {
  it("keeps staff's visitor allowances when a later version adds a tool with its own allowance", async () => {
    // saved before the keyword extractor existed: no `keywords` key
    const { keywords: _added, ...older } = { ...ANON_LIMITS, rewrite: 7 };
    await t.ctx.db.insert(appSettings).values({ key: 'setting:anonLimits', value: JSON.stringify(older), updatedAt: new Date() });
    invalidateSettings(t.ctx.db);
    try {
      const s = await getSettings(t.ctx.db);
      expect(s.anonLimits.rewrite).toBe(7);
      expect(s.anonLimits.keywords).toBe(ANON_LIMITS.keywords);
    } finally {
      await resetSettings(t.ctx.db);
    }
  });

  it('round-trips through the database and audits each changed setting', async () => {
    const admin = await account('admin');
    const before = json(await call('GET', '/api/admin/settings', { cookie: admin.cookie }));
    expect(before.settings).toMatchObject({ siteName: 'Veritext', signupsOpen: true, anonWordLimit: 500, disabledTools: [] });

    const res = await call('PUT', '/api/admin/settings', {
      cookie: admin.cookie,
      ip: admin.ip,
      body: { siteName: 'Acme Checks', supportEmail: 'help@acme.test', notifications: { newSupportTicket: false, refundRequest: true, staffEmail: '' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).changed.sort()).toEqual(['notifications', 'siteName', 'supportEmail']);
    const after = json(await call('GET', '/api/admin/settings', { cookie: admin.cookie })).settings;
    expect(after).toMatchObject({ siteName: 'Acme Checks', supportEmail: 'help@acme.test', notifications: { newSupportTicket: false } });

    const [entry] = await auditOf(admin.id, 'Changed setting Site name%');
    expect(entry).toMatchObject({ category: 'system', ip: admin.ip });
    expect(entry.action).toContain('"Veritext" → "Acme Checks"');
    expect(await auditOf(admin.id, 'Changed setting Support e-mail%')).toHaveLength(1);

    // Saving the same value again changes nothing and writes nothing.
    const again = await call('PUT', '/api/admin/settings', { cookie: admin.cookie, body: { siteName: 'Acme Checks' } });
    expect(json(again).changed).toEqual([]);
    expect(await auditOf(admin.id, 'Changed setting Site name%')).toHaveLength(1);
  });

  it('refuses bad values with a 400 naming the field, and settings that belong to the security pages', async () => {
    const admin = await account('admin');
    for (const body of [{ siteName: '' }, { supportEmail: 'not-an-email' }, { anonWordLimit: -1 }, { disabledTools: ['no_such_tool'] }, { whatever: 1 }]) {
      const res = await call('PUT', '/api/admin/settings', { cookie: admin.cookie, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).error.code).toBe('validation_failed');
    }
    const banner = await call('PUT', '/api/admin/settings', { cookie: admin.cookie, body: { maintenanceBanner: { enabled: true, text: '  ' } } });
    expect(banner.statusCode).toBe(400);
    expect(json(banner).error.fields['maintenanceBanner.text']).toMatch(/Write the text/);
    expect((await call('PUT', '/api/admin/settings', { cookie: admin.cookie, body: { ipAllowList: [] } })).statusCode).toBe(400);
    expect((await call('PUT', '/api/admin/settings', { cookie: admin.cookie, body: { requireStaffTwoFactor: true } })).statusCode).toBe(400);
  });

  it('shows the site name and the maintenance banner to visitors through /api/site', async () => {
    const admin = await account('admin');
    expect(json(await call('GET', '/api/site'))).toMatchObject({ siteName: 'Veritext', maintenanceBanner: { enabled: false } });
    await call('PUT', '/api/admin/settings', {
      cookie: admin.cookie,
      body: { siteName: 'Acme Checks', maintenanceBanner: { enabled: true, text: 'Down for maintenance at 22:00 UTC.' } },
    });
    const site = json(await call('GET', '/api/site'));
    expect(site).toMatchObject({ siteName: 'Acme Checks', maintenanceBanner: { enabled: true, text: 'Down for maintenance at 22:00 UTC.' } });
    // Nothing staff-only leaks to visitors.
    expect(site).not.toHaveProperty('ipAllowList');
    expect(site).not.toHaveProperty('notifications');
  });

  it('refuses registration while sign-ups are closed, and accepts it again once reopened', async () => {
    const admin = await account('admin');
    await call('PUT', '/api/admin/settings', { cookie: admin.cookie, body: { signupsOpen: false } });
    expect(json(await call('GET', '/api/site')).signupsOpen).toBe(false);
    const refused = await post(t.app, '/api/auth/register', uniqueUser());
    expect(refused.statusCode).toBe(403);
    expect(json(refused).error.message).toMatch(/Sign-ups are closed/);
    await call('PUT', '/api/admin/settings', { cookie: admin.cookie, body: { signupsOpen: true } });
    expect((await post(t.app, '/api/auth/register', uniqueUser())).statusCode).toBe(201);
  });

  it('turns a tool off (its route answers 503 saying so) and on again', async () => {
    const admin = await account('admin');
    const text = { text: 'In order to make a decision, we basically need to take into consideration all of the facts.' };
    const ip = nextAddress();
    expect((await post(t.app, '/api/tools/sentence-shortener', text, { remoteAddress: ip })).statusCode).toBe(200);

    await call('PUT', '/api/admin/settings', { cookie: admin.cookie, body: { disabledTools: ['sentence_shortener'] } });
    const off = await post(t.app, '/api/tools/sentence-shortener', text, { remoteAddress: ip });
    expect(off.statusCode).toBe(503);
    expect(json(off).error.message).toMatch(/Sentence Shortener is turned off/);
    // Logged-in callers too, and other tools are unaffected.
    const user = await account('pro');
    expect((await post(t.app, '/api/tools/sentence-shortener', text, { cookie: user.cookie })).statusCode).toBe(503);
    expect((await post(t.app, '/api/tools/ai-summarizer', { text: `${text.text} Another sentence follows here.` }, { remoteAddress: ip })).statusCode).toBe(
      200,
    );
    expect(json(await call('GET', '/api/site')).disabledTools).toEqual(['sentence_shortener']);

    await call('PUT', '/api/admin/settings', { cookie: admin.cookie, body: { disabledTools: [] } });
    expect((await post(t.app, '/api/tools/sentence-shortener', text, { remoteAddress: ip })).statusCode).toBe(200);
  });

  it('meters visitors by the configured allowance and word limit', async () => {
    const admin = await account('admin');
    await call('PUT', '/api/admin/settings', {
      cookie: admin.cookie,
      body: { anonWordLimit: 5, anonLimits: { ...json(await call('GET', '/api/admin/settings', { cookie: admin.cookie })).settings.anonLimits, shorten: 1 } },
    });
    const ip = nextAddress();
    const long = await post(t.app, '/api/tools/sentence-shortener', { text: 'one two three four five six' }, { remoteAddress: ip });
    expect(long.statusCode).toBe(413);
    expect(json(long).error.message).toMatch(/the limit is 5 words/);
    const first = await post(t.app, '/api/tools/sentence-shortener', { text: 'We basically need facts.' }, { remoteAddress: ip });
    expect(first.statusCode, first.body).toBe(200);
    const anon = first.headers['set-cookie'];
    const cookie = String(Array.isArray(anon) ? anon[0] : anon).split(';')[0];
    const second = await post(t.app, '/api/tools/sentence-shortener', { text: 'We basically need facts.' }, { remoteAddress: ip, cookie });
    expect(second.statusCode).toBe(429);
    expect(json(second).error.message).toMatch(/limited to 1 shortenings a day/);
  });
});

describe('IP allow-list', () => {
  it('guards against locking yourself out, then blocks staff routes and staff login from other addresses', async () => {
    const admin = await account('admin', '198.51.100.7');
    const outside = '192.0.2.50';
    const inside = '203.0.113.9';

    const bad = await call('PUT', '/api/admin/ip-allowlist', { cookie: admin.cookie, ip: admin.ip, body: { entries: ['10.0.0.0/33'] } });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error.message).toMatch(/prefix length must be 0 to 32/);

    const lockout = await call('PUT', '/api/admin/ip-allowlist', {
      cookie: admin.cookie,
      ip: admin.ip,
      body: { entries: ['203.0.113.0/24', '2001:db8::/32'] },
    });
    expect(lockout.statusCode).toBe(409);
    expect(json(lockout).error.message).toMatch(/lock you out/);

    const saved = await call('PUT', '/api/admin/ip-allowlist', {
      cookie: admin.cookie,
      ip: admin.ip,
      body: { entries: ['203.0.113.0/24', ' 2001:DB8::/32 ', '203.0.113.0/24'], confirmLockout: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved)).toMatchObject({ entries: ['203.0.113.0/24', '2001:db8::/32'], yourAddress: admin.ip, yourAddressAllowed: false });
    expect(await auditOf(admin.id, 'Changed setting Admin IP allow-list%')).toHaveLength(1);

    const blocked = await call('GET', '/api/admin/users', { cookie: admin.cookie, ip: outside });
    expect(blocked.statusCode).toBe(403);
    expect(json(blocked).error.message).toMatch(/not on the IP allow-list/);
    expect((await call('GET', '/api/admin/users', { cookie: admin.cookie, ip: inside })).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/users', { cookie: admin.cookie, ip: '2001:db8:1::5' })).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/users', { cookie: admin.cookie, ip: '::ffff:203.0.113.10' })).statusCode).toBe(200);
    // Public and user routes are not the admin area.
    expect((await call('GET', '/api/site', { ip: outside })).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', { cookie: admin.cookie, ip: outside })).statusCode).toBe(200);

    // Staff sign-in from elsewhere is refused (after the password, so it tells nothing to a guesser); plan accounts are not affected.
    const staffLogin = await login(t.app, admin.email, admin.password, outside);
    expect(staffLogin.statusCode).toBe(403);
    expect(json(staffLogin).error.message).toMatch(/not on the IP allow-list/);
    expect((await login(t.app, admin.email, admin.password, inside)).statusCode).toBe(200);
    const u = uniqueUser('plan');
    await createUser(t.ctx.db, u);
    expect((await login(t.app, u.email, u.password, outside)).statusCode).toBe(200);

    // Emptying the list lifts the restriction.
    const cleared = await call('PUT', '/api/admin/ip-allowlist', { cookie: admin.cookie, ip: inside, body: { entries: [] } });
    expect(cleared.statusCode).toBe(200);
    expect((await call('GET', '/api/admin/users', { cookie: admin.cookie, ip: outside })).statusCode).toBe(200);
  });
});

describe('security', () => {
  it('requires two-factor for staff once switched on: login says to enrol, staff routes refuse until then', async () => {
    const admin = await account('admin');
    const refused = await call('PUT', '/api/admin/security/two-factor', { cookie: admin.cookie, body: { required: true } });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).error.message).toMatch(/your own account first/);

    // The admin enrols for real (setup with the password, confirm with a code).
    const setup = await post(t.app, '/api/user/2fa/setup', { password: admin.password }, { cookie: admin.cookie });
    expect(setup.statusCode, setup.body).toBe(200);
    const code = totp(base32Decode(json(setup).secret), Date.now());
    expect((await post(t.app, '/api/user/2fa/confirm', { code }, { cookie: admin.cookie })).statusCode).toBe(200);

    const on = await call('PUT', '/api/admin/security/two-factor', { cookie: admin.cookie, ip: admin.ip, body: { required: true } });
    expect(on.statusCode, on.body).toBe(200);
    expect((await auditOf(admin.id, 'Changed setting Require two-factor for staff%'))[0]).toMatchObject({ category: 'security' });

    const manager = uniqueUser('mgr');
    await createUser(t.ctx.db, { ...manager, role: 'manager' });
    const res = await login(t.app, manager.email, manager.password, nextAddress());
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ twoFactorSetupRequired: true });
    expect(json(res).message).toMatch(/Two-factor authentication is required for staff/);
    const cookie = cookieFrom(res);
    const blocked = await call('GET', '/api/admin/users', { cookie });
    expect(blocked.statusCode).toBe(403);
    expect(json(blocked).error.message).toMatch(/Two-factor authentication is required/);
    // The enrolment route stays open (here it answers about the wrong password, not about two-factor).
    const enrol = await post(t.app, '/api/user/2fa/setup', { password: 'wrong password' }, { cookie });
    expect(enrol.statusCode).not.toBe(403);
    expect(enrol.body).not.toMatch(/required for staff/);
    // Plan accounts log in as usual; the admin with two-factor keeps working.
    const plan = await account('free');
    expect(json(await me(t.app, plan.cookie)).user.role).toBe('free');
    expect((await call('GET', '/api/admin/users', { cookie: admin.cookie })).statusCode).toBe(200);
  });

  it('lists staff sessions, counts failed logins and revokes a session', async () => {
    const admin = await account('admin');
    const support = await account('support');
    const plan = await account('pro');
    const badIp = nextAddress();
    for (let i = 0; i < 3; i++) await login(t.app, support.email, 'wrong password', badIp);

    const res = await call('GET', '/api/admin/security', { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    const ids = body.sessions.map((s: { userId: string }) => s.userId);
    expect(ids).toContain(support.id);
    expect(ids).not.toContain(plan.id);
    expect(body.sessions.find((s: { userId: string; current: boolean }) => s.userId === admin.id).current).toBe(true);
    expect(body.failedLogins.byAccount.find((r: { key: string }) => r.key === support.email)).toMatchObject({ last24h: 3, last7d: 3 });
    expect(body.failedLogins.byAddress.find((r: { key: string }) => r.key === badIp)).toMatchObject({ last24h: 3 });
    expect(body.failedLogins.total24h).toBeGreaterThanOrEqual(3);

    const target = body.sessions.find((s: { userId: string }) => s.userId === support.id);
    const revoke = await call('DELETE', `/api/admin/security/sessions/${target.id}`, { cookie: admin.cookie });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect((await me(t.app, support.cookie)).statusCode).toBe(401);
    expect(await auditOf(admin.id, `Revoked a staff session of ${support.email}%`)).toHaveLength(1);
    // A plan account's session is not this page's to end.
    const [planSession] = await t.ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, plan.id)).limit(1);
    expect((await call('DELETE', `/api/admin/security/sessions/${planSession.id}`, { cookie: admin.cookie })).statusCode).toBe(404);
  });
});

describe('backup and languages', () => {
  it('downloads a backup (a gzipped data directory on PGlite) and audits it', async () => {
    const admin = await account('admin');
    const info = json(await call('GET', '/api/admin/backup', { cookie: admin.cookie }));
    expect(info.database).toBe(t.kind);
    expect(info.restoreSteps.length).toBeGreaterThan(2);
    if (t.kind !== 'pglite') return;
    expect(info.restoreSteps.join('\n')).toMatch(/tar -xzf/);
    const res = await call('GET', '/api/admin/backup/download', { cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(String(res.headers['content-disposition'])).toMatch(/attachment; filename="veritext-pglite-.+\.tar\.gz"/);
    const bytes = res.rawPayload;
    expect(bytes.length).toBeGreaterThan(100_000);
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    expect(await auditOf(admin.id, 'Downloaded a database backup%')).toHaveLength(1);
  });

  it('lists the languages of each tool truthfully', async () => {
    const manager = await account('manager');
    const body = json(await call('GET', '/api/admin/languages', { cookie: manager.cookie }));
    expect(body.languageModel).toBe(false);
    const row = (id: string) => body.tools.find((r: { toolId: string }) => r.toolId === id);
    expect(row('ai_content_detector').languages).toEqual(['English']);
    expect(row('grammar_fixer').languages).toEqual(['English']);
    expect(row('text_expander')).toMatchObject({ languages: [], engine: 'Needs a language model' });
    expect(row('text_to_speech')).toMatchObject({ languages: ['English'], engine: 'Flite voices (offline)' });
    expect(row('speech_to_text')).toMatchObject({ languages: ['English (US)'], engine: 'PocketSphinx (offline)' });
    expect(row('image_to_text')).toMatchObject({ languages: ['English'], engine: 'Human + Tesseract (offline)' });
    // every tool this server runs says what its engine is
    for (const r of body.tools as { engine: string; toolName: string }[]) expect(r.engine, r.toolName).not.toBe('Not installed on this server');
  });

  it('opens each page only to the roles holding its permission', async () => {
    const manager = await account('manager');
    const support = await account('support');
    const superAdmin = await account('super_admin');
    for (const url of ['/api/admin/settings', '/api/admin/security', '/api/admin/ip-allowlist', '/api/admin/backup']) {
      expect((await call('GET', url, { cookie: manager.cookie })).statusCode, url).toBe(403);
      expect((await call('GET', url, { cookie: superAdmin.cookie })).statusCode, url).toBe(200);
      expect((await call('GET', url)).statusCode, url).toBe(401);
    }
    expect((await call('PUT', '/api/admin/settings', { cookie: manager.cookie, body: { siteName: 'Nope' } })).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/languages', { cookie: manager.cookie })).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/languages', { cookie: support.cookie })).statusCode).toBe(403);
    expect(json(await call('GET', '/api/site')).siteName).toBe('Veritext');
  });
});
