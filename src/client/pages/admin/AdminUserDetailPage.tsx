import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useOutletContext, useParams } from 'react-router';
import { ArrowLeft, Ban, CreditCard, KeyRound, RotateCcw, Trash2, UserCog } from 'lucide-react';
import type { AdminUserDetail } from '@/shared/api/admin-users';
import type { Permission } from '@/shared/permissions';
import { DEFAULT_PLANS, PLAN_IDS, type PlanId } from '@/shared/plans';
import { isStaff, roleLabel, ROLES, type Role, type StaffRole } from '@/shared/roles';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { BusyLabel, PageSpinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/hooks/use-toast';
import { useCurrentUser } from '@/client/lib/auth';
import { ApiError, messageOf } from '@/client/lib/api';
import {
  useAdminUser,
  useAdminUserAction,
  useChangeUserPlan,
  useDeleteUser,
  useSendPasswordReset,
  type AdminUserAction,
} from '@/client/features/admin/users-api';
import { usePlans } from '@/client/features/billing/api';
import type { AdminOutletContext } from './AdminLayout';
import { formatDate, StatusBadge, useRoleNames } from './AdminUsersPage';
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
  const { role, permissions } = useOutletContext<AdminOutletContext>();
  const { id = '' } = useParams();
  if (!visibleAdminItem('/admin/users', role, permissions)) return <NoAccess title="User Directory" />;
  return <UserDetail id={id} role={role} permissions={permissions} />;
}

function UserDetail({ id, role, permissions }: { id: string; role: StaffRole; permissions: Permission[] }) {
  const detail = useAdminUser(id);
  const { custom, names } = useRoleNames(permissions.includes('roles:manage'));
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
        <Badge variant={isStaff(d.user.role) ? 'default' : 'outline'}>{roleLabel(d.user.role, names)}</Badge>
        <StatusBadge status={d.user.status} />
      </div>
      <Actions detail={d} role={role} permissions={permissions} customRoles={custom.map((r) => r.id as Role)} names={names} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Profile detail={d} />
        <Plan detail={d} />
        <Usage detail={d} />
        <Sessions detail={d} />
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

function Sessions({ detail: d }: { detail: AdminUserDetail }) {
  return (
    <Section title="Sessions">
      <p className="text-sm">
        <span className="text-2xl font-semibold tabular-nums" data-testid="active-sessions">
          {number(d.activeSessions)}
        </span>{' '}
        active {d.activeSessions === 1 ? 'session' : 'sessions'}
      </p>
      {d.sessions.length > 0 && (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-sm" data-testid="user-sessions">
            <thead className="text-left text-xs text-muted-foreground">
              <tr>
                <th className="py-1 pr-4 font-medium">Signed in</th>
                <th className="py-1 pr-4 font-medium">Address</th>
                <th className="py-1 font-medium">Browser</th>
              </tr>
            </thead>
            <tbody>
              {d.sessions.map((s, i) => (
                <tr key={`${s.createdAt}-${i}`} className="border-t align-top">
                  <td className="whitespace-nowrap py-1 pr-4">{dateTime(s.createdAt)}</td>
                  <td className="py-1 pr-4">{s.ip ?? '—'}</td>
                  <td className="max-w-[16rem] truncate py-1" title={s.userAgent ?? undefined}>
                    {s.userAgent ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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

function Actions({
  detail: { user, subscription },
  role,
  permissions,
  customRoles,
  names,
}: {
  detail: AdminUserDetail;
  role: StaffRole;
  permissions: Permission[];
  customRoles: Role[];
  names: ReadonlyMap<string, string>;
}) {
  const { user: me } = useCurrentUser();
  const [newRole, setNewRole] = useState<Role>(user.role);
  const [pending, setPending] = useState<Pending | null>(null);
  const [deleting, setDeleting] = useState(false);
  const label = (r: Role) => roleLabel(r, names);
  const act = useAdminUserAction(user.id, {
    onSuccess: (res, action) => {
      setPending(null);
      const what = action.kind === 'role' ? `Role changed to ${label(res.user.role)}` : action.kind === 'suspend' ? 'Account suspended' : 'Account restored';
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
  // The roles this viewer may grant: staff roles (custom ones too) only by an administrator, super_admin only by a super administrator.
  const grantable = [...ROLES, ...customRoles].filter((r) => (!isStaff(r) || administrator) && (r !== 'super_admin' || role === 'super_admin'));
  if (!grantable.includes(user.role)) grantable.unshift(user.role);
  const staffTarget = isStaff(user.role);
  const mayTouch = !self && (!staffTarget || administrator) && (user.role !== 'super_admin' || role === 'super_admin');
  const showRole = permissions.includes('roles:manage') && mayTouch;
  const showSuspend = permissions.includes('users:suspend') && mayTouch;
  // Staff have no plan; a plan free of charge is for plan accounts only.
  const showPlan = permissions.includes('plans:edit') && !self && !staffTarget && subscription !== null;
  if (!showRole && !showSuspend && !showPlan) {
    return self ? (
      <p className="mb-6 text-sm text-muted-foreground">This is your own account: its role and status are changed by another administrator.</p>
    ) : null;
  }

  return (
    <section aria-label="Actions" className="mb-6 flex flex-wrap items-end gap-4 rounded-xl border bg-card p-5">
      {showRole && (
        <div className="flex flex-wrap items-end gap-2">
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
                  {label(r)}
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
                text: `${user.email} goes from ${label(user.role)} to ${label(newRole)}. ${
                  isStaff(newRole) ? 'A staff role opens the administrator area and has no plan. ' : ''
                }The change applies at their next request and is written to the audit log.`,
                confirm: 'Change role',
              })
            }
          >
            <UserCog /> Change role
          </Button>
        </div>
      )}
      {showPlan && <PlanChange userId={user.id} email={user.email} current={subscription.plan} />}
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

      {showSuspend && (
        <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => setDeleting(true)}>
          <Trash2 /> Delete account
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
      {deleting && <DeleteUserDialog userId={user.id} email={user.email} onClose={() => setDeleting(false)} />}
    </section>
  );
}

/** Give a plan account a plan now, free of charge (no payment; written to the audit log as a payment event). */
function PlanChange({ userId, email, current }: { userId: string; email: string; current: PlanId }) {
  const plans = usePlans();
  const [plan, setPlan] = useState<PlanId>(current);
  const [confirming, setConfirming] = useState(false);
  const nameOf = (id: PlanId) => plans.data?.plans.find((p) => p.id === id)?.name ?? DEFAULT_PLANS[id].name;
  const change = useChangeUserPlan(userId, {
    onSuccess: (s) => {
      setConfirming(false);
      toast({ title: `Plan changed to ${s.planName}`, description: `${email}, free of charge.` });
    },
    onError: (err) => toast({ title: 'The plan was not changed', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
  });
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div>
        <Label htmlFor="user-plan">Plan</Label>
        <select
          id="user-plan"
          value={plan}
          onChange={(e) => setPlan(e.target.value as PlanId)}
          className="mt-1 block h-10 rounded-lg border border-input bg-background px-2 text-sm"
        >
          {PLAN_IDS.map((p) => (
            <option key={p} value={p}>
              {nameOf(p)}
            </option>
          ))}
        </select>
      </div>
      <Button variant="outline" disabled={plan === current} onClick={() => setConfirming(true)}>
        <CreditCard /> Change plan
      </Button>
      <Dialog open={confirming} onOpenChange={(open) => !open && !change.isPending && setConfirming(false)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Change the plan free of charge?</DialogTitle>
            <DialogDescription>
              {email} goes from {nameOf(current)} to {nameOf(plan)} now, with a new monthly period and that plan’s current limits. Nothing is charged; the plan
              renews free of charge until it is changed again. The change is written to the audit log.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" disabled={change.isPending} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button disabled={change.isPending} onClick={() => change.mutate(plan)}>
              <BusyLabel busy={change.isPending} label="Saving…">
                Change plan
              </BusyLabel>
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** Delete for good, confirmed by typing the account's e-mail address. */
function DeleteUserDialog({ userId, email, onClose }: { userId: string; email: string; onClose: () => void }) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const del = useDeleteUser(userId, {
    onSuccess: () => {
      toast({ title: 'Account deleted', description: email });
      navigate('/admin/users', { replace: true });
    },
    onError: (err) => toast({ title: 'The account was not deleted', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
  });
  const matches = typed.trim().toLowerCase() === email.toLowerCase();
  return (
    <Dialog open onOpenChange={(open) => !open && !del.isPending && onClose()}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (matches && !del.isPending) del.mutate(typed.trim());
          }}
        >
          <DialogHeader>
            <DialogTitle>Delete this account?</DialogTitle>
            <DialogDescription>
              The account, its sessions, usage and settings are deleted for good, and a live subscription is cancelled. Payments stay, without the person, as
              accounting records. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <div>
            <Label htmlFor="delete-confirm">
              Type <span className="font-mono">{email}</span> to confirm
            </Label>
            <Input id="delete-confirm" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" className="mt-1" />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={del.isPending} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!matches || del.isPending}>
              <BusyLabel busy={del.isPending} label="Deleting…">
                Delete account
              </BusyLabel>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
