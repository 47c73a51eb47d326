import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { detectionLogs, resultReports, users } from '../../db/schema';
import type { PublicUser } from '../../shared/api/auth';
import type { Verdict } from '../../shared/api/detector';
import {
  REPORT_EXPECTED,
  REPORT_STATUSES,
  type AdminReport,
  type AdminReportsQuery,
  type AdminReportsResponse,
  type CreateReportBody,
  type ReportCounts,
  type ReportExpected,
  type ReportStatus,
} from '../../shared/api/reports';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { findDetection } from './detection-logs';
import * as throttle from './throttle';
import { addressHash } from './tool-gate';
import { audit } from './users';

/**
 * Report Management, the detector's feedback loop: whoever ran a detection may report its result as wrong ("this is
 * my own writing" or "this is AI text"); staff uphold or dismiss each report. Upheld reports are the detector's
 * confirmed false positives and false negatives.
 */

export type Actor = PublicUser & { ip: string };

/** Reports one visitor address, or one account, may file per hour. */
export const ANON_REPORTS_PER_HOUR = 10;
export const ACCOUNT_REPORTS_PER_HOUR = 30;
const HOUR_MS = 60 * 60 * 1000;

const TOOL = 'ai_content_detector';

export interface Reporter {
  user: PublicUser | null;
  /** The visitor cookie's id (tool-gate's vt_anon), when there is one. */
  anonId: string | null;
  ip: string;
}

/**
 * File a report about one logged detection. Only the caller who ran the detection may report it (the same account, or
 * the same visitor cookie), so results cannot be reported by whoever learns an id, and one result has one open report.
 */
export async function createReport(ctx: ServerContext, who: Reporter, body: CreateReportBody): Promise<{ id: string; status: ReportStatus }> {
  const key = who.user ? `reports:user:${who.user.id}` : `reports:addr:${addressHash(ctx.cookieSecret, who.ip)}`;
  const taken = await throttle.consume(ctx.db, key, who.user ? ACCOUNT_REPORTS_PER_HOUR : ANON_REPORTS_PER_HOUR, HOUR_MS);
  if (!taken.ok)
    throw new AppError('rate_limited', 'You have sent too many reports in the last hour. Please try again later.', undefined, {
      'retry-after': String(taken.retryAfter),
    });

  const detection = await findDetection(ctx, body.detectionId);
  const mine = detection && ((who.user && detection.userId === who.user.id) || (who.anonId && detection.anonId === who.anonId));
  if (!detection || !mine) throw new AppError('not_found', 'This result cannot be reported: it was not found among your recent detections.');
  if (detection.verdict === body.expected)
    throw new AppError('validation_failed', `The detector already called this text ${body.expected === 'human' ? 'human-written' : 'AI-generated'}.`, {
      expected: 'Same as the verdict',
    });
  const [existing] = await ctx.db
    .select({ id: resultReports.id })
    .from(resultReports)
    .where(and(eq(resultReports.detectionId, detection.id), eq(resultReports.status, 'open')))
    .limit(1);
  if (existing) throw new AppError('conflict', 'You have already reported this result. Staff will review it.');
  const [row] = await ctx.db
    .insert(resultReports)
    .values({
      detectionId: detection.id,
      userId: who.user?.id ?? null,
      tool: TOOL,
      expected: body.expected,
      comment: body.comment,
      score: detection.score,
      verdict: detection.verdict,
      text: body.text && body.text.trim() ? body.text : null,
      status: 'open',
    })
    .returning({ id: resultReports.id, status: resultReports.status });
  return { id: row.id, status: row.status as ReportStatus };
}

const reporter = alias(users, 'reporter');
const reviewer = alias(users, 'reviewer');

function selectReports(ctx: ServerContext) {
  return ctx.db
    .select({
      r: resultReports,
      engine: detectionLogs.engine,
      words: detectionLogs.words,
      reporterEmail: reporter.email,
      reporterName: reporter.username,
      reviewerName: reviewer.username,
    })
    .from(resultReports)
    .leftJoin(detectionLogs, eq(detectionLogs.id, resultReports.detectionId))
    .leftJoin(reporter, eq(reporter.id, resultReports.userId))
    .leftJoin(reviewer, eq(reviewer.id, resultReports.reviewedBy));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectReports>['limit']>>[number];

function toReport({ r, engine, words, reporterEmail, reporterName, reviewerName }: Row): AdminReport {
  return {
    id: r.id,
    detectionId: r.detectionId,
    tool: r.tool,
    expected: r.expected as ReportExpected,
    score: r.score,
    verdict: (r.verdict as Verdict | null) ?? null,
    engine: engine ?? null,
    words: words ?? null,
    comment: r.comment,
    text: r.text,
    status: r.status as ReportStatus,
    reporter: r.userId && reporterEmail ? { id: r.userId, email: reporterEmail, username: reporterName ?? '' } : null,
    reviewer: r.reviewedBy && reviewerName ? { id: r.reviewedBy, username: reviewerName } : null,
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    reviewNote: r.reviewNote,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function reportCounts(ctx: ServerContext): Promise<ReportCounts> {
  const grouped = await ctx.db
    .select({ expected: resultReports.expected, status: resultReports.status, n: count() })
    .from(resultReports)
    .groupBy(resultReports.expected, resultReports.status);
  const counts = Object.fromEntries(
    REPORT_EXPECTED.map((e) => [e, Object.fromEntries(REPORT_STATUSES.map((s) => [s, 0])) as Record<ReportStatus, number>]),
  ) as ReportCounts;
  for (const g of grouped) {
    const byStatus = counts[g.expected as ReportExpected];
    if (byStatus && g.status in byStatus) byStatus[g.status as ReportStatus] = Number(g.n);
  }
  return counts;
}

export async function listReports(ctx: ServerContext, q: AdminReportsQuery): Promise<AdminReportsResponse> {
  const where: SQL[] = [eq(resultReports.status, q.status)];
  if (q.expected) where.push(eq(resultReports.expected, q.expected));
  const filter = and(...where);
  // Open reports oldest first (a queue); decided ones newest first (a history).
  const order = q.status === 'open' ? [resultReports.createdAt, resultReports.id] : [desc(resultReports.reviewedAt), desc(resultReports.id)];
  const [found, [total], counts] = await Promise.all([
    selectReports(ctx)
      .where(filter)
      .orderBy(...order)
      .limit(q.limit)
      .offset(q.offset),
    ctx.db.select({ n: count() }).from(resultReports).where(filter),
    reportCounts(ctx),
  ]);
  return { items: found.map(toReport), total: Number(total?.n ?? 0), offset: q.offset, limit: q.limit, counts };
}

async function reportById(ctx: ServerContext, id: string): Promise<AdminReport> {
  const [row] = await selectReports(ctx).where(eq(resultReports.id, id)).limit(1);
  if (!row) throw new AppError('not_found', 'No such report.');
  return toReport(row);
}

/** Uphold (the detector was wrong) or dismiss an open report, with a note; written to the audit log. */
export async function reviewReport(ctx: ServerContext, actor: Actor, id: string, decision: 'upheld' | 'dismissed', note: string): Promise<AdminReport> {
  const report = await reportById(ctx, id);
  // Only an open report, in one statement, so two reviewers cannot both decide it.
  const [updated] = await ctx.db
    .update(resultReports)
    .set({ status: decision, reviewedBy: actor.id, reviewedAt: ctx.now(), reviewNote: note || null })
    .where(and(eq(resultReports.id, id), eq(resultReports.status, 'open')))
    .returning({ id: resultReports.id });
  if (!updated) throw new AppError('conflict', `This report was already ${report.status}.`);
  const kind = report.expected === 'human' ? 'false positive' : 'false negative';
  await audit(ctx.db, {
    userId: actor.id,
    email: actor.email,
    action: `${decision === 'upheld' ? 'Upheld' : 'Dismissed'} detector report ${id.slice(0, 8)} (${kind}: verdict ${report.verdict ?? 'unknown'}, reported as ${report.expected})${note ? `: ${note.slice(0, 200)}` : ''}`,
    category: 'system',
    ip: actor.ip,
  });
  return reportById(ctx, id);
}
