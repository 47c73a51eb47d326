import { desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** 'smtp' delivers and records; 'outbox' only records (read it on the dev mailbox page). */
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

export function createMailer(db: Db, opts: { smtpUrl?: string; from: string }): Mailer {
  if (!opts.smtpUrl) {
    return {
      transport: 'outbox',
      async send(m) {
        await db.insert(outbox).values({ ...m, status: 'outbox' });
      },
    };
  }
  const transporter = nodemailer.createTransport(opts.smtpUrl);
  return {
    transport: 'smtp',
    async send(m) {
      try {
        await transporter.sendMail({ from: opts.from, ...m });
        await db.insert(outbox).values({ ...m, status: 'sent' });
      } catch (err) {
        // Keep the message so staff can see what failed; the caller's flow still answers generically.
        await db.insert(outbox).values({ ...m, status: 'failed', error: String((err as Error).message).slice(0, 500) });
        throw err;
      }
    },
  };
}

/** The newest recorded messages, sent or not (the development mailbox). */
export async function recentMail(db: Db, limit = 50) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
}
