/**
 * Batch checks: many documents checked by the AI detector or the plagiarism checker in the background.
 *
 * - The upload (POST /api/batches) reads and extracts every document at once (services/batch-upload.ts) and stores
 *   one `batch_items` row per document: queued, or failed already with its reason (no text, over the word limit,
 *   unreadable: never charged).
 * - Workers (services/batch-runner.ts; in every server, and `npm run worker:batch`) take items through the queue of
 *   services/batch-queue.ts and meter each document like a web check (runTool: word limit, plan allowance charged
 *   atomically, refunded on failure, one usage event).
 * - The owner reads progress and results here; a finished batch is announced by e-mail, once, by whichever worker
 *   claims it, and to any other listener registered with `onBatchDone` (web push, once the mobile issue adds it).
 *
 * A batch is its owner's alone: every read takes the owner's id, and another user's batch answers 404 like an
 * unknown one. Staff with usage:read see every batch on /admin/batch-processing and may cancel one.
 */
import type { FastifyRequest } from 'fastify';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { batches, batchItems, users } from '../../db/schema';
import type { Db } from '../../db/client';
import {
  BATCH_CATALOGUE_TOOL,
  BATCH_LIMITS,
  BATCH_STATUSES,
  BATCH_TOOL_LABEL,
  BatchUploadFields,
  batchToolOf,
  type AdminBatchList,
  type AdminBatchQuery,
  type BatchItemError,
  type BatchItemView,
  type BatchStatus,
  type BatchSummary,
  type BatchTool,
  type BatchView,
} from '../../shared/api/batches';
import type { PublicUser } from '../../shared/api/auth';
import type { DetectResponse } from '../../shared/api/detector';
import type { PlagiarismResponse } from '../../shared/api/plagiarism';
import { BATCH_PLANS, batchesAllowed, DEFAULT_PLANS } from '../../shared/plans';
import { isStaff } from '../../shared/roles';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { parse } from '../http';
import { csvCell } from './admin-analytics';
import { batchQueued, cancelBatchItems, claimFinishedBatches } from './batch-queue';
import { disconnectSignal, readBatchUpload, readDocuments, type BatchDocument } from './batch-upload';
import { getPlan, loadSubscription, periodKey, termsOf } from './billing';
import { getSettings } from './settings';
import { admitCaller, callerWordLimit, type Caller } from './tool-gate';
import type { PlanContext } from './metering';
import { audit, toPublicUser } from './users';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Refusal of a plan that does not include batch checks (the page says the same before an upload). */
export function batchPlanError(planName: string): AppError {
  const plans = BATCH_PLANS.map((p) => DEFAULT_PLANS[p].name).join(' and ');
  return new AppError(
    'forbidden',
    `Batch checks are part of the ${plans} plans, not the ${planName} plan. Upgrade on the Pricing page to check many documents at once.`,
  );
}

/**
 * The metered caller of a batch's owner, as tool-gate's session caller would be: staff have no plan; a plan account
 * has the terms of its subscription now (so a document is charged under the plan of the moment it is checked).
 */
export async function batchCaller(ctx: ServerContext, user: PublicUser): Promise<Caller> {
  const startedAt = performance.now();
  if (isStaff(user.role)) return { user, anonId: null, plan: null, startedAt, apiKeyId: null };
  const sub = await loadSubscription(ctx, user.id, user.role);
  const plan = await getPlan(ctx.db, sub.plan as PlanContext['plan']);
  return {
    user,
    anonId: null,
    plan: { plan: plan.id, planName: plan.name, terms: termsOf(sub), periodKey: periodKey(sub.currentPeriodStart), periodEnd: sub.currentPeriodEnd },
    startedAt,
    apiKeyId: null,
  };
}

/** The caller's plan runs batches (staff too); else 403 naming the plans that do. */
export function requireBatchPlan(caller: Caller): void {
  if (caller.user && !caller.plan && isStaff(caller.user.role)) return;
  if (!caller.plan || !batchesAllowed(caller.plan.plan)) throw batchPlanError(caller.plan?.planName ?? 'Free');
}

/** Whether the caller may run batches (the list answer tells the page). */
export function mayRunBatches(caller: Caller): boolean {
  try {
    requireBatchPlan(caller);
    return true;
  } catch {
    return false;
  }
}

/**
 * A user runs at most a few batches at once: one more is refused before its upload is read, and again when it is
 * stored (createBatch, under a lock on the user's row), so uploads sent together cannot all pass the first check.
 */
export async function requireBatchRoom(ctx: { db: Db }, userId: string): Promise<void> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(batches)
    .where(and(eq(batches.userId, userId), inArray(batches.status, ['queued', 'running'])));
  if (Number(row?.n ?? 0) >= BATCH_LIMITS.maxActive)
    throw new AppError(
      'rate_limited',
      `You have ${BATCH_LIMITS.maxActive} batches in progress. Wait until one is done, or cancel one, then upload again.`,
      undefined,
      { 'retry-after': '30' },
    );
}

/**
 * Store a batch of read documents. Documents that failed while being read are stored as failed items; a batch of
 * which none can run is done at once (and not announced: its page already shows why).
 */
export async function createBatch(
  ctx: ServerContext,
  userId: string,
  input: { tool: BatchTool; name?: string; source?: 'web' | 'api'; apiKeyId?: string | null },
  docs: BatchDocument[],
): Promise<string> {
  const failed = docs.filter((d) => d.error).length;
  const allFailed = failed === docs.length;
  return ctx.db.transaction(async (tx) => {
    // uploads of one user are stored one at a time, each counting the batches stored before it
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!allFailed) await requireBatchRoom({ db: tx }, userId);
    const [b] = await tx
      .insert(batches)
      .values({
        userId,
        tool: BATCH_CATALOGUE_TOOL[input.tool],
        name: input.name?.trim() || null,
        status: allFailed ? 'done' : 'queued',
        total: docs.length,
        failed,
        source: input.source ?? 'web',
        apiKeyId: input.apiKeyId ?? null,
        ...(allFailed ? { finishedAt: sql`now()`, notifiedAt: sql`now()` } : {}),
      })
      .returning({ id: batches.id });
    await tx.insert(batchItems).values(
      docs.map((d, position) => ({
        batchId: b.id,
        position,
        filename: d.filename,
        text: d.text,
        words: d.words,
        status: d.error ? 'failed' : 'queued',
        error: d.error,
        ...(d.error ? { finishedAt: sql`now()` } : {}),
      })),
    );
    return b.id;
  });
}

/**
 * POST /api/batches: the caller's plan runs batches and has room for one more (checked before the upload is read),
 * the upload is read (services/batch-upload.ts), the tool admitted like a web request (turned off by staff, the
 * request rate, the plan's tools), every document extracted and checked against the word limit, and the batch
 * stored and handed to the workers.
 */
export async function uploadBatch(
  ctx: ServerContext,
  req: FastifyRequest,
  user: PublicUser,
  key: { apiKeyId: string; scopes: string[] | null } | null = null,
): Promise<BatchView> {
  if (!req.isMultipart())
    throw new AppError('bad_request', `Send the documents as multipart form data: a "tool" field and up to ${BATCH_LIMITS.maxDocuments} files.`);
  // through /api/v1 the key's scopes apply, and its request was counted against the key's rate already (admitCaller)
  const caller: Caller = { ...(await batchCaller(ctx, user)), ...(key ? { apiKeyId: key.apiKeyId, scopes: key.scopes } : {}) };
  requireBatchPlan(caller);
  await requireBatchRoom(ctx, user.id);
  const { fields, files } = await readBatchUpload(req);
  const input = parse(BatchUploadFields, fields);
  await admitCaller(ctx, caller, BATCH_CATALOGUE_TOOL[input.tool]);
  const watch = disconnectSignal(req);
  let docs: BatchDocument[];
  try {
    docs = await readDocuments(files, callerWordLimit(caller), watch.signal);
  } finally {
    watch.release();
  }
  const id = await createBatch(ctx, user.id, { ...input, source: key ? 'api' : 'web', apiKeyId: key?.apiKeyId ?? null }, docs);
  batchQueued(ctx);
  return getBatch(ctx, id, user.id);
}

type BatchRow = typeof batches.$inferSelect;
type ItemRow = Pick<typeof batchItems.$inferSelect, 'id' | 'position' | 'filename' | 'words' | 'status' | 'result' | 'error' | 'finishedAt'>;

function summaryOf(b: BatchRow): BatchSummary {
  return {
    id: b.id,
    tool: batchToolOf(b.tool) ?? 'content_detector',
    name: b.name,
    status: b.status as BatchStatus,
    total: b.total,
    done: b.done,
    failed: b.failed,
    createdAt: b.createdAt.toISOString(),
    finishedAt: b.finishedAt?.toISOString() ?? null,
  };
}

type DetectResult = Omit<DetectResponse, 'allowance'>;
type PlagiarismResult = Omit<PlagiarismResponse, 'text'>;

/** The source covering most of the document, if any. */
export function topSourceOf(r: PlagiarismResult): { title: string; reference: string; matchedPercent: number } | null {
  const top = [...r.items].sort((a, b) => b.matchedPercent - a.matchedPercent)[0];
  return top ? { title: top.title, reference: top.reference, matchedPercent: top.matchedPercent } : null;
}

function itemView(tool: BatchTool, i: ItemRow): BatchItemView {
  const base: BatchItemView = {
    id: i.id,
    position: i.position,
    filename: i.filename,
    words: i.words,
    status: i.status as BatchItemView['status'],
    score: null,
    verdict: null,
    verdictText: null,
    similarity: null,
    topSource: null,
    error: (i.error as BatchItemError | null) ?? null,
    finishedAt: i.finishedAt?.toISOString() ?? null,
  };
  if (i.status !== 'done' || i.result === null) return base;
  if (tool === 'content_detector') {
    const r = i.result as DetectResult;
    return { ...base, score: r.score, verdict: r.verdict, verdictText: r.verdictText };
  }
  const r = i.result as PlagiarismResult;
  return { ...base, similarity: r.similarity, topSource: topSourceOf(r) };
}

/** The batch `id` of `userId`, or null (another user's batch is not confirmed to exist). */
async function ownBatch(ctx: ServerContext, id: string, userId: string): Promise<BatchRow | null> {
  if (!UUID.test(id)) return null;
  const [b] = await ctx.db
    .select()
    .from(batches)
    .where(and(eq(batches.id, id), eq(batches.userId, userId)))
    .limit(1);
  return b ?? null;
}

const notFound = () => new AppError('not_found', 'There is no such batch (or it is not yours).');

/** A batch of the caller's with its items (their outcome, not their full results). */
export async function getBatch(ctx: ServerContext, id: string, userId: string): Promise<BatchView> {
  const b = await ownBatch(ctx, id, userId);
  if (!b) throw notFound();
  return viewOf(ctx, b);
}

async function viewOf(ctx: ServerContext, b: BatchRow): Promise<BatchView> {
  const tool = batchToolOf(b.tool) ?? 'content_detector';
  // the summary fields only: a detector result's sentences and a plagiarism result's passages stay in the database
  const resultSummary =
    tool === 'content_detector'
      ? sql`case when ${batchItems.result} is null then null else jsonb_build_object('score', ${batchItems.result}->'score', 'verdict', ${batchItems.result}->'verdict', 'verdictText', ${batchItems.result}->'verdictText') end`
      : sql`case when ${batchItems.result} is null then null else jsonb_build_object('similarity', ${batchItems.result}->'similarity', 'items', (
          select coalesce(jsonb_agg(jsonb_build_object('title', s->'title', 'reference', s->'reference', 'matchedPercent', s->'matchedPercent')), '[]'::jsonb)
          from jsonb_array_elements(${batchItems.result}->'items') s)) end`;
  const items = await ctx.db
    .select({
      id: batchItems.id,
      position: batchItems.position,
      filename: batchItems.filename,
      words: batchItems.words,
      status: batchItems.status,
      result: sql<unknown>`${resultSummary}`,
      error: batchItems.error,
      finishedAt: batchItems.finishedAt,
    })
    .from(batchItems)
    .where(eq(batchItems.batchId, b.id))
    .orderBy(batchItems.position);
  return { ...summaryOf(b), items: items.map((i) => itemView(tool, i as ItemRow)) };
}

/** The caller's most recent batches, newest first. */
export async function listBatches(ctx: ServerContext, userId: string, limit = 20): Promise<BatchSummary[]> {
  const found = await ctx.db.select().from(batches).where(eq(batches.userId, userId)).orderBy(desc(batches.createdAt)).limit(limit);
  return found.map(summaryOf);
}

export const CANCELLED: BatchItemError = {
  code: 'cancelled',
  message: 'The batch was cancelled before this document was checked. Nothing was charged for it.',
};

/** Cancel the caller's batch: what is still queued is not checked (nor charged). Ended batches stay as they are. */
export async function cancelBatch(ctx: ServerContext, id: string, userId: string): Promise<BatchView> {
  const b = await ownBatch(ctx, id, userId);
  if (!b) throw notFound();
  await cancelBatchItems(ctx.db, b.id, CANCELLED);
  return getBatch(ctx, id, userId);
}

/**
 * Delete the caller's batch and its documents' texts and results. A document a worker is checking at that moment
 * finds its item gone when it completes, and its charge is given back.
 */
export async function deleteBatch(ctx: ServerContext, id: string, userId: string): Promise<void> {
  const b = await ownBatch(ctx, id, userId);
  if (!b) throw notFound();
  await ctx.db.delete(batches).where(eq(batches.id, b.id));
}

// ---------- exports ----------

/** The items of a batch with their full results, for the CSV and the PDF reports. */
export async function batchResults(ctx: ServerContext, id: string, userId: string): Promise<{ batch: BatchSummary; items: (ItemRow & { text: string })[] }> {
  const b = await ownBatch(ctx, id, userId);
  if (!b) throw notFound();
  const items = await ctx.db
    .select({
      id: batchItems.id,
      position: batchItems.position,
      filename: batchItems.filename,
      words: batchItems.words,
      status: batchItems.status,
      result: batchItems.result,
      error: batchItems.error,
      finishedAt: batchItems.finishedAt,
      text: batchItems.text,
    })
    .from(batchItems)
    .where(eq(batchItems.batchId, b.id))
    .orderBy(batchItems.position);
  return { batch: summaryOf(b), items };
}

/**
 * The batch as CSV, one row per document. Detector: verdict and AI score (percent); plagiarism checker: similarity
 * (percent) and the source covering most. Cells a spreadsheet would run as formulas are defused (csvCell).
 */
export async function batchCsv(ctx: ServerContext, id: string, userId: string): Promise<{ filename: string; csv: string }> {
  const { batch, items } = await batchResults(ctx, id, userId);
  const detector = batch.tool === 'content_detector';
  const header = detector
    ? ['filename', 'words', 'status', 'verdict', 'ai_score_percent', 'error']
    : ['filename', 'words', 'status', 'similarity_percent', 'top_source', 'top_source_percent', 'error'];
  const lines = [header.join(',')];
  for (const i of items) {
    const error = (i.error as BatchItemError | null)?.message ?? '';
    const done = i.status === 'done' && i.result !== null;
    if (detector) {
      const r = done ? (i.result as DetectResult) : null;
      lines.push([i.filename, i.words, i.status, r?.verdictText ?? '', r ? Math.round(r.score * 1000) / 10 : '', error].map(csvCell).join(','));
    } else {
      const r = done ? (i.result as PlagiarismResult) : null;
      const top = r ? topSourceOf(r) : null;
      lines.push(
        [i.filename, i.words, i.status, r ? r.similarity : '', top ? `${top.title} (${top.reference})` : '', top?.matchedPercent ?? '', error]
          .map(csvCell)
          .join(','),
      );
    }
  }
  return { filename: `batch-${batch.createdAt.slice(0, 10)}-${batch.id.slice(0, 8)}.csv`, csv: `${lines.join('\r\n')}\r\n` };
}

// ---------- staff ----------

/** Every user's batches, newest first, filtered by status, with their owners and counts. */
export async function adminListBatches(ctx: ServerContext, q: AdminBatchQuery): Promise<AdminBatchList> {
  const filter = q.status ? eq(batches.status, q.status) : undefined;
  const [found, [{ n }], byStatusRows] = await Promise.all([
    ctx.db
      .select({
        batch: batches,
        username: users.username,
        email: users.email,
        running: sql<number>`(select count(*)::integer from ${batchItems} where ${batchItems.batchId} = ${batches.id} and ${batchItems.status} = 'running')`,
      })
      .from(batches)
      .innerJoin(users, eq(users.id, batches.userId))
      .where(filter)
      .orderBy(desc(batches.createdAt))
      .limit(q.limit)
      .offset(q.offset),
    ctx.db.select({ n: count() }).from(batches).where(filter),
    ctx.db.select({ status: batches.status, n: count() }).from(batches).groupBy(batches.status),
  ]);
  const byStatus = Object.fromEntries(BATCH_STATUSES.map((s) => [s, 0])) as Record<BatchStatus, number>;
  for (const r of byStatusRows) if (r.status in byStatus) byStatus[r.status as BatchStatus] = Number(r.n);
  return {
    batches: found.map((r) => ({
      ...summaryOf(r.batch),
      owner: { id: r.batch.userId, username: r.username, email: r.email },
      running: Number(r.running),
    })),
    total: Number(n),
    byStatus,
  };
}

/** Staff cancel any batch (audited); the owner's page then shows it cancelled. */
export async function adminCancelBatch(ctx: ServerContext, staff: PublicUser, id: string, ip?: string): Promise<BatchSummary> {
  if (!UUID.test(id)) throw notFound();
  const [b] = await ctx.db.select().from(batches).where(eq(batches.id, id)).limit(1);
  if (!b) throw notFound();
  const cancelled = await cancelBatchItems(ctx.db, b.id, {
    code: 'cancelled',
    message: 'Staff cancelled the batch before this document was checked. Nothing was charged for it.',
  });
  if (cancelled) await audit(ctx.db, { userId: staff.id, email: staff.email, action: `Cancelled batch ${b.id} of user ${b.userId}`, category: 'user', ip });
  const [after] = await ctx.db.select().from(batches).where(eq(batches.id, id)).limit(1);
  return summaryOf(after ?? b);
}

// ---------- when a batch is done ----------

export interface BatchDoneEvent {
  batch: { id: string; tool: BatchTool; name: string | null; total: number; done: number; failed: number };
  user: PublicUser;
  /** the batch's page */
  url: string;
}

/**
 * Listeners told once when a batch finishes, after the e-mail: the hook for web push (the mobile issue registers
 * its sender here when push is enabled). A listener's failure is logged and does not stop the others.
 */
const doneListeners = new Set<(ctx: ServerContext, event: BatchDoneEvent) => Promise<void>>();
export function onBatchDone(listener: (ctx: ServerContext, event: BatchDoneEvent) => Promise<void>): () => void {
  doneListeners.add(listener);
  return () => doneListeners.delete(listener);
}

interface Log {
  warn: (o: object, m: string) => void;
}

/** The batch's page, where its results and downloads are. */
export function batchUrl(ctx: ServerContext, id: string): string {
  return `${ctx.origin}/batch?id=${id}`;
}

/**
 * Announce finished batches that nobody announced yet: each is claimed by one worker of all the instances
 * (claimFinishedBatches sets notified_at), then its owner is e-mailed with a link to the batch page.
 */
export async function announceFinishedBatches(ctx: ServerContext, log: Log): Promise<number> {
  const finished = await claimFinishedBatches(ctx.db);
  if (finished.length === 0) return 0;
  const { siteName } = await getSettings(ctx.db);
  for (const f of finished) {
    const [u] = await ctx.db.select().from(users).where(eq(users.id, f.userId)).limit(1);
    if (!u) continue;
    const tool = batchToolOf(f.tool) ?? 'content_detector';
    const event: BatchDoneEvent = {
      batch: { id: f.id, tool, name: f.name, total: f.total, done: f.done, failed: f.failed },
      user: toPublicUser(u),
      url: batchUrl(ctx, f.id),
    };
    const what = f.name ? `"${f.name}"` : `of ${f.total} document${f.total === 1 ? '' : 's'}`;
    const failedLine =
      f.failed > 0 ? ` ${f.failed} could not be checked: the results say why for each, and nothing was charged for ${f.failed === 1 ? 'it' : 'them'}.` : '';
    try {
      await ctx.mailer.send({
        to: u.email,
        subject: `[${siteName}] Your batch check is done`,
        text:
          `Hello ${u.username},\n\n` +
          `Your batch ${what} has been checked with the ${BATCH_TOOL_LABEL[tool]}: ${f.done} of ${f.total} document${f.total === 1 ? '' : 's'} checked.${failedLine}\n\n` +
          `See the results, and download the CSV or the PDF reports, here:\n${event.url}\n`,
      });
    } catch (err) {
      log.warn({ err: (err as Error).message, batchId: f.id }, 'batch done e-mail could not be sent');
    }
    for (const listener of doneListeners) {
      await listener(ctx, event).catch((err: unknown) => log.warn({ err: (err as Error).message, batchId: f.id }, 'batch done listener failed'));
    }
  }
  return finished.length;
}
