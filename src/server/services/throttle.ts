import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Fixed-window counters kept in the database, so every server instance behind a
 * load balancer sees the same counts (nothing lives in process memory).
 */
export interface WindowCount {
  count: number;
  resetAt: Date;
}

/** Add one to `key` and return the count in the current window. */
export async function hit(db: Db, key: string, windowMs: number): Promise<WindowCount> {
  const res = await db.execute<{ count: number; window_start: string | Date }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowMs / 1000})
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowMs / 1000})
                   then now() else rate_limits.window_start end
    returning count, window_start`);
  const row = (res as unknown as { rows: { count: number; window_start: string | Date }[] }).rows[0];
  return { count: Number(row.count), resetAt: new Date(new Date(row.window_start).getTime() + windowMs) };
}

/** Current count of `key` without changing it (0 when the window has passed). */
export async function peek(db: Db, key: string, windowMs: number): Promise<WindowCount> {
  const res = await db.execute<{ count: number; window_start: string | Date }>(sql`
    select count, window_start from rate_limits
    where key = ${key} and window_start > now() - make_interval(secs => ${windowMs / 1000})`);
  const row = (res as unknown as { rows: { count: number; window_start: string | Date }[] }).rows[0];
  if (!row) return { count: 0, resetAt: new Date(Date.now() + windowMs) };
  return { count: Number(row.count), resetAt: new Date(new Date(row.window_start).getTime() + windowMs) };
}

export async function reset(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/**
 * Take one unit of `key` only if fewer than `limit` were taken in the window, atomically
 * (one statement), so concurrent requests can never overshoot. Returns the new count, or
 * null when the limit is already reached.
 */
export async function tryConsume(db: Db, key: string, limit: number, windowMs: number): Promise<number | null> {
  const secs = windowMs / 1000;
  const res = await db.execute<{ count: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${secs})
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${secs})
                   then now() else rate_limits.window_start end
    where rate_limits.window_start <= now() - make_interval(secs => ${secs}) or rate_limits.count < ${limit}
    returning count`);
  const row = (res as unknown as { rows: { count: number }[] }).rows[0];
  return row ? Number(row.count) : null;
}

/** Give back a unit taken by tryConsume when the work it paid for failed. */
export async function refund(db: Db, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

export type Consumed = { ok: true; count: number } | { ok: false; retryAfter: number };

/**
 * tryConsume that also says, when the limit is reached, how many seconds remain in the window: the Retry-After
 * of the 429 the caller answers.
 */
export async function consume(db: Db, key: string, limit: number, windowMs: number): Promise<Consumed> {
  const count = await tryConsume(db, key, limit, windowMs);
  if (count !== null) return { ok: true, count };
  const res = await db.execute<{ secs: number | string | null }>(sql`
    select ceil(extract(epoch from window_start + make_interval(secs => ${windowMs / 1000}) - now())) as secs from rate_limits where key = ${key}`);
  const row = (res as unknown as { rows: { secs: number | string | null }[] }).rows[0];
  return { ok: false, retryAfter: Math.max(1, Number(row?.secs ?? 1)) };
}

export interface WindowState {
  ok: boolean;
  /** Units taken in the current window, this one included when it was taken. */
  count: number;
  /** When the current window ends. */
  resetAt: Date;
  /** Whole seconds until then (at least 1), for Retry-After. */
  retryAfter: number;
}

/**
 * tryConsume that also reports the window (for X-RateLimit-* headers), in one statement: the upsert takes a unit
 * only while the count is under `limit`; when it takes none, the row as it stood is read in the same snapshot.
 */
export async function consumeWindow(db: Db, key: string, limit: number, windowMs: number): Promise<WindowState> {
  const secs = windowMs / 1000;
  const res = await db.execute(sql`
    with up as (
      insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
      on conflict (key) do update set
        count = case when rate_limits.window_start <= now() - make_interval(secs => ${secs})
                     then 1 else rate_limits.count + 1 end,
        window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${secs})
                     then now() else rate_limits.window_start end
      where rate_limits.window_start <= now() - make_interval(secs => ${secs}) or rate_limits.count < ${limit}
      returning count, window_start)
    select (select count from up) as taken,
           coalesce((select window_start from up), (select window_start from rate_limits where key = ${key})) as window_start,
           (select count from rate_limits where key = ${key}) as current,
           extract(epoch from now()) * 1000 as now_ms`);
  const row = (res as unknown as { rows: { taken: number | null; window_start: string | Date; current: number | null; now_ms: string | number }[] }).rows[0];
  const resetAt = new Date(new Date(row.window_start).getTime() + windowMs);
  const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - Number(row.now_ms)) / 1000));
  if (row.taken !== null) return { ok: true, count: Number(row.taken), resetAt, retryAfter };
  return { ok: false, count: Number(row.current ?? limit), resetAt, retryAfter };
}
