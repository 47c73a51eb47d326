/**
 * The parts of the account data export (services/account.ts exportAccountData) beyond the profile, billing and
 * usage: what the user made or asked for with the other features. Secrets stay out (an API key's hash, a push
 * subscription's encryption keys, a device token): a stolen export must not give access to anything.
 */
import { asc, desc, eq, or } from 'drizzle-orm';
import {
  apiKeys,
  batchItems,
  batches,
  detectionLogs,
  mediaJobs,
  nativePushTokens,
  newsletterSubscribers,
  pushSubscriptions,
  refundRequests,
  resultReports,
  supportMessages,
  supportTickets,
} from '../../db/schema';
import type { ServerContext } from '../context';

/** A push service's address without the subscription's own path (which works as a capability to send to it). */
function serviceOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'unknown';
  }
}

/** Each parent with its children (rows already in order), matched on `key`; the key itself is dropped. */
function withChildren<P extends { id: string }, C extends Record<K, string>, K extends string, N extends string>(
  parents: P[],
  children: C[],
  key: K,
  name: N,
): (Omit<P, 'id'> & Record<N, Omit<C, K>[]>)[] {
  return parents.map(({ id, ...p }) => ({
    ...p,
    [name]: children.filter((c) => c[key] === id).map(({ [key]: _k, ...c }) => c),
  })) as (Omit<P, 'id'> & Record<N, Omit<C, K>[]>)[];
}

export async function exportActivity(ctx: ServerContext, userId: string, email: string) {
  const { db } = ctx;
  const myBatches = await db
    .select({
      id: batches.id,
      tool: batches.tool,
      name: batches.name,
      status: batches.status,
      total: batches.total,
      done: batches.done,
      failed: batches.failed,
      createdAt: batches.createdAt,
      finishedAt: batches.finishedAt,
    })
    .from(batches)
    .where(eq(batches.userId, userId))
    .orderBy(desc(batches.createdAt));
  const documents = await db
    .select({
      batchId: batchItems.batchId,
      position: batchItems.position,
      filename: batchItems.filename,
      words: batchItems.words,
      status: batchItems.status,
      text: batchItems.text,
      result: batchItems.result,
      error: batchItems.error,
      finishedAt: batchItems.finishedAt,
    })
    .from(batchItems)
    .innerJoin(batches, eq(batches.id, batchItems.batchId))
    .where(eq(batches.userId, userId))
    .orderBy(asc(batchItems.position));
  const tickets = await db
    .select({
      id: supportTickets.id,
      subject: supportTickets.subject,
      status: supportTickets.status,
      createdAt: supportTickets.createdAt,
      updatedAt: supportTickets.updatedAt,
    })
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.createdAt));
  const messages = await db
    .select({ ticketId: supportMessages.ticketId, fromStaff: supportMessages.fromStaff, body: supportMessages.body, createdAt: supportMessages.createdAt })
    .from(supportMessages)
    .innerJoin(supportTickets, eq(supportTickets.id, supportMessages.ticketId))
    .where(eq(supportTickets.userId, userId))
    .orderBy(asc(supportMessages.createdAt));
  return {
    apiKeys: await db
      .select({
        name: apiKeys.name,
        prefix: apiKeys.prefix,
        scopes: apiKeys.scopes,
        createdAt: apiKeys.createdAt,
        lastUsedAt: apiKeys.lastUsedAt,
        expiresAt: apiKeys.expiresAt,
        revokedAt: apiKeys.revokedAt,
      })
      .from(apiKeys)
      .where(eq(apiKeys.userId, userId)),
    batches: withChildren(myBatches, documents, 'batchId', 'documents'),
    // the detector's log of each check; its text only where the user chose to share submissions
    detections: await db
      .select({
        score: detectionLogs.score,
        verdict: detectionLogs.verdict,
        words: detectionLogs.words,
        engine: detectionLogs.engine,
        text: detectionLogs.text,
        createdAt: detectionLogs.createdAt,
      })
      .from(detectionLogs)
      .where(eq(detectionLogs.userId, userId))
      .orderBy(desc(detectionLogs.createdAt)),
    mediaJobs: await db
      .select({
        tool: mediaJobs.tool,
        status: mediaJobs.status,
        result: mediaJobs.result,
        error: mediaJobs.error,
        createdAt: mediaJobs.createdAt,
        finishedAt: mediaJobs.finishedAt,
      })
      .from(mediaJobs)
      .where(eq(mediaJobs.userId, userId)),
    refundRequests: await db
      .select({
        paymentId: refundRequests.paymentId,
        reason: refundRequests.reason,
        status: refundRequests.status,
        decidedAt: refundRequests.decidedAt,
        decisionNote: refundRequests.decisionNote,
        createdAt: refundRequests.createdAt,
      })
      .from(refundRequests)
      .where(eq(refundRequests.userId, userId)),
    resultReports: await db
      .select({
        tool: resultReports.tool,
        expected: resultReports.expected,
        comment: resultReports.comment,
        score: resultReports.score,
        verdict: resultReports.verdict,
        text: resultReports.text,
        status: resultReports.status,
        reviewedAt: resultReports.reviewedAt,
        reviewNote: resultReports.reviewNote,
        createdAt: resultReports.createdAt,
      })
      .from(resultReports)
      .where(eq(resultReports.userId, userId)),
    supportTickets: withChildren(tickets, messages, 'ticketId', 'messages'),
    notifications: {
      browsers: (
        await db
          .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt, lastSentAt: pushSubscriptions.lastSentAt })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
      ).map(({ endpoint, ...s }) => ({ pushService: serviceOf(endpoint), ...s })),
      apps: await db
        .select({ platform: nativePushTokens.platform, registeredAt: nativePushTokens.registeredAt })
        .from(nativePushTokens)
        .where(eq(nativePushTokens.userId, userId)),
    },
    newsletter: await db
      .select({
        status: newsletterSubscribers.status,
        createdAt: newsletterSubscribers.createdAt,
        confirmedAt: newsletterSubscribers.confirmedAt,
        unsubscribedAt: newsletterSubscribers.unsubscribedAt,
      })
      .from(newsletterSubscribers)
      .where(or(eq(newsletterSubscribers.userId, userId), eq(newsletterSubscribers.email, email))),
  };
}
