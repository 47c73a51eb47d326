import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Check, FlaskConical, Image as ImageIcon, Info, Music, Package, Type } from 'lucide-react';
import type { AddonPack, PlanDefinition, PlanId } from '@/shared/plans';
import { FIXED_TOOLS_HIGHLIGHT, formatPrice, packOnSale, packUnavailableReason, planToolsLine } from '@/shared/plans';
import { TOOLS } from '@/shared/catalogue';
import type { SubscriptionInfo } from '@/shared/api/billing';
import { formatDate, formatNumber } from '@/shared/format';
import { isStaff } from '@/shared/roles';
import { useCurrentUser } from '@/client/lib/auth';
import { messageOf } from '@/client/lib/api';
import { cn } from '@/client/lib/utils';
import { toast } from '@/client/hooks/use-toast';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Notice, PageShell } from '@/client/components/PageShell';
import { LoadError } from '@/client/components/LoadError';
import { changePlan, refreshAccount, startCheckout, usePlans, useSubscription } from '@/client/features/billing/api';
import { useCapabilities } from '@/client/features/writing/api';
import { Skeleton } from '@/client/features/usage/parts';

function planLimits(plan: Pick<PlanDefinition, 'monthlyCharacters' | 'wordLimit' | 'dailyDetections'>): string[] {
  return [
    `${formatNumber(plan.monthlyCharacters)} characters a month`,
    `${formatNumber(plan.wordLimit)} words per request`,
    plan.dailyDetections === null ? 'Unlimited detections' : `${formatNumber(plan.dailyDetections)} detections a day`,
  ];
}

/** Highlights that restate a limit (edited plans often repeat them) are left out: the limits are listed first. */
const RESTATES_LIMIT = /\b(unlimited|[\d,]+) detections\b|\bcharacters a month\b/i;

function priceLabel(plan: PlanDefinition): string {
  return plan.price === 0 ? '$0' : formatPrice(plan.price, plan.currency);
}

const PACK_ICON = { text: Type, images: ImageIcon, audio: Music, bundle: Package } as const;

/** What the button of a plan card does for this visitor. */
type PlanAction =
  | { kind: 'signup' }
  | { kind: 'current' }
  | { kind: 'keep' }
  | { kind: 'upgrade' }
  | { kind: 'downgrade' }
  | { kind: 'scheduled' }
  | { kind: 'unavailable' }
  | { kind: 'none' };

/** `purchasable` is false when the server has no checkout (provider 'none'): nothing can be bought there. */
function planAction(
  plan: PlanDefinition,
  current: PlanDefinition | undefined,
  sub: SubscriptionInfo | undefined,
  loggedIn: boolean,
  staff: boolean,
  purchasable: boolean,
): PlanAction {
  if (!loggedIn) return purchasable || plan.price === 0 ? { kind: 'signup' } : { kind: 'unavailable' };
  if (staff || !current) return { kind: 'none' };
  // a pending cancellation or downgrade can be undone from the current plan's card
  if (plan.id === current.id) return sub?.cancelAtPeriodEnd || sub?.scheduledPlan ? { kind: 'keep' } : { kind: 'current' };
  if (sub?.scheduledPlan === plan.id) return { kind: 'scheduled' };
  if (plan.rank > current.rank) return purchasable ? { kind: 'upgrade' } : { kind: 'unavailable' };
  return { kind: 'downgrade' };
}

export default function PricingPage() {
  const { user, isLoading: userLoading } = useCurrentUser();
  const staff = isStaff(user?.role);
  const plans = usePlans();
  // whether a language model answers here: a tool that needs one is not sold on a server without it
  const llmConfigured = useCapabilities().data?.llm.configured === true;
  const sub = useSubscription(Boolean(user) && !staff);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [pending, setPending] = useState<string | null>(null);
  const [downgradeTo, setDowngradeTo] = useState<PlanDefinition | null>(null);
  const [changing, setChanging] = useState(false);

  const list = plans.data?.plans ? [...plans.data.plans].sort((a, b) => a.rank - b.rank) : [];
  const currentId: PlanId | undefined = user && !staff ? (sub.data?.plan ?? (user.role as PlanId)) : undefined;
  const current = list.find((p) => p.id === currentId);
  // Production without Stripe and without BILLING_TEST_MODE: checkout would only fail, so none is offered.
  const purchasable = plans.data?.provider !== 'none';

  async function checkout(body: { kind: 'plan'; plan: Exclude<PlanId, 'free'> } | { kind: 'pack'; pack: string }) {
    if (!user) {
      navigate('/register');
      return;
    }
    const key = body.kind === 'plan' ? body.plan : body.pack;
    setPending(key);
    try {
      await startCheckout(body);
      // the browser is leaving for the checkout page; keep the button busy until it does
    } catch (err) {
      setPending(null);
      toast({ title: 'Checkout could not start', description: messageOf(err, 'Please try again in a moment.'), variant: 'destructive' });
    }
  }

  async function keepPlan(plan: PlanDefinition) {
    setPending(plan.id);
    try {
      await changePlan(plan.id);
      await refreshAccount(queryClient);
      toast({ title: 'Plan kept', description: `You stay on the ${plan.name} plan.` });
    } catch (err) {
      toast({ title: 'Plan not changed', description: messageOf(err, 'Please try again in a moment.'), variant: 'destructive' });
    } finally {
      setPending(null);
    }
  }

  async function confirmDowngrade() {
    if (!downgradeTo) return;
    setChanging(true);
    try {
      await changePlan(downgradeTo.id);
      await refreshAccount(queryClient);
      toast({
        title: 'Plan change scheduled',
        description: sub.data?.currentPeriodEnd
          ? `You move to the ${downgradeTo.name} plan on ${formatDate(sub.data.currentPeriodEnd)}.`
          : `You move to the ${downgradeTo.name} plan at the end of this period.`,
      });
      setDowngradeTo(null);
    } catch (err) {
      toast({ title: 'Plan not changed', description: messageOf(err, 'Please try again in a moment.'), variant: 'destructive' });
    } finally {
      setChanging(false);
    }
  }

  return (
    <PageShell title="Pricing" description="Start free. Upgrade for a larger monthly allowance, longer texts and unlimited detection; cancel any time.">
      <div className="grid gap-3">
        {params.get('checkout') === 'cancelled' && (
          <Notice icon={<Info className="size-5" />} title="Checkout cancelled">
            You were not charged and your plan has not changed.
          </Notice>
        )}
        {staff && (
          <Notice icon={<Info className="size-5" />} title="Staff accounts are not limited by plan">
            Plans and packs apply to user accounts; yours already has every tool without limits.
          </Notice>
        )}
        {sub.data?.cancelAtPeriodEnd && (
          <Notice icon={<Info className="size-5" />} title={`Your ${sub.data.planName} plan ends on ${formatDate(sub.data.currentPeriodEnd)}`}>
            You can resume it from{' '}
            <Link to="/account" className="font-medium text-primary hover:underline">
              your account
            </Link>{' '}
            until then.
          </Notice>
        )}
      </div>

      <section aria-labelledby="plans-heading" className="mt-6">
        <h2 id="plans-heading" className="sr-only">
          Plans
        </h2>
        {plans.isLoading || userLoading ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" role="status" aria-label="Loading plans">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-96" />
            ))}
          </div>
        ) : plans.isError || !plans.data ? (
          <LoadError
            what="The plans"
            error={plans.error}
            onRetry={() => void plans.refetch()}
            className="rounded-xl border border-destructive/30 bg-destructive/5 p-4"
          />
        ) : (
          <>
            {/* with the plans, not above them: a note arriving with the answer would push the loaded page down */}
            <div className="mb-4 grid gap-3 empty:hidden">
              {plans.data?.provider === 'test' && (
                <div
                  role="note"
                  data-testid="test-mode-note"
                  className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
                >
                  <FlaskConical className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
                  <p>
                    <strong>Test mode: no real payments.</strong> This server has no payment provider configured; checkout completes on a test page and no card
                    is charged.
                  </p>
                </div>
              )}
              {plans.data?.provider === 'none' && (
                <div role="note" data-testid="no-checkout-note" className="flex items-start gap-3 rounded-xl border border-border bg-muted/60 p-4 text-sm">
                  <Info className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
                  <p>
                    <strong>Purchases are not available on this server.</strong> Its administrator has not set up a payment provider, so plans and packs cannot
                    be bought here. The plans and their limits below still apply to accounts.
                  </p>
                </div>
              )}
            </div>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="plans">
              {list.map((plan) => {
                const action = planAction(plan, current, sub.data, Boolean(user), staff, purchasable);
                const isCurrent = action.kind === 'current' || action.kind === 'keep';
                const featured = plan.id === 'pro';
                // the tools this plan unlocks, from the catalogue's live tools (a stored fixed list of tools is left out)
                const toolsLine = planToolsLine(plan, TOOLS, llmConfigured);
                return (
                  <li
                    key={plan.id}
                    data-testid={`plan-${plan.id}`}
                    aria-current={isCurrent ? 'true' : undefined}
                    className={cn(
                      'relative flex flex-col rounded-2xl border bg-card p-5 shadow-sm',
                      isCurrent ? 'border-primary ring-2 ring-primary' : featured ? 'border-primary/40' : 'border-border',
                    )}
                  >
                    <div className="flex items-center justify-between gap-2">
                      <h3 className="text-lg font-semibold">{plan.name}</h3>
                      {isCurrent ? <Badge>Current plan</Badge> : featured && <Badge variant="secondary">Most popular</Badge>}
                    </div>
                    <p className="mt-3">
                      <span className="text-3xl font-bold tabular-nums">{priceLabel(plan)}</span>
                      <span className="text-sm text-muted-foreground"> /month</span>
                    </p>
                    <p className="mt-2 min-h-10 text-sm text-muted-foreground">{plan.description}</p>
                    <ul className="mt-4 grid gap-2 text-sm">
                      {[
                        ...planLimits(plan),
                        ...(toolsLine ? [toolsLine] : []),
                        ...plan.highlights.filter((h) => !RESTATES_LIMIT.test(h) && !FIXED_TOOLS_HIGHLIGHT.test(h)),
                      ].map((line, i) => (
                        <li key={line} className={cn('flex gap-2', i < 3 && 'font-medium')}>
                          <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
                          {line}
                        </li>
                      ))}
                    </ul>
                    <div className="mt-auto pt-5">
                      <PlanButton
                        plan={plan}
                        action={action}
                        busy={pending === plan.id}
                        disabled={pending !== null}
                        periodEnd={sub.data?.currentPeriodEnd}
                        onUpgrade={() => plan.id !== 'free' && void checkout({ kind: 'plan', plan: plan.id })}
                        onDowngrade={() => setDowngradeTo(plan)}
                        onKeep={() => void keepPlan(plan)}
                      />
                    </div>
                  </li>
                );
              })}
            </ul>
          </>
        )}
        {!user && !userLoading && purchasable && (
          <p className="mt-4 text-sm text-muted-foreground">
            Already have an account?{' '}
            <Link to="/login" className="font-medium text-primary hover:underline">
              Log in
            </Link>{' '}
            to upgrade it.
          </p>
        )}
      </section>

      <section aria-labelledby="packs-heading" id="packs" className="mt-12 scroll-mt-20">
        <h2 id="packs-heading" className="text-2xl font-bold tracking-tight">
          Add-on packs
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">One-off credits on top of any plan, used only after the monthly allowance is spent.</p>
        {plans.isLoading ? (
          <div className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-hidden>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-32" />
            ))}
          </div>
        ) : (
          plans.data && (
            <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="packs">
              {plans.data.packs.map((pack) => (
                <PackCard
                  key={pack.id}
                  pack={pack}
                  hideBuy={staff || !purchasable}
                  busy={pending === pack.id}
                  disabled={pending !== null}
                  onBuy={() => void checkout({ kind: 'pack', pack: pack.id })}
                />
              ))}
            </ul>
          )
        )}
      </section>

      <Dialog open={downgradeTo !== null} onOpenChange={(open) => !open && !changing && setDowngradeTo(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Switch to the {downgradeTo?.name} plan?</DialogTitle>
            <DialogDescription>
              {current?.name && sub.data?.currentPeriodEnd
                ? `You keep the ${current.name} plan until ${formatDate(sub.data.currentPeriodEnd)}. From then on your limits are:`
                : 'From the end of this period your limits are:'}
            </DialogDescription>
          </DialogHeader>
          {downgradeTo && (
            <ul className="grid gap-1.5 text-sm">
              {planLimits(downgradeTo).map((l) => (
                <li key={l} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden /> {l}
                </li>
              ))}
            </ul>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => setDowngradeTo(null)} disabled={changing}>
              Keep my plan
            </Button>
            <Button onClick={() => void confirmDowngrade()} disabled={changing}>
              {changing && <Spinner />} Switch to {downgradeTo?.name}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </PageShell>
  );
}

function PlanButton({
  plan,
  action,
  busy,
  disabled,
  periodEnd,
  onUpgrade,
  onDowngrade,
  onKeep,
}: {
  plan: PlanDefinition;
  action: PlanAction;
  busy: boolean;
  disabled: boolean;
  periodEnd?: string;
  onUpgrade: () => void;
  onDowngrade: () => void;
  onKeep: () => void;
}) {
  switch (action.kind) {
    case 'signup':
      return (
        <Button asChild className="w-full" variant={plan.id === 'free' ? 'outline' : 'default'}>
          <Link to="/register">{plan.id === 'free' ? 'Sign up free' : `Get ${plan.name}`}</Link>
        </Button>
      );
    case 'current':
      return (
        <Button className="w-full" variant="outline" disabled>
          Current plan
        </Button>
      );
    case 'keep':
      return (
        <Button className="w-full" variant="outline" onClick={onKeep} disabled={disabled} aria-busy={busy}>
          {busy && <Spinner />} Keep {plan.name}
        </Button>
      );
    case 'scheduled':
      return (
        <p className="rounded-lg bg-muted px-3 py-2 text-center text-sm text-muted-foreground">
          Starts {periodEnd ? `on ${formatDate(periodEnd)}` : 'at renewal'}
        </p>
      );
    case 'upgrade':
      return (
        <Button className="w-full" onClick={onUpgrade} disabled={disabled} aria-busy={busy}>
          {busy ? (
            <>
              <Spinner /> Redirecting…
            </>
          ) : (
            `Upgrade to ${plan.name}`
          )}
        </Button>
      );
    case 'unavailable':
      return <p className="rounded-lg bg-muted px-3 py-2 text-center text-sm text-muted-foreground">Not available on this server</p>;
    case 'downgrade':
      return (
        <Button className="w-full" variant="outline" onClick={onDowngrade} disabled={disabled}>
          Downgrade to {plan.name}
        </Button>
      );
    default:
      return null;
  }
}

/** Live tool ids, so packs whose credits no tool can spend yet are shown but not sold (the server refuses them too). */
const LIVE_TOOL_IDS = new Set(TOOLS.filter((t) => t.live).map((t) => t.id));

function PackCard({ pack, hideBuy, busy, disabled, onBuy }: { pack: AddonPack; hideBuy: boolean; busy: boolean; disabled: boolean; onBuy: () => void }) {
  const Icon = PACK_ICON[pack.type];
  const onSale = packOnSale(pack, LIVE_TOOL_IDS);
  return (
    <li className="flex items-center gap-4 rounded-xl border bg-card p-4" data-testid={`pack-${pack.id}`}>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold">{pack.name}</h3>
        <p className="text-sm text-muted-foreground">{pack.description}</p>
        <p className="mt-1 font-semibold tabular-nums">{formatPrice(pack.price, pack.currency)}</p>
        {!onSale && <p className="mt-1 text-xs text-muted-foreground">{packUnavailableReason(pack)}</p>}
      </div>
      {!hideBuy && onSale && (
        <Button size="sm" variant="outline" onClick={onBuy} disabled={disabled} aria-label={`Buy ${pack.name}`}>
          {busy ? <Spinner /> : 'Buy'}
        </Button>
      )}
    </li>
  );
}
