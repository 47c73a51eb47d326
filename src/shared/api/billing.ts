import { z } from 'zod';
import { ADDON_PACKS, PLAN_IDS, type AddonPack, type PlanDefinition, type PlanId, type PlanTerms } from '../plans';
import type { PublicUser } from './auth';

/**
 * Contract of plans, metering, payments and the account pages. Shared by the routes in
 * src/server and the pages in src/client. Amounts are in minor units; dates are ISO 8601 strings.
 */

// ---------- GET /api/plans (public) ----------
export interface PlansResponse {
  plans: PlanDefinition[];
  packs: AddonPack[];
  /**
   * 'stripe' when STRIPE_SECRET_KEY is set; else 'test' (offline checkout labelled TEST MODE) when test
   * mode is allowed; else 'none': checkout is not available on this server (production without Stripe
   * and without BILLING_TEST_MODE), so the pricing page offers no purchase.
   */
  provider: 'stripe' | 'test' | 'none';
}

// ---------- GET /api/billing/subscription (logged in) ----------
export type SubscriptionStatus = 'active' | 'past_due' | 'canceled' | 'none';

export interface SubscriptionInfo {
  plan: PlanId;
  planName: string;
  status: SubscriptionStatus;
  /** The terms this account bought (copied at purchase), which a later plan edit does not change. */
  terms: PlanTerms;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  /** True when the user cancelled: the plan stays until currentPeriodEnd, then becomes free. */
  cancelAtPeriodEnd: boolean;
  /** A downgrade scheduled for the end of the period, if any. */
  scheduledPlan: PlanId | null;
  provider: 'stripe' | 'test' | null;
  /** Stripe only: whether the customer portal is available. */
  portalAvailable: boolean;
}

// ---------- Checkout ----------
export const CheckoutBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('plan'), plan: z.enum(PLAN_IDS).refine((p) => p !== 'free', 'Choose a paid plan.') }),
  z.object({
    kind: z.literal('pack'),
    pack: z.string().refine((id) => ADDON_PACKS.some((p) => p.id === id), 'Unknown add-on pack.'),
  }),
]);
export type CheckoutBody = z.infer<typeof CheckoutBody>;

/** POST /api/billing/checkout → where to send the browser (Stripe Checkout or the test checkout page). */
export interface CheckoutResponse {
  url: string;
}

/** POST /api/billing/change-plan: downgrades (to a cheaper plan or free) take effect at the end of the period. */
export const ChangePlanBody = z.object({ plan: z.enum(PLAN_IDS) });
export type ChangePlanBody = z.infer<typeof ChangePlanBody>;

/** POST /api/billing/change-plan → the updated subscription (409 conflict for an upgrade: use checkout). */
export type ChangePlanResponse = SubscriptionInfo;

/** POST /api/billing/cancel and /api/billing/resume → the updated subscription. */
export type CancelResponse = SubscriptionInfo;

/** POST /api/billing/portal → Stripe customer portal URL. 503 not_configured with the test provider. */
export interface PortalResponse {
  url: string;
}

// ---------- GET /api/billing/payments ----------
export interface PaymentRow {
  id: string;
  createdAt: string;
  /** e.g. "Pro plan (monthly)" or "Text Boost Small". */
  description: string;
  kind: 'subscription' | 'pack';
  amount: number;
  currency: string;
  /** 'paid' | 'refunded' | 'partially_refunded' | 'failed' */
  status: string;
  refundedAmount: number;
  provider: 'stripe' | 'test';
  /** A hosted invoice or receipt link when the provider gives one; otherwise the in-app receipt page. */
  receiptUrl: string | null;
}
export interface PaymentsResponse {
  payments: PaymentRow[];
}

// ---------- Usage ----------
/**
 * GET /api/user/simplified-usage: data.characters {used, limit} is what the sidebar reads.
 * `limit` is null when the account has no character limit (staff are not limited by plan).
 */
export interface SimplifiedUsageResponse {
  data: {
    characters: { used: number; limit: number | null };
    /** Pack credits left after the monthly allowance. */
    credits: { characters: number; images: number; audioMinutes: number };
    plan: PlanId | 'staff';
    periodEnd: string | null;
  };
}

export interface UsageByTool {
  tool: string;
  requests: number;
  characters: number;
}

export interface UsageByDay {
  /** YYYY-MM-DD (UTC) */
  date: string;
  requests: number;
  characters: number;
  /** characters per tool id on that day */
  tools: Record<string, number>;
}

export interface UsageEvent {
  id: string;
  tool: string;
  characters: number;
  /** 'ok' | 'error' | 'rejected' */
  status: string;
  engine: string | null;
  latencyMs: number | null;
  createdAt: string;
}

/** GET /api/user/usage?days=30 (1–90): the full breakdown for /usage and /dashboard. */
export const UsageQuery = z.object({ days: z.coerce.number().int().min(1).max(90).default(30) });

export interface UsageResponse {
  plan: PlanId | 'staff';
  period: { start: string; end: string } | null;
  /** limit and remaining are null when the account has no character limit (staff). */
  characters: { used: number; limit: number | null; remaining: number | null };
  credits: { characters: number; images: number; audioMinutes: number };
  detections: { today: number; dailyLimit: number | null };
  wordLimit: number;
  byTool: UsageByTool[];
  byDay: UsageByDay[];
  recent: UsageEvent[];
}

// ---------- Account ----------
export const ProfileUpdateBody = z
  .object({
    username: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]{3,32}$/, {
        message: 'Username must be 3–32 characters: letters, numbers, dots, dashes or underscores',
      }),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .pipe(z.email({ message: 'Please enter a valid email address' })),
    /** Required when the e-mail changes: a stolen session alone must not be able to move the account to another address. */
    currentPassword: z.string().max(256),
  })
  .partial()
  .strict();
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBody>;

export const PasswordChangeBody = z.object({
  currentPassword: z.string().max(256),
  newPassword: z.string().min(6, { message: 'Password must be at least 6 characters' }).max(256, { message: 'Password must be at most 256 characters' }),
});
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;

/** POST /api/user/email/undo (the form on the page the old address's notice links to) → 303 to choose a new password. */
export const EmailUndoBody = z.object({ token: z.string().min(20, { message: 'This link is invalid.' }).max(200) });

/** DELETE /api/user/account: the password again (or, for Google-only accounts, the word DELETE). */
export const DeleteAccountBody = z.object({ confirm: z.string().min(1).max(256) });

/**
 * PATCH /api/user/profile → the updated user (409 conflict with fields.email or fields.username when taken).
 * An e-mail change needs `currentPassword` (400 with fields.currentPassword when missing or wrong), sends the
 * old address a notice with an undo link, and ends the account's other sessions.
 */
export interface ProfileUpdateResponse {
  user: PublicUser;
  /** Present when the e-mail changed: how many other sessions were signed out. */
  otherSessionsEnded?: number;
}

/** POST /api/user/password → this session stays; the others are ended. A wrong current password is 400 with fields.currentPassword. */
export interface PasswordChangeResponse {
  ok: true;
  otherSessionsEnded: number;
}

/** DELETE /api/user/account → the session cookie is cleared. */
export interface DeleteAccountResponse {
  deleted: true;
}

/** GET /api/admin/plans (needs `plans:edit`; PUT /api/admin/plans/:id answers { plan }). */
export interface AdminPlansResponse {
  plans: PlanDefinition[];
}
