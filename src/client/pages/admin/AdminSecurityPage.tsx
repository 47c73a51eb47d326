import { Link, useOutletContext } from 'react-router';
import { LogOut, ShieldCheck, ShieldOff } from 'lucide-react';
import type { StaffRole } from '@/shared/roles';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/hooks/use-toast';
import { messageOf } from '@/client/lib/api';
import {
  useRevokeSession,
  useSecurityOverview,
  useSetStaffTwoFactor,
  type AdminSecurityResponse,
  type FailedLoginRow,
  type StaffSession,
} from '@/client/features/admin/settings-api';
import { visibleAdminItem } from './nav';
import { AdminHeading, NoAccess } from './parts';
import { Panel, QueryState, SwitchRow } from './settings-parts';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** /admin/security: staff sessions with revoke, failed sign-ins, and the staff two-factor requirement; 'security:manage'. */
export default function AdminSecurityPage() {
  const { role } = useOutletContext<{ role: StaffRole }>();
  const item = visibleAdminItem('/admin/security', role);
  if (!item) return <NoAccess title="Security" />;
  return <Screen title={item.title} description={item.description} />;
}

function Screen({ title, description }: { title: string; description: string }) {
  const q = useSecurityOverview();
  return (
    <>
      <AdminHeading title={title} description={description}>
        <Button variant="outline" onClick={() => void q.refetch()} disabled={q.isFetching}>
          Refresh
        </Button>
      </AdminHeading>
      <QueryState q={q} what="security overview">
        {(data) => (
          <div className="grid gap-6">
            <TwoFactorPanel data={data} />
            <SessionsPanel sessions={data.sessions} />
            <FailedLoginsPanel failed={data.failedLogins} />
          </div>
        )}
      </QueryState>
    </>
  );
}

function TwoFactorPanel({ data }: { data: AdminSecurityResponse }) {
  const set = useSetStaffTwoFactor();
  const withoutTwoFactor = new Set(data.sessions.filter((s) => !s.twoFactor).map((s) => s.userId)).size;
  return (
    <Panel title="Two-factor authentication">
      <SwitchRow
        title="Require two-factor for staff"
        description="Staff without two-factor (an authenticator app, TOTP) are told to turn it on at sign-in, and every staff page refuses them until they do."
        checked={data.requireStaffTwoFactor}
        disabled={set.isPending || (!data.youHaveTwoFactor && !data.requireStaffTwoFactor)}
        onChange={(v) =>
          set.mutate(v, {
            onSuccess: () => toast({ title: v ? 'Two-factor required for staff' : 'Two-factor no longer required' }),
            onError: (err) => toast({ title: 'Not changed', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
          })
        }
        testId="require-2fa"
      />
      {!data.youHaveTwoFactor && (
        <p className="text-sm text-muted-foreground">
          Turn on two-factor for your own account first (
          <Link to="/account" className="font-medium text-primary hover:underline">
            Account Settings → Password
          </Link>
          ), so that requiring it cannot lock you out.
        </p>
      )}
      {withoutTwoFactor > 0 && (
        <p className="mt-2 text-sm text-muted-foreground">
          {withoutTwoFactor} staff member(s) signed in right now have no two-factor
          {data.requireStaffTwoFactor ? ' and cannot use the admin area until they enrol' : ''}.
        </p>
      )}
    </Panel>
  );
}

function SessionsPanel({ sessions }: { sessions: StaffSession[] }) {
  const revoke = useRevokeSession();
  return (
    <Panel title="Active staff sessions" description={`${sessions.length} session(s). Revoking one signs that browser out at once.`}>
      {sessions.length === 0 ? (
        <p className="text-sm text-muted-foreground">No staff session is active.</p>
      ) : (
        <div className="-mx-5 overflow-x-auto">
          <table className="w-full min-w-[48rem] text-sm">
            <thead className="text-left text-muted-foreground">
              <tr className="border-b border-border">
                <th className="px-5 py-2 font-medium">Staff member</th>
                <th className="px-3 py-2 font-medium">Role</th>
                <th className="px-3 py-2 font-medium">Two-factor</th>
                <th className="px-3 py-2 font-medium">Address</th>
                <th className="px-3 py-2 font-medium">Browser</th>
                <th className="px-3 py-2 font-medium">Signed in</th>
                <th className="px-5 py-2 text-right font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr key={s.id} className="border-b border-border last:border-0">
                  <td className="px-5 py-2">
                    <Link to={`/admin/users/${s.userId}`} className="font-medium hover:underline">
                      {s.username}
                    </Link>
                    <div className="text-xs text-muted-foreground">{s.email}</div>
                  </td>
                  <td className="px-3 py-2">{s.role}</td>
                  <td className="px-3 py-2">
                    {s.twoFactor ? (
                      <Badge variant="secondary" className="gap-1">
                        <ShieldCheck className="size-3" aria-hidden /> On
                      </Badge>
                    ) : (
                      <Badge variant="warning" className="gap-1">
                        <ShieldOff className="size-3" aria-hidden /> Off
                      </Badge>
                    )}
                  </td>
                  <td className="px-3 py-2 font-mono text-xs">{s.ip ?? '—'}</td>
                  <td className="max-w-[16rem] truncate px-3 py-2 text-xs text-muted-foreground" title={s.userAgent ?? undefined}>
                    {s.userAgent ?? '—'}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">{when(s.createdAt)}</td>
                  <td className="px-5 py-2 text-right">
                    {s.current ? (
                      <Badge variant="outline">This session</Badge>
                    ) : (
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={revoke.isPending}
                        onClick={() =>
                          revoke.mutate(s.id, {
                            onSuccess: () => toast({ title: 'Session revoked', description: `${s.username} was signed out of that browser.` }),
                            onError: (err) => toast({ title: 'Not revoked', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
                          })
                        }
                      >
                        <LogOut className="size-4" aria-hidden /> Revoke
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

function FailedTable({ rows, label }: { rows: FailedLoginRow[]; label: string }) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">No failed sign-ins in the last 7 days.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[24rem] text-sm">
        <thead className="text-left text-muted-foreground">
          <tr className="border-b border-border">
            <th className="py-2 pr-3 font-medium">{label}</th>
            <th className="px-3 py-2 text-right font-medium">24 h</th>
            <th className="px-3 py-2 text-right font-medium">7 days</th>
            <th className="py-2 pl-3 font-medium">Last</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b border-border last:border-0">
              <td className="max-w-[14rem] truncate py-2 pr-3" title={r.key}>
                {r.key || '—'}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{r.last24h}</td>
              <td className="px-3 py-2 text-right tabular-nums">{r.last7d}</td>
              <td className="whitespace-nowrap py-2 pl-3">{when(r.lastAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FailedLoginsPanel({ failed }: { failed: AdminSecurityResponse['failedLogins'] }) {
  return (
    <Panel
      title="Failed sign-ins"
      description={`${failed.total24h} in the last 24 hours, ${failed.total7d} in the last 7 days (wrong passwords and wrong two-factor codes, from the audit log).`}
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <div>
          <h3 className="mb-2 text-sm font-semibold">By account</h3>
          <FailedTable rows={failed.byAccount} label="E-mail tried" />
        </div>
        <div>
          <h3 className="mb-2 text-sm font-semibold">By address</h3>
          <FailedTable rows={failed.byAddress} label="Network address" />
        </div>
      </div>
      <p className="mt-4 text-sm">
        <Link to="/admin/audit?category=auth" className="font-medium text-primary hover:underline">
          See every sign-in event in the Audit Logs
        </Link>
      </p>
    </Panel>
  );
}
