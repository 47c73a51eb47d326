import { z } from 'zod';
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

/** POST /api/user/api-keys */
export const CreateApiKeyBody = z.object({
  name: z
    .string({ message: 'Give the key a name.' })
    .trim()
    .min(1, { message: 'Give the key a name.' })
    .max(60, { message: 'The name can be at most 60 characters.' }),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

export const API_KEY_STATUSES = ['active', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

/** A key as its owner sees it: never the key itself, only its visible prefix. */
export interface ApiKeySummary {
  id: string;
  name: string;
  /** The key's first characters, e.g. `vt_live_a1B2`. */
  prefix: string;
  status: ApiKeyStatus;
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
  status: z.preprocess(blankToUndefined, z.enum(API_KEY_STATUSES, { message: 'Status is active or revoked.' }).optional()),
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
