import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { handleStripeEvent, type StripeEventLike } from '../services/billing-stripe';
import { stripeClient } from '../services/payments';

/**
 * POST /api/billing/webhook: Stripe's events, verified against STRIPE_WEBHOOK_SECRET over the exact
 * bytes received. This plugin replaces the JSON parser with a raw one for this route only, and the
 * route opts out of the browser CSRF check (the signature is its authentication).
 */
export async function billingWebhookRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));

  app.post('/api/billing/webhook', { config: { csrf: false, access: 'public' } }, async (req, reply) => {
    const stripe = stripeClient(ctx);
    const secret = ctx.env.STRIPE_WEBHOOK_SECRET;
    if (!stripe || !secret) throw new AppError('not_configured', 'Stripe payments are not configured on this server.');
    const signature = req.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(req.body)) throw new AppError('bad_request', 'Missing Stripe signature or body.');
    let event: StripeEventLike;
    try {
      event = stripe.webhooks.constructEvent(req.body, signature, secret) as unknown as StripeEventLike;
    } catch {
      throw new AppError('bad_request', 'The Stripe signature does not match this payload.');
    }
    const outcome = await handleStripeEvent(ctx, stripe, event, req.log);
    return reply.send({ received: true, outcome });
  });
}
