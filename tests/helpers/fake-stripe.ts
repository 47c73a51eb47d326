import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the server sent to Stripe, as Stripe would see it. */
export interface StripeCall {
  method: string;
  path: string;
  form: URLSearchParams;
  auth: string | undefined;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => resolve(body));
  });

/**
 * A local HTTP server standing in for api.stripe.com: the Stripe SDK talks to it over real HTTP (STRIPE_API_URL), so
 * what the server sends Stripe is checked, not assumed. It answers checkout sessions, subscriptions (read, update,
 * cancel), billing-portal sessions and refunds; anything else is a 404 in Stripe's error shape.
 *
 * Failures are 4xx on purpose: the SDK retries a 5xx once, which would hide the failure from the test.
 */
export async function startFakeStripe() {
  const calls: StripeCall[] = [];
  let sessions = 0;
  let failNext = false;
  let failCancel = false;
  const server: Server = createServer(async (req, res) => {
    const body = await read(req);
    const path = (req.url ?? '').split('?')[0];
    const form = new URLSearchParams(body);
    calls.push({ method: req.method!, path, form, auth: req.headers.authorization });
    const send = (status: number, obj: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_local' });
      res.end(JSON.stringify(obj));
    };
    if (failNext) {
      failNext = false;
      return send(400, { error: { type: 'invalid_request_error', message: 'No such customer' } });
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${++sessions}`;
      return send(200, { id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}`, mode: form.get('mode') });
    }
    if (path.startsWith('/v1/subscriptions/')) {
      const id = path.split('/')[3];
      if (req.method === 'DELETE' && failCancel) {
        failCancel = false;
        return send(400, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
      }
      return send(200, {
        id,
        object: 'subscription',
        status: req.method === 'DELETE' ? 'canceled' : 'active',
        items: { object: 'list', data: [{ id: 'si_1', price: { id: 'price_1', product: 'prod_1' } }] },
      });
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      return send(200, { id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.stripe.com/p/session/test_1' });
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      return send(200, {
        id: `re_${calls.length}`,
        object: 'refund',
        amount: Number(form.get('amount')),
        charge: 'ch_approved',
        payment_intent: form.get('payment_intent'),
        status: 'succeeded',
      });
    }
    send(404, { error: { type: 'invalid_request_error', message: `No route ${req.method} ${path}` } });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    /** Stripe's cancellations of this subscription (DELETE /v1/subscriptions/:id). */
    cancels: (subscription: string) => calls.filter((c) => c.method === 'DELETE' && c.path === `/v1/subscriptions/${subscription}`).length,
    /** The next request, whatever it is, fails as Stripe fails an unknown customer. */
    failOnce: () => (failNext = true),
    /** The next subscription cancellation fails; other requests still succeed. */
    failNextCancel: () => (failCancel = true),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
