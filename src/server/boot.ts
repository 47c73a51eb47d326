import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { appSettings } from '../db/schema';
import { openDatabase, type Database, type Db } from '../db/client';
import type { ServerContext } from './context';
import { publicOrigin, type Env } from './env';
import { createLlmClient } from '../engines/llm';
import { createMailer } from './services/mail';
import { ensurePlans } from './services/billing';
import { sweepPendingCharges } from './services/metering';

/** The cookie-signing secret: from the environment, else generated once and shared through the database. */
async function resolveCookieSecret(db: Db, env: Env): Promise<string> {
  if (env.COOKIE_SECRET) return env.COOKIE_SECRET;
  const candidate = randomBytes(32).toString('base64url');
  // Insert-if-absent then read back, so concurrent first boots of several instances agree.
  await db.insert(appSettings).values({ key: 'cookie_secret', value: candidate }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'cookie_secret'));
  return row.value;
}

export async function createContext(env: Env, database?: Database): Promise<ServerContext> {
  const db0 = database ?? (await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }));
  const db = db0.db;
  // Plans are rows staff can edit; the defaults are inserted once and never overwritten.
  await ensurePlans(db);
  return {
    env,
    database: db0,
    db,
    mailer: createMailer(db, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }),
    llm:
      env.LLM_BASE_URL && env.LLM_MODEL
        ? createLlmClient({ baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL, timeoutMs: env.LLM_TIMEOUT_MS })
        : null,
    origin: publicOrigin(env),
    cookieSecret: await resolveCookieSecret(db, env),
    now: () => new Date(),
  };
}

/** Remove expired sessions, used reset tokens and stale counters; cheap, so it runs at boot and hourly. */
export async function sweepExpired(db: Db): Promise<void> {
  await db.execute(sql`delete from sessions where expires_at < now()`);
  await db.execute(sql`delete from password_reset_tokens where expires_at < now() - interval '1 day'`);
  await db.execute(sql`delete from email_change_tokens where expires_at < now() - interval '1 day'`);
  await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
  // Daily detection counters are only read for today; monthly character counters stay as history.
  await db.execute(sql`delete from usage_counters where kind = 'detections' and period_key < to_char(now() - interval '2 days', 'YYYY-MM-DD')`);
  // Refusal counters are read for the usage page's recent activity; 90 days is its longest range.
  await db.execute(sql`delete from usage_rejections where day < to_char(now() - interval '90 days', 'YYYY-MM-DD')`);
}

/**
 * The longest a tool request can still be running: a language model call may take LLM_TIMEOUT_MS twice (one retry),
 * and anything else finishes well within 10 minutes. A pending charge older than this was left by a dead process.
 */
export function longestRequestMs(env: Env): number {
  return Math.max(10 * 60_000, 2 * env.LLM_TIMEOUT_MS + 60_000);
}

/** Refund the charges of requests whose instance died before recording a result (see services/metering.ts). */
export function sweepCrashedCharges(ctx: ServerContext): Promise<number> {
  return sweepPendingCharges(ctx.db, ctx.now(), longestRequestMs(ctx.env));
}

/**
 * Sweep crashed charges now and every minute, on every instance (the sweep is safe to run concurrently). Returns a
 * stop function.
 */
export function startChargeSweep(ctx: ServerContext, log: { info(msg: string): void; warn(obj: object, msg: string): void }): () => void {
  const sweep = () =>
    sweepCrashedCharges(ctx)
      .then((n) => {
        if (n > 0) log.info(`refunded ${n} charge(s) of requests that never finished`);
      })
      .catch((err) => log.warn({ err }, 'charge sweep failed'));
  void sweep();
  const timer = setInterval(sweep, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
