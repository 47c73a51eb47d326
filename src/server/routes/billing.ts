import type { FastifyInstance } from 'fastify';
import {
  ChangePlanBody,
  CheckoutBody,
  type CheckoutResponse,
  type PaymentsResponse,
  type PlansResponse,
  type PortalResponse,
  type SubscriptionInfo,
} from '../../shared/api/billing';
import { noStore, parse, requireUser } from '../http';
import { offer, startCheckout } from '../services/checkout';
import { billingPortalUrl, cancelSubscription, changePlan, paymentHistory, resumeSubscription, subscriptionOf } from '../services/subscriptions';

/**
 * Plans, checkout and the account's subscription. Buying and changing a plan are for plan accounts
 * ('account' access): staff are not limited by plan and do not buy one.
 */
export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/plans', { config: { access: 'public' } }, async (_req, reply) => {
    const body: PlansResponse = await offer(ctx);
    return noStore(reply).send(body);
  });

  app.get('/api/billing/subscription', { config: { access: 'user' } }, async (req, reply) => {
    const body: SubscriptionInfo = await subscriptionOf(ctx, await requireUser(req));
    return noStore(reply).send(body);
  });

  app.post('/api/billing/checkout', { config: { access: 'account' } }, async (req, reply) => {
    const input = parse(CheckoutBody, req.body);
    const body: CheckoutResponse = await startCheckout(ctx, await requireUser(req), input, req.log);
    return noStore(reply).send(body);
  });

  app.post('/api/billing/change-plan', { config: { access: 'account' } }, async (req, reply) => {
    const input = parse(ChangePlanBody, req.body);
    const body: SubscriptionInfo = await changePlan(ctx, await requireUser(req), input.plan, req.log);
    return noStore(reply).send(body);
  });

  app.post('/api/billing/cancel', { config: { access: 'account' } }, async (req, reply) => {
    const body: SubscriptionInfo = await cancelSubscription(ctx, await requireUser(req), req.log);
    return noStore(reply).send(body);
  });

  app.post('/api/billing/resume', { config: { access: 'account' } }, async (req, reply) => {
    const body: SubscriptionInfo = await resumeSubscription(ctx, await requireUser(req), req.log);
    return noStore(reply).send(body);
  });

  app.post('/api/billing/portal', { config: { access: 'user' } }, async (req, reply) => {
    const body: PortalResponse = { url: await billingPortalUrl(ctx, await requireUser(req), req.log) };
    return noStore(reply).send(body);
  });

  app.get('/api/billing/payments', { config: { access: 'user' } }, async (req, reply) => {
    const user = await requireUser(req);
    const body: PaymentsResponse = { payments: await paymentHistory(ctx, user.id) };
    return noStore(reply).send(body);
  });
}
