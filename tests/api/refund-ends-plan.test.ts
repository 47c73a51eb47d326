import { and, desc, eq, like } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, outbox, payments, subscriptions } from '../../src/db/schema';
import { addMonth } from '../../src/server/services/billing';
import { DEFAULT_PLANS } from '../../src/shared/plans';
import { createTestApp, get, json, me, ORIGIN, post, register, signedInAccount, uniqueUser, userIdOf, type TestApp } from '../helpers/app';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';

/**
 * A subscription payment refunded in full ends the plan it paid for, when it paid for the current period: the account
 * is on Free at once and the provider's subscription is cancelled, so it does not renew. Partial refunds and refunds of
 * an older period's payment keep the plan; a replayed refund does nothing more.
 */

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const FREE = DEFAULT_PLANS.free;

async function planEndedEntries(t: TestApp, userId: string) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), like(auditLog.action, 'plan ended by a full refund%')));
}

async function subscriptionRow(t: TestApp, userId: string) {
  const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

// ---------- Stripe ----------

const WEBHOOK_SECRET = 'whsec_refund_ends_plan';
const stripe = new Stripe('sk_test_local');

let counter = 0;
const unique = (prefix: string) => `${prefix}_${++counter}_${Math.random().toString(36).slice(2, 8)}`;

function event(type: string, object: Record<string, unknown>, id = unique('evt')) {
  return JSON.stringify({ id, object: 'event', type, api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), data: { object } });
}

describe(`a full refund ends the plan it paid for, through Stripe (${DB})`, () => {
  let t: TestApp;
  let api: FakeStripe;
  beforeAll(async () => {
    api = await startFakeStripe();
    t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: api.url });
  });
  afterAll(async () => {
    await t?.close();
    await api?.close();
  });
  beforeEach(() => {
    api.calls.length = 0;
  });

  async function webhook(payload: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return json(res).outcome as string;
  }

  /** Buy `plan` through Stripe Checkout, as checkout.session.completed and the first invoice.paid record it. */
  async function subscribe(cookie: string, plan = 'pro') {
    const ids = { subscription: unique('sub'), invoice: unique('in'), intent: unique('pi') };
    const res = await post(t.app, '/api/billing/checkout', { kind: 'plan', plan }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const form = api.calls.findLast((s) => s.path === '/v1/checkout/sessions')!.form;
    const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
    const completed = event('checkout.session.completed', {
      id: unique('cs'),
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      amount_total: amount,
      currency: 'usd',
      customer: 'cus_refund',
      subscription: ids.subscription,
      invoice: ids.invoice,
      metadata: { checkoutId: form.get('metadata[checkoutId]') },
    });
    expect(await webhook(completed)).toBe('processed');
    const first = event('invoice.paid', {
      id: ids.invoice,
      object: 'invoice',
      billing_reason: 'subscription_create',
      subscription: ids.subscription,
      amount_paid: amount,
      currency: 'usd',
      payments: { data: [{ payment: { type: 'payment_intent', payment_intent: ids.intent } }] },
    });
    expect(await webhook(first)).toBe('processed');
    return { ...ids, amount };
  }

  /** Stripe's charge.refunded for `intent`, with what has been refunded of it in all. */
  const refunded = (charge: string, intent: string, amount: number, total: number) =>
    event('charge.refunded', { id: charge, object: 'charge', payment_intent: intent, amount, amount_refunded: total });

  it('ends the plan at once: Free, the Stripe subscription cancelled, audited; a replayed webhook changes nothing more', async () => {
    const cookie = await register(t.app);
    const userId = await userIdOf(t, cookie);
    const bought = await subscribe(cookie);
    expect(json(await me(t.app, cookie)).user.role).toBe('pro');

    const refund = refunded('ch_full', bought.intent, bought.amount, bought.amount);
    expect(await webhook(refund)).toBe('processed');
    expect(json(await me(t.app, cookie)).user.role).toBe('free');
    const sub = json(await get(t.app, '/api/billing/subscription', cookie));
    expect(sub).toMatchObject({
      plan: 'free',
      status: 'active',
      provider: null,
      cancelAtPeriodEnd: false,
      scheduledPlan: null,
      terms: { monthlyCharacters: FREE.monthlyCharacters, wordLimit: FREE.wordLimit },
    });
    // Our record no longer names the Stripe subscription, and Stripe was told to stop it now.
    expect(await subscriptionRow(t, userId)).toMatchObject({ plan: 'free', provider: null, providerSubscriptionId: null });
    expect(api.cancels(bought.subscription)).toBe(1);
    const entries = await planEndedEntries(t, userId);
    expect(entries.map((e) => e.action)).toEqual([
      `plan ended by a full refund of Pro plan (monthly) (pro → free); Stripe subscription ${bought.subscription} cancelled`,
    ]);
    expect(entries[0].category).toBe('payment');
    expect(json(await get(t.app, '/api/billing/payments', cookie)).payments[0]).toMatchObject({ status: 'refunded', refundedAmount: bought.amount });

    // The same event delivered again, and the same refund under another event id: nothing more happens.
    expect(await webhook(refund)).toBe('duplicate');
    expect(await webhook(refunded('ch_full', bought.intent, bought.amount, bought.amount))).toBe('duplicate');
    // Stripe's own notice that the subscription ended finds nothing left to change.
    expect(await webhook(event('customer.subscription.deleted', { id: bought.subscription, object: 'subscription', status: 'canceled' }))).toBe('ignored');
    expect(api.cancels(bought.subscription)).toBe(1);
    expect(await planEndedEntries(t, userId)).toHaveLength(1);

    // Bought again: a replay of the old refund does not touch the new plan.
    const again = await subscribe(cookie);
    expect(await webhook(refunded('ch_full', bought.intent, bought.amount, bought.amount))).toBe('duplicate');
    expect(json(await me(t.app, cookie)).user.role).toBe('pro');
    expect(await subscriptionRow(t, userId)).toMatchObject({ plan: 'pro', provider: 'stripe', providerSubscriptionId: again.subscription });
    expect(api.cancels(again.subscription)).toBe(0);
    expect(await planEndedEntries(t, userId)).toHaveLength(1);
  });

  it('a partial refund keeps the plan; the refund that completes it ends the plan', async () => {
    const cookie = await register(t.app);
    const userId = await userIdOf(t, cookie);
    const bought = await subscribe(cookie, 'basic');
    expect(await webhook(refunded('ch_part', bought.intent, bought.amount, 200))).toBe('processed');
    expect(json(await me(t.app, cookie)).user.role).toBe('basic');
    expect(json(await get(t.app, '/api/billing/subscription', cookie))).toMatchObject({ plan: 'basic', provider: 'stripe' });
    expect(await subscriptionRow(t, userId)).toMatchObject({ providerSubscriptionId: bought.subscription });
    expect(api.cancels(bought.subscription)).toBe(0);
    expect(await planEndedEntries(t, userId)).toHaveLength(0);

    expect(await webhook(refunded('ch_part', bought.intent, bought.amount, bought.amount))).toBe('processed');
    expect(json(await me(t.app, cookie)).user.role).toBe('free');
    expect(json(await get(t.app, '/api/billing/subscription', cookie))).toMatchObject({ plan: 'free', provider: null });
    expect(api.cancels(bought.subscription)).toBe(1);
    expect(await planEndedEntries(t, userId)).toHaveLength(1);
  });

  it("a full refund of an older period's payment keeps the plan the renewal paid for", async () => {
    const cookie = await register(t.app);
    const userId = await userIdOf(t, cookie);
    const bought = await subscribe(cookie);
    const start = Math.floor(Date.now() / 1000) + 30 * 86400;
    const renewal = event('invoice.paid', {
      id: unique('in'),
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      subscription: bought.subscription,
      amount_paid: bought.amount,
      currency: 'usd',
      lines: { data: [{ period: { start, end: start + 30 * 86400 } }] },
      payments: { data: [{ payment: { type: 'payment_intent', payment_intent: 'pi_renewal_' + bought.intent } }] },
    });
    expect(await webhook(renewal)).toBe('processed');

    expect(await webhook(refunded('ch_old', bought.intent, bought.amount, bought.amount))).toBe('processed');
    expect(json(await me(t.app, cookie)).user.role).toBe('pro');
    expect(await subscriptionRow(t, userId)).toMatchObject({ plan: 'pro', provider: 'stripe', providerSubscriptionId: bought.subscription });
    expect(api.cancels(bought.subscription)).toBe(0);
    expect(await planEndedEntries(t, userId)).toHaveLength(0);

    // The renewal is the current period's payment: refunding it in full ends the plan.
    expect(await webhook(refunded('ch_new', 'pi_renewal_' + bought.intent, bought.amount, bought.amount))).toBe('processed');
    expect(json(await me(t.app, cookie)).user.role).toBe('free');
    expect(api.cancels(bought.subscription)).toBe(1);
  });

  it('a staff approval and the charge.refunded webhook that follows end the plan once; the e-mail and the queue say so', async () => {
    const admin = await signedInAccount(t, 'admin');
    const buyer = uniqueUser('stripeplan');
    const cookie = await register(t.app, buyer);
    const userId = await userIdOf(t, cookie);
    const bought = await subscribe(cookie);
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.userId, userId));
    const asked = await post(t.app, `/api/billing/payments/${payment.id}/refund-request`, { reason: 'Wrong plan, sorry' }, { cookie });
    expect(asked.statusCode, asked.body).toBe(201);
    const queue = json(await get(t.app, `/api/admin/refund-requests?q=${buyer.email}`, admin.cookie));
    expect(queue.items[0].payment).toMatchObject({ kind: 'subscription', paysCurrentPlan: true });

    const res = await post(t.app, `/api/admin/refund-requests/${json(asked).request.id}/approve`, {}, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(await me(t.app, cookie)).user.role).toBe('free');
    expect(api.cancels(bought.subscription)).toBe(1);
    const [mail] = await t.ctx.db.select().from(outbox).where(eq(outbox.to, buyer.email)).orderBy(desc(outbox.createdAt)).limit(1);
    expect(mail.text).toContain('your Pro plan in full, the plan has ended: your account is on the Free plan now');

    // Stripe's notice of the same refund records nothing and cancels nothing more.
    expect(await webhook(refunded('ch_approved', bought.intent, bought.amount, bought.amount))).toBe('duplicate');
    expect(api.cancels(bought.subscription)).toBe(1);
    expect(await planEndedEntries(t, userId)).toHaveLength(1);
  });

  it('when Stripe cannot cancel the subscription, the plan still ends and the audit entry says to cancel it there', async () => {
    const cookie = await register(t.app);
    const userId = await userIdOf(t, cookie);
    const bought = await subscribe(cookie);
    api.failNextCancel();
    expect(await webhook(refunded('ch_fail', bought.intent, bought.amount, bought.amount))).toBe('processed');
    expect(json(await me(t.app, cookie)).user.role).toBe('free');
    expect((await planEndedEntries(t, userId)).map((e) => e.action)).toEqual([
      `plan ended by a full refund of Pro plan (monthly) (pro → free); Stripe could not cancel subscription ${bought.subscription}: cancel it there`,
    ]);
  });
});

// ---------- The test provider ----------

const form = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };

describe(`a full refund ends the plan it paid for, with the test provider (${DB})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAccount>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAccount(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Buy through the offline test checkout, as its Pay button does; answers the new payment's id. */
  async function buy(cookie: string, body: object): Promise<string> {
    const res = await post(t.app, '/api/billing/checkout', body, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const pay = await t.app.inject({ method: 'POST', url: `${json(res).url}/pay`, payload: '', headers: { ...form, cookie } });
    expect(pay.statusCode, pay.body).toBe(303);
    return json(await get(t.app, '/api/billing/payments', cookie)).payments[0].id;
  }

  async function approve(cookie: string, paymentId: string, body: object = {}) {
    const asked = await post(t.app, `/api/billing/payments/${paymentId}/refund-request`, { reason: 'Please refund this' }, { cookie });
    expect(asked.statusCode, asked.body).toBe(201);
    const res = await post(t.app, `/api/admin/refund-requests/${json(asked).request.id}/approve`, body, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return json(res).request;
  }

  it('an approved full refund ends the plan now, and the test subscription does not renew', async () => {
    const cookie = await register(t.app);
    const userId = await userIdOf(t, cookie);
    const pack = await buy(cookie, { kind: 'pack', pack: 'text_boost_small' });
    const id = await buy(cookie, { kind: 'plan', plan: 'pro' });
    expect(await subscriptionRow(t, userId)).toMatchObject({ plan: 'pro', provider: 'test' });

    // Only the plan's payment is marked as the one the current plan came from.
    await post(t.app, `/api/billing/payments/${pack}/refund-request`, { reason: 'The pack, too' }, { cookie });
    const queue = json(await get(t.app, `/api/admin/refund-requests?view=pending&limit=100`, admin.cookie)).items;
    const byPayment = (pid: string) => queue.find((r: { payment: { id: string } }) => r.payment.id === pid)?.payment;
    expect(byPayment(pack)).toMatchObject({ kind: 'pack', paysCurrentPlan: false });

    const request = await approve(cookie, id);
    expect(request.payment).toMatchObject({ status: 'refunded', paysCurrentPlan: false });
    expect(json(await me(t.app, cookie)).user.role).toBe('free');
    expect(json(await get(t.app, '/api/billing/subscription', cookie))).toMatchObject({ plan: 'free', provider: null, cancelAtPeriodEnd: false });
    const [entry] = await planEndedEntries(t, userId);
    expect(entry.action).toBe('plan ended by a full refund of Pro plan (monthly) (pro → free)');
    const [approval] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.userId, admin.id)).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(approval.action).toMatch(/: \$9\.99 refunded through test; the Pro plan it paid for has ended$/);

    // A month later nothing renews it: no test renewal is charged, the account stays on Free.
    const end = new Date(Date.now() - 60_000);
    await t.ctx.db
      .update(subscriptions)
      .set({ currentPeriodStart: addMonth(end, -1), currentPeriodEnd: end })
      .where(eq(subscriptions.userId, userId));
    expect(json(await get(t.app, '/api/billing/subscription', cookie))).toMatchObject({ plan: 'free', provider: null });
    const list = json(await get(t.app, '/api/billing/payments', cookie)).payments;
    expect(list.filter((p: { kind: string }) => p.kind === 'subscription')).toHaveLength(1);
  });

  it('an approved partial refund keeps the plan and its renewal', async () => {
    const cookie = await register(t.app);
    const userId = await userIdOf(t, cookie);
    const id = await buy(cookie, { kind: 'plan', plan: 'pro' });
    const request = await approve(cookie, id, { amount: 250 });
    expect(request.payment).toMatchObject({ status: 'partially_refunded', refundedAmount: 250, paysCurrentPlan: true });
    expect(json(await me(t.app, cookie)).user.role).toBe('pro');
    expect(await subscriptionRow(t, userId)).toMatchObject({ plan: 'pro', provider: 'test' });
    expect(await planEndedEntries(t, userId)).toHaveLength(0);
  });
});
