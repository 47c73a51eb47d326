/**
 * Saved reports: a detector or plagiarism result its owner keeps, printable as a PDF (services/saved-report-pdf.ts)
 * and optionally shared by an unguessable link.
 *
 * Where the saved result comes from. The server never stores a result a client made up: a report is saved either
 * from an item of the caller's history (the server's own copy) or from a check's answer that carries the receipt the
 * server signed when it sent it (RECEIPT_HEADER: an HMAC over the user, the tool, the input and the answer, valid for
 * RECEIPT_TTL_MS). Re-running the check instead was rejected: a provider's or the web search's answer is neither free
 * nor repeatable, a shared submission would match itself, and a save would become a free, unmetered check. Saving
 * charges nothing: the check was paid for when it ran.
 *
 * Share links: 256-bit random tokens (newToken), stored only as their SHA-256 (hashToken); a new link replaces the
 * old one, revoking clears it, and an expired or revoked link reads as "not found", like a token that never existed.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { savedReports } from '../../db/schema';
import { toolNameOf } from '../../shared/api/history';
import {
  RECEIPT_HEADER,
  REPORT_TOOLS,
  reportHeadline,
  type ReportTool,
  type SaveReportBody,
  type SavedReport,
  type SavedReportSummary,
  type SavedReportsQuery,
  type SavedReportsResponse,
  type ShareReportResponse,
  type SharedReport,
  type ShareState,
} from '../../shared/api/saved-reports';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { historyRow, isUuid, storedResult } from './history';
import { getSettings } from './settings';
import { hashToken, newToken } from './tokens';

/** How long after a check its answer can be saved from the page (saving from history has no limit). */
export const RECEIPT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const isReportTool = (tool: string): tool is ReportTool => (REPORT_TOOLS as readonly string[]).includes(tool);

/** JSON with object keys sorted at every level, so the same answer always hashes the same after a round trip. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function receiptMac(ctx: ServerContext, userId: string, issuedAt: string, tool: string, input: string, result: unknown): Buffer {
  const key = createHmac('sha256', ctx.cookieSecret).update('saved-report-receipt').digest();
  // the answer as the client will hold it: a JSON round trip (dates become strings, undefined fields go)
  const digest = createHash('sha256')
    .update(canonical({ tool, input, result: JSON.parse(JSON.stringify(result)) }))
    .digest('hex');
  return createHmac('sha256', key).update(`${userId}\n${issuedAt}\n${digest}`).digest();
}

/** `<issued, base 36 ms>.<mac>`: proof that this server sent `result` for `input` to this user. */
export function issueReceipt(ctx: ServerContext, userId: string, tool: string, input: string, result: object): string {
  const issuedAt = ctx.now().getTime().toString(36);
  return `${issuedAt}.${receiptMac(ctx, userId, issuedAt, tool, input, result).toString('base64url')}`;
}

export function verifyReceipt(ctx: ServerContext, userId: string, receipt: string, tool: string, input: string, result: unknown): boolean {
  const m = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(receipt);
  if (!m) return false;
  const issued = parseInt(m[1], 36);
  const age = ctx.now().getTime() - issued;
  if (!Number.isFinite(issued) || age < -60_000 || age > RECEIPT_TTL_MS) return false;
  const expected = receiptMac(ctx, userId, m[1], tool, input, result);
  const given = Buffer.from(m[2], 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Sign a logged-in user's detector or plagiarism answer (toolRoute, through keepCheck). */
export function setReceiptHeader(ctx: ServerContext, reply: FastifyReply, userId: string, tool: string, input: string, body: object): void {
  if (!isReportTool(tool)) return;
  // the answer carries `text` only for an upload, and then it is the input: the receipt covers the body as sent
  reply.header(RECEIPT_HEADER, issueReceipt(ctx, userId, tool, input, body));
}

// ---------- saving ----------

type Row = typeof savedReports.$inferSelect;

function shareState(row: Pick<Row, 'shareTokenHash' | 'shareExpiresAt'>, now: Date): ShareState {
  if (!row.shareTokenHash) return { active: false, expiresAt: null, expired: false };
  const expired = row.shareExpiresAt !== null && row.shareExpiresAt <= now;
  return { active: !expired, expiresAt: row.shareExpiresAt?.toISOString() ?? null, expired };
}

function summaryOf(row: Row, now: Date): SavedReportSummary {
  const result = row.result as Record<string, unknown>;
  return {
    id: row.id,
    tool: row.tool as ReportTool,
    toolName: toolNameOf(row.tool),
    title: row.title,
    engine: row.engine,
    modelVersion: row.modelVersion,
    createdAt: row.createdAt.toISOString(),
    headline: reportHeadline(row.tool, result),
    share: shareState(row, now),
  };
}

/** The first words of the text, as a default title. */
export function defaultTitle(tool: ReportTool, input: string): string {
  const flat = input.replace(/\s+/g, ' ').trim();
  const words = flat.split(' ').slice(0, 6).join(' ');
  const head = words.length > 48 ? words.slice(0, 48).trimEnd() : words;
  const kind = tool === 'ai_content_detector' ? 'AI detection' : 'Plagiarism check';
  return head ? `${kind}: ${head}${flat.length > head.length ? '…' : ''}` : kind;
}

/** The engine and its version as the report names them. */
function engineOf(tool: ReportTool, result: Record<string, unknown>): { engine: string; modelVersion: string | null } {
  if (tool === 'ai_content_detector') {
    const engine = typeof result.engine === 'string' ? result.engine : 'veritext';
    const scorer = result.scorer as { model?: unknown } | null | undefined;
    const version = typeof result.modelVersion === 'string' ? result.modelVersion : null;
    return { engine, modelVersion: scorer && typeof scorer.model === 'string' && version ? `${version} + ${scorer.model}` : version };
  }
  const web = (result.checkedAgainst as { web?: { providers?: unknown } } | undefined)?.web;
  const providers = Array.isArray(web?.providers) ? web.providers.filter((p): p is string => typeof p === 'string') : [];
  return { engine: providers.length ? `library+web (${providers.join(', ')})` : 'library', modelVersion: null };
}

/** A result of the tool's shape, enough for the report to be drawn (the receipt already proved where it came from). */
function checkShape(tool: ReportTool, result: Record<string, unknown>): void {
  const ok =
    tool === 'ai_content_detector'
      ? typeof result.score === 'number' && Array.isArray(result.sentences) && Array.isArray(result.reasons)
      : typeof result.similarity === 'number' && Array.isArray(result.items);
  if (!ok) throw new AppError('validation_failed', 'This is not a result of that tool.');
}

export async function saveReport(ctx: ServerContext, userId: string, body: SaveReportBody): Promise<SavedReportSummary> {
  let tool: ReportTool;
  let input: string;
  let result: Record<string, unknown>;
  if ('historyId' in body) {
    const item = await historyRow(ctx.db, userId, body.historyId);
    if (!item) throw new AppError('not_found', 'There is no such item in your history (it may have been deleted or expired).');
    if (!isReportTool(item.tool)) throw new AppError('validation_failed', 'Only detector and plagiarism results can be saved as reports.');
    tool = item.tool;
    input = item.input;
    result = item.result as Record<string, unknown>;
  } else {
    if (!verifyReceipt(ctx, userId, body.receipt, body.tool, body.input, body.result)) {
      throw new AppError(
        'validation_failed',
        'This result cannot be saved: it is older than 7 days, it was changed, or it was checked from another account. Run the check again, then save it.',
      );
    }
    tool = body.tool;
    input = body.input;
    result = storedResult(body.result);
  }
  checkShape(tool, result);
  const { engine, modelVersion } = engineOf(tool, result);
  const [row] = await ctx.db
    .insert(savedReports)
    .values({ userId, tool, title: body.title || defaultTitle(tool, input), input, result, engine, modelVersion, createdAt: ctx.now() })
    .returning();
  return summaryOf(row, ctx.now());
}

// ---------- the owner's reports ----------

const notFound = () => new AppError('not_found', 'There is no such report (it may have been deleted).');

async function ownRow(ctx: ServerContext, userId: string, id: string): Promise<Row> {
  if (!isUuid(id)) throw notFound();
  const [row] = await ctx.db
    .select()
    .from(savedReports)
    .where(and(eq(savedReports.id, id), eq(savedReports.userId, userId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function listSavedReports(ctx: ServerContext, userId: string, q: SavedReportsQuery): Promise<SavedReportsResponse> {
  const [rows, [{ n }]] = await Promise.all([
    ctx.db
      .select()
      .from(savedReports)
      .where(eq(savedReports.userId, userId))
      .orderBy(desc(savedReports.createdAt), desc(savedReports.id))
      .limit(q.limit)
      .offset(q.offset),
    ctx.db.select({ n: count() }).from(savedReports).where(eq(savedReports.userId, userId)),
  ]);
  const now = ctx.now();
  return { items: rows.map((r) => summaryOf(r, now)), total: Number(n) };
}

export async function getSavedReport(ctx: ServerContext, userId: string, id: string): Promise<SavedReport> {
  const row = await ownRow(ctx, userId, id);
  return { ...summaryOf(row, ctx.now()), input: row.input, result: row.result as Record<string, unknown> };
}

export async function renameSavedReport(ctx: ServerContext, userId: string, id: string, title: string): Promise<SavedReportSummary> {
  await ownRow(ctx, userId, id);
  const [row] = await ctx.db.update(savedReports).set({ title }).where(eq(savedReports.id, id)).returning();
  return summaryOf(row, ctx.now());
}

export async function deleteSavedReport(ctx: ServerContext, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const gone = await ctx.db
    .delete(savedReports)
    .where(and(eq(savedReports.id, id), eq(savedReports.userId, userId)))
    .returning({ id: savedReports.id });
  if (gone.length === 0) throw notFound();
}

/** A new share link for the report; any earlier link stops working. The token is answered once and never stored. */
export async function shareSavedReport(ctx: ServerContext, userId: string, id: string, expiresInDays: number | null): Promise<ShareReportResponse> {
  await ownRow(ctx, userId, id);
  const token = newToken();
  const expiresAt = expiresInDays === null ? null : new Date(ctx.now().getTime() + expiresInDays * DAY_MS);
  await ctx.db
    .update(savedReports)
    .set({ shareTokenHash: hashToken(token), shareExpiresAt: expiresAt })
    .where(and(eq(savedReports.id, id), eq(savedReports.userId, userId)));
  return { token, url: `${ctx.origin}/r/${token}`, expiresAt: expiresAt?.toISOString() ?? null };
}

export async function revokeShare(ctx: ServerContext, userId: string, id: string): Promise<void> {
  await ownRow(ctx, userId, id);
  await ctx.db
    .update(savedReports)
    .set({ shareTokenHash: null, shareExpiresAt: null })
    .where(and(eq(savedReports.id, id), eq(savedReports.userId, userId)));
}

/** The saved reports of a user, for the account data export (the share link's hash is not theirs to need). */
export async function exportSavedReports(ctx: ServerContext, userId: string) {
  const rows = await ctx.db.select().from(savedReports).where(eq(savedReports.userId, userId)).orderBy(savedReports.createdAt);
  return rows.map(({ shareTokenHash, userId: _userId, ...r }) => ({ ...r, shared: shareTokenHash !== null }));
}

// ---------- shared links ----------

/** Shapes a share token can have (newToken: 43 base64url characters); anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

async function sharedRow(ctx: ServerContext, token: string): Promise<Row | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await ctx.db
    .select()
    .from(savedReports)
    .where(eq(savedReports.shareTokenHash, hashToken(token)))
    .limit(1);
  if (!row) return null;
  if (row.shareExpiresAt !== null && row.shareExpiresAt <= ctx.now()) return null;
  return row;
}

const linkGone = () => new AppError('not_found', 'This report link does not work: it was revoked, it expired, or it never existed.');

/** Whether `/r/<token>` has a report to show (the server answers 404 for the page otherwise). */
export async function sharedReportExists(ctx: ServerContext, token: string): Promise<boolean> {
  return (await sharedRow(ctx, token)) !== null;
}

/**
 * The report as anyone with the link sees it: no owner, no ids that lead back to the account (the detection log
 * entry), nothing but the report itself.
 */
export function publicResult(tool: string, result: Record<string, unknown>): Record<string, unknown> {
  if (tool !== 'ai_content_detector') return result;
  const { detectionId: _detectionId, ...rest } = result;
  return rest;
}

export async function sharedReport(ctx: ServerContext, token: string): Promise<SharedReport> {
  const row = await sharedRow(ctx, token);
  if (!row) throw linkGone();
  const result = row.result as Record<string, unknown>;
  return {
    tool: row.tool as ReportTool,
    toolName: toolNameOf(row.tool),
    title: row.title,
    engine: row.engine,
    modelVersion: row.modelVersion,
    createdAt: row.createdAt.toISOString(),
    headline: reportHeadline(row.tool, result),
    expiresAt: row.shareExpiresAt?.toISOString() ?? null,
    input: row.input,
    result: publicResult(row.tool, result),
    siteName: (await getSettings(ctx.db)).siteName,
  };
}

/** What the PDF of a report needs, for its owner or through a link. */
export interface ReportForPdf {
  tool: ReportTool;
  title: string;
  input: string;
  result: Record<string, unknown>;
  engine: string;
  modelVersion: string | null;
  createdAt: Date;
  siteName: string;
}

export async function ownReportForPdf(ctx: ServerContext, userId: string, id: string): Promise<ReportForPdf> {
  const row = await ownRow(ctx, userId, id);
  return { ...pdfFields(row), siteName: (await getSettings(ctx.db)).siteName };
}

export async function sharedReportForPdf(ctx: ServerContext, token: string): Promise<ReportForPdf> {
  const row = await sharedRow(ctx, token);
  if (!row) throw linkGone();
  return { ...pdfFields(row), result: publicResult(row.tool, row.result as Record<string, unknown>), siteName: (await getSettings(ctx.db)).siteName };
}

function pdfFields(row: Row): Omit<ReportForPdf, 'siteName'> {
  return {
    tool: row.tool as ReportTool,
    title: row.title,
    input: row.input,
    result: row.result as Record<string, unknown>,
    engine: row.engine,
    modelVersion: row.modelVersion,
    createdAt: row.createdAt,
  };
}

/** A file name for the PDF: the title's letters and digits. */
export function pdfFilename(title: string, createdAt: Date): string {
  const slug =
    title
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 60) || 'report';
  return `${slug}-${createdAt.toISOString().slice(0, 10)}.pdf`;
}
