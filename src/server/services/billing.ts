import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkoutSessions, payments, plans, subscriptions, users } from '../../db/schema';
import { DEFAULT_PLANS, findPack, isPlanId, PLAN_IDS, type PackAmounts, type PlanDefinition, type PlanId, type PlanTerms } from '../../shared/plans';
import { isStaff, PLAN_ROLES } from '../../shared/roles';
import type { ServerContext } from '../context';
import { billingTestMode } from '../env';
import { AppError } from '../errors';
import { audit } from './users';
import { notifyUser } from './push';

/**
 * Plans, subscriptions and fulfilment. A subscription row copies the plan's terms at purchase;
 * periods roll forward lazily when an account is next seen (no cron, no server state).
 */
export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

export function rows<T>(res: unknown): T[] {
  return (res as { rows: T[] }).rows;
}

export { isPlanId };

/** Insert any plan missing from the table; never overwrites what staff edited. */
export async function ensurePlans(db: Db): Promise<void> {
  await db
    .insert(plans)
    .values(
      Object.values(DEFAULT_PLANS).map((p) => ({
        id: p.id,
        name: p.name,
        price: p.price,
        currency: p.currency,
        monthlyCharacters: p.monthlyCharacters,
        wordLimit: p.wordLimit,
        dailyDetections: p.dailyDetections,
        description: p.description,
        highlights: p.highlights,
        rank: p.rank,
      })),
    )
    .onConflictDoNothing();
}

export function toPlanDefinition(r: PlanRow): PlanDefinition {
  return {
    id: r.id as PlanId,
    name: r.name,
    price: r.price,
    currency: 'usd',
    monthlyCharacters: Number(r.monthlyCharacters),
    wordLimit: r.wordLimit,
    dailyDetections: r.dailyDetections,
    description: r.description,
    highlights: r.highlights,
    rank: r.rank,
  };
}

export async function listPlans(db: Db): Promise<PlanDefinition[]> {
  let found = await db.select().from(plans).orderBy(plans.rank);
  if (found.length < PLAN_IDS.length) {
    await ensurePlans(db);
    found = await db.select().from(plans).orderBy(plans.rank);
  }
  return found.filter((r) => isPlanId(r.id)).map(toPlanDefinition);
}

export async function getPlan(db: Db, id: PlanId): Promise<PlanDefinition> {
  let [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
  if (!row) {
    await ensurePlans(db);
    [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
  }
  return toPlanDefinition(row);
}

export function termsOf(s: Pick<SubscriptionRow, 'monthlyCharacters' | 'wordLimit' | 'dailyDetections'>): PlanTerms {
  return { monthlyCharacters: Number(s.monthlyCharacters), wordLimit: s.wordLimit, dailyDetections: s.dailyDetections };
}

/** Same day next month, clamped to the month's last day (Jan 31 → Feb 28/29). */
export function addMonth(d: Date, months = 1): Date {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d.getUTCDate(), last), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
}

/**
 * The period's counter key: its start, to the millisecond. (To the second, a plan bought in the same
 * second as the previous period began, such as right after sign-up, shared that period's counter.)
 */
export function periodKey(start: Date): string {
  return start.toISOString();
}

function planTermsColumns(p: PlanDefinition) {
  return { monthlyCharacters: p.monthlyCharacters, wordLimit: p.wordLimit, dailyDetections: p.dailyDetections, price: p.price, currency: p.currency };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Plan roles are the role column (catalogue access depends on it); staff roles are never touched.
 * Always written in the same transaction as the subscription, and read with it in one statement
 * (readWithRole), so a reader never sees the two disagree halfway through a purchase.
 */
export async function setPlanRole(db: Db | Tx, userId: string, plan: PlanId): Promise<void> {
  await db
    .update(users)
    .set({ role: plan, updatedAt: new Date() })
    .where(and(eq(users.id, userId), inArray(users.role, [...PLAN_ROLES])));
}

async function readWithRole(db: Db, userId: string): Promise<{ row: SubscriptionRow; role: string } | undefined> {
  const [found] = await db
    .select({ row: subscriptions, role: users.role })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  return found;
}

/**
 * The account's subscription, created on first use and rolled forward when its period has ended.
 * When staff set a plan role by hand (admin pages, CLI, seed), the role wins and that plan's terms
 * are copied, as a complimentary plan. `role` is used only when no subscription exists yet.
 */
export async function loadSubscription(ctx: ServerContext, userId: string, role: string): Promise<SubscriptionRow> {
  const now = ctx.now();
  let found = await readWithRole(ctx.db, userId);
  if (!found) {
    const plan = await getPlan(ctx.db, isPlanId(role) ? role : 'free');
    await ctx.db
      .insert(subscriptions)
      .values({ userId, plan: plan.id, status: 'active', ...planTermsColumns(plan), currentPeriodStart: now, currentPeriodEnd: addMonth(now) })
      .onConflictDoNothing();
    found = await readWithRole(ctx.db, userId);
    if (!found) throw new AppError('unauthorized', 'Please log in to continue.');
  }
  let row = found.row;
  const rolePlan: PlanId = isPlanId(found.role) ? found.role : 'free';
  if (!isStaff(found.role) && row.plan !== rolePlan) {
    const plan = await getPlan(ctx.db, rolePlan);
    const [updated] = await ctx.db
      .update(subscriptions)
      .set({
        plan: plan.id,
        status: 'active',
        ...planTermsColumns(plan),
        provider: null,
        providerSubscriptionId: null,
        cancelAtPeriodEnd: false,
        scheduledPlan: null,
        updatedAt: now,
      })
      // Only if nothing moved since the read (a purchase or another request).
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.plan, row.plan),
          sql`exists (select 1 from users where id = ${userId} and role = ${found.role})`,
        ),
      )
      .returning();
    row = updated ?? (await readWithRole(ctx.db, userId))!.row;
  }
  if (now >= row.currentPeriodEnd) row = await rollPeriod(ctx, row, now);
  return row;
}

/**
 * End-of-period transitions: a cancellation (or a subscription the provider reports canceled) falls back to free, a scheduled downgrade applies,
 * otherwise the period renews. Stripe renewals arrive by webhook (invoice.paid), so a Stripe
 * subscription without a pending change is left for the webhook to extend; test-mode renewals are
 * paid here, through the same renewSubscription. Free and complimentary plans renew without payment.
 */
async function rollPeriod(ctx: ServerContext, row: SubscriptionRow, now: Date): Promise<SubscriptionRow> {
  // A subscription the provider reports canceled (e.g. Stripe's update to status canceled, whose deleted event may be
  // lost or late) has nothing to pay for the next period: it ends like a cancellation.
  let next: PlanId = row.cancelAtPeriodEnd || row.status === 'canceled' ? 'free' : isPlanId(row.scheduledPlan) ? row.scheduledPlan : (row.plan as PlanId);
  // A paid plan bought in test mode renews like a Stripe subscription, each period with a recorded
  // (test) payment; once test mode is off nothing can pay for it, so it ends and the account is free.
  if (row.provider === 'test' && next !== 'free') {
    if (billingTestMode(ctx.env)) return renewTestPeriods(ctx, row, now);
    next = 'free';
  }
  const changing = next !== row.plan;
  if (row.provider === 'stripe' && !changing) return row;
  let start = row.currentPeriodEnd;
  let end = addMonth(start);
  while (end <= now) {
    start = end;
    end = addMonth(start);
  }
  // Free accounts pick up the current free terms at each renewal; paid ones keep what they bought.
  const terms = changing || next === 'free' ? planTermsColumns(await getPlan(ctx.db, next)) : {};
  const updated = await ctx.db.transaction(async (tx) => {
    const [u] = await tx
      .update(subscriptions)
      .set({
        plan: next,
        ...terms,
        status: 'active',
        currentPeriodStart: start,
        currentPeriodEnd: end,
        cancelAtPeriodEnd: false,
        scheduledPlan: null,
        ...(next === 'free' ? { provider: null, providerSubscriptionId: null } : {}),
        updatedAt: now,
      })
      // Only the first of concurrent requests rolls the period.
      .where(and(eq(subscriptions.userId, row.userId), eq(subscriptions.currentPeriodEnd, row.currentPeriodEnd)))
      .returning();
    if (u && changing) await setPlanRole(tx, row.userId, next);
    return u;
  });
  if (updated) return updated;
  const [current] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, row.userId)).limit(1);
  return current;
}

// ---------- Credits ----------

const PACK_KINDS: [keyof PackAmounts, string][] = [
  ['text', 'text'],
  ['images', 'images'],
  ['audio', 'audio'],
];

/**
 * Add (or, with negative amounts, remove down to zero) credits once per source: the ledger rows are unique on (source, kind) and the balance is raised
 * from the rows actually inserted, in one statement.
 */
export async function grantCredits(db: Db, userId: string, amounts: PackAmounts, source: string, reason: string): Promise<boolean> {
  const entries = PACK_KINDS.filter(([k]) => (amounts[k] ?? 0) !== 0).map(([k, kind]) => ({ kind, delta: amounts[k]! }));
  if (!entries.length) return false;
  const values = sql.join(
    entries.map((e) => sql`(${userId}::uuid, ${e.kind}, ${e.delta}::bigint, ${reason}, ${source})`),
    sql`, `,
  );
  const res = await db.execute(sql`
    with l as (
      insert into credit_ledger (user_id, kind, delta, reason, source) values ${values}
      on conflict (source, kind) do nothing
      returning user_id, kind, delta
    )
    insert into credit_balances (user_id, kind, balance)
    select user_id, kind, delta from l
    on conflict (user_id, kind) do update set balance = greatest(credit_balances.balance + excluded.balance, 0)
    returning kind`);
  return rows(res).length > 0;
}

export async function creditBalancesOf(db: Db, userId: string): Promise<{ characters: number; images: number; audioMinutes: number }> {
  const res = await db.execute(sql`select kind, balance from credit_balances where user_id = ${userId}`);
  const out = { characters: 0, images: 0, audioMinutes: 0 };
  for (const r of rows<{ kind: string; balance: string | number }>(res)) {
    if (r.kind === 'text') out.characters = Number(r.balance);
    if (r.kind === 'images') out.images = Number(r.balance);
    if (r.kind === 'audio') out.audioMinutes = Number(r.balance);
  }
  return out;
}

// ---------- Fulfilment (shared by the Stripe webhook and the test provider) ----------

/** A payment received from a provider (a checkout, or a renewal). */
export interface RenewalPayment {
  provider: 'stripe' | 'test';
  /** Unique per payment (the test checkout id or renewal period, Stripe's invoice or payment intent), so a replay records nothing. */
  providerRef: string;
  amount: number;
  currency: string;
  paymentIntent?: string | null;
  receiptUrl?: string | null;
}

/** The payments row of a received payment: one shape for checkouts and renewals. */
function paymentValues(
  who: { userId: string; email: string | null },
  what: { kind: 'subscription' | 'pack'; item: string; description: string },
  p: RenewalPayment,
  checkoutSessionId: string | null = null,
) {
  return {
    userId: who.userId,
    email: who.email,
    ...what,
    amount: p.amount,
    currency: p.currency,
    status: 'paid',
    provider: p.provider,
    providerRef: p.providerRef,
    providerPaymentIntent: p.paymentIntent ?? null,
    receiptUrl: p.receiptUrl ?? null,
    checkoutSessionId,
  };
}

export interface Fulfilment extends RenewalPayment {
  checkoutId: string;
  customerId?: string | null;
  subscriptionId?: string | null;
  periodStart?: Date;
  periodEnd?: Date;
}

export function paymentDescription(kind: string, item: string, planName?: string): string {
  if (kind === 'plan' || kind === 'subscription') return `${planName ?? item} plan (monthly)`;
  return findPack(item)?.name ?? item;
}

/**
 * Apply a paid checkout: record the payment (its provider ref is unique, so a replay stops here),
 * then set the plan with its terms copied and the role, or add the pack's credits. Idempotent.
 */
export async function fulfilCheckout(ctx: ServerContext, f: Fulfilment): Promise<{ applied: boolean; kind: string; item: string }> {
  const [checkout] = await ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, f.checkoutId)).limit(1);
  if (!checkout) throw new AppError('not_found', 'Unknown checkout session.');
  const [user] = await ctx.db.select({ id: users.id, email: users.email, role: users.role }).from(users).where(eq(users.id, checkout.userId)).limit(1);
  const plan = checkout.kind === 'plan' && isPlanId(checkout.item) ? await getPlan(ctx.db, checkout.item) : null;
  const inserted = await ctx.db
    .insert(payments)
    .values(
      paymentValues(
        { userId: checkout.userId, email: user?.email ?? null },
        {
          kind: checkout.kind === 'plan' ? 'subscription' : 'pack',
          item: checkout.item,
          description: paymentDescription(checkout.kind, checkout.item, plan?.name),
        },
        f,
        checkout.id,
      ),
    )
    .onConflictDoNothing()
    .returning({ id: payments.id });
  await ctx.db
    .update(checkoutSessions)
    .set({ status: 'completed', completedAt: ctx.now() })
    .where(and(eq(checkoutSessions.id, checkout.id), sql`${checkoutSessions.status} <> 'completed'`));
  if (!inserted.length) return { applied: false, kind: checkout.kind, item: checkout.item };
  const paymentId = inserted[0].id;

  if (plan) {
    const now = ctx.now();
    const start = f.periodStart ?? now;
    const end = f.periodEnd ?? addMonth(start);
    const values = {
      plan: plan.id,
      status: 'active',
      ...planTermsColumns(plan),
      // What was actually paid is the price this account keeps.
      price: f.amount,
      currentPeriodStart: start,
      currentPeriodEnd: end,
      cancelAtPeriodEnd: false,
      scheduledPlan: null,
      provider: f.provider,
      providerCustomerId: f.customerId ?? null,
      providerSubscriptionId: f.subscriptionId ?? null,
      updatedAt: now,
    };
    await ctx.db.transaction(async (tx) => {
      await tx
        .insert(subscriptions)
        .values({ userId: checkout.userId, ...values })
        .onConflictDoUpdate({ target: subscriptions.userId, set: values });
      await setPlanRole(tx, checkout.userId, plan.id);
    });
  } else {
    const pack = findPack(checkout.item);
    if (pack) await grantCredits(ctx.db, checkout.userId, pack.amounts, `payment:${paymentId}`, 'pack');
    if (f.customerId) {
      await ctx.db
        .update(subscriptions)
        .set({ providerCustomerId: f.customerId })
        .where(and(eq(subscriptions.userId, checkout.userId), sql`${subscriptions.providerCustomerId} is null`));
    }
  }
  await audit(ctx.db, {
    userId: checkout.userId,
    email: user?.email,
    action: `payment received: ${paymentDescription(checkout.kind, checkout.item, plan?.name)} (${f.provider})`,
    category: 'payment',
  });
  if (plan)
    await notifyUser(ctx, checkout.userId, {
      title: `Your ${plan.name} plan is active`,
      body: 'Thank you! Your new allowances apply now.',
      route: '/account',
      tag: 'plan',
    });
  return { applied: true, kind: checkout.kind, item: checkout.item };
}

/** Back to the free plan now (Stripe subscription deleted, or an account closing). */
export async function downgradeToFree(ctx: ServerContext, userId: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction((tx) => moveToFree(tx, userId, now));
}

/**
 * The free plan from `now`, with a fresh period: the paid subscription is gone (no provider, nothing pending), and the
 * role moves with it. Only `db` is used, so inside a transaction pass the transaction (PGlite has one connection).
 */
async function moveToFree(db: Db, userId: string, now: Date): Promise<void> {
  const free = await getPlan(db, 'free');
  await db
    .update(subscriptions)
    .set({
      plan: 'free',
      status: 'active',
      ...planTermsColumns(free),
      currentPeriodStart: now,
      currentPeriodEnd: addMonth(now),
      cancelAtPeriodEnd: false,
      scheduledPlan: null,
      provider: null,
      providerSubscriptionId: null,
      updatedAt: now,
    })
    .where(eq(subscriptions.userId, userId));
  await setPlanRole(db, userId, 'free');
}

/**
 * SQL, true when the `payments` row of the query is the one the account's current paid plan came from: a subscription
 * payment (a purchase or a renewal) of the plan the account is on, through the provider its subscription is with, and
 * no subscription payment of the account is newer (a renewal or an upgrade after it would be the current one). A
 * complimentary plan (no provider), or a plan bought again since, is not paid by it.
 */
export function paysCurrentPlan(): SQL<boolean> {
  return sql<boolean>`(${payments.kind} = 'subscription'
    and exists (select 1 from subscriptions cur_sub where cur_sub.user_id = ${payments.userId} and cur_sub.plan = ${payments.item}
      and cur_sub.provider = ${payments.provider} and cur_sub.plan <> 'free')
    and not exists (select 1 from payments newer where newer.user_id = ${payments.userId} and newer.kind = 'subscription'
      and newer.status <> 'failed' and newer.created_at > ${payments.createdAt}))`;
}

/**
 * A subscription payment refunded in full takes back what it paid for: when it paid for the account's current period
 * (paysCurrentPlan), the plan ends now and the account is on Free. Called in the refund's own transaction
 * (payments/refunds.ts#recordRefund), so the payment becomes refunded and the plan ends together, once. Answers the
 * subscription as it was, for the caller to cancel at the provider, or null when the plan stays.
 */
export async function endPlanPaidBy(db: Db, paymentId: string, now: Date): Promise<SubscriptionRow | null> {
  const [found] = await db
    .select({ sub: subscriptions })
    .from(payments)
    .innerJoin(subscriptions, eq(subscriptions.userId, payments.userId))
    .where(and(eq(payments.id, paymentId), paysCurrentPlan()))
    .for('update', { of: subscriptions })
    .limit(1);
  if (!found) return null;
  await moveToFree(db, found.sub.userId, now);
  return found.sub;
}

/**
 * A paid renewal (Stripe's invoice.paid, or a test-mode renewal): the payment is recorded and the next
 * period starts, with a scheduled downgrade applied, in one transaction. The payment's provider ref is
 * unique, so a replayed event or a concurrent renewal records and renews nothing (returns false).
 */
export async function renewSubscription(
  ctx: ServerContext,
  sub: SubscriptionRow,
  payment: RenewalPayment,
  periodStart: Date,
  periodEnd: Date,
): Promise<boolean> {
  const next = isPlanId(sub.scheduledPlan) ? sub.scheduledPlan : (sub.plan as PlanId);
  const plan = await getPlan(ctx.db, next);
  const terms = next !== sub.plan ? planTermsColumns(plan) : {};
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, sub.userId)).limit(1);
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(payments)
      .values(
        paymentValues(
          { userId: sub.userId, email: user?.email ?? null },
          { kind: 'subscription', item: next, description: paymentDescription('plan', next, plan.name) },
          payment,
        ),
      )
      .onConflictDoNothing()
      .returning({ id: payments.id });
    if (!inserted.length) return false;
    await tx
      .update(subscriptions)
      .set({ plan: next, ...terms, status: 'active', currentPeriodStart: periodStart, currentPeriodEnd: periodEnd, scheduledPlan: null, updatedAt: ctx.now() })
      .where(eq(subscriptions.userId, sub.userId));
    if (next !== sub.plan) await setPlanRole(tx, sub.userId, next);
    return true;
  });
}

/**
 * Test mode stands in for the provider's monthly invoice: each elapsed period is renewed with a test
 * payment of the price this account keeps (or of the smaller plan it scheduled), as invoice.paid would.
 */
async function renewTestPeriods(ctx: ServerContext, row: SubscriptionRow, now: Date): Promise<SubscriptionRow> {
  let sub = row;
  while (sub.provider === 'test' && now >= sub.currentPeriodEnd) {
    const next = isPlanId(sub.scheduledPlan) ? sub.scheduledPlan : (sub.plan as PlanId);
    const amount = next === sub.plan ? sub.price : (await getPlan(ctx.db, next)).price;
    const start = sub.currentPeriodEnd;
    await renewSubscription(
      ctx,
      sub,
      { provider: 'test', providerRef: `test-renewal:${sub.userId}:${periodKey(start)}`, amount, currency: sub.currency },
      start,
      addMonth(start),
    );
    // Re-read: a concurrent request may have renewed this period (its payment ref is the same).
    const [current] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, sub.userId)).limit(1);
    if (!current || current.currentPeriodEnd.getTime() === sub.currentPeriodEnd.getTime()) return current ?? sub;
    sub = current;
  }
  return sub;
}
