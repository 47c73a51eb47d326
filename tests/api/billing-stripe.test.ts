import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payments, refunds, subscriptions, webhookEvents } from '../../src/db/schema';
import { createTestApp, get, json, me, post, register, type TestApp } from '../helpers/app';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';

const WEBHOOK_SECRET = 'whsec_test_secret_for_veritext';
const stripe = new Stripe('sk_test_local');

let eventCounter = 0;
function event(type: string, object: Record<string, unknown>, id = `evt_${++eventCounter}_${Date.now()}`) {
  return { id, object: 'event', type, api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), data: { object } };
}

/** Stripe's checkout.session.completed for the subscription checkout whose session form the server sent. */
function subscriptionCompleted(
  form: URLSearchParams,
  ids: { session: string; customer: string; subscription: string; invoice: string },
  amount: number,
): string {
  return JSON.stringify(
    event('checkout.session.completed', {
      id: ids.session,
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      amount_total: amount,
      currency: 'usd',
      customer: ids.customer,
      subscription: ids.subscription,
      invoice: ids.invoice,
      metadata: { checkoutId: form.get('metadata[checkoutId]') },
    }),
  );
}

async function sendWebhook(t: TestApp, payload: string, signature?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
  });
}

function signed(payload: string, secret = WEBHOOK_SECRET) {
  return stripe.webhooks.generateTestHeaderString({ payload, secret });
}

describe(`Stripe payments (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let api: FakeStripe;
  beforeAll(async () => {
    api = await startFakeStripe();
    t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: api.url });
  });
  afterAll(async () => {
    await t.close();
    await api.close();
  });
  beforeEach(() => {
    api.calls.length = 0;
  });

  async function startCheckout(cookie: string, body: object) {
    const res = await post(t.app, '/api/billing/checkout', body, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const call = api.calls.find((s) => s.path === '/v1/checkout/sessions')!;
    return { url: json(res).url as string, form: call.form, auth: call.auth };
  }

  it('creates a subscription Checkout Session priced from the plan, and fulfils it from the signed webhook once', async () => {
    const cookie = await register(t.app);
    const userId = json(await me(t.app, cookie)).user.id;
    expect(json(await get(t.app, '/api/plans')).provider).toBe('stripe');
    const { url, form, auth } = await startCheckout(cookie, { kind: 'plan', plan: 'pro' });
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(auth).toBe('Bearer sk_test_local');
    expect(form.get('mode')).toBe('subscription');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('999');
    expect(form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(form.get('success_url')).toBe('http://localhost:3000/account?checkout=success&plan=pro');
    expect(form.get('cancel_url')).toBe('http://localhost:3000/pricing?checkout=cancelled');
    const checkoutId = form.get('metadata[checkoutId]')!;
    expect(checkoutId).toMatch(/[0-9a-f-]{36}/);
    // The redirect alone changes nothing: only the webhook fulfils.
    expect(json(await me(t.app, cookie)).user.role).toBe('free');

    const completed = event('checkout.session.completed', {
      id: 'cs_test_1',
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      amount_total: 999,
      currency: 'usd',
      customer: 'cus_1',
      subscription: 'sub_1',
      invoice: 'in_1',
      metadata: { checkoutId },
    });
    const payload = JSON.stringify(completed);
    const res = await sendWebhook(t, payload, signed(payload));
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ received: true, outcome: 'processed' });
    expect(json(await me(t.app, cookie)).user.role).toBe('pro');
    const sub = json(await get(t.app, '/api/billing/subscription', cookie));
    expect(sub).toMatchObject({ plan: 'pro', provider: 'stripe', portalAvailable: true, terms: { monthlyCharacters: 1_000_000 } });

    // The same event again, and the same session under another event id: nothing more is recorded.
    const again = await sendWebhook(t, payload, signed(payload));
    expect(json(again).outcome).toBe('duplicate');
    const other = JSON.stringify({ ...completed, id: 'evt_other_delivery' });
    expect(json(await sendWebhook(t, other, signed(other))).outcome).toBe('duplicate');
    const rows = await t.ctx.db.select().from(payments).where(eq(payments.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ providerRef: 'in_1', amount: 999, provider: 'stripe', kind: 'subscription' });
    expect((await t.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.id, completed.id))).length).toBe(1);

    // The first invoice adds its receipt link; a renewal records a payment and extends the period.
    const first = event('invoice.paid', {
      id: 'in_1',
      object: 'invoice',
      billing_reason: 'subscription_create',
      subscription: 'sub_1',
      amount_paid: 999,
      currency: 'usd',
      hosted_invoice_url: 'https://invoice.stripe.com/i/1',
      payments: { data: [{ payment: { type: 'payment_intent', payment_intent: 'pi_sub_1' } }] },
    });
    const p1 = JSON.stringify(first);
    expect((await sendWebhook(t, p1, signed(p1))).statusCode).toBe(200);
    expect(json(await get(t.app, '/api/billing/payments', cookie)).payments[0].receiptUrl).toBe('https://invoice.stripe.com/i/1');
    // A partial refund of that first invoice is matched through its payment intent.
    const partial = JSON.stringify(event('charge.refunded', { id: 'ch_sub', object: 'charge', payment_intent: 'pi_sub_1', amount: 999, amount_refunded: 300 }));
    expect(json(await sendWebhook(t, partial, signed(partial))).outcome).toBe('processed');
    expect(json(await get(t.app, '/api/billing/payments', cookie)).payments[0]).toMatchObject({ status: 'partially_refunded', refundedAmount: 300 });
    const start = Math.floor(Date.now() / 1000) + 30 * 86400;
    const renewal = event('invoice.paid', {
      id: 'in_2',
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      parent: { subscription_details: { subscription: 'sub_1' } },
      amount_paid: 999,
      currency: 'usd',
      lines: { data: [{ period: { start, end: start + 31 * 86400 } }] },
    });
    const p2 = JSON.stringify(renewal);
    expect(json(await sendWebhook(t, p2, signed(p2))).outcome).toBe('processed');
    expect(json(await sendWebhook(t, p2, signed(p2))).outcome).toBe('duplicate');
    const renewed = json(await get(t.app, '/api/billing/subscription', cookie));
    expect(renewed.currentPeriodStart).toBe(new Date(start * 1000).toISOString());
    expect(json(await get(t.app, '/api/billing/payments', cookie)).payments).toHaveLength(2);

    // Cancel at period end goes to Stripe; Stripe's update and final deletion come back by webhook.
    const cancel = await post(t.app, '/api/billing/cancel', undefined, { cookie });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const call = api.calls.find((s) => s.path === '/v1/subscriptions/sub_1' && s.method === 'POST')!;
    expect(call.form.get('cancel_at_period_end')).toBe('true');
    const updated = JSON.stringify(
      event('customer.subscription.updated', { id: 'sub_1', object: 'subscription', status: 'active', cancel_at_period_end: true }),
    );
    expect(json(await sendWebhook(t, updated, signed(updated))).outcome).toBe('processed');
    expect(json(await get(t.app, '/api/billing/subscription', cookie)).cancelAtPeriodEnd).toBe(true);

    const portal = await post(t.app, '/api/billing/portal', undefined, { cookie });
    expect(json(portal).url).toBe('https://billing.stripe.com/p/session/test_1');
    expect(api.calls.find((s) => s.path === '/v1/billing_portal/sessions')!.form.get('customer')).toBe('cus_1');

    const deleted = JSON.stringify(event('customer.subscription.deleted', { id: 'sub_1', object: 'subscription', status: 'canceled' }));
    expect(json(await sendWebhook(t, deleted, signed(deleted))).outcome).toBe('processed');
    expect(json(await me(t.app, cookie)).user.role).toBe('free');
    expect(json(await get(t.app, '/api/billing/subscription', cookie))).toMatchObject({ plan: 'free', provider: null });
  });

  it('a pack is a one-off payment; a refund is recorded once and takes the credits back', async () => {
    const cookie = await register(t.app);
    const { form } = await startCheckout(cookie, { kind: 'pack', pack: 'text_boost_medium' });
    expect(form.get('mode')).toBe('payment');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('699');
    expect(form.get('line_items[0][price_data][recurring][interval]')).toBeNull();
    const checkoutId = form.get('metadata[checkoutId]')!;
    const payload = JSON.stringify(
      event('checkout.session.completed', {
        id: 'cs_pack',
        mode: 'payment',
        payment_status: 'paid',
        amount_total: 699,
        currency: 'usd',
        customer: 'cus_2',
        payment_intent: 'pi_pack',
        metadata: { checkoutId },
      }),
    );
    expect(json(await sendWebhook(t, payload, signed(payload))).outcome).toBe('processed');
    expect(json(await get(t.app, '/api/user/simplified-usage', cookie)).data.credits).toEqual({ characters: 800_000, images: 0, audioMinutes: 0 });

    const refund = JSON.stringify(event('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: 'pi_pack', amount: 699, amount_refunded: 699 }));
    expect(json(await sendWebhook(t, refund, signed(refund))).outcome).toBe('processed');
    const again = JSON.stringify(event('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: 'pi_pack', amount: 699, amount_refunded: 699 }));
    expect(json(await sendWebhook(t, again, signed(again))).outcome).toBe('duplicate');
    const [pay] = json(await get(t.app, '/api/billing/payments', cookie)).payments;
    expect(pay).toMatchObject({ status: 'refunded', refundedAmount: 699, kind: 'pack', description: 'Text Boost Medium' });
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.providerPaymentIntent, 'pi_pack'));
    expect(await t.ctx.db.select().from(refunds).where(eq(refunds.paymentId, row.id))).toHaveLength(1);
    expect(json(await get(t.app, '/api/user/simplified-usage', cookie)).data.credits).toEqual({ characters: 0, images: 0, audioMinutes: 0 });
  });

  it('refuses unsigned, wrongly signed and tampered webhooks', async () => {
    const payload = JSON.stringify(event('checkout.session.completed', { id: 'cs_x', payment_status: 'paid', metadata: {} }));
    expect((await sendWebhook(t, payload)).statusCode).toBe(400);
    expect((await sendWebhook(t, payload, signed(payload, 'whsec_someone_else'))).statusCode).toBe(400);
    const tampered = payload.replace('cs_x', 'cs_y');
    const res = await sendWebhook(t, tampered, signed(payload));
    expect(res.statusCode).toBe(400);
    expect(json(res).error.code).toBe('bad_request');
    expect((await sendWebhook(t, 'not json', signed('not json'))).statusCode).toBe(400);
    // Old signatures are refused (replay protection: Stripe's 5-minute tolerance).
    const old = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await sendWebhook(t, payload, old)).statusCode).toBe(400);
    // Events we do not handle are acknowledged, so Stripe stops retrying them.
    const other = JSON.stringify(event('customer.created', { id: 'cus_9' }));
    expect(json(await sendWebhook(t, other, signed(other))).outcome).toBe('ignored');
  });

  it('a downgrade on Stripe bills the smaller plan from the next invoice, without proration', async () => {
    const cookie = await register(t.app);
    const { form } = await startCheckout(cookie, { kind: 'plan', plan: 'agency' });
    const payload = subscriptionCompleted(form, { session: 'cs_ag', customer: 'cus_3', subscription: 'sub_ag', invoice: 'in_ag' }, 2999);
    await sendWebhook(t, payload, signed(payload));
    api.calls.length = 0;
    const res = await post(t.app, '/api/billing/change-plan', { plan: 'basic' }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ plan: 'agency', scheduledPlan: 'basic' });
    const update = api.calls.find((s) => s.method === 'POST' && s.path === '/v1/subscriptions/sub_ag')!;
    expect(update.form.get('proration_behavior')).toBe('none');
    expect(update.form.get('items[0][id]')).toBe('si_1');
    expect(update.form.get('items[0][price_data][unit_amount]')).toBe('499');
    // A provider error is a 502 with the one error shape, and nothing changes here.
    api.failOnce();
    const failed = await post(t.app, '/api/billing/cancel', undefined, { cookie });
    expect(failed.statusCode).toBe(502);
    expect(json(failed).error.code).toBe('upstream_failed');
    const [sub] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, 'sub_ag'));
    expect(sub.cancelAtPeriodEnd).toBe(false);
  });

  it('a subscription Stripe reports canceled is not renewed at the end of its period, even without a deleted event', async () => {
    const cookie = await register(t.app);
    const userId = json(await me(t.app, cookie)).user.id;
    const { form } = await startCheckout(cookie, { kind: 'plan', plan: 'pro' });
    const completed = subscriptionCompleted(form, { session: 'cs_cx', customer: 'cus_cx', subscription: 'sub_cx', invoice: 'in_cx' }, 999);
    expect(json(await sendWebhook(t, completed, signed(completed))).outcome).toBe('processed');
    // Stripe may end a subscription with an update (status canceled) whose deleted event is lost or arrives late.
    const updated = JSON.stringify(
      event('customer.subscription.updated', { id: 'sub_cx', object: 'subscription', status: 'canceled', cancel_at_period_end: false }),
    );
    expect(json(await sendWebhook(t, updated, signed(updated))).outcome).toBe('processed');
    expect(json(await me(t.app, cookie)).user.role).toBe('pro'); // paid until the end of the period
    // The period ends: nothing can pay for the next one, so the account is on Free and no payment is invented.
    const now = Date.now();
    await t.ctx.db
      .update(subscriptions)
      .set({ currentPeriodStart: new Date(now - 31 * 86400_000), currentPeriodEnd: new Date(now - 60_000) })
      .where(eq(subscriptions.userId, userId));
    expect(json(await get(t.app, '/api/billing/subscription', cookie))).toMatchObject({ plan: 'free', provider: null, status: 'active' });
    expect(json(await me(t.app, cookie)).user.role).toBe('free');
    expect(await t.ctx.db.select().from(payments).where(eq(payments.userId, userId))).toHaveLength(1);
  });
});
