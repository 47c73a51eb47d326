/**
 * Background jobs of the media tools (speech to text): work that outlives its request, run in this process and
 * recorded in `media_jobs`, so the page can be left and come back to (GET /api/jobs/:id).
 *
 * - The request creates the row ('running'), starts the work without awaiting it, and answers the job id.
 * - While it runs, the job beats every HEARTBEAT_MS: the row's heartbeat (a job whose beat stopped, because its
 *   process died, is reported failed by getJob) and the held charge's (so the crash sweep leaves it alone).
 * - It ends once: 'done' with its result (then the charge is settled) or 'failed' with {code, message} (refunded).
 * - Only its owner can read it; another user's job id answers 404 like an unknown one.
 *
 * Nothing but the result is kept: the work gets its input in memory and removes its own temporary files.
 */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { mediaJobs } from '../../db/schema';
import type { JobStatus, MediaJobView } from '../../shared/api/stt';
import type { ServerContext } from '../context';
import { AppError, toAppError } from '../errors';
import type { ChargeHold } from './tool-gate';

/** How often a running job proves it is alive. */
export const HEARTBEAT_MS = 10_000;
/** A running job whose heartbeat is older than this has lost its process (a restart, a crash). */
export const STALE_MS = 2 * 60_000;

export interface JobReport {
  /** Set progress (0..1) and what is happening now; written at most once a second, and on every beat. */
  progress(fraction: number, stage: string): Promise<void>;
  /** Fires when the server shuts down: stop and clean up. */
  signal: AbortSignal;
}

export interface JobOutcome<R> {
  result: R;
  /** The engine that answered, for the usage event. */
  engine: string;
}

/** Jobs running in this process, so shutdown can stop them and tests can wait for them. */
const running = new Map<string, { abort: AbortController; done: Promise<void> }>();

/**
 * Create the job row and start `work` in the background. The charge `hold` is settled when the work succeeds and
 * refunded when it fails. Returns the job id at once.
 */
export async function startJob<R>(
  ctx: ServerContext,
  opts: { userId: string; tool: string; hold: ChargeHold; log: { error: (o: object, msg: string) => void }; stage: string },
  work: (report: JobReport) => Promise<JobOutcome<R>>,
): Promise<string> {
  const [row] = await ctx.db.insert(mediaJobs).values({ userId: opts.userId, tool: opts.tool, stage: opts.stage }).returning({ id: mediaJobs.id });
  const id = row.id;
  const abort = new AbortController();
  let last = { progress: 0, stage: opts.stage, writtenAt: 0 };
  const write = async (force: boolean) => {
    const now = Date.now();
    if (!force && now - last.writtenAt < 1000) return;
    last.writtenAt = now;
    await ctx.db
      .update(mediaJobs)
      .set({ progress: last.progress, stage: last.stage, heartbeatAt: sql`now()` })
      .where(and(eq(mediaJobs.id, id), eq(mediaJobs.status, 'running')));
  };
  const beat = setInterval(() => {
    void write(true).catch(() => {});
    void opts.hold.keepAlive().catch(() => {});
  }, HEARTBEAT_MS);
  // a job must not keep a test process or a shutting-down server alive by its timer alone
  beat.unref();
  const report: JobReport = {
    signal: abort.signal,
    progress: async (fraction, stage) => {
      last = { ...last, progress: Math.max(last.progress, Math.min(1, Math.max(0, fraction))), stage };
      await write(false).catch(() => {});
    },
  };
  const done = (async () => {
    try {
      const out = await work(report);
      await ctx.db
        .update(mediaJobs)
        .set({ status: 'done', progress: 1, stage: null, result: out.result as object, finishedAt: sql`now()`, heartbeatAt: sql`now()` })
        .where(eq(mediaJobs.id, id));
      await opts.hold.settle(out.engine);
    } catch (err) {
      const e =
        toAppError(err) ??
        (abort.signal.aborted
          ? new AppError('service_unavailable', 'The server restarted while this job ran. Nothing was charged; please upload the file again.')
          : null);
      if (!e) opts.log.error({ err, jobId: id }, 'media job failed');
      const error = e
        ? { code: e.code, message: e.message }
        : { code: 'internal', message: 'Something went wrong on our side. Nothing was charged; please try again.' };
      await ctx.db
        .update(mediaJobs)
        .set({ status: 'failed', stage: null, error, finishedAt: sql`now()` })
        .where(eq(mediaJobs.id, id))
        .catch(() => {});
      await opts.hold.refund().catch(() => {});
    } finally {
      clearInterval(beat);
      running.delete(id);
    }
  })();
  running.set(id, { abort, done });
  return id;
}

/** Stop every job of this process (shutdown) and wait until each has recorded its end. */
export async function stopJobs(): Promise<void> {
  const all = [...running.values()];
  for (const j of all) j.abort.abort();
  await Promise.all(all.map((j) => j.done));
}

/** Wait for a job of this process to end (tests). */
export async function jobSettled(id: string): Promise<void> {
  await running.get(id)?.done;
}

/** Jobs running in this process now. */
export function runningJobs(): number {
  return running.size;
}

type Row = typeof mediaJobs.$inferSelect;

function view(row: Row, withResult: boolean): MediaJobView {
  return {
    id: row.id,
    tool: row.tool,
    status: row.status as JobStatus,
    progress: row.progress,
    stage: row.stage,
    ...(withResult && row.result !== null ? { result: row.result } : {}),
    ...(row.error !== null ? { error: row.error as { code: string; message: string } } : {}),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const INTERRUPTED = {
  code: 'service_unavailable',
  message: 'This job stopped when the server restarted. Nothing was charged; please upload the file again.',
};

/** Mark the caller's running jobs whose heartbeat stopped as failed (their process is gone). */
async function failStale(ctx: ServerContext, userId: string): Promise<void> {
  const cutoff = new Date(ctx.now().getTime() - STALE_MS);
  await ctx.db
    .update(mediaJobs)
    .set({ status: 'failed', stage: null, error: INTERRUPTED, finishedAt: sql`now()` })
    .where(and(eq(mediaJobs.userId, userId), eq(mediaJobs.status, 'running'), lt(mediaJobs.heartbeatAt, cutoff)));
}

/** The job `id` if `userId` owns it, else null (the route answers 404 either way: ids of others are not confirmed). */
export async function getJob(ctx: ServerContext, id: string, userId: string): Promise<MediaJobView | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  await failStale(ctx, userId);
  const [row] = await ctx.db
    .select()
    .from(mediaJobs)
    .where(and(eq(mediaJobs.id, id), eq(mediaJobs.userId, userId)))
    .limit(1);
  return row ? view(row, true) : null;
}

/** The caller's most recent jobs (of one tool, if given), newest first, without their results. */
export async function listJobs(ctx: ServerContext, userId: string, tool?: string, limit = 10): Promise<Omit<MediaJobView, 'result'>[]> {
  await failStale(ctx, userId);
  const rows = await ctx.db
    .select()
    .from(mediaJobs)
    .where(tool ? and(eq(mediaJobs.userId, userId), eq(mediaJobs.tool, tool)) : eq(mediaJobs.userId, userId))
    .orderBy(desc(mediaJobs.createdAt))
    .limit(limit);
  return rows.map((r) => view(r, false));
}

/** Running jobs of a user (a user may run only a few at once). */
export async function runningJobsOf(ctx: ServerContext, userId: string, tool: string): Promise<number> {
  await failStale(ctx, userId);
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(mediaJobs)
    .where(and(eq(mediaJobs.userId, userId), eq(mediaJobs.tool, tool), eq(mediaJobs.status, 'running')));
  return Number(row?.n ?? 0);
}
