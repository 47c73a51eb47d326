import { z } from 'zod';
import { TOOLS } from '../catalogue';
import type { PlanId } from '../plans';

/**
 * API keys: a plan account's keys for calling the tool endpoints with `Authorization: Bearer <key>`
 * (`/api/user/api-keys*`), and the staff view of every key (`/api/admin/api-keys*`).
 */

/** Every key starts with this, so a leaked key is recognisable (e.g. by secret scanners) and a typo is caught early. */
export const API_KEY_PREFIX = 'vt_live_';
/** Characters of a key shown and stored in clear to tell keys apart (`vt_live_` + 4). */
export const API_KEY_VISIBLE_CHARS = 12;
/** Active (not revoked) keys an account may hold at once. */
export const API_KEYS_PER_ACCOUNT = 10;
/**
 * The plans that include API access (the public API issue: "Pro and Agency users create keys"). A key of an account
 * that later moves to another plan stops working until it is back on one of these.
 */
export const API_PLANS = ['pro', 'agency'] as const satisfies readonly PlanId[];

export function planHasApi(plan: string): boolean {
  return (API_PLANS as readonly string[]).includes(plan);
}

/**
 * Live catalogue tools that have no endpoint of their own, so a key cannot be limited to them: the ChatGPT detector
 * is the AI Content Detector's endpoint under another page, and the e-mail generator is a static guide.
 */
const NO_ENDPOINT_OF_ITS_OWN: readonly string[] = ['chatgpt_detector', 'email_generator'];

/**
 * The tools a key may be limited to (its scopes): the catalogue ids of the live tools with an endpoint under
 * /api/v1/tools/. tests/api/api-v1.test.ts checks this list against the endpoints the server registers.
 */
export const API_SCOPES: readonly string[] = TOOLS.filter((t) => t.live && !NO_ENDPOINT_OF_ITS_OWN.includes(t.id)).map((t) => t.id);

/** The longest a key may live: two years. */
export const API_KEY_MAX_LIFETIME_DAYS = 730;
/** What the key form offers (days; null = never expires). The API takes any `expiresAt` within the lifetime. */
export const API_KEY_EXPIRY_CHOICES = [7, 30, 90, 365, null] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** POST /api/user/api-keys */
export const CreateApiKeyBody = z.object({
  name: z
    .string({ message: 'Give the key a name.' })
    .trim()
    .min(1, { message: 'Give the key a name.' })
    .max(60, { message: 'The name can be at most 60 characters.' }),
  /** Catalogue tool ids the key may call; omitted or null: every tool the owner's plan includes. */
  scopes: z
    .array(z.enum(API_SCOPES as [string, ...string[]], { message: 'Scopes are tool ids of the catalogue, such as ai_content_detector.' }), {
      message: 'Scopes are a list of tool ids.',
    })
    .min(1, { message: 'Pick at least one tool, or leave the scopes out for every tool.' })
    .max(API_SCOPES.length)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Each tool can be listed once.' })
    .nullish(),
  /** When the key stops working (ISO 8601 with an offset), in the future and at most two years away; omitted or null: never. */
  expiresAt: z.iso
    .datetime({ offset: true, message: 'The expiry is a date and time such as 2026-12-31T23:59:59Z.' })
    .refine((v) => Date.parse(v) > Date.now(), { message: 'The expiry must be in the future.' })
    .refine((v) => Date.parse(v) <= Date.now() + API_KEY_MAX_LIFETIME_DAYS * DAY_MS, {
      message: `A key can live at most ${API_KEY_MAX_LIFETIME_DAYS / 365} years.`,
    })
    .nullish(),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

/** A key as its owner sees it: never the key itself, only its visible prefix. */
export interface ApiKeySummary {
  id: string;
  name: string;
  /** The key's first characters, e.g. `vt_live_a1B2`. */
  prefix: string;
  /** 'revoked' wins over 'expired' when both apply. */
  status: ApiKeyStatus;
  /** Tool ids the key may call; null: every tool the owner's plan includes. */
  scopes: string[] | null;
  /** When it stops working; null: never. */
  expiresAt: string | null;
  createdAt: string;
  /** Updated at most once a minute, so it may be up to a minute behind. */
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** GET /api/user/api-keys */
export interface ApiKeyListResponse {
  /** Newest first, revoked keys included (marked). */
  items: ApiKeySummary[];
  /** Whether the account's plan includes API access. */
  allowed: boolean;
  /** The plans that include it, for the upgrade hint. */
  plans: PlanId[];
  /** Most active keys at once. */
  max: number;
}

/** POST /api/user/api-keys: the only answer that ever holds the full key. */
export interface CreateApiKeyResponse {
  apiKey: ApiKeySummary;
  /** Shown once; the server keeps only its SHA-256 hash. */
  key: string;
}

export const ADMIN_API_KEYS_PAGE_MAX = 100;

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** GET /api/admin/api-keys?q=&status=&offset=&limit= */
export const AdminApiKeysQuery = z.object({
  /** Part of the owner's e-mail or username, or the start of a key's prefix; any case. */
  q: z.string().trim().max(200).default(''),
  status: z.preprocess(blankToUndefined, z.enum(API_KEY_STATUSES, { message: 'Status is active, expired or revoked.' }).optional()),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(ADMIN_API_KEYS_PAGE_MAX).default(25),
});
export type AdminApiKeysQuery = z.infer<typeof AdminApiKeysQuery>;

/** Days of usage shown per key on the staff page. */
export const API_KEY_USAGE_DAYS = 30;

export interface AdminApiKey extends ApiKeySummary {
  owner: { id: string; email: string; username: string };
  /** The staff member who revoked it; null when the owner did (or it is active). */
  revokedBy: { id: string; email: string } | null;
  /** Tool calls made with this key in the last API_KEY_USAGE_DAYS days (usage_events.api_key_id). */
  usage: { calls: number; characters: number };
}

export interface AdminApiKeysResponse {
  items: AdminApiKey[];
  total: number;
  offset: number;
  limit: number;
}

/** POST /api/admin/api-keys/:id/revoke */
export interface AdminApiKeyRevokeResponse {
  apiKey: AdminApiKey;
}
