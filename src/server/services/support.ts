import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { supportMessages, supportTickets, users } from '../../db/schema';
import type { PublicUser } from '../../shared/api/auth';
import {
  TICKET_STATUSES,
  ticketReference,
  type AdminTicketsQuery,
  type AdminTicketsResponse,
  type CreateTicketBody,
  type TicketMessage,
  type TicketStatus,
  type TicketSummary,
  type TicketThread,
} from '../../shared/api/support';
import type { ServerContext } from '../context';
import { notifyStaff } from './staff-notifications';
import { AppError } from '../errors';
import * as throttle from './throttle';
import { addressHash } from './tool-gate';
import { audit } from './users';

/**
 * Support tickets. Anyone may open one from the Contact page; staff answer on /admin/support-tickets, which e-mails
 * the sender; the user reads and answers the thread under /account.
 *
 * Ownership: a ticket opened while logged in belongs to the account (user_id). A visitor's ticket has no account and
 * is tied to the e-mail address it gave: it is never attached to an account, but an account whose address is the same
 * and verified (Google sign-in proves it) also sees it, because that person already receives the replies by e-mail.
 * An unverified account with the address does not: anyone can type any address into the Contact page.
 */

/** The staff member acting, with the address the request came from (for the audit log). */
export type Actor = PublicUser & { ip: string };

/** Tickets one visitor address may open per hour; an account may open ACCOUNT_TICKETS_PER_HOUR. */
export const ANON_TICKETS_PER_HOUR = 5;
export const ACCOUNT_TICKETS_PER_HOUR = 10;
/** Messages one account may add to its threads per hour. */
export const USER_MESSAGES_PER_HOUR = 30;
const HOUR_MS = 60 * 60 * 1000;

const SITE = 'Veritext';

async function limit(ctx: ServerContext, key: string, max: number, what: string): Promise<void> {
  const taken = await throttle.consume(ctx.db, key, max, HOUR_MS);
  if (!taken.ok)
    throw new AppError('rate_limited', `You have sent too many ${what} in the last hour. Please try again later.`, undefined, {
      'retry-after': String(taken.retryAfter),
    });
}

/** LIKE pattern matching `q` literally anywhere. */
function containing(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const summaryColumns = {
  id: supportTickets.id,
  subject: supportTickets.subject,
  name: supportTickets.name,
  email: supportTickets.email,
  status: supportTickets.status,
  userId: supportTickets.userId,
  username: users.username,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
  messages: sql<number>`(select count(*) from ${supportMessages} where ${supportMessages.ticketId} = ${supportTickets.id})`,
  lastFromStaff: sql<boolean>`coalesce((select m.from_staff from ${supportMessages} m where m.ticket_id = ${supportTickets.id} order by m.created_at desc, m.id desc limit 1), false)`,
};

interface SummaryRow {
  id: string;
  subject: string;
  name: string;
  email: string;
  status: string;
  userId: string | null;
  username: string | null;
  createdAt: Date;
  updatedAt: Date;
  messages: number | string;
  lastFromStaff: boolean | string;
}

function toSummary(r: SummaryRow): TicketSummary {
  return {
    id: r.id,
    reference: ticketReference(r.id),
    subject: r.subject,
    name: r.name,
    email: r.email,
    status: r.status as TicketStatus,
    userId: r.userId,
    username: r.username,
    messages: Number(r.messages),
    lastFromStaff: r.lastFromStaff === true || r.lastFromStaff === 't',
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

function selectSummaries(ctx: ServerContext) {
  return ctx.db.select(summaryColumns).from(supportTickets).leftJoin(users, eq(users.id, supportTickets.userId));
}

async function summaryOf(ctx: ServerContext, id: string): Promise<TicketSummary> {
  const [row] = await selectSummaries(ctx).where(eq(supportTickets.id, id)).limit(1);
  if (!row) throw new AppError('not_found', 'No such ticket.');
  return toSummary(row);
}

async function threadOf(ctx: ServerContext, ticket: TicketSummary): Promise<TicketThread> {
  const found = await ctx.db
    .select({
      id: supportMessages.id,
      fromStaff: supportMessages.fromStaff,
      body: supportMessages.body,
      createdAt: supportMessages.createdAt,
      authorName: users.username,
    })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.authorId))
    .where(eq(supportMessages.ticketId, ticket.id))
    .orderBy(supportMessages.createdAt, supportMessages.id);
  const messages: TicketMessage[] = found.map((m) => ({
    id: m.id,
    fromStaff: m.fromStaff,
    // The user's messages carry the ticket's name; staff sign with their username (or "Support" once the account is gone).
    author: m.fromStaff ? (m.authorName ?? 'Support') : ticket.name || ticket.email,
    body: m.body,
    createdAt: m.createdAt.toISOString(),
  }));
  return { ticket, messages };
}

// ---------- The user's side ----------

/** Open a ticket (Contact page). A logged-in user's ticket belongs to the account and uses the account's address. */
export async function createTicket(
  ctx: ServerContext,
  user: PublicUser | null,
  ip: string,
  body: CreateTicketBody,
  log: { error: (o: object, m: string) => void },
): Promise<TicketSummary> {
  const email = user?.email ?? body.email;
  if (!email) throw new AppError('validation_failed', 'Please enter your e-mail address so we can answer you.', { email: 'Required' });
  // Counted per account, or per (hashed) client address for visitors, before anything is written.
  if (user) await limit(ctx, `support:ticket:user:${user.id}`, ACCOUNT_TICKETS_PER_HOUR, 'messages');
  else await limit(ctx, `support:ticket:addr:${addressHash(ctx.cookieSecret, ip)}`, ANON_TICKETS_PER_HOUR, 'messages');
  const id = await ctx.db.transaction(async (tx) => {
    const [ticket] = await tx
      .insert(supportTickets)
      .values({ userId: user?.id ?? null, email, name: body.name, subject: body.subject, status: 'open' })
      .returning({ id: supportTickets.id });
    await tx.insert(supportMessages).values({ ticketId: ticket.id, authorId: user?.id ?? null, fromStaff: false, body: body.message });
    return ticket.id;
  });
  // Staff hear of it only if the Notifications setting says so; a mail failure never loses the ticket.
  await notifyStaff(
    ctx,
    'newSupportTicket',
    { subject: `New support ticket: ${body.subject}`, text: `From ${body.name || email} <${email}>:\n\n${body.message}` },
    log,
  );
  return summaryOf(ctx, id);
}

/** The tickets `user` may see: the account's own, and visitors' tickets sent from its address once that is verified. */
function visibleTo(user: PublicUser): SQL {
  return or(
    eq(supportTickets.userId, user.id),
    and(
      isNull(supportTickets.userId),
      eq(supportTickets.email, user.email.toLowerCase()),
      sql`exists (select 1 from ${users} u where u.id = ${user.id}::uuid and u.email_verified and u.email = ${supportTickets.email})`,
    ),
  )!;
}

export async function myTickets(ctx: ServerContext, user: PublicUser): Promise<TicketSummary[]> {
  const found = await selectSummaries(ctx).where(visibleTo(user)).orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id)).limit(100);
  return found.map(toSummary);
}

async function myTicket(ctx: ServerContext, user: PublicUser, id: string): Promise<TicketSummary> {
  const [row] = await selectSummaries(ctx)
    .where(and(eq(supportTickets.id, id), visibleTo(user)))
    .limit(1);
  // Someone else's ticket is "not found", not "forbidden": its existence is not the caller's business.
  if (!row) throw new AppError('not_found', 'No such ticket.');
  return toSummary(row);
}

export async function myThread(ctx: ServerContext, user: PublicUser, id: string): Promise<TicketThread> {
  return threadOf(ctx, await myTicket(ctx, user, id));
}

/** The user answers in the thread: the ticket is open again (a closed one is reopened), waiting for staff. */
export async function userReply(ctx: ServerContext, user: PublicUser, id: string, body: string): Promise<TicketThread> {
  const ticket = await myTicket(ctx, user, id);
  await limit(ctx, `support:message:user:${user.id}`, USER_MESSAGES_PER_HOUR, 'messages');
  await ctx.db.transaction(async (tx) => {
    await tx.insert(supportMessages).values({ ticketId: ticket.id, authorId: user.id, fromStaff: false, body });
    await tx.update(supportTickets).set({ status: 'open', updatedAt: ctx.now() }).where(eq(supportTickets.id, ticket.id));
  });
  return threadOf(ctx, await summaryOf(ctx, ticket.id));
}

// ---------- The staff side ----------

export async function listTickets(ctx: ServerContext, q: AdminTicketsQuery): Promise<AdminTicketsResponse> {
  const search: SQL[] = [];
  if (q.q) {
    const p = containing(q.q);
    search.push(or(ilike(supportTickets.subject, p), ilike(supportTickets.name, p), ilike(supportTickets.email, p))!);
  }
  const where = and(...search, q.status ? eq(supportTickets.status, q.status) : undefined);
  const [found, [total], byStatus] = await Promise.all([
    selectSummaries(ctx).where(where).orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id)).limit(q.limit).offset(q.offset),
    ctx.db.select({ n: count() }).from(supportTickets).where(where),
    ctx.db
      .select({ status: supportTickets.status, n: count() })
      .from(supportTickets)
      .where(search.length ? and(...search) : undefined)
      .groupBy(supportTickets.status),
  ]);
  const counts = Object.fromEntries(TICKET_STATUSES.map((s) => [s, 0])) as Record<TicketStatus, number>;
  for (const r of byStatus) if (r.status in counts) counts[r.status as TicketStatus] = Number(r.n);
  return { items: found.map(toSummary), total: Number(total?.n ?? 0), offset: q.offset, limit: q.limit, counts };
}

export async function ticketThread(ctx: ServerContext, id: string): Promise<TicketThread> {
  return threadOf(ctx, await summaryOf(ctx, id));
}

function describe(t: TicketSummary): string {
  return `support ticket ${t.reference} "${t.subject.slice(0, 80)}" from ${t.email}`;
}

/**
 * Staff answer: the message is added, the ticket is 'answered', and the sender is e-mailed (at the account's current
 * address when the ticket belongs to one). The e-mail is not awaited; the answer says whether it was handed over.
 */
export async function staffReply(
  ctx: ServerContext,
  actor: Actor,
  id: string,
  body: string,
  log: { error: (o: object, m: string) => void },
): Promise<TicketThread> {
  const ticket = await summaryOf(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(supportMessages).values({ ticketId: id, authorId: actor.id, fromStaff: true, body });
    await tx.update(supportTickets).set({ status: 'answered', updatedAt: ctx.now() }).where(eq(supportTickets.id, id));
  });
  await audit(ctx.db, { userId: actor.id, email: actor.email, action: `Replied to ${describe(ticket)}`, category: 'user', ip: actor.ip });
  const to = ticket.userId ? ((await accountEmail(ctx, ticket.userId)) ?? ticket.email) : ticket.email;
  const accountLink = `${ctx.origin}/account#support`;
  const followUp = ticket.userId
    ? `You can read the whole conversation and answer it on your account page:\n${accountLink}\n`
    : `To answer, write to us again through ${ctx.origin}/contact and mention ${ticket.reference}.\n`;
  void ctx.mailer
    .send({
      to,
      subject: `Re: ${ticket.subject} [${ticket.reference}]`,
      text: `Hello ${ticket.name || to},\n\n${body}\n\n— ${actor.username}, ${SITE} support\n\n${followUp}`,
    })
    .catch((err: unknown) => log.error({ err: (err as Error).message, ticket: id }, 'support reply e-mail could not be sent'));
  return threadOf(ctx, await summaryOf(ctx, id));
}

async function accountEmail(ctx: ServerContext, userId: string): Promise<string | null> {
  const [row] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ?? null;
}

/** Close a ticket, or reopen a closed one. */
export async function setTicketStatus(ctx: ServerContext, actor: Actor, id: string, status: 'open' | 'closed'): Promise<TicketThread> {
  const ticket = await summaryOf(ctx, id);
  const from: TicketStatus[] = status === 'closed' ? ['open', 'answered'] : ['closed'];
  const [updated] = await ctx.db
    .update(supportTickets)
    .set({ status, updatedAt: ctx.now() })
    .where(and(eq(supportTickets.id, id), inArray(supportTickets.status, from)))
    .returning({ id: supportTickets.id });
  if (!updated) throw new AppError('conflict', status === 'closed' ? 'This ticket is already closed.' : 'This ticket is not closed.');
  await audit(ctx.db, {
    userId: actor.id,
    email: actor.email,
    action: `${status === 'closed' ? 'Closed' : 'Reopened'} ${describe(ticket)}`,
    category: 'user',
    ip: actor.ip,
  });
  return threadOf(ctx, await summaryOf(ctx, id));
}
