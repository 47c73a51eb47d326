import { and, eq } from 'drizzle-orm';
import { checkoutSessions } from '../../db/schema';
import type { PublicUser } from '../../shared/api/auth';
import type { CheckoutBody, CheckoutResponse, PlansResponse } from '../../shared/api/billing';
import { TOOLS } from '../../shared/catalogue';
import { ADDON_PACKS, findPack, formatPrice, packOnSale, packUnavailableReason, type PlanDefinition, type PlanId } from '../../shared/plans';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { fulfilCheckout, getPlan, isPlanId, listPlans, loadSubscription } from './billing';
import { atProvider, paymentProvider, type ProviderLog } from './payments';
import type { CheckoutRow } from './payments/types';

/**
 * Buying: what is on offer, starting a checkout with the configured provider, and the offline test
 * provider's own checkout (view, pay, cancel). Paying always ends in fulfilCheckout (services/billing.ts),
 * the same function the Stripe webhook uses.
 */

const CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;
/** Credits are sold only for kinds a live tool can spend (packOnSale in src/shared/plans.ts). */
const LIVE_TOOLS: ReadonlySet<string> = new Set(TOOLS.filter((t) => t.live).map((t) => t.id));

/** The plans and packs, and which provider would take the payment ('none': nothing can be bought here). */
export async function offer(ctx: ServerContext): Promise<PlansResponse> {
  const provider = paymentProvider(ctx);
  return { plans: await listPlans(ctx.db), packs: ADDON_PACKS, provider: provider?.name ?? 'none' };
}

/**
 * Start paying for a plan (an upgrade, or buying back a plan being cancelled) or a pack. A smaller plan
 * is never bought: it is a change of plan at the end of the period (subscriptions.ts#changePlan).
 */
export async function startCheckout(ctx: ServerContext, user: PublicUser, input: CheckoutBody, log: ProviderLog): Promise<CheckoutResponse> {
  const provider = paymentProvider(ctx);
  if (!provider) throw new AppError('not_configured', 'Payments are not configured on this server. Ask the administrator to set up Stripe.');
  const sub = await loadSubscription(ctx, user.id, user.role);
  let plan: PlanDefinition | null = null;
  let amount: number;
  let item: string;
  if (input.kind === 'plan') {
    plan = await getPlan(ctx.db, input.plan);
    const current = await getPlan(ctx.db, sub.plan as PlanId);
    if (plan.id === current.id && !sub.cancelAtPeriodEnd) throw new AppError('conflict', `You are already on the ${plan.name} plan.`);
    if (plan.rank < current.rank)
      throw new AppError(
        'conflict',
        `${plan.name} is a smaller plan than ${current.name}: change plan instead, and it takes effect at the end of your billing period.`,
      );
    amount = plan.price;
    item = plan.id;
  } else {
    const pack = findPack(input.pack)!;
    if (!packOnSale(pack, LIVE_TOOLS)) throw new AppError('conflict', `${pack.name} is not on sale yet. ${packUnavailableReason(pack)}`);
    amount = pack.price;
    item = pack.id;
  }
  const [checkout] = await ctx.db
    .insert(checkoutSessions)
    .values({
      userId: user.id,
      kind: input.kind,
      item,
      amount,
      currency: 'usd',
      provider: provider.name,
      expiresAt: new Date(ctx.now().getTime() + CHECKOUT_TTL_MS),
    })
    .returning();
  const successUrl = `${ctx.origin}/account?checkout=success&${input.kind}=${encodeURIComponent(item)}`;
  const cancelUrl = `${ctx.origin}/pricing?checkout=cancelled`;
  const session = await atProvider(
    'start the checkout',
    () =>
      provider.createCheckout({
        checkout,
        user,
        customerId: sub.providerCustomerId,
        plan,
        pack: input.kind === 'pack' ? findPack(item)! : null,
        successUrl,
        cancelUrl,
      }),
    log,
  );
  if (session.providerSessionId)
    await ctx.db.update(checkoutSessions).set({ providerSessionId: session.providerSessionId }).where(eq(checkoutSessions.id, checkout.id));
  return { url: session.url };
}

/** A checkout of this user, or 404 (also for another user's id: ids are not confirmable). */
export async function openCheckoutOf(ctx: ServerContext, id: string, userId: string): Promise<CheckoutRow> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('not_found', 'This checkout does not exist.');
  const [row] = await ctx.db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.userId, userId)))
    .limit(1);
  if (!row) throw new AppError('not_found', 'This checkout does not exist.');
  return row;
}

/** What the test checkout page shows: the order, or why it cannot be paid (with the HTTP status to answer). */
export type TestCheckoutView =
  { payable: true; checkout: CheckoutRow; item: string; detail: string; price: string } | { payable: false; status: 404 | 409 | 410; message: string };

export async function testCheckoutView(ctx: ServerContext, id: string, userId: string): Promise<TestCheckoutView> {
  let checkout: CheckoutRow;
  try {
    checkout = await openCheckoutOf(ctx, id, userId);
  } catch {
    return { payable: false, status: 404, message: 'This checkout does not exist.' };
  }
  if (checkout.provider !== 'test') return { payable: false, status: 404, message: 'This checkout does not exist.' };
  if (checkout.status === 'completed') return { payable: false, status: 409, message: 'This checkout has already been paid.' };
  if (checkout.status !== 'open' || checkout.expiresAt <= ctx.now())
    return { payable: false, status: 410, message: 'This checkout has expired or was cancelled. Start again from the pricing page.' };
  let item: string;
  let detail: string;
  if (checkout.kind === 'plan' && isPlanId(checkout.item)) {
    const plan = await getPlan(ctx.db, checkout.item as PlanId);
    item = `${plan.name} plan`;
    detail = `${plan.monthlyCharacters.toLocaleString('en-US')} characters a month, ${plan.wordLimit.toLocaleString('en-US')} words per request, billed monthly`;
  } else {
    const pack = findPack(checkout.item);
    item = pack?.name ?? checkout.item;
    detail = pack ? `${pack.description}, one-off` : 'One-off';
  }
  return { payable: true, checkout, item, detail, price: formatPrice(checkout.amount, checkout.currency) };
}

/**
 * Pay a test checkout. A second click (or a replayed form) finds the payment already recorded and
 * changes nothing; a cancelled or expired one is a 409.
 */
export async function payTestCheckout(ctx: ServerContext, id: string, userId: string): Promise<CheckoutRow> {
  const checkout = await openCheckoutOf(ctx, id, userId);
  if (checkout.provider !== 'test') throw new AppError('not_found', 'This checkout does not exist.');
  if (checkout.status === 'cancelled' || (checkout.status === 'open' && checkout.expiresAt <= ctx.now()))
    throw new AppError('conflict', 'This checkout has expired or was cancelled. Start again from the pricing page.');
  await fulfilCheckout(ctx, {
    checkoutId: checkout.id,
    provider: 'test',
    providerRef: `test:${checkout.id}`,
    amount: checkout.amount,
    currency: checkout.currency,
  });
  return checkout;
}

/** Cancel this user's checkout if still open (a paid one stays paid). */
export async function cancelCheckout(ctx: ServerContext, id: string, userId: string): Promise<void> {
  const checkout = await openCheckoutOf(ctx, id, userId);
  await ctx.db
    .update(checkoutSessions)
    .set({ status: 'cancelled' })
    .where(and(eq(checkoutSessions.id, checkout.id), eq(checkoutSessions.status, 'open')));
}
