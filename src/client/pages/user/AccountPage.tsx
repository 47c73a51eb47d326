import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Download, ExternalLink, LogOut, Receipt, Trash2 } from 'lucide-react';
import { z } from 'zod';
import type { PublicUser } from '@/shared/api/auth';
import { PasswordChangeBody, ProfileUpdateBody, type PaymentRow, type SubscriptionInfo } from '@/shared/api/billing';
import { DEFAULT_PLANS, findPack, formatPrice, subscriptionNotice, type PlanId } from '@/shared/plans';
import { formatDate, formatNumber } from '@/shared/format';
import { isStaff, planBadge } from '@/shared/roles';
import { ApiError, apiJson, apiRequest, messageOf } from '@/client/lib/api';
import { ME_QUERY_KEY, useCurrentUser, useLogout } from '@/client/lib/auth';
import { useZodForm } from '@/client/lib/form';
import { cn } from '@/client/lib/utils';
import { toast } from '@/client/hooks/use-toast';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Spinner } from '@/client/components/ui/spinner';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { FormField } from '@/client/components/FormField';
import { PageShell } from '@/client/components/PageShell';
import { forgetSeenPlan, refreshAccount, SUBSCRIPTION_KEY, usePayments, useSubscription } from '@/client/features/billing/api';
import { Skeleton } from '@/client/features/usage/parts';

function Section({ title, description, children, className, id }: { title: string; description?: ReactNode; children: ReactNode; className?: string; id?: string }) {
  return (
    <Card className={className} id={id}>
      <CardHeader className="pb-4">
        <CardTitle className="text-lg">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Reads ?checkout=success&plan=… or &pack=… once, shows the SPEC §6 notice, and clears the query. */
function useCheckoutReturn(): { notice: string | null; expectedPlan: PlanId | null; dismiss: () => void } {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const [state, setState] = useState<{ notice: string | null; expectedPlan: PlanId | null }>({ notice: null, expectedPlan: null });
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current || params.get('checkout') !== 'success') return;
    handled.current = true;
    const planId = params.get('plan');
    const pack = findPack(params.get('pack') ?? '');
    let notice: string | null = null;
    let expectedPlan: PlanId | null = null;
    if (planId && planId in DEFAULT_PLANS) {
      expectedPlan = planId as PlanId;
      // announced here; the sidebar's plan-change notice takes the new plan as known
      if (user) forgetSeenPlan(user.id);
      // the notice is written below once the subscription shows the plan (Stripe confirms by webhook)
    } else if (pack) {
      notice = `${pack.name} added to your account: ${pack.description}.`;
      toast({ title: 'Pack added', description: notice });
    }
    setState({ notice, expectedPlan });
    setParams({}, { replace: true });
    void refreshAccount(queryClient);
  }, [params, setParams, queryClient, user]);

  // The checkout only sells upgrades (downgrades go through change-plan). The SPEC §6 notice names the
  // plan once the subscription has it, with the plan's current name; until then, say what is happening.
  const sub = useSubscription(state.expectedPlan !== null);
  let notice = state.notice;
  if (state.expectedPlan) {
    notice =
      sub.data?.plan === state.expectedPlan
        ? subscriptionNotice(sub.data.planName, true)
        : 'Payment received: your plan is being updated, which can take a few seconds.';
  }
  return { notice, expectedPlan: state.expectedPlan, dismiss: () => setState({ notice: null, expectedPlan: null }) };
}

export default function AccountPage() {
  const { user } = useCurrentUser();
  const logout = useLogout('user');
  const checkoutReturn = useCheckoutReturn();
  if (!user) return null;
  const staff = isStaff(user.role);
  return (
    <PageShell
      title="Account Settings"
      description={staff ? 'Your profile and password.' : 'Your profile, password, plan and payments.'}
      actions={
        <Button variant="outline" onClick={() => void logout()}>
          <LogOut /> Log out
        </Button>
      }
    >
      {checkoutReturn.notice && (
        <div role="status" className="mb-6 flex items-start gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-950">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden />
          <p className="flex-1 font-medium" data-testid="subscription-notice">
            {checkoutReturn.notice}
          </p>
          <button type="button" onClick={checkoutReturn.dismiss} className="rounded px-1 text-emerald-800 underline-offset-4 hover:underline">
            Dismiss
          </button>
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        {!staff && <PlanSection expectedPlan={checkoutReturn.expectedPlan} className="lg:col-span-2" />}
        <ProfileSection user={user} />
        <PasswordSection />
        {!staff && <PaymentsSection className="lg:col-span-2" />}
        <DataSection />
        {staff ? (
          <Section title="Delete account">
            <p className="text-sm text-muted-foreground">Staff accounts are removed by an administrator.</p>
          </Section>
        ) : (
          <DeleteSection />
        )}
      </div>
    </PageShell>
  );
}

function PlanSection({ expectedPlan, className }: { expectedPlan: PlanId | null; className?: string }) {
  const sub = useSubscription();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'cancel' | 'resume' | 'keep' | 'portal' | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const polls = useRef(0);

  // Stripe confirms a payment by webhook, which may arrive a moment after the browser returns.
  useEffect(() => {
    if (!expectedPlan || !sub.data || sub.data.plan === expectedPlan || polls.current >= 5) return;
    const t = setTimeout(() => {
      polls.current += 1;
      void refreshAccount(queryClient);
    }, 2000);
    return () => clearTimeout(t);
  }, [expectedPlan, sub.data, queryClient]);

  async function act(kind: 'cancel' | 'resume' | 'keep') {
    setBusy(kind);
    try {
      // keeping the current plan (undoing a scheduled downgrade) is a change to the same plan
      const next =
        kind === 'keep'
          ? await apiJson<SubscriptionInfo>('POST', '/api/billing/change-plan', { plan: sub.data?.plan })
          : await apiJson<SubscriptionInfo>('POST', `/api/billing/${kind}`);
      queryClient.setQueryData(SUBSCRIPTION_KEY, next);
      await refreshAccount(queryClient);
      toast({
        title: kind === 'cancel' ? 'Subscription cancelled' : kind === 'keep' ? 'Plan kept' : 'Subscription resumed',
        description:
          kind === 'cancel'
            ? `Your ${next.planName} plan stays active until ${formatDate(next.currentPeriodEnd)}; then your account moves to Free.`
            : `Your ${next.planName} plan renews on ${formatDate(next.currentPeriodEnd)}.`,
      });
      setConfirmCancel(false);
    } catch (err) {
      toast({ title: 'Something went wrong', description: messageOf(err, 'Please try again in a moment.'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  async function portal() {
    setBusy('portal');
    try {
      const { url } = await apiJson<{ url: string }>('POST', '/api/billing/portal');
      window.location.assign(url);
    } catch (err) {
      setBusy(null);
      toast({ title: 'Billing portal unavailable', description: messageOf(err, 'Please try again in a moment.'), variant: 'destructive' });
    }
  }

  if (sub.isLoading) {
    return (
      <Section title="Plan" className={className}>
        <div role="status" aria-label="Loading your plan" className="grid gap-3">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-4 w-72 max-w-full" />
          <Skeleton className="h-10 w-48" />
        </div>
      </Section>
    );
  }
  if (sub.isError || !sub.data) {
    return (
      <Section title="Plan" className={className}>
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <p className="flex-1">Your plan could not be loaded. {messageOf(sub.error, '')}</p>
          <Button size="sm" variant="outline" onClick={() => void sub.refetch()}>
            Try again
          </Button>
        </div>
      </Section>
    );
  }
  const s = sub.data;
  const paid = s.plan !== 'free';
  const scheduled = s.scheduledPlan ? DEFAULT_PLANS[s.scheduledPlan]?.name : null;
  return (
    <Section title="Plan" className={className}>
      <div className="grid gap-5 md:grid-cols-[1fr_auto] md:items-start">
        <div className="grid gap-2">
          <p className="flex flex-wrap items-center gap-2">
            <span className="text-2xl font-bold" data-testid="account-plan">
              {s.planName}
            </span>
            <Badge variant={s.status === 'past_due' ? 'warning' : 'default'}>{planBadge(s.plan)}</Badge>
            {s.status === 'past_due' && <Badge variant="warning">Payment overdue</Badge>}
          </p>
          <p className="text-sm text-muted-foreground" data-testid="renewal">
            {!paid
              ? `Your monthly allowance resets on ${formatDate(s.currentPeriodEnd)}.`
              : s.cancelAtPeriodEnd
                ? `Cancelled: the ${s.planName} plan stays active until ${formatDate(s.currentPeriodEnd)}, then your account moves to Free.`
                : scheduled
                  ? `Changes to ${scheduled} on ${formatDate(s.currentPeriodEnd)}.`
                  : `Renews on ${formatDate(s.currentPeriodEnd)}.`}
          </p>
          <ul className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-sm">
            <li>
              <strong className="tabular-nums">{formatNumber(s.terms.monthlyCharacters)}</strong> characters a month
            </li>
            <li>
              <strong className="tabular-nums">{formatNumber(s.terms.wordLimit)}</strong> words per request
            </li>
            <li>{s.terms.dailyDetections === null ? <strong>Unlimited detections</strong> : <><strong className="tabular-nums">{formatNumber(s.terms.dailyDetections)}</strong> detections a day</>}</li>
          </ul>
        </div>
        <div className="flex flex-wrap gap-2 md:justify-end">
          <Button asChild>
            <Link to="/pricing">{paid ? 'Change plan' : 'Upgrade'}</Link>
          </Button>
          {paid && !s.cancelAtPeriodEnd && (
            <Button variant="outline" onClick={() => setConfirmCancel(true)} disabled={busy !== null}>
              Cancel subscription
            </Button>
          )}
          {paid && s.cancelAtPeriodEnd && (
            <Button variant="outline" onClick={() => void act('resume')} disabled={busy !== null}>
              {busy === 'resume' && <Spinner />} Resume subscription
            </Button>
          )}
          {paid && scheduled && !s.cancelAtPeriodEnd && (
            <Button variant="outline" onClick={() => void act('keep')} disabled={busy !== null}>
              {busy === 'keep' && <Spinner />} Keep {s.planName}
            </Button>
          )}
          {s.portalAvailable && (
            <Button variant="ghost" onClick={() => void portal()} disabled={busy !== null}>
              {busy === 'portal' ? <Spinner /> : <ExternalLink />} Manage billing
            </Button>
          )}
        </div>
      </div>

      <Dialog open={confirmCancel} onOpenChange={(open) => !open && busy === null && setConfirmCancel(false)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Cancel your {s.planName} plan?</DialogTitle>
            <DialogDescription>
              You keep the {s.planName} plan and its allowance until {formatDate(s.currentPeriodEnd)}. After that your account moves to Free and is not
              charged again. You can resume before then.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirmCancel(false)} disabled={busy !== null}>
              Keep my plan
            </Button>
            <Button variant="destructive" onClick={() => void act('cancel')} disabled={busy !== null}>
              {busy === 'cancel' && <Spinner />} Cancel at period end
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Section>
  );
}

const ProfileForm = z.object({
  username: ProfileUpdateBody.shape.username.unwrap(),
  email: ProfileUpdateBody.shape.email.unwrap(),
});

function ProfileSection({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient();
  const form = useZodForm(ProfileForm, { username: user.username, email: user.email });
  const [saving, setSaving] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const values = form.validate();
    if (!values || saving) return;
    const changes: Record<string, string> = {};
    if (values.username !== user.username) changes.username = values.username;
    if (values.email !== user.email) changes.email = values.email;
    if (Object.keys(changes).length === 0) {
      toast({ title: 'Nothing to save', description: 'Your profile is unchanged.' });
      return;
    }
    setSaving(true);
    try {
      await apiJson('PATCH', '/api/user/profile', changes);
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      toast({ title: 'Profile updated', description: 'Your changes have been saved.' });
    } catch (err) {
      // a taken username or e-mail (409) is reported on its field
      if (err instanceof ApiError && err.fields) form.setErrors(err.fields);
      toast({ title: 'Profile not saved', description: messageOf(err, 'Please try again in a moment.'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Section title="Profile" description="The name and e-mail address of your account.">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          label="Username"
          autoComplete="username"
          {...form.field('username')}
        />
        <FormField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          {...form.field('email')}
        />
        <div>
          <Button type="submit" disabled={saving} aria-busy={saving}>
            {saving && <Spinner />} Save profile
          </Button>
        </div>
      </form>
    </Section>
  );
}

const PasswordForm = PasswordChangeBody.extend({ confirmPassword: z.string() }).refine((v) => v.newPassword === v.confirmPassword, {
  path: ['confirmPassword'],
  message: 'The passwords do not match',
});

function PasswordSection() {
  // a fresh form (empty fields) after each successful change
  const [generation, setGeneration] = useState(0);
  return <PasswordFormCard key={generation} onChanged={() => setGeneration((g) => g + 1)} />;
}

function PasswordFormCard({ onChanged }: { onChanged: () => void }) {
  const form = useZodForm(PasswordForm, { currentPassword: '', newPassword: '', confirmPassword: '' });
  const [saving, setSaving] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const values = form.validate();
    if (!values || saving) return;
    setSaving(true);
    try {
      await apiRequest('POST', '/api/user/password', { currentPassword: values.currentPassword, newPassword: values.newPassword });
      toast({ title: 'Password changed', description: 'Use your new password the next time you log in.' });
      onChanged();
      return;
    } catch (err) {
      if (err instanceof ApiError && err.fields) form.setErrors(err.fields);
      else if (err instanceof ApiError && (err.status === 401 || err.status === 403)) form.setErrors({ currentPassword: err.serverMessage ?? 'The current password is not correct' });
      toast({ title: 'Password not changed', description: messageOf(err, 'Please try again in a moment.'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Section
      title="Password"
      description={
        <>
          At least 6 characters. Forgot it?{' '}
          <Link to="/forgot-password" className="font-medium text-primary hover:underline">
            Reset it by e-mail
          </Link>
          .
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...form.field('currentPassword')}
        />
        <FormField
          label="New password"
          type="password"
          autoComplete="new-password"
          {...form.field('newPassword')}
        />
        <FormField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...form.field('confirmPassword')}
        />
        <div>
          <Button type="submit" disabled={saving} aria-busy={saving}>
            {saving && <Spinner />} Change password
          </Button>
        </div>
      </form>
    </Section>
  );
}

const STATUS: Record<string, { label: string; className: string }> = {
  paid: { label: 'Paid', className: 'bg-emerald-50 text-emerald-800' },
  refunded: { label: 'Refunded', className: 'bg-slate-100 text-slate-700' },
  partially_refunded: { label: 'Partly refunded', className: 'bg-slate-100 text-slate-700' },
  failed: { label: 'Failed', className: 'bg-red-50 text-red-800' },
};

function PaymentStatus({ row }: { row: PaymentRow }) {
  const s = STATUS[row.status] ?? { label: row.status, className: 'bg-muted text-muted-foreground' };
  return <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-medium', s.className)}>{s.label}</span>;
}

function ReceiptLink({ row }: { row: PaymentRow }) {
  if (!row.receiptUrl) return <span className="text-muted-foreground">—</span>;
  return (
    <a href={row.receiptUrl} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 font-medium text-primary hover:underline">
      <Receipt className="size-3.5" aria-hidden /> Receipt<span className="sr-only"> for {row.description} (opens in a new tab)</span>
    </a>
  );
}

function PaymentsSection({ className }: { className?: string }) {
  const payments = usePayments();
  return (
    <Section title="Payments and invoices" className={className}>
      {payments.isLoading ? (
        <div role="status" aria-label="Loading payments" className="grid gap-2">
          <Skeleton className="h-8" />
          <Skeleton className="h-8" />
        </div>
      ) : payments.isError || !payments.data ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <p className="flex-1">Your payments could not be loaded. {messageOf(payments.error, '')}</p>
          <Button size="sm" variant="outline" onClick={() => void payments.refetch()}>
            Try again
          </Button>
        </div>
      ) : payments.data.payments.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="payments-empty">
          No payments yet. Plans and packs you buy will be listed here with their receipts.
        </p>
      ) : (
        <>
          {/* a table where there is room; a list of cards on phones */}
          <table className="hidden w-full text-left text-sm md:table" data-testid="payments">
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">Date</th>
                <th scope="col" className="px-3 py-2 font-medium">Description</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">Amount</th>
                <th scope="col" className="px-3 py-2 font-medium">Status</th>
                <th scope="col" className="py-2 pl-3 font-medium">Receipt</th>
              </tr>
            </thead>
            <tbody>
              {payments.data.payments.map((p) => (
                <tr key={p.id} className="border-t">
                  <td className="py-2.5 pr-3 whitespace-nowrap">{formatDate(p.createdAt)}</td>
                  <td className="px-3 py-2.5">{p.description}</td>
                  <td className="px-3 py-2.5 text-right tabular-nums">
                    {formatPrice(p.amount, p.currency)}
                    {p.refundedAmount > 0 && <span className="block text-xs text-muted-foreground">−{formatPrice(p.refundedAmount, p.currency)} refunded</span>}
                  </td>
                  <td className="px-3 py-2.5">
                    <PaymentStatus row={p} />
                  </td>
                  <td className="py-2.5 pl-3">
                    <ReceiptLink row={p} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="grid gap-3 md:hidden">
            {payments.data.payments.map((p) => (
              <li key={p.id} className="rounded-xl border p-3 text-sm">
                <div className="flex items-start justify-between gap-3">
                  <p className="font-medium">{p.description}</p>
                  <p className="font-semibold tabular-nums">{formatPrice(p.amount, p.currency)}</p>
                </div>
                <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground">
                  <span>{formatDate(p.createdAt)}</span>
                  <PaymentStatus row={p} />
                  {p.receiptUrl && <ReceiptLink row={p} />}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}

function filenameFrom(disposition: string | null): string {
  const match = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return match ? decodeURIComponent(match[1]) : `veritext-data-${new Date().toISOString().slice(0, 10)}.json`;
}

function DataSection() {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const res = await apiRequest('GET', '/api/user/export');
      const blob = await res.blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = filenameFrom(res.headers.get('content-disposition'));
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (err) {
      toast({ title: 'Download failed', description: messageOf(err, 'Please try again in a moment.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Section title="Your data" description="A copy of what this service stores about your account, as a file.">
      <Button variant="outline" onClick={() => void download()} disabled={busy} aria-busy={busy}>
        {busy ? <Spinner /> : <Download />} Download my data
      </Button>
    </Section>
  );
}

function DeleteSection() {
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function onDelete(e: FormEvent) {
    e.preventDefault();
    if (!confirm) {
      setError('Enter your password, or DELETE if you sign in with Google only');
      return;
    }
    setBusy(true);
    try {
      await apiRequest('DELETE', '/api/user/account', { confirm });
      // the session is gone with the account: a full navigation resets every cached query
      window.location.assign('/');
    } catch (err) {
      setBusy(false);
      setError(messageOf(err, 'Your account could not be deleted. Please try again.'));
    }
  }

  return (
    <Section title="Delete account" description="Deletes your account and its history. Payment records that must be kept by law are anonymised.">
      <Button variant="destructive" onClick={() => setOpen(true)}>
        <Trash2 /> Delete account
      </Button>
      <Dialog
        open={open}
        onOpenChange={(o) => {
          if (busy) return;
          setOpen(o);
          if (!o) (setConfirm(''), setError(undefined));
        }}
      >
        <DialogContent>
          <form onSubmit={onDelete} noValidate className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Delete your account?</DialogTitle>
              <DialogDescription>
                This cannot be undone. Enter your password to confirm, or
                type <strong>DELETE</strong> if you sign in with Google only.
              </DialogDescription>
            </DialogHeader>
            <FormField
              label="Password or DELETE"
              name="confirm"
              type="password"
              autoComplete="current-password"
              value={confirm}
              error={error}
              onChange={(e) => (setConfirm(e.target.value), setError(undefined))}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={busy}>
                Keep my account
              </Button>
              <Button type="submit" variant="destructive" disabled={busy} aria-busy={busy}>
                {busy && <Spinner />} Delete my account
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </Section>
  );
}
