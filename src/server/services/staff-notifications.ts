import type { ServerContext } from '../context';
import { getSettings } from './settings';

/**
 * Staff notification e-mails, as set on /admin/settings → Notifications. A feature that raises such an event (a new
 * support ticket, a refund request) calls `notifyStaff`; it sends only when that notification is switched on, to the
 * staff address (or the support e-mail when none is set). Best effort: a mail failure is logged, never thrown.
 */
export type StaffNotification = 'newSupportTicket' | 'refundRequest';

export async function notifyStaff(
  ctx: ServerContext,
  kind: StaffNotification,
  mail: { subject: string; text: string },
  log: { error: (o: object, m: string) => void },
): Promise<boolean> {
  const { notifications, supportEmail, siteName } = await getSettings(ctx.db);
  if (!notifications[kind]) return false;
  const to = notifications.staffEmail || supportEmail;
  try {
    await ctx.mailer.send({ to, subject: `[${siteName}] ${mail.subject}`, text: mail.text });
    return true;
  } catch (err) {
    log.error({ err: (err as Error).message, kind }, 'staff notification e-mail could not be sent');
    return false;
  }
}
