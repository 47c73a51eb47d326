/**
 * The queue of batch checks: the rows of `batch_items` are the jobs, and these statements are the whole protocol.
 * The same SQL runs on PGlite (in-process, one connection: the statements simply take turns) and on PostgreSQL
 * (DATABASE_URL, any number of instances and worker processes):
 *
 * - **claim**: `UPDATE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED)` takes up to n items that are queued, or
 *   running with a lease that ran out (their worker died), and leases them to the caller (`locked_by`,
 *   `locked_until`). SKIP LOCKED lets two workers claiming at the same instant pass each other's rows, and the lock's
 *   recheck of the WHERE clause drops a row another worker claimed and committed just before: an item is never held
 *   by two workers at once.
 * - **heartbeat**: a worker extends the lease of the item it holds while it works on it.
 * - **complete**: guarded by `id = $1 AND locked_by = $me AND status = 'running'`, so a worker whose lease ran out and
 *   was taken over finds its completion refused (and gives its charge back): an item's work is recorded once
 *   (`completions` stays 1). The batch's counters move in the same statement.
 *
 * Every piece of state is in the database, so a batch survives a restart: a server that comes back (or another
 * instance) claims what was queued, and what a dead worker held once its lease runs out.
 *
 * Why not pg-boss or graphile-worker: neither is installed here (no new dependency without need), neither runs on
 * PGlite (pg-boss needs its own schema and LISTEN/NOTIFY from a real server; graphile-worker needs a PostgreSQL
 * connection pool and its own migrations), and the issue asks for one interface on both databases. Four statements
 * on the table the product already has do it, with the lease made explicit.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { BatchItemError } from '../../shared/api/batches';
import type { ServerContext } from '../context';
import { rows } from './billing';

/** The workers of this process on a server context, woken by an upload so they need not wait for their next look. */
const wakers = new WeakMap<ServerContext, Set<() => void>>();

/** Register a worker's wake-up; returns its removal. */
export function onBatchQueued(ctx: ServerContext, wake: () => void): () => void {
  let set = wakers.get(ctx);
  if (!set) wakers.set(ctx, (set = new Set()));
  set.add(wake);
  return () => set.delete(wake);
}

/** Items were queued: wake this process's workers (other instances find them at their next look, within seconds). */
export function batchQueued(ctx: ServerContext): void {
  for (const wake of wakers.get(ctx) ?? []) wake();
}

/** A claimed item, with what the worker needs of its batch. */
export interface QueueItem {
  id: string;
  batchId: string;
  position: number;
  filename: string;
  text: string;
  words: number;
  /** claims so far, this one included */
  attempts: number;
  userId: string;
  /** catalogue tool id */
  tool: string;
  /** the API key the batch was sent with (/api/v1), recorded on its documents' usage events; null from the website */
  apiKeyId: string | null;
}

const ms = (n: number) => sql`(${Math.max(0, Math.round(n))}::integer * interval '1 millisecond')`;

/**
 * Lease up to `n` items to worker `me` for `leaseMs`: queued ones first in upload order, and running ones whose lease
 * ran out. Items of a cancelled batch are never queued (cancel fails them), so they are not claimed.
 */
export async function claimItems(db: Db, me: string, n: number, leaseMs: number): Promise<QueueItem[]> {
  const claimed = rows<{ id: string; batch_id: string; position: number; filename: string; text: string; words: number; attempts: number }>(
    await db.execute(sql`
      update batch_items
      set status = 'running', locked_by = ${me}, locked_until = now() + ${ms(leaseMs)}, attempts = attempts + 1
      where id in (
        select id from batch_items
        where status = 'queued' or (status = 'running' and locked_until < now())
        order by created_at, position
        limit ${n}::integer
        for update skip locked
      )
      returning id, batch_id, position, filename, text, words, attempts`),
  );
  if (claimed.length === 0) return [];
  const ids = [...new Set(claimed.map((c) => c.batch_id))];
  // a batch claimed for the first time is running now
  const owners = rows<{ id: string; user_id: string; tool: string; api_key_id: string | null }>(
    await db.execute(sql`
      update batches set status = case when status = 'queued' then 'running' else status end
      where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      returning id, user_id, tool, api_key_id`),
  );
  const byId = new Map(owners.map((o) => [o.id, o]));
  return claimed.flatMap((c) => {
    const b = byId.get(c.batch_id);
    // the batch was deleted between the two statements: its items went with it
    if (!b) return [];
    return [
      {
        id: c.id,
        batchId: c.batch_id,
        position: Number(c.position),
        filename: c.filename,
        text: c.text,
        words: Number(c.words),
        attempts: Number(c.attempts),
        userId: b.user_id,
        tool: b.tool,
        apiKeyId: b.api_key_id ?? null,
      },
    ];
  });
}

/** Extend worker `me`'s lease of item `id`; false when the lease is no longer its own (taken over, or the item is gone). */
export async function heartbeat(db: Db, me: string, id: string, leaseMs: number): Promise<boolean> {
  const res = await db.execute(sql`
    update batch_items set locked_until = now() + ${ms(leaseMs)}
    where id = ${id}::uuid and locked_by = ${me} and status = 'running'
    returning id`);
  return rows(res).length > 0;
}

export type Completion = { status: 'done'; result: unknown } | { status: 'failed'; error: BatchItemError };

export interface CompleteOutcome {
  /** false: the item was not (or no longer) leased to this worker, and nothing was recorded */
  completed: boolean;
  /** this completion ended the batch (every item done or failed) */
  batchFinished: boolean;
}

/**
 * Record worker `me`'s outcome of item `id` and count it on its batch, in one statement. Refused (completed: false)
 * unless the item is running under this worker's lease, so a worker that lost its lease cannot complete it as well.
 */
export async function completeItem(db: Db, me: string, id: string, outcome: Completion): Promise<CompleteOutcome> {
  const result = outcome.status === 'done' ? JSON.stringify(outcome.result) : null;
  const error = outcome.status === 'failed' ? JSON.stringify(outcome.error) : null;
  const res = rows<{ status: string; finished: boolean | string }>(
    await db.execute(sql`
      with fin as (
        update batch_items
        set status = ${outcome.status}, result = ${result}::jsonb, error = ${error}::jsonb, completions = completions + 1,
          locked_until = null, finished_at = now()
        where id = ${id}::uuid and locked_by = ${me} and status = 'running'
        returning batch_id, status
      )
      update batches b
      set done = b.done + (fin.status = 'done')::integer,
        failed = b.failed + (fin.status = 'failed')::integer,
        status = case when b.status = 'cancelled' then 'cancelled' when b.done + b.failed + 1 >= b.total then 'done' else 'running' end,
        finished_at = case when b.status <> 'cancelled' and b.done + b.failed + 1 >= b.total then now() else b.finished_at end
      from fin
      where b.id = fin.batch_id
      returning b.status, (b.status = 'done') as finished`),
  );
  if (res.length === 0) return { completed: false, batchFinished: false };
  return { completed: true, batchFinished: res[0].finished === true || res[0].finished === 't' };
}

/**
 * Give item `id` back to the queue (a passing failure: the engine pool was busy), if `me` still holds it. It is
 * claimed again at once by whichever worker asks next.
 */
export async function releaseItem(db: Db, me: string, id: string): Promise<boolean> {
  const res = await db.execute(sql`
    update batch_items set status = 'queued', locked_by = null, locked_until = null
    where id = ${id}::uuid and locked_by = ${me} and status = 'running'
    returning id`);
  return rows(res).length > 0;
}

/**
 * Fail every still-queued item of batch `batchId` with `error` (the allowance ran out; or the batch was cancelled),
 * nothing charged. Items running elsewhere finish on their own. Returns how many were failed.
 */
export async function failQueuedItems(db: Db, batchId: string, error: BatchItemError): Promise<number> {
  const res = rows<{ n: number | string }>(
    await db.execute(sql`
      with f as (
        update batch_items set status = 'failed', error = ${JSON.stringify(error)}::jsonb, finished_at = now()
        where batch_id = ${batchId}::uuid and status = 'queued'
        returning 1
      ), n as (select count(*)::integer as n from f)
      update batches b
      set failed = b.failed + n.n,
        status = case when b.status = 'cancelled' then 'cancelled' when b.done + b.failed + n.n >= b.total then 'done' else b.status end,
        finished_at = case when b.status <> 'cancelled' and b.done + b.failed + n.n >= b.total then coalesce(b.finished_at, now()) else b.finished_at end
      from n
      where b.id = ${batchId}::uuid
      returning n.n`),
  );
  return Number(res[0]?.n ?? 0);
}

/**
 * Cancel batch `batchId` (if it is still queued or running): its queued items fail as cancelled, nothing charged;
 * an item a worker holds now finishes and is counted. Returns false when the batch had already ended.
 */
export async function cancelBatchItems(db: Db, batchId: string, error: BatchItemError): Promise<boolean> {
  const res = await db.execute(sql`
    with f as (
      update batch_items set status = 'failed', error = ${JSON.stringify(error)}::jsonb, finished_at = now()
      where batch_id = ${batchId}::uuid and status = 'queued'
        and exists (select 1 from batches where id = ${batchId}::uuid and status in ('queued', 'running'))
      returning 1
    )
    update batches
    set status = 'cancelled', finished_at = now(), failed = failed + (select count(*)::integer from f)
    where id = ${batchId}::uuid and status in ('queued', 'running')
    returning id`);
  return rows(res).length > 0;
}

/** A finished batch to announce: claimed by setting `notified_at`, so one worker of all the instances sends it. */
export interface FinishedBatch {
  id: string;
  userId: string;
  tool: string;
  name: string | null;
  total: number;
  done: number;
  failed: number;
}

/** Batches that finished and were not announced yet, each taken by exactly one caller. */
export async function claimFinishedBatches(db: Db, n = 10): Promise<FinishedBatch[]> {
  const res = rows<{ id: string; user_id: string; tool: string; name: string | null; total: number; done: number; failed: number }>(
    await db.execute(sql`
      update batches set notified_at = now()
      where id in (
        select id from batches where status = 'done' and notified_at is null
        order by created_at
        limit ${n}::integer
        for update skip locked
      )
      returning id, user_id, tool, name, total, done, failed`),
  );
  return res.map((r) => ({
    id: r.id,
    userId: r.user_id,
    tool: r.tool,
    name: r.name,
    total: Number(r.total),
    done: Number(r.done),
    failed: Number(r.failed),
  }));
}
