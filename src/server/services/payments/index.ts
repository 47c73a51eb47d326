import type Stripe from 'stripe';
import type { ServerContext } from '../../context';
import { billingTestMode } from '../../env';
import { AppError } from '../../errors';
import { createStripeClient, createStripeProvider } from './stripe';
import { createTestProvider } from './test-provider';
import type { PaymentProvider } from './types';

export type { PaymentProvider } from './types';

// One client per context (the context is built once at boot; tests build several).
const clients = new WeakMap<ServerContext, Stripe>();

export function stripeClient(ctx: ServerContext): Stripe | null {
  if (!ctx.env.STRIPE_SECRET_KEY) return null;
  let c = clients.get(ctx);
  if (!c) clients.set(ctx, (c = createStripeClient({ secretKey: ctx.env.STRIPE_SECRET_KEY, apiUrl: ctx.env.STRIPE_API_URL })));
  return c;
}

/** Stripe when STRIPE_SECRET_KEY is set; else the offline test provider, if test mode is allowed; else none. */
export function paymentProvider(ctx: ServerContext): PaymentProvider | null {
  const stripe = stripeClient(ctx);
  if (stripe) return createStripeProvider(stripe);
  return billingTestMode(ctx.env) ? createTestProvider() : null;
}

/** The provider a subscription was bought through (it may differ from today's configuration). */
export function providerFor(ctx: ServerContext, name: string | null): PaymentProvider | null {
  if (name === 'stripe') {
    const stripe = stripeClient(ctx);
    return stripe ? createStripeProvider(stripe) : null;
  }
  if (name === 'test') return createTestProvider();
  return null;
}

/** Where a provider failure is logged: a request's logger, or any pino-like one. */
export interface ProviderLog {
  error: (o: object, m: string) => void;
}

/** A provider call that fails is the provider's failure (502, upstream_failed), never a 500. */
export async function atProvider<T>(what: string, call: () => Promise<T>, log: ProviderLog): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError) throw err;
    log.error({ err: (err as Error).message }, `payment provider failed: ${what}`);
    throw new AppError('upstream_failed', `The payment provider could not ${what}. Please try again in a moment.`);
  }
}
