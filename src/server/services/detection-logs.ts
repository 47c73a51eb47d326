import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { detectionLogs, resultReports, users } from '../../db/schema';
import {
  DETECTION_TEXT_PREVIEW,
  DETECTION_VERDICTS,
  type DetectionLogDetail,
  type DetectionLogEntry,
  type DetectionLogsQuery,
  type DetectionLogsResponse,
} from '../../shared/api/reports';
import type { Verdict } from '../../shared/api/detector';
import type { ServerContext } from '../context';
import { AppError } from '../errors';

/**
 * AI Detection Logs: one row per detection (score, verdict, words, engine, who). The text is kept only when its author
 * opted in to sharing submissions (users.share_submissions); visitors cannot opt in, so their texts are never kept.
 */

export interface DetectionLogInput {
  userId: string | null;
  anonId: string | null;
  score: number;
  verdict: Verdict;
  words: number;
  engine: string;
  text: string;
}

interface Log {
  warn: (o: object, m: string) => void;
}

/**
 * Record a detection without making the caller wait for it: the id is chosen here and returned at once, and the row
 * is written in the background. A failed write is logged and never fails the detection; the result then simply
 * cannot be reported (POST /api/reports answers that it is unknown).
 */
export function logDetection(ctx: ServerContext, input: DetectionLogInput, log: Log): string {
  const id = randomUUID();
  // The opt-in is read in the insert itself: one statement, and a change of the setting applies from the next detection.
  const keepText = input.userId
    ? sql`case when exists (select 1 from users where id = ${input.userId}::uuid and share_submissions) then ${input.text} else null end`
    : sql`null`;
  ctx.db
    .execute(
      sql`insert into detection_logs (id, user_id, anon_id, score, verdict, words, engine, text)
          values (${id}::uuid, ${input.userId}::uuid, ${input.anonId}, ${input.score}, ${input.verdict}, ${input.words}, ${input.engine}, ${keepText})`,
    )
    .catch((err: unknown) => log.warn({ err: (err as Error).message }, 'detection log not written'));
  return id;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function conditions(q: DetectionLogsQuery, withVerdict: boolean): SQL | undefined {
  const where: SQL[] = [];
  if (withVerdict && q.verdict) where.push(eq(detectionLogs.verdict, q.verdict));
  if (q.engine) where.push(eq(detectionLogs.engine, q.engine));
  if (q.from) where.push(gte(detectionLogs.createdAt, new Date(`${q.from}T00:00:00Z`)));
  // A day includes all of that day.
  if (q.to) where.push(lt(detectionLogs.createdAt, new Date(new Date(`${q.to}T00:00:00Z`).getTime() + DAY_MS)));
  return where.length ? and(...where) : undefined;
}

const columns = {
  id: detectionLogs.id,
  createdAt: detectionLogs.createdAt,
  score: detectionLogs.score,
  verdict: detectionLogs.verdict,
  words: detectionLogs.words,
  engine: detectionLogs.engine,
  userId: detectionLogs.userId,
  email: users.email,
  username: users.username,
  // Only the start of the text leaves the database for the list.
  preview: sql<string | null>`left(${detectionLogs.text}, ${DETECTION_TEXT_PREVIEW})`,
  reports: sql<number>`(select count(*) from ${resultReports} where ${resultReports.detectionId} = ${detectionLogs.id})`,
};

type Row = {
  id: string;
  createdAt: Date;
  score: number;
  verdict: string;
  words: number;
  engine: string;
  userId: string | null;
  email: string | null;
  username: string | null;
  preview: string | null;
  reports: number | string;
};

function toEntry(r: Row): DetectionLogEntry {
  return {
    id: r.id,
    createdAt: new Date(r.createdAt).toISOString(),
    score: r.score,
    verdict: r.verdict as Verdict,
    words: r.words,
    engine: r.engine,
    user: r.userId && r.email ? { id: r.userId, email: r.email, username: r.username ?? '' } : null,
    textSaved: r.preview !== null,
    textPreview: r.preview,
    reports: Number(r.reports),
  };
}

/** One page of detections, newest first, with the total and the counts by verdict. */
export async function listDetectionLogs(ctx: ServerContext, q: DetectionLogsQuery): Promise<DetectionLogsResponse> {
  const where = conditions(q, true);
  const [found, [total], verdicts] = await Promise.all([
    ctx.db
      .select(columns)
      .from(detectionLogs)
      .leftJoin(users, eq(users.id, detectionLogs.userId))
      .where(where)
      .orderBy(desc(detectionLogs.createdAt), desc(detectionLogs.id))
      .limit(q.limit)
      .offset(q.offset),
    ctx.db.select({ n: count() }).from(detectionLogs).where(where),
    ctx.db.select({ verdict: detectionLogs.verdict, n: count() }).from(detectionLogs).where(conditions(q, false)).groupBy(detectionLogs.verdict),
  ]);
  const byVerdict = Object.fromEntries(DETECTION_VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
  for (const v of verdicts) if (v.verdict in byVerdict) byVerdict[v.verdict as Verdict] = Number(v.n);
  return { items: found.map(toEntry), total: Number(total?.n ?? 0), offset: q.offset, limit: q.limit, byVerdict };
}

/** One detection with its whole saved text (null when its author did not opt in). */
export async function detectionLogDetail(ctx: ServerContext, id: string): Promise<DetectionLogDetail> {
  const [row] = await ctx.db
    .select({ ...columns, text: detectionLogs.text })
    .from(detectionLogs)
    .leftJoin(users, eq(users.id, detectionLogs.userId))
    .where(eq(detectionLogs.id, id))
    .limit(1);
  if (!row) throw new AppError('not_found', 'No such detection.');
  return { entry: toEntry(row), text: row.text };
}

/** The logged detection a report is about (for services/result-reports.ts). */
export async function findDetection(ctx: ServerContext, id: string) {
  const [row] = await ctx.db.select().from(detectionLogs).where(eq(detectionLogs.id, id)).limit(1);
  return row ?? null;
}
