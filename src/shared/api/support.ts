import { z } from 'zod';
import { EMAIL_MESSAGE } from './auth';

/**
 * Support tickets: the Contact page opens one (anyone may), the user reads and answers the thread under /account,
 * staff answer on /admin/support-tickets. `/api/support/*` (the user's side) and `/api/admin/support-tickets*`.
 */

export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = { open: 'Open', answered: 'Answered', closed: 'Closed' };

export const SUPPORT_NAME_MAX = 100;
export const SUPPORT_SUBJECT_MAX = 200;
export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 5000;
export const SUPPORT_PAGE_MAX = 100;

// A field left empty in a form arrives as '' and means "not given".
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const messageBody = z
  .string({ message: 'Please write a message.' })
  .trim()
  .min(SUPPORT_MESSAGE_MIN, `Please write at least ${SUPPORT_MESSAGE_MIN} characters.`)
  .max(SUPPORT_MESSAGE_MAX, `Please keep the message under ${SUPPORT_MESSAGE_MAX} characters.`);

/**
 * POST /api/support/tickets (public). A logged-in user's ticket belongs to the account and its replies go to the
 * account's address, so `email` is needed only from visitors.
 */
export const CreateTicketBody = z.object({
  name: z.string({ message: 'Please enter your name.' }).trim().min(1, 'Please enter your name.').max(SUPPORT_NAME_MAX, 'The name is too long.'),
  email: z.preprocess(
    blankToUndefined,
    z
      .string({ message: EMAIL_MESSAGE })
      .trim()
      .toLowerCase()
      .max(254, 'The e-mail address is too long.')
      .pipe(z.email({ message: EMAIL_MESSAGE }))
      .optional(),
  ),
  subject: z
    .string({ message: 'Please enter a subject.' })
    .trim()
    .min(3, 'Please enter a subject of at least 3 characters.')
    .max(SUPPORT_SUBJECT_MAX, `Please keep the subject under ${SUPPORT_SUBJECT_MAX} characters.`),
  message: messageBody,
});
export type CreateTicketBody = z.infer<typeof CreateTicketBody>;

/** POST /api/support/tickets/:id/messages and POST /api/admin/support-tickets/:id/reply */
export const TicketMessageBody = z.object({ body: messageBody });
export type TicketMessageBody = z.infer<typeof TicketMessageBody>;

/** POST /api/admin/support-tickets/:id/status: close, or reopen. */
export const TicketStatusBody = z.object({ status: z.enum(['open', 'closed'], { message: 'Status is open or closed.' }) });
export type TicketStatusBody = z.infer<typeof TicketStatusBody>;

/** GET /api/admin/support-tickets?status=&q=&offset=&limit= */
export const AdminTicketsQuery = z.object({
  status: z.preprocess(blankToUndefined, z.enum(TICKET_STATUSES, { message: 'Status is open, answered or closed.' }).optional()),
  /** Part of the subject, the sender's name or e-mail address, any case. */
  q: z.string().trim().max(200).default(''),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(SUPPORT_PAGE_MAX).default(25),
});
export type AdminTicketsQuery = z.infer<typeof AdminTicketsQuery>;

export interface TicketSummary {
  id: string;
  /** Short reference shown to the user ("#1a2b3c4d"). */
  reference: string;
  subject: string;
  name: string;
  email: string;
  status: TicketStatus;
  /** The account the ticket belongs to; null for a visitor's ticket. */
  userId: string | null;
  username: string | null;
  messages: number;
  /** Whether the newest message is the staff's (the user has an answer waiting). */
  lastFromStaff: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface TicketMessage {
  id: string;
  fromStaff: boolean;
  /** Staff: their username; the user: the ticket's name. */
  author: string;
  body: string;
  createdAt: string;
}

export interface TicketThread {
  ticket: TicketSummary;
  messages: TicketMessage[];
}

/** Answer of POST /api/support/tickets. */
export interface CreateTicketResponse {
  ticket: TicketSummary;
  message: string;
}

/** GET /api/support/tickets: the user's own tickets, newest activity first. */
export interface MyTicketsResponse {
  items: TicketSummary[];
}

/** GET /api/admin/support-tickets */
export interface AdminTicketsResponse {
  items: TicketSummary[];
  total: number;
  offset: number;
  limit: number;
  /** Tickets in each status (ignoring the status filter, honouring the search). */
  counts: Record<TicketStatus, number>;
}

export function ticketReference(id: string): string {
  return `#${id.slice(0, 8)}`;
}
