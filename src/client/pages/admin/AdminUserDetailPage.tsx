import { useState, type ReactNode } from 'react';
import { Link, useOutletContext, useParams } from 'react-router';
import { ArrowLeft, Ban, KeyRound, RotateCcw, UserCog } from 'lucide-react';
import type { AdminUserDetail } from '@/shared/api/admin-users';
import { can } from '@/shared/permissions';
import { isStaff, ROLES, type Role, type StaffRole } from '@/shared/roles';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Label } from '@/client/components/ui/label';
import { BusyLabel, PageSpinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/hooks/use-toast';
import { useCurrentUser } from '@/client/lib/auth';
import { ApiError, messageOf } from '@/client/lib/api';
import { useAdminUser, useAdminUserAction, useSendPasswordReset, type AdminUserAction } from '@/client/features/admin/users-api';
import { formatDate, ROLE_LABEL, StatusBadge } from './AdminUsersPage';
import { AdminHeading, NoAccess } from './parts';
import { visibleAdminItem } from './nav';

const number = (n: number) => n.toLocaleString('en-US');
const money = (minor: number, currency: string) => (minor / 100).toLocaleString('en-US', { style: 'currency', currency: currency.toUpperCase() });
const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/**
 * /admin/users/:id: one account's profile, plan, usage, sessions, payments and audit trail, with the actions the
 * viewer's role allows. The server applies the same rules (and more: nobody acts on their own account, only an
 * administrator changes staff, only a super administrator touches super_admin); hiding a button is only a courtesy.
 */
export default function AdminUserDetailPage() {
  const { role } = useOutletContext<{ role: StaffRole }>();
  const { id = '' } = useParams();
  if (!visibleAdminItem('/admin/users', role)) return <NoAccess title="User Directory" />;
  return <UserDetail id={id} role={role} />;
}

function UserDetail({ id, role }: { id: string; role: StaffRole }) {
  const detail = useAdminUser(id);
  const back = (
    <Link to="/admin/users" className="mb-4 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft className="size-4" aria-hidden /> All users
    </Link>
  );
  if (detail.isPending) return <PageSpinner />;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400);
    return (
      <>
        {back}
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border bg-card p-5 text-sm text-red-600 dark:text-red-400">
          {missing ? 'There is no such account.' : messageOf(detail.error, 'The account could not be loaded.')}
          {!missing && (
            <Button variant="outline" size="sm" onClick={() => void detail.refetch()}>
              Try again
            </Button>
          )}
        </div>
      </>
    );
  }
  const d = detail.data;
  return (
    <>
      {back}
      <AdminHeading title={d.user.username} description={d.user.email} />
      <div className="mb-6 flex flex-wrap items-center gap-2">
        <Badge variant={isStaff(d.user.role) ? 'default' : 'outline'}>{ROLE_LABEL[d.user.role] ?? d.user.role}</Badge>
        <StatusBadge status={d.user.status} />
      </div>
      <Actions detail={d} role={role} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Profile detail={d} />
        <Plan detail={d} />
        <Usage detail={d} />
        <Section title="Sessions">
          <p className="text-sm">
            <span className="text-2xl font-semibold tabular-nums" data-testid="active-sessions">
              {number(d.activeSessions)}
            </span>{' '}
            active {d.activeSessions === 1 ? 'session' : 'sessions'}
          </p>
        </Section>
      </div>
      <Payments detail={d} />
      <AuditTrail detail={d} />
    </>
  );
}

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-label={title} className={`rounded-xl border bg-card p-5 ${className ?? ''}`}>
      <h2 className="mb-3 font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted-foreground">{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function Profile({ detail: { user } }: { detail: AdminUserDetail }) {
  const signIn = [user.hasPassword && 'password', user.signsInWithGoogle && 'Google'].filter(Boolean).join(' and ') || 'none';
  return (
    <Section title="Profile">
      <Facts
        rows={[
          ['Username', user.username],
          ['E-mail', user.email],
          ['E-mail verified', user.emailVerified ? 'Yes' : 'No'],
          ['Signs in with', signIn],
          ['Joined', formatDate(user.createdAt)],
          ['Suspended since', user.suspendedAt ? dateTime(user.suspendedAt) : '—'],
          ['Account id', <code className="text-xs">{user.id}</code>],
        ]}
      />
    </Section>
  );
}

function Plan({ detail: { subscription: s } }: { detail: AdminUserDetail }) {
  return (
    <Section title="Plan">
      {!s ? (
        <p className="text-sm text-muted-foreground">Staff account: no plan, no usage limits.</p>
      ) : (
        <Facts
          rows={[
            ['Plan', s.planName],
            ['Status', s.cancelAtPeriodEnd ? `${s.status}, ends at the end of the period` : s.status],
            ['Current period', `${formatDate(s.currentPeriodStart)} – ${formatDate(s.currentPeriodEnd)}`],
            ['Scheduled change', s.scheduledPlan ?? '—'],
            ['Paid through', s.provider ?? 'not paid (free or complimentary)'],
            ['Characters per month', number(s.terms.monthlyCharacters)],
            ['Words per request', number(s.terms.wordLimit)],
            ['Detections per day', s.terms.dailyDetections === null ? 'unlimited' : number(s.terms.dailyDetections)],
          ]}
        />
      )}
    </Section>
  );
}

function Usage({ detail: { usage } }: { detail: AdminUserDetail }) {
  return (
    <Section title={usage.period ? 'Usage this period' : 'Usage this month'}>
      <Facts
        rows={[
          [
            'Characters',
            usage.characters.limit === null ? number(usage.characters.used) : `${number(usage.characters.used)} of ${number(usage.characters.limit)}`,
          ],
          [
            'Detections today',
            usage.detections.dailyLimit === null
              ? number(usage.detections.today)
              : `${number(usage.detections.today)} of ${number(usage.detections.dailyLimit)}`,
          ],
        ]}
      />
      <h3 className="mb-1 mt-4 text-xs font-medium uppercase tracking-wide text-muted-foreground">Requests this calendar month</h3>
      {usage.byTool.length === 0 ? (
        <p className="text-sm text-muted-foreground">No requests yet this month.</p>
      ) : (
        <table className="w-full text-sm">
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th className="py-1 font-medium">Tool</th>
              <th className="py-1 text-right font-medium">Requests</th>
              <th className="py-1 text-right font-medium">Characters</th>
            </tr>
          </thead>
          <tbody>
            {usage.byTool.map((t) => (
              <tr key={t.tool} className="border-t">
                <td className="py-1">{t.tool.replaceAll('_', ' ')}</td>
                <td className="py-1 text-right tabular-nums">{number(t.requests)}</td>
                <td className="py-1 text-right tabular-nums">{number(t.characters)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function Payments({ detail: { payments } }: { detail: AdminUserDetail }) {
  if (payments === null) return null;
  return (
    <Section title="Payments" className="mt-4">
      {payments.length === 0 ? (
        <p className="text-sm text-muted-foreground">No payments.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="text-left text-xs text-muted-foreground">
              <tr>
                <th className="py-1 pr-4 font-medium">Date</th>
                <th className="py-1 pr-4 font-medium">Description</th>
                <th className="py-1 pr-4 text-right font-medium">Amount</th>
                <th className="py-1 pr-4 font-medium">Status</th>
                <th className="py-1 font-medium">Provider</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.id} className="border-t">
                  <td className="whitespace-nowrap py-1 pr-4">{formatDate(p.createdAt)}</td>
                  <td className="py-1 pr-4">{p.description}</td>
                  <td className="py-1 pr-4 text-right tabular-nums">
                    {money(p.amount, p.currency)}
                    {p.refundedAmount > 0 && <div className="text-xs text-muted-foreground">−{money(p.refundedAmount, p.currency)} refunded</div>}
                  </td>
                  <td className="py-1 pr-4">{p.status.replaceAll('_', ' ')}</td>
                  <td className="py-1">{p.provider}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

function AuditTrail({ detail: { audit } }: { detail: AdminUserDetail }) {
  if (audit === null) return null;
  return (
    <Section title="Audit trail" className="mt-4">
      {audit.length === 0 ? (
        <p className="text-sm text-muted-foreground">No entries.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="user-audit">
            <thead className="text-left text-xs text-muted-foreground">
              <tr>
                <th className="py-1 pr-4 font-medium">When</th>
                <th className="py-1 pr-4 font-medium">Action</th>
                <th className="py-1 pr-4 font-medium">By</th>
                <th className="py-1 font-medium">Address</th>
              </tr>
            </thead>
            <tbody>
              {audit.map((a) => (
                <tr key={a.id} className="border-t align-top">
                  <td className="whitespace-nowrap py-1 pr-4">{dateTime(a.createdAt)}</td>
                  <td className="py-1 pr-4">{a.action}</td>
                  <td className="py-1 pr-4">{a.email ?? '—'}</td>
                  <td className="py-1">{a.ip ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

/** What the confirm dialog asks about. */
type Pending = { action: AdminUserAction; title: string; text: string; confirm: string };

function Actions({ detail: { user }, role }: { detail: AdminUserDetail; role: StaffRole }) {
  const { user: me } = useCurrentUser();
  const [newRole, setNewRole] = useState<Role>(user.role);
  const [pending, setPending] = useState<Pending | null>(null);
  const act = useAdminUserAction(user.id, {
    onSuccess: (res, action) => {
      setPending(null);
      const what =
        action.kind === 'role' ? `Role changed to ${ROLE_LABEL[res.user.role]}` : action.kind === 'suspend' ? 'Account suspended' : 'Account restored';
      toast({ title: what, description: res.user.email });
    },
    onError: (err) => toast({ title: 'The change was refused', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
  });
  const reset = useSendPasswordReset(user.id, {
    onSuccess: () => toast({ title: 'Password reset e-mail sent', description: `${user.email} gets a link valid for one hour.` }),
    onError: (err) => toast({ title: 'The e-mail was not sent', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
  });

  const self = me?.id === user.id;
  const administrator = role === 'admin' || role === 'super_admin';
  // The roles this viewer may grant: staff roles only by an administrator, super_admin only by a super administrator.
  const grantable = ROLES.filter((r) => (!isStaff(r) || administrator) && (r !== 'super_admin' || role === 'super_admin'));
  const staffTarget = isStaff(user.role);
  const mayTouch = !self && (!staffTarget || administrator) && (user.role !== 'super_admin' || role === 'super_admin');
  const showRole = can(role, 'roles:manage') && mayTouch;
  const showSuspend = can(role, 'users:suspend') && mayTouch;
  if (!showRole && !showSuspend) {
    return self ? (
      <p className="mb-6 text-sm text-muted-foreground">This is your own account: its role and status are changed by another administrator.</p>
    ) : null;
  }

  return (
    <section aria-label="Actions" className="mb-6 flex flex-wrap items-end gap-4 rounded-xl border bg-card p-5">
      {showRole && (
        <div className="flex items-end gap-2">
          <div>
            <Label htmlFor="user-role">Role</Label>
            <select
              id="user-role"
              value={newRole}
              onChange={(e) => setNewRole(e.target.value as Role)}
              className="mt-1 block h-10 rounded-lg border border-input bg-background px-2 text-sm"
            >
              {grantable.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABEL[r]}
                </option>
              ))}
            </select>
          </div>
          <Button
            variant="outline"
            disabled={newRole === user.role}
            onClick={() =>
              setPending({
                action: { kind: 'role', role: newRole },
                title: 'Change role?',
                text: `${user.email} goes from ${ROLE_LABEL[user.role]} to ${ROLE_LABEL[newRole]}. ${
                  isStaff(newRole) ? 'A staff role opens the administrator area. ' : ''
                }The change applies at their next request and is written to the audit log.`,
                confirm: 'Change role',
              })
            }
          >
            <UserCog /> Change role
          </Button>
        </div>
      )}
      {showSuspend &&
        (user.status === 'active' ? (
          <Button
            variant="destructive"
            onClick={() =>
              setPending({
                action: { kind: 'suspend' },
                title: 'Suspend this account?',
                text: `${user.email} is signed out everywhere at once and cannot log in until the account is restored. Logging in tells them the account is suspended.`,
                confirm: 'Suspend',
              })
            }
          >
            <Ban /> Suspend
          </Button>
        ) : (
          <Button
            variant="outline"
            onClick={() =>
              setPending({
                action: { kind: 'restore' },
                title: 'Restore this account?',
                text: `${user.email} can log in again.`,
                confirm: 'Restore',
              })
            }
          >
            <RotateCcw /> Restore
          </Button>
        ))}

      {showSuspend && (
        <Button variant="outline" disabled={reset.isPending} onClick={() => reset.mutate()}>
          <KeyRound /> {reset.isPending ? 'Sending…' : 'Send password reset'}
        </Button>
      )}

      <Dialog open={pending !== null} onOpenChange={(open) => !open && !act.isPending && setPending(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{pending?.title}</DialogTitle>
            <DialogDescription>{pending?.text}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" disabled={act.isPending} onClick={() => setPending(null)}>
              Cancel
            </Button>
            <Button
              variant={pending?.action.kind === 'suspend' ? 'destructive' : 'default'}
              disabled={act.isPending}
              onClick={() => pending && act.mutate(pending.action)}
            >
              <BusyLabel busy={act.isPending} label="Saving…">
                {pending?.confirm}
              </BusyLabel>
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
