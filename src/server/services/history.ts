/**
 * Scan history: while a user has it on (users.history_enabled, off by default), each successful check of theirs is
 * kept in scan_history with its tool, input, result, date and source (web, api, batch). Staff set the retention
 * (historyRetentionDays, 90 by default); a daily sweep, run by whichever instance takes the day's lease, deletes
 * older items. Media binaries are never kept: an image or recording is described (name, type, size), an answer's
 * audio and heat-map image are dropped.
 */
import { and, count, desc, eq, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings, mediaJobs, scanHistory, users } from '../../db/schema';
import {
  HISTORY_PREVIEW_CHARS,
  historySummary,
  toolNameOf,
  type HistoryDigest,
  type HistoryItem,
  type HistoryListResponse,
  type HistoryQuery,
  type HistorySource,
} from '../../shared/api/history';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import type { MediaFile } from './media-type';
import { getSettings } from './settings';
import type { Caller } from './tool-gate';

const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (id: string): boolean => UUID.test(id);

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/** "photo.jpg (image/jpeg, 2.1 MB)": what a media check's input was, without its bytes. */
export function describeFile(file: Pick<MediaFile, 'name' | 'mime' | 'bytes'>): string {
  const size = file.bytes.length;
  const human = size >= 1024 * 1024 ? `${(size / (1024 * 1024)).toFixed(1)} MB` : size >= 1024 ? `${Math.round(size / 1024)} KB` : `${size} bytes`;
  return `${(file.name || 'upload').slice(0, 200)} (${file.mime}, ${human})`;
}

/**
 * The answer as kept: without a visitor's allowance (never a user's), the text extracted from an upload (the input
 * holds it), synthesised audio and the error-level heat map (an image).
 */
export function storedResult(body: object): Record<string, unknown> {
  const { allowance: _allowance, text: _text, audio: _audio, ...rest } = body as Record<string, unknown>;
  const ela = rest.ela as Record<string, unknown> | null | undefined;
  if (ela && typeof ela === 'object' && 'png' in ela) {
    const { png: _png, ...withoutImage } = ela;
    rest.ela = withoutImage;
  }
  // a JSON round trip: what the database and a later reader see, with undefined fields gone
  return JSON.parse(JSON.stringify(rest)) as Record<string, unknown>;
}

/** Where a check came from: an API key's request, else the website. Batches record their own items as 'batch'. */
export function sourceOf(caller: Caller): HistorySource {
  return caller.apiKeyId ? 'api' : 'web';
}

/**
 * Keep one check in its user's history, if they have history on. Visitors have no history and cost nothing here; for
 * a user it is one primary-key read of the switch (the caller's row as resolved for the request does not carry it),
 * and the insert only when it is on. A failure is logged and never fails the check.
 */
export async function recordHistory(
  ctx: ServerContext,
  entry: { userId: string; tool: string; input: string; result: object; source: HistorySource },
  log?: { warn: (obj: object, msg: string) => void },
): Promise<boolean> {
  try {
    const [row] = await ctx.db.select({ on: users.historyEnabled }).from(users).where(eq(users.id, entry.userId)).limit(1);
    if (!row?.on) return false;
    await ctx.db.insert(scanHistory).values({
      userId: entry.userId,
      tool: entry.tool,
      input: entry.input,
      result: storedResult(entry.result),
      source: entry.source,
      createdAt: ctx.now(),
    });
    return true;
  } catch (err) {
    log?.warn({ err: (err as Error).message, tool: entry.tool }, 'history item not written');
    return false;
  }
}

// ---------- reading ----------

/** `%`, `_` and `\` are literal in a search. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const digestSql = sql<HistoryDigest>`jsonb_strip_nulls(jsonb_build_object(
  'score', case when jsonb_typeof(${scanHistory.result}->'score') = 'number' then ${scanHistory.result}->'score' end,
  'verdictText', ${scanHistory.result}->'verdictText',
  'similarity', ${scanHistory.result}->'similarity',
  'sources', case when jsonb_typeof(${scanHistory.result}->'items') = 'array' then jsonb_array_length(${scanHistory.result}->'items') end,
  'engine', ${scanHistory.result}->'engine',
  'engineLabel', ${scanHistory.result}->'engineLabel',
  'caption', to_jsonb(left(${scanHistory.result}->>'caption', 200)),
  'verdictSentence', ${scanHistory.result}->'verdict'->'sentence',
  'issues', case when jsonb_typeof(${scanHistory.result}->'issues') = 'array' then jsonb_array_length(${scanHistory.result}->'issues') end,
  'seoScore', case when jsonb_typeof(${scanHistory.result}->'score') = 'number' then ${scanHistory.result}->'score' end,
  'jobId', ${scanHistory.result}->'jobId',
  'keyphrases', case when jsonb_typeof(${scanHistory.result}->'keyphrases') = 'array' then jsonb_array_length(${scanHistory.result}->'keyphrases') end,
  'hashtags', case when jsonb_typeof(${scanHistory.result}->'hashtags') = 'array' then jsonb_array_length(${scanHistory.result}->'hashtags') end
))`;

export async function listHistory(ctx: ServerContext, userId: string, q: HistoryQuery): Promise<HistoryListResponse> {
  const where: SQL[] = [eq(scanHistory.userId, userId)];
  if (q.tool) where.push(eq(scanHistory.tool, q.tool));
  if (q.q) where.push(ilike(scanHistory.input, likePattern(q.q)));
  const cond = and(...where);
  const [rows, [{ n }], tools, settings, user] = await Promise.all([
    ctx.db
      .select({
        id: scanHistory.id,
        tool: scanHistory.tool,
        source: scanHistory.source,
        createdAt: scanHistory.createdAt,
        // only the start of the input and a few fields of the result leave the database for a list
        preview: sql<string>`left(${scanHistory.input}, ${HISTORY_PREVIEW_CHARS})`,
        inputChars: sql<number>`char_length(${scanHistory.input})`,
        digest: digestSql,
      })
      .from(scanHistory)
      .where(cond)
      .orderBy(desc(scanHistory.createdAt), desc(scanHistory.id))
      .limit(q.limit)
      .offset(q.offset),
    ctx.db.select({ n: count() }).from(scanHistory).where(cond),
    ctx.db.selectDistinct({ tool: scanHistory.tool }).from(scanHistory).where(eq(scanHistory.userId, userId)),
    getSettings(ctx.db),
    ctx.db.select({ on: users.historyEnabled }).from(users).where(eq(users.id, userId)).limit(1),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      tool: r.tool,
      toolName: toolNameOf(r.tool),
      source: r.source as HistorySource,
      createdAt: r.createdAt.toISOString(),
      preview: r.preview,
      inputChars: Number(r.inputChars),
      summary: historySummary(r.tool, r.digest ?? {}),
    })),
    total: Number(n),
    enabled: user[0]?.on ?? false,
    retentionDays: settings.historyRetentionDays,
    tools: tools.map((t) => ({ id: t.tool, name: toolNameOf(t.tool) })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}

const notFound = () => new AppError('not_found', 'There is no such item in your history (it may have been deleted or expired).');

/** The raw row of one item of the user's; another user's item is not found, like an unknown id. */
export async function historyRow(db: Db, userId: string, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(scanHistory)
    .where(and(eq(scanHistory.id, id), eq(scanHistory.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * A speech-to-text check answers with a job id; the transcript arrives when the job ends. It is looked up when the
 * item is read (the job is the user's own), so the history shows it without a second write.
 */
async function withTranscript(ctx: ServerContext, userId: string, result: Record<string, unknown>): Promise<Record<string, unknown>> {
  const jobId = result.jobId;
  if (typeof jobId !== 'string' || !isUuid(jobId)) return result;
  const [job] = await ctx.db
    .select({ status: mediaJobs.status, result: mediaJobs.result, error: mediaJobs.error })
    .from(mediaJobs)
    .where(and(eq(mediaJobs.id, jobId), eq(mediaJobs.userId, userId)))
    .limit(1);
  if (!job) return result;
  return { ...result, status: job.status, ...(job.result ? { transcript: job.result } : {}), ...(job.error ? { error: job.error } : {}) };
}

export async function getHistoryItem(ctx: ServerContext, userId: string, id: string): Promise<HistoryItem> {
  const row = await historyRow(ctx.db, userId, id);
  if (!row) throw notFound();
  const { historyRetentionDays } = await getSettings(ctx.db);
  return {
    id: row.id,
    tool: row.tool,
    toolName: toolNameOf(row.tool),
    source: row.source as HistorySource,
    createdAt: row.createdAt.toISOString(),
    expiresAt: new Date(row.createdAt.getTime() + historyRetentionDays * DAY_MS).toISOString(),
    input: row.input,
    result: await withTranscript(ctx, userId, row.result as Record<string, unknown>),
  };
}

export async function deleteHistoryItem(ctx: ServerContext, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const gone = await ctx.db
    .delete(scanHistory)
    .where(and(eq(scanHistory.id, id), eq(scanHistory.userId, userId)))
    .returning({ id: scanHistory.id });
  if (gone.length === 0) throw notFound();
}

export async function clearHistory(ctx: ServerContext, userId: string): Promise<number> {
  const res = await ctx.db.execute(
    sql`with gone as (delete from scan_history where user_id = ${userId}::uuid returning 1) select count(*)::int as n from gone`,
  );
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

/** Every item of the user's, oldest first, for the account data export. */
export async function exportHistory(ctx: ServerContext, userId: string) {
  const rows = await ctx.db
    .select({ tool: scanHistory.tool, source: scanHistory.source, input: scanHistory.input, result: scanHistory.result, createdAt: scanHistory.createdAt })
    .from(scanHistory)
    .where(eq(scanHistory.userId, userId))
    .orderBy(scanHistory.createdAt);
  return Promise.all(rows.map(async (r) => ({ ...r, result: await withTranscript(ctx, userId, r.result as Record<string, unknown>) })));
}

// ---------- retention ----------

/** The app_settings row whose date says when the last sweep began (a lease: one instance a day takes it). */
export const SWEEP_LEASE_KEY = 'lease:history-retention-sweep';
const SWEEP_BATCH = 5_000;
/** How often each instance asks whether the day's sweep is due (one cheap statement). */
export const SWEEP_CHECK_MS = 60 * 60 * 1000;

/**
 * Delete every item older than the retention at `ctx.now()`, in batches (a first sweep over a large table never holds
 * one huge delete). Returns how many were deleted. Safe to run concurrently: each batch deletes what is still there.
 */
export async function sweepHistory(ctx: ServerContext): Promise<number> {
  const { historyRetentionDays } = await getSettings(ctx.db);
  const cutoff = new Date(ctx.now().getTime() - historyRetentionDays * DAY_MS);
  let total = 0;
  for (;;) {
    const res = await ctx.db.execute(sql`
      with gone as (
        delete from scan_history where id in (select id from scan_history where created_at < ${cutoff.toISOString()}::timestamptz limit ${SWEEP_BATCH})
        returning 1)
      select count(*)::int as n from gone`);
    const n = Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
    total += n;
    if (n < SWEEP_BATCH) return total;
  }
}

/**
 * Take the day's sweep lease: true for exactly one caller per 24 hours across every instance. The conditional upsert is
 * one statement; concurrent callers queue on the row and all but the first see it already taken.
 */
export async function claimSweepLease(db: Db, now: Date): Promise<boolean> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const taken = await db
    .insert(appSettings)
    .values({ key: SWEEP_LEASE_KEY, value: now.toISOString(), updatedAt: now })
    .onConflictDoUpdate({
      target: appSettings.key,
      set: { value: now.toISOString(), updatedAt: now },
      setWhere: lt(appSettings.updatedAt, dayAgo),
    })
    .returning({ key: appSettings.key });
  return taken.length === 1;
}

/** Run the sweep if this instance takes today's lease; null when another instance already swept in the last 24 hours. */
export async function sweepHistoryIfDue(ctx: ServerContext): Promise<number | null> {
  if (!(await claimSweepLease(ctx.db, ctx.now()))) return null;
  try {
    return await sweepHistory(ctx);
  } catch (err) {
    // give the lease back, so the next hourly check (on any instance) tries again instead of waiting a day
    await ctx.db
      .update(appSettings)
      .set({ updatedAt: new Date(0) })
      .where(eq(appSettings.key, SWEEP_LEASE_KEY))
      .catch(() => {});
    throw err;
  }
}

/**
 * The retention sweep without a scheduler process: every instance asks at start and then hourly (a timer that does
 * not keep the process alive), and the lease lets one of them sweep once a day. Returns a stop function.
 */
export function startHistorySweep(ctx: ServerContext, log: { info(msg: string): void; warn(obj: object, msg: string): void }): () => void {
  const tick = () =>
    sweepHistoryIfDue(ctx)
      .then((n) => {
        if (n) log.info(`history retention: deleted ${n} expired item(s)`);
      })
      .catch((err) => log.warn({ err }, 'history retention sweep failed'));
  void tick();
  const timer = setInterval(tick, SWEEP_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
