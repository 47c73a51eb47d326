/**
 * The fuzz suite's target: the test app (createTestApp, a fresh in-memory database) listening on a free
 * loopback port, run as a child process of the suite (see fuzz-harness.ts).
 *
 * It runs in its own process, not inside the test runner, so that what a hostile request does to it can be
 * seen and survived: a blocked event loop shows as a health check that does not answer while the runner's own
 * clock keeps running, a request over its budget can be cut off by killing the server, and a crash (heap out of
 * memory) ends this process only; the suite then starts a fresh one and goes on.
 *
 * Protocol (IPC): sends { type: 'ready', port, adminCookie, apiKey } once listening (apiKey: an Agency account's key for /api/v1); answers { type: 'session', id } with
 * { type: 'session', id, cookie }, a fresh admin session (fuzzed logout and profile calls may end or change the
 * old one, and logging in again through the API would trip the login throttle the fuzzing has filled); answers
 * { type: 'reset-limits', id } once every rate limit and allowance count is cleared, so that each case reaches the
 * code it aims at instead of a 429 earned by the cases before it (from one address and one account).
 */
import { rateLimits, sessions } from '../../src/db/schema';
import { createKey } from '../../src/server/services/api-keys';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../../src/server/services/sessions';
import { hashToken, newToken } from '../../src/server/services/tokens';
import { createUser } from '../../src/server/services/users';
import { createTestApp } from './app';

const t = await createTestApp();
const admin = await createUser(t.ctx.db, { username: 'fuzzadmin', email: 'fuzzadmin@example.com', password: 'correct horse battery', role: 'admin' });
// The public API (/api/v1) is fuzzed with a key: an Agency account's, so the hostile input reaches the handlers.
const agency = await createUser(t.ctx.db, { username: 'fuzzagency', email: 'fuzzagency@example.com', password: 'correct horse battery', role: 'agency' });
const { key: apiKey } = await createKey(
  t.ctx,
  { id: agency.id, username: agency.username, email: agency.email, role: 'agency', ip: '127.0.0.1' },
  { name: 'fuzz' },
);

async function adminSession(): Promise<string> {
  const token = newToken();
  await t.ctx.db.insert(sessions).values({ tokenHash: hashToken(token), userId: admin.id, expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
  return `${SESSION_COOKIE}=${token}`;
}

await t.app.listen({ port: 0, host: '127.0.0.1' });
const address = t.app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

process.on('message', (m: { type?: string; id?: number }) => {
  if (m?.type === 'session') void adminSession().then((cookie) => process.send?.({ type: 'session', id: m.id, cookie }));
  if (m?.type === 'reset-limits') void t.ctx.db.delete(rateLimits).then(() => process.send?.({ type: 'reset-limits', id: m.id }));
});
// The suite going away (even killed) closes the IPC channel: do not outlive it.
process.on('disconnect', () => process.exit(0));

process.send?.({ type: 'ready', port, adminCookie: await adminSession(), apiKey });
