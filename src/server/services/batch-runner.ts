/**
 * The batch worker: a small loop that takes one document at a time from the queue (services/batch-queue.ts), checks
 * it with the detector or the plagiarism checker, metered like a web check, and records the outcome.
 *
 * - Every server starts one at boot (src/server/index.ts); `npm run worker:batch` runs one as a process of its own
 *   (src/server/worker.ts). Any number of them may share a PostgreSQL database: the queue's leases keep them apart.
 * - One document at a time per worker: the detector's engine work runs in the engine pool's threads
 *   (services/detection.ts → engine-pool.ts), so the server's event loop keeps answering while a batch runs, and a
 *   batch never takes more than one of the pool's threads from the web requests. The loop yields between documents.
 * - Its timers are unref'd: an idle worker never keeps a process alive.
 * - While it works on a document it renews the lease; if the renewal finds the lease taken over (this process was
 *   paused past it), the work is aborted and its charge given back; the other worker's outcome stands.
 * - Each document is one runTool call: the word limit, the plan's allowance charged atomically, the work, a refund if
 *   the work fails, one usage event. The outcome is recorded inside the work, before the charge settles, so a
 *   completion refused by the queue (lease lost) turns into a refund and never into a charge for nothing.
 * - The allowance running out fails the document and every document of its batch still queued, with reason
 *   'quota' (not checked, not charged).
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { batchToolOf, type BatchItemError } from '../../shared/api/batches';
import { toolDisabledMessage } from '../../shared/settings';
import { findTool } from '../../shared/catalogue';
import type { ServerContext } from '../context';
import { toAppError } from '../errors';
import { claimItems, completeItem, failQueuedItems, heartbeat, onBatchQueued, releaseItem, type QueueItem } from './batch-queue';
import { announceFinishedBatches, batchCaller, mayRunBatches, batchPlanError, onBatchDone } from './batches';
import { detectDocument } from './detection';
import { checkPlagiarism } from './plagiarism';
import { recordHistory } from './history';
import { getSettings } from './settings';
import { runTool } from './tool-gate';
import { toPublicUser } from './users';
import { pushBatchDone } from './push';

// a finished batch is announced by push too, from whichever process runs the worker (the set ignores a repeat)
onBatchDone(pushBatchDone);

export interface BatchLog {
  info: (msg: string) => void;
  warn: (o: object, msg: string) => void;
  error: (o: object, msg: string) => void;
}

export interface BatchWorkerOptions {
  /** names this worker in `locked_by` (default host:pid:random) */
  id?: string;
  /** how long a claimed document stays this worker's without a renewal (default 60 s) */
  leaseMs?: number;
  /** how often the lease is renewed while a document is checked (default a quarter of the lease) */
  heartbeatMs?: number;
  /** how long an idle worker waits before it looks at the queue again (default 2 s; an upload here wakes it at once) */
  idleMs?: number;
}

export const DEFAULT_LEASE_MS = 60_000;
/** A document whose checking stopped its worker this many times is set aside rather than tried again. */
export const MAX_ATTEMPTS = 3;
const NOTHING_CHARGED = 'Nothing was charged for it.';
type HistoryLog = Parameters<typeof recordHistory>[2];

/** Failures of the moment (the engine pool or a provider was busy): the document goes back to the queue. */
const PASSING = new Set(['service_unavailable', 'upstream_failed', 'upstream_timeout']);

class LeaseLost extends Error {
  constructor() {
    super('the lease of this document was taken over by another worker');
  }
}
class ShuttingDown extends Error {
  constructor() {
    super('the worker is stopping');
  }
}

export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/** What happened to one claimed document (tests and the bench read it). */
export type ItemOutcome = 'done' | 'failed' | 'quota' | 'released' | 'lost';

/**
 * Check one claimed document and record its outcome. `stop` aborts the work (shutdown): the document goes back to
 * the queue at once and its charge is given back.
 */
export async function processItem(
  ctx: ServerContext,
  log: BatchLog,
  me: string,
  item: QueueItem,
  opts: { leaseMs?: number; heartbeatMs?: number; stop?: AbortSignal } = {},
): Promise<ItemOutcome> {
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const work = new AbortController();
  const onStop = () => work.abort(new ShuttingDown());
  opts.stop?.addEventListener('abort', onStop, { once: true });
  const beat = setInterval(
    () => {
      heartbeat(ctx.db, me, item.id, leaseMs)
        .then((held) => {
          if (!held) work.abort(new LeaseLost());
        })
        .catch(() => {
          // the database is away for a moment: the lease lasts until the next beat
        });
    },
    Math.max(50, opts.heartbeatMs ?? Math.floor(leaseMs / 4)),
  );
  beat.unref();
  const fail = async (error: BatchItemError): Promise<ItemOutcome> => {
    const out = await completeItem(ctx.db, me, item.id, { status: 'failed', error });
    return out.completed ? 'failed' : 'lost';
  };
  try {
    return await checkItem(ctx, log, me, item, work.signal, fail);
  } finally {
    clearInterval(beat);
    opts.stop?.removeEventListener('abort', onStop);
  }
}

async function checkItem(
  ctx: ServerContext,
  log: BatchLog,
  me: string,
  item: QueueItem,
  signal: AbortSignal,
  fail: (error: BatchItemError) => Promise<ItemOutcome>,
): Promise<ItemOutcome> {
  if (item.attempts > MAX_ATTEMPTS)
    return fail({ code: 'internal', message: `Checking this document stopped the checker ${MAX_ATTEMPTS} times, so it was set aside. ${NOTHING_CHARGED}` });
  const tool = batchToolOf(item.tool);
  if (!tool) return fail({ code: 'internal', message: `This batch names a tool this server does not run. ${NOTHING_CHARGED}` });
  const [row] = await ctx.db.select().from(users).where(eq(users.id, item.userId)).limit(1);
  // the account is gone, and its batches with it (cascade): nothing to record
  if (!row) return 'lost';
  if (row.suspendedAt) return fail({ code: 'forbidden', message: `This account is suspended, so the document was not checked. ${NOTHING_CHARGED}` });
  if ((await getSettings(ctx.db)).disabledTools.includes(item.tool))
    return fail({ code: 'service_unavailable', message: `${toolDisabledMessage(findTool(item.tool)?.name ?? 'tool')} ${NOTHING_CHARGED}` });
  const user = toPublicUser(row);
  // a batch sent with an API key charges its documents as that key's calls (usage_events.api_key_id)
  const caller = { ...(await batchCaller(ctx, user)), apiKeyId: item.apiKeyId };
  if (!mayRunBatches(caller)) {
    // the plan changed since the upload: nothing more of this batch runs
    const error = { code: 'forbidden', message: `${batchPlanError(caller.plan?.planName ?? 'Free').message} ${NOTHING_CHARGED}` };
    const outcome = await fail(error);
    await failQueuedItems(ctx.db, item.batchId, error);
    return outcome;
  }

  try {
    const { result } = await runTool(
      ctx,
      caller,
      { tool: item.tool, text: item.text, detection: tool === 'content_detector' },
      async () => {
        const result =
          tool === 'content_detector'
            ? await detectDocument(ctx, item.text, log, signal, { userId: user.id, anonId: null })
            : await checkPlagiarism(ctx, user, item.text, log, signal);
        signal.throwIfAborted();
        // recorded before the charge settles: refused (the lease is another worker's now), the work counts as failed
        // for metering and runTool gives the charge back
        const out = await completeItem(ctx.db, me, item.id, { status: 'done', result });
        if (!out.completed) throw new LeaseLost();
        return result;
      },
      engineOf,
    );
    // kept in the owner's history like a check on the website, when they have history on (never fails the document);
    // the history service takes Fastify's logger, of which it calls only warn(obj, msg), which ours has
    await recordHistory(ctx, { userId: user.id, tool: item.tool, input: item.text, result, source: 'batch' }, log as unknown as HistoryLog);
    return 'done';
  } catch (err) {
    const reason = signal.aborted ? signal.reason : err;
    if (reason instanceof LeaseLost) {
      log.warn({ itemId: item.id, worker: me }, 'batch document: lease taken over, outcome left to the other worker');
      return 'lost';
    }
    if (reason instanceof ShuttingDown) {
      await releaseItem(ctx.db, me, item.id);
      return 'released';
    }
    const e = toAppError(err);
    if (e && (e.code === 'quota_exceeded' || e.code === 'limit_reached')) {
      const error = { code: 'quota', message: `Not checked: ${e.message} ${NOTHING_CHARGED}` };
      const outcome = await fail(error);
      await failQueuedItems(ctx.db, item.batchId, error);
      return outcome === 'failed' ? 'quota' : outcome;
    }
    if (e && PASSING.has(e.code) && item.attempts < MAX_ATTEMPTS) {
      log.warn({ itemId: item.id, code: e.code }, 'batch document: passing failure, queued again');
      return (await releaseItem(ctx.db, me, item.id)) ? 'released' : 'lost';
    }
    if (!e) log.error({ err, itemId: item.id }, 'batch document failed');
    return fail(
      e
        ? { code: e.code, message: `${e.message} ${NOTHING_CHARGED}` }
        : { code: 'internal', message: `Something went wrong on our side while checking this document. ${NOTHING_CHARGED}` },
    );
  }
}

function engineOf(r: unknown): string | null {
  const x = r as { engine?: string; checkedAgainst?: { web?: { providers: string[] } } };
  if (typeof x.engine === 'string') return x.engine;
  if (x.checkedAgainst) return x.checkedAgainst.web ? `library+web (${x.checkedAgainst.web.providers.join(', ')})` : 'library';
  return null;
}

/**
 * Claim one document and check it; false when the queue had nothing for this worker. Finished batches are announced
 * first (each by one worker).
 */
export async function runNext(
  ctx: ServerContext,
  log: BatchLog,
  me: string,
  opts: { leaseMs?: number; heartbeatMs?: number; stop?: AbortSignal } = {},
): Promise<ItemOutcome | null> {
  await announceFinishedBatches(ctx, log);
  const [item] = await claimItems(ctx.db, me, 1, opts.leaseMs ?? DEFAULT_LEASE_MS);
  if (!item) return null;
  const outcome = await processItem(ctx, log, me, item, opts);
  // the last document of a batch: say so now rather than at the next look at the queue
  await announceFinishedBatches(ctx, log);
  return outcome;
}

export interface BatchWorker {
  id: string;
  /** look at the queue now (an upload on this instance) */
  wake(): void;
  /** stop: the document being checked goes back to the queue, its charge is given back */
  stop(): Promise<void>;
}

/** Start a worker loop on `ctx`. */
export function startBatchWorker(ctx: ServerContext, log: BatchLog, opts: BatchWorkerOptions = {}): BatchWorker {
  const id = opts.id ?? newWorkerId();
  const idleMs = opts.idleMs ?? 2_000;
  const stopping = new AbortController();
  let wakeUp: (() => void) | null = null;
  let failures = 0;
  const pause = (delay: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, delay);
      timer.unref();
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });
  const loop = (async () => {
    while (!stopping.signal.aborted) {
      try {
        const outcome = await runNext(ctx, log, id, { leaseMs: opts.leaseMs, heartbeatMs: opts.heartbeatMs, stop: stopping.signal });
        failures = 0;
        if (outcome === null) await pause(idleMs);
        // let the server's requests in between two documents
        else await new Promise((r) => setImmediate(r));
      } catch (err) {
        // the database is away: wait longer each time (up to 30 s), the leases keep the work safe meanwhile
        failures += 1;
        if (failures === 1 || failures % 10 === 0) log.warn({ err: (err as Error).message, worker: id }, 'batch worker: the queue could not be read');
        await pause(Math.min(30_000, idleMs * 2 ** Math.min(failures, 4)));
      }
    }
  })();
  const worker: BatchWorker = {
    id,
    wake: () => wakeUp?.(),
    stop: async () => {
      stopping.abort();
      wakeUp?.();
      await loop;
    },
  };
  const unregister = onBatchQueued(ctx, worker.wake);
  void loop.finally(unregister);
  return worker;
}
