import { and, desc, eq, like } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings, auditLog, creditBalances, outbox, payments, refundRequests, refunds } from '../../src/db/schema';
import { extractText } from '../../src/server/services/extract-text';
import { invalidateSettings } from '../../src/server/services/settings';

import { invoiceNumber } from '../../src/shared/api/admin-billing';
import type { Role } from '../../src/shared/roles';
import { startProvider, type FakeProvider } from '../helpers/provider-servers';
import { createTestApp, get, json, me, ORIGIN, post, register, uniqueUser, type TestApp, signedInAccount } from '../helpers/app';

const form = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };

/** A fresh account with this role, logged in from its own address (the login throttle stays out of the way). */
const account = (t: TestApp, role: Role) => signedInAccount(t, role);

/** Buy a plan or a pack through the offline test checkout, as the checkout page's Pay button does. */
async function buy(t: TestApp, cookie: string, body: object): Promise<string> {
  const res = await post(t.app, '/api/billing/checkout', body, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  const pay = await t.app.inject({ method: 'POST', url: `${json(res).url}/pay`, payload: '', headers: { ...form, cookie } });
  expect(pay.statusCode, pay.body).toBe(303);
  return json(await get(t.app, '/api/billing/payments', cookie)).payments[0].id;
}

async function latestAudit(t: TestApp, actorId: string) {
  const [row] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.userId, actorId)).orderBy(desc(auditLog.createdAt)).limit(1);
  return row;
}

async function mailTo(t: TestApp, to: string) {
  return t.ctx.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt));
}

describe('payments, invoices and refunds with the test provider', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof account>>;
  let manager: Awaited<ReturnType<typeof account>>;
  let support: Awaited<ReturnType<typeof account>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await account(t, 'admin');
    manager = await account(t, 'manager');
    support = await account(t, 'support');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists payments with search, status, provider and date filters, totals over all pages, and refunds per payment', async () => {
    const tag = `pay${Date.now().toString(36)}`;
    const buyer = { ...uniqueUser(tag), email: `${tag}@example.com` };
    const cookie = await register(t.app, buyer);
    const plan = await buy(t, cookie, { kind: 'plan', plan: 'basic' });
    const pack = await buy(t, cookie, { kind: 'pack', pack: 'text_boost_small' });
    // A refunded step on the pack, as recorded by the provider.
    const [packRow] = await t.ctx.db.select().from(payments).where(eq(payments.id, pack));
    await t.ctx.db.insert(refunds).values({ paymentId: pack, amount: 100, currency: 'usd', providerRef: `manual:${pack}` });
    await t.ctx.db.update(payments).set({ refundedAmount: 100, status: 'partially_refunded' }).where(eq(payments.id, pack));

    const res = await get(t.app, `/api/admin/payments?q=${tag.toUpperCase()}`, manager.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.total).toBe(2);
    expect(body.items.map((p: any) => p.id)).toEqual([pack, plan]);
    expect(body.items[0]).toMatchObject({
      email: buyer.email,
      kind: 'pack',
      amount: packRow.amount,
      status: 'partially_refunded',
      refundedAmount: 100,
      provider: 'test',
      invoiceNumber: invoiceNumber(pack, packRow.createdAt),
    });
    expect(body.items[0].refunds).toHaveLength(1);
    expect(body.items[0].refunds[0]).toMatchObject({ amount: 100 });
    const basicPrice = body.items[1].amount;
    expect(body.totals).toEqual([{ currency: 'usd', payments: 2, gross: packRow.amount + basicPrice, refunded: 100, net: packRow.amount + basicPrice - 100 }]);

    // Each filter narrows; the search also finds the invoice number; totals follow the filters, not the page.
    expect(json(await get(t.app, `/api/admin/payments?q=${tag}&status=paid`, manager.cookie)).items.map((p: any) => p.id)).toEqual([plan]);
    expect(json(await get(t.app, `/api/admin/payments?q=${tag}&provider=stripe`, manager.cookie)).total).toBe(0);
    const byNumber = json(await get(t.app, `/api/admin/payments?q=${invoiceNumber(pack, packRow.createdAt).toLowerCase()}`, manager.cookie));
    expect(byNumber.items.map((p: any) => p.id)).toEqual([pack]);
    const today = new Date().toISOString().slice(0, 10);
    expect(json(await get(t.app, `/api/admin/payments?q=${tag}&from=${today}&to=${today}`, manager.cookie)).total).toBe(2);
    expect(json(await get(t.app, `/api/admin/payments?q=${tag}&to=2020-01-01`, manager.cookie)).total).toBe(0);
    const paged = json(await get(t.app, `/api/admin/payments?q=${tag}&limit=1&offset=1`, manager.cookie));
    expect(paged.items.map((p: any) => p.id)).toEqual([plan]);
    expect(paged.totals[0].payments).toBe(2);
    // LIKE wildcards are plain characters.
    expect(json(await get(t.app, `/api/admin/payments?q=${encodeURIComponent('%')}`, manager.cookie)).total).toBe(0);

    // Bad filters are a 400 that says why, never a 500.
    for (const q of ['status=lost', 'provider=paypal', 'from=2024-02-30', 'from=yesterday', 'from=2025-02-01&to=2025-01-01', 'limit=1000']) {
      const bad = await get(t.app, `/api/admin/payments?${q}`, manager.cookie);
      expect(bad.statusCode, q).toBe(400);
      expect(json(bad).error.code).toBe('validation_failed');
    }
  });

  it('lists invoices (failed payments have none) and opens one as a page and as a PDF, for its owner and for payment staff only', async () => {
    const buyer = uniqueUser('inv');
    const cookie = await register(t.app, buyer);
    const id = await buy(t, cookie, { kind: 'plan', plan: 'pro' });
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.id, id));
    const number = invoiceNumber(id, row.createdAt);
    expect(number).toMatch(/^INV-\d{8}-[0-9A-F]{8}$/);
    // A failed payment of the same buyer.
    const [failed] = await t.ctx.db
      .insert(payments)
      .values({
        userId: row.userId,
        email: buyer.email,
        kind: 'pack',
        item: 'text_boost_small',
        description: 'Text Boost Small',
        amount: 349,
        status: 'failed',
        provider: 'test',
        providerRef: `failed:${id}`,
      })
      .returning();

    const list = json(await get(t.app, `/api/admin/invoices?q=${buyer.username}`, manager.cookie));
    expect(list.items).toEqual([
      expect.objectContaining({ id, number, email: buyer.email, description: 'Pro plan (monthly)', amount: row.amount, status: 'paid' }),
    ]);
    expect(json(await get(t.app, `/api/admin/invoices?q=${number}`, admin.cookie)).items.map((i: any) => i.id)).toEqual([id]);

    const mine = await get(t.app, `/api/invoices/${id}`, cookie);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(json(mine)).toMatchObject({
      number,
      status: 'paid',
      provider: 'test',
      seller: { name: 'Veritext', email: 'support@veritext.example' },
      buyer: { email: buyer.email },
      lines: [{ description: 'Pro plan (monthly)', quantity: 1, amount: row.amount }],
      total: row.amount,
      refunds: [],
      balance: row.amount,
    });
    expect((await get(t.app, `/api/invoices/${id}`, manager.cookie)).statusCode).toBe(200);
    // Another user, and staff without payments:read, are told it does not exist.
    const other = await register(t.app);
    for (const c of [other, support.cookie]) {
      const res = await get(t.app, `/api/invoices/${id}`, c);
      expect(res.statusCode).toBe(404);
      expect(json(res).error.code).toBe('not_found');
      expect((await get(t.app, `/api/invoices/${id}/pdf`, c)).statusCode).toBe(404);
    }
    expect((await get(t.app, `/api/invoices/${failed.id}`, cookie)).statusCode).toBe(404);
    expect((await get(t.app, `/api/invoices/${id}`)).statusCode).toBe(401);
    expect((await get(t.app, '/api/invoices/not-a-uuid', cookie)).statusCode).toBe(400);

    const pdf = await get(t.app, `/api/invoices/${id}/pdf`, cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${number}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await extractText('invoice.pdf', pdf.rawPayload);
    for (const s of [number, 'Veritext', 'support@veritext.example', buyer.email, 'Pro plan (monthly)', 'TEST MODE']) expect(text).toContain(s);
    expect((await get(t.app, `/api/invoices/${id}/pdf`, manager.cookie)).statusCode).toBe(200);

    // The seller is the site as its settings name it (/admin/settings), on the page and in the PDF.
    await t.ctx.db.insert(appSettings).values([
      { key: 'setting:siteName', value: JSON.stringify('Acme Writing') },
      { key: 'setting:supportEmail', value: JSON.stringify('billing@acme.example') },
    ]);
    invalidateSettings(t.ctx.db);
    try {
      expect(json(await get(t.app, `/api/invoices/${id}`, cookie)).seller).toEqual({ name: 'Acme Writing', email: 'billing@acme.example' });
      expect(await extractText('invoice.pdf', (await get(t.app, `/api/invoices/${id}/pdf`, cookie)).rawPayload)).toContain('billing@acme.example');
    } finally {
      await t.ctx.db.delete(appSettings).where(like(appSettings.key, 'setting:%'));
      invalidateSettings(t.ctx.db);
    }
  });

  it('a user requests a refund once per payment; an administrator approves it: refunded, credits taken back, audited and e-mailed', async () => {
    const buyer = uniqueUser('refund');
    const cookie = await register(t.app, buyer);
    const userId = json(await me(t.app, cookie)).user.id;
    const id = await buy(t, cookie, { kind: 'pack', pack: 'text_boost_small' });
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.id, id));
    const credits = () =>
      t.ctx.db
        .select()
        .from(creditBalances)
        .where(and(eq(creditBalances.userId, userId), eq(creditBalances.kind, 'text')));
    expect((await credits())[0].balance).toBe(300_000);

    // The reason is required; someone else's payment is not found.
    const noReason = await post(t.app, `/api/billing/payments/${id}/refund-request`, { reason: '  ' }, { cookie });
    expect(noReason.statusCode).toBe(400);
    expect(json(noReason).error.fields.reason).toMatch(/why/);
    const stranger = await register(t.app);
    expect((await post(t.app, `/api/billing/payments/${id}/refund-request`, { reason: 'Not mine but I want it' }, { cookie: stranger })).statusCode).toBe(404);

    const asked = await post(t.app, `/api/billing/payments/${id}/refund-request`, { reason: 'Bought the wrong pack' }, { cookie });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = json(asked).request;
    expect(request).toMatchObject({ paymentId: id, status: 'pending', reason: 'Bought the wrong pack', decidedAt: null });
    expect((await latestAudit(t, userId)).action).toBe(`Requested a refund of Text Boost Small (${invoiceNumber(id, row.createdAt)})`);
    const twice = await post(t.app, `/api/billing/payments/${id}/refund-request`, { reason: 'Asking again, louder' }, { cookie });
    expect(twice.statusCode).toBe(409);
    expect(json(twice).error.message).toMatch(/already waiting/);
    expect(json(await get(t.app, '/api/billing/refund-requests', cookie)).requests).toEqual([expect.objectContaining({ id: request.id, status: 'pending' })]);

    // The queue: manager and support may not see it; the administrator does.
    expect((await get(t.app, '/api/admin/refund-requests', manager.cookie)).statusCode).toBe(403);
    expect((await get(t.app, '/api/admin/refund-requests', support.cookie)).statusCode).toBe(403);
    expect((await post(t.app, `/api/admin/refund-requests/${request.id}/approve`, {}, { cookie: manager.cookie })).statusCode).toBe(403);
    const queue = json(await get(t.app, `/api/admin/refund-requests?q=${buyer.email}`, admin.cookie));
    expect(queue.items).toHaveLength(1);
    expect(queue.pending).toBeGreaterThanOrEqual(1);
    expect(queue.items[0]).toMatchObject({ id: request.id, status: 'pending', user: { id: userId, email: buyer.email }, payment: { id, amount: row.amount } });

    // More than was paid is refused with the reason.
    const tooMuch = await post(t.app, `/api/admin/refund-requests/${request.id}/approve`, { amount: row.amount + 1 }, { cookie: admin.cookie });
    expect(tooMuch.statusCode).toBe(400);
    expect(json(tooMuch).error.fields.amount).toMatch(/At most/);

    const approved = await post(t.app, `/api/admin/refund-requests/${request.id}/approve`, { note: 'Sorry for the trouble' }, { cookie: admin.cookie });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(json(approved).request).toMatchObject({
      status: 'approved',
      decidedBy: admin.email,
      decisionNote: 'Sorry for the trouble',
      payment: { status: 'refunded', refundedAmount: row.amount },
      refund: { amount: row.amount },
    });
    const [after] = await t.ctx.db.select().from(payments).where(eq(payments.id, id));
    expect(after).toMatchObject({ status: 'refunded', refundedAmount: row.amount });
    const rows = await t.ctx.db.select().from(refunds).where(eq(refunds.paymentId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0].providerRef).toBe(`test-refund:${id}:${row.amount}`);
    const [linked] = await t.ctx.db.select().from(refundRequests).where(eq(refundRequests.id, request.id));
    expect(linked.refundId).toBe(rows[0].id);
    expect((await credits())[0].balance).toBe(0);
    expect((await latestAudit(t, admin.id)).action).toBe(
      `Approved the refund request of ${buyer.email} for Text Boost Small (${invoiceNumber(id, row.createdAt)}): $3.49 refunded through test`,
    );
    expect((await latestAudit(t, admin.id)).category).toBe('payment');
    const mail = await mailTo(t, buyer.email);
    expect(mail[0].subject).toBe('Your refund of $3.49 was approved');
    expect(mail[0].text).toContain('Sorry for the trouble');

    // Decided once; the user sees the outcome; a fully refunded payment cannot be asked for again.
    expect((await post(t.app, `/api/admin/refund-requests/${request.id}/approve`, {}, { cookie: admin.cookie })).statusCode).toBe(409);
    expect((await post(t.app, `/api/admin/refund-requests/${request.id}/refuse`, { note: 'No' }, { cookie: admin.cookie })).statusCode).toBe(409);
    expect(json(await get(t.app, '/api/billing/refund-requests', cookie)).requests[0]).toMatchObject({ status: 'approved', refundedAmount: row.amount });
    expect(json(await get(t.app, '/api/billing/payments', cookie)).payments[0]).toMatchObject({ id, status: 'refunded' });
    const again = await post(t.app, `/api/billing/payments/${id}/refund-request`, { reason: 'One more time please' }, { cookie });
    expect(again.statusCode).toBe(409);
    expect(json(again).error.message).toBe('This payment has already been refunded in full.');
    // The invoice shows the refund.
    expect(json(await get(t.app, `/api/invoices/${id}`, cookie))).toMatchObject({
      status: 'refunded',
      refundedAmount: row.amount,
      balance: 0,
      refunds: [{ amount: row.amount }],
    });
    expect(json(await get(t.app, `/api/admin/refund-requests?view=decided&q=${buyer.email}`, admin.cookie)).items[0].id).toBe(request.id);
    expect(json(await get(t.app, `/api/admin/refund-requests?q=${buyer.email}`, admin.cookie)).items).toHaveLength(0);
  });

  it('a partial approval refunds that much and leaves the rest refundable', async () => {
    const cookie = await register(t.app);
    const id = await buy(t, cookie, { kind: 'plan', plan: 'pro' });
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.id, id));
    const request = json(await post(t.app, `/api/billing/payments/${id}/refund-request`, { reason: 'Charged for a week I did not use' }, { cookie })).request;
    const res = await post(t.app, `/api/admin/refund-requests/${request.id}/approve`, { amount: 250 }, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).request.payment).toMatchObject({ status: 'partially_refunded', refundedAmount: 250 });
    // The rest can be asked for again.
    const next = await post(t.app, `/api/billing/payments/${id}/refund-request`, { reason: 'And the rest, please' }, { cookie });
    expect(next.statusCode).toBe(201);
    const full = await post(t.app, `/api/admin/refund-requests/${json(next).request.id}/approve`, {}, { cookie: admin.cookie });
    expect(json(full).request.payment).toMatchObject({ status: 'refunded', refundedAmount: row.amount });
    expect(await t.ctx.db.select().from(refunds).where(eq(refunds.paymentId, id))).toHaveLength(2);
  });

  it('refusing needs a note, which the user is e-mailed; it is audited and the payment is untouched', async () => {
    const buyer = uniqueUser('refuse');
    const cookie = await register(t.app, buyer);
    const id = await buy(t, cookie, { kind: 'plan', plan: 'basic' });
    const request = json(await post(t.app, `/api/billing/payments/${id}/refund-request`, { reason: 'Changed my mind' }, { cookie })).request;
    const noNote = await post(t.app, `/api/admin/refund-requests/${request.id}/refuse`, { note: '' }, { cookie: admin.cookie });
    expect(noNote.statusCode).toBe(400);
    expect(json(noNote).error.fields.note).toMatch(/why/);
    const res = await post(t.app, `/api/admin/refund-requests/${request.id}/refuse`, { note: 'The plan was used all month.' }, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).request).toMatchObject({ status: 'refused', decisionNote: 'The plan was used all month.', refund: null, payment: { status: 'paid' } });
    const entry = await latestAudit(t, admin.id);
    expect(entry).toMatchObject({
      category: 'payment',
      action: expect.stringMatching(new RegExp(`^Refused the refund request of ${buyer.email} for Basic plan`)),
    });
    const mail = await mailTo(t, buyer.email);
    expect(mail[0].subject).toBe('About your refund request');
    expect(mail[0].text).toContain('The plan was used all month.');
    expect(json(await get(t.app, '/api/billing/refund-requests', cookie)).requests[0]).toMatchObject({
      status: 'refused',
      decisionNote: 'The plan was used all month.',
    });
    // A refused request does not block a new one.
    expect((await post(t.app, `/api/billing/payments/${id}/refund-request`, { reason: 'Please look again' }, { cookie })).statusCode).toBe(201);
    expect(
      (await post(t.app, '/api/admin/refund-requests/6f1c3d1e-0000-4000-8000-000000000000/refuse', { note: 'x' }, { cookie: admin.cookie })).statusCode,
    ).toBe(404);
  });

  it('access: manager reads payments and invoices but not refunds; support none of them; plan users none', async () => {
    const user = await register(t.app);
    const cases: [string, string, Record<string, number>][] = [
      ['GET', '/api/admin/payments', { admin: 200, manager: 200, support: 403, user: 403 }],
      ['GET', '/api/admin/invoices', { admin: 200, manager: 200, support: 403, user: 403 }],
      ['GET', '/api/admin/refund-requests', { admin: 200, manager: 403, support: 403, user: 403 }],
    ];
    const who: Record<string, string> = { admin: admin.cookie, manager: manager.cookie, support: support.cookie, user };
    for (const [, url, expected] of cases)
      for (const [role, status] of Object.entries(expected)) expect((await get(t.app, url, who[role])).statusCode, `${url} as ${role}`).toBe(status);
    expect((await get(t.app, '/api/admin/payments')).statusCode).toBe(401);
    const superAdmin = await account(t, 'super_admin');
    expect((await get(t.app, '/api/admin/refund-requests', superAdmin.cookie)).statusCode).toBe(200);
  });
});

describe('refund approval through Stripe', () => {
  const WEBHOOK_SECRET = 'whsec_admin_billing_test';
  const stripe = new Stripe('sk_test_local');
  let t: TestApp;
  let api: FakeProvider;
  let admin: Awaited<ReturnType<typeof account>>;
  beforeAll(async () => {
    api = await startProvider({ status: 200, body: {} });
    t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: api.url });
    admin = await account(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await api?.close();
  });

  /** A Stripe pack payment of a new user, as checkout.session.completed records it, with a pending refund request. */
  async function stripePaymentWithRequest(intent: string) {
    const cookie = await register(t.app);
    const userId = json(await me(t.app, cookie)).user.id;
    const [p] = await t.ctx.db
      .insert(payments)
      .values({
        userId,
        kind: 'pack',
        item: 'text_boost_small',
        description: 'Text Boost Small',
        amount: 349,
        status: 'paid',
        provider: 'stripe',
        providerRef: intent,
        providerPaymentIntent: intent,
      })
      .returning();
    const asked = await post(t.app, `/api/billing/payments/${p.id}/refund-request`, { reason: 'Did not need it after all' }, { cookie });
    expect(asked.statusCode, asked.body).toBe(201);
    return { payment: p, requestId: json(asked).request.id as string };
  }

  function webhook(object: Record<string, unknown>) {
    const payload = JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type: 'charge.refunded', data: { object } });
    return t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
    });
  }

  it('creates the refund at Stripe, records it, and the charge.refunded webhook that follows records nothing more', async () => {
    const { payment, requestId } = await stripePaymentWithRequest('pi_approve_first');
    api.respond = {
      status: 200,
      body: { id: 're_1', object: 'refund', amount: 349, charge: 'ch_first', payment_intent: 'pi_approve_first', status: 'succeeded' },
    };
    const res = await post(t.app, `/api/admin/refund-requests/${requestId}/approve`, {}, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const call = api.calls.at(-1)!;
    expect(call.path).toBe('/v1/refunds');
    expect(call.headers.authorization).toBe('Bearer sk_test_local');
    expect(call.headers['idempotency-key']).toBe(`veritext-refund:${payment.id}:349`);
    expect(json(res).request.payment).toMatchObject({ status: 'refunded', refundedAmount: 349 });

    const hook = await webhook({ id: 'ch_first', object: 'charge', payment_intent: 'pi_approve_first', amount: 349, amount_refunded: 349 });
    expect(hook.statusCode, hook.body).toBe(200);
    expect(json(hook).outcome).toBe('duplicate');
    const rows = await t.ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 349, providerRef: 'ch_first:349' });
    expect(await t.ctx.db.select().from(auditLog).where(like(auditLog.action, 'refund recorded: Text Boost Small (349)'))).toHaveLength(1);
  });

  it('when the webhook arrives before Stripe answers the approval, the refund is still recorded once and linked to the request', async () => {
    const { payment, requestId } = await stripePaymentWithRequest('pi_webhook_first');
    api.respond = {
      status: 200,
      body: { id: 're_2', object: 'refund', amount: 349, charge: 'ch_second', payment_intent: 'pi_webhook_first', status: 'succeeded' },
      delayMs: 400,
    };
    const approving = post(t.app, `/api/admin/refund-requests/${requestId}/approve`, {}, { cookie: admin.cookie });
    await new Promise((r) => setTimeout(r, 100));
    const hook = await webhook({ id: 'ch_second', object: 'charge', payment_intent: 'pi_webhook_first', amount: 349, amount_refunded: 349 });
    expect(json(hook).outcome).toBe('processed');
    const res = await approving;
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(rows).toHaveLength(1);
    const [request] = await t.ctx.db.select().from(refundRequests).where(eq(refundRequests.id, requestId));
    expect(request).toMatchObject({ status: 'approved', refundId: rows[0].id });
    expect(json(res).request.refund).toMatchObject({ amount: 349 });
  });

  it('a Stripe failure is a 502 and the request goes back to the queue, nothing recorded', async () => {
    const { payment, requestId } = await stripePaymentWithRequest('pi_fails');
    api.respond = { status: 400, body: { error: { type: 'invalid_request_error', message: 'Charge ch_x has already been refunded.' } } };
    const res = await post(t.app, `/api/admin/refund-requests/${requestId}/approve`, {}, { cookie: admin.cookie });
    expect(res.statusCode).toBe(502);
    expect(json(res).error.code).toBe('upstream_failed');
    const [request] = await t.ctx.db.select().from(refundRequests).where(eq(refundRequests.id, requestId));
    expect(request).toMatchObject({ status: 'pending', decidedBy: null });
    expect(await t.ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toHaveLength(0);
  });
});
