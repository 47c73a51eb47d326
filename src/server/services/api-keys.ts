import { randomBytes } from 'node:crypto';
import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { apiKeys, usageEvents, users } from '../../db/schema';
import {
  API_KEY_MAX_LIFETIME_DAYS,
  API_KEY_PREFIX,
  API_KEY_USAGE_DAYS,
  API_KEY_VISIBLE_CHARS,
  API_KEYS_PER_ACCOUNT,
  API_PLANS,
  planHasApi,
  type AdminApiKey,
  type AdminApiKeysQuery,
  type AdminApiKeysResponse,
  type ApiKeyListResponse,
  type ApiKeySummary,
  type CreateApiKeyBody,
  type CreateApiKeyResponse,
} from '../../shared/api/api-keys';
import type { PublicUser } from '../../shared/api/auth';
import { DEFAULT_PLANS, isPlanId } from '../../shared/plans';
import type { Role } from '../../shared/roles';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { hashToken } from './tokens';
import { audit } from './users';

/**
 * API keys: created by Pro and Agency accounts, sent as `Authorization: Bearer <key>` to the public API (/api/v1),
 * and managed by staff. A key is shown once, at creation; the table keeps only its SHA-256 hash (a key is 190 random
 * bits, so a fast hash is enough: there is nothing to brute-force) and its first characters to tell keys apart.
 * A key may be limited to some tools (scopes) and may expire.
 */

/** Who is acting, with the address the request came from (for the audit log). */
export type KeyActor = PublicUser & { ip: string };

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_RANDOM_CHARS = 32;
/** last_used_at is written at most this often per key, so a busy key does not cost a write per request. */
const LAST_USED_RESOLUTION_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `vt_live_` + 32 base62 characters from crypto.randomBytes (rejection sampling, so every character is equally likely). */
export function generateApiKey(): string {
  let out = '';
  while (out.length < KEY_RANDOM_CHARS) {
    for (const b of randomBytes(48)) {
      // 248 = 4 × 62: bytes above it would make the first characters of the alphabet likelier.
      if (b < 248 && out.length < KEY_RANDOM_CHARS) out += BASE62[b % 62];
    }
  }
  return API_KEY_PREFIX + out;
}

/**
 * The key of an `Authorization: Bearer <key>` header (possibly empty or malformed: authenticateApiKey refuses it),
 * or null when there is no Bearer authorization. Other schemes (e.g. Basic from a password-protected staging proxy)
 * are ignored, so they never turn a browser's request into an API request.
 */
export function bearerKey(authorization: string | undefined): string | null {
  const m = /^Bearer(?:[ \t]+(\S*))?[ \t]*$/i.exec(authorization ?? '');
  return m ? (m[1] ?? '') : null;
}

const KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${KEY_RANDOM_CHARS}}$`);

type KeyRow = typeof apiKeys.$inferSelect;

function isExpired(k: Pick<KeyRow, 'expiresAt'>, now: Date): boolean {
  return k.expiresAt !== null && k.expiresAt.getTime() <= now.getTime();
}

function summary(k: KeyRow, now: Date): ApiKeySummary {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    status: k.revokedAt ? 'revoked' : isExpired(k, now) ? 'expired' : 'active',
    scopes: k.scopes,
    expiresAt: k.expiresAt?.toISOString() ?? null,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
  };
}

const planNames = () => API_PLANS.map((p) => DEFAULT_PLANS[p].name).join(' and ');

/** The account's own keys, newest first. */
export async function listOwnKeys(ctx: ServerContext, user: PublicUser): Promise<ApiKeyListResponse> {
  const rows = await ctx.db.select().from(apiKeys).where(eq(apiKeys.userId, user.id)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  const now = ctx.now();
  return { items: rows.map((k) => summary(k, now)), allowed: planHasApi(user.role), plans: [...API_PLANS], max: API_KEYS_PER_ACCOUNT };
}

/**
 * A new key for a Pro or Agency account, at most API_KEYS_PER_ACCOUNT active (neither revoked nor expired) at once.
 * The account's row is locked while counting, so two requests at the same moment cannot both take the last place.
 * `scopes` and `expiresAt` were checked by the contract (CreateApiKeyBody); the expiry is checked again against the
 * server's clock.
 */
export async function createKey(ctx: ServerContext, actor: KeyActor, body: CreateApiKeyBody): Promise<CreateApiKeyResponse> {
  if (!planHasApi(actor.role)) {
    throw new AppError('forbidden', `API keys are included in the ${planNames()} plans. Upgrade on the Pricing page to create one.`);
  }
  const { name } = body;
  const scopes = body.scopes ?? null;
  const now = ctx.now();
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  if (expiresAt && (expiresAt.getTime() <= now.getTime() || expiresAt.getTime() > now.getTime() + API_KEY_MAX_LIFETIME_DAYS * DAY_MS)) {
    throw new AppError('validation_failed', `The expiry must be in the future and at most ${API_KEY_MAX_LIFETIME_DAYS / 365} years away.`, {
      expiresAt: 'Out of range',
    });
  }
  const key = generateApiKey();
  const row = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, actor.id), isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now))));
    if (Number(active?.n ?? 0) >= API_KEYS_PER_ACCOUNT) {
      throw new AppError('conflict', `You already have ${API_KEYS_PER_ACCOUNT} active API keys. Revoke one you no longer use to create another.`);
    }
    const [inserted] = await tx
      .insert(apiKeys)
      .values({ userId: actor.id, name, prefix: key.slice(0, API_KEY_VISIBLE_CHARS), keyHash: hashToken(key), scopes, expiresAt })
      .returning();
    return inserted;
  });
  const limits = [scopes ? `tools: ${scopes.join(', ')}` : null, expiresAt ? `expires ${expiresAt.toISOString().slice(0, 10)}` : null].filter(Boolean);
  await audit(ctx.db, {
    userId: actor.id,
    email: actor.email,
    action: `Created API key "${name}" (${row.prefix}…)${limits.length ? ` [${limits.join('; ')}]` : ''}`,
    category: 'security',
    ip: actor.ip,
  });
  return { apiKey: summary(row, now), key };
}

/** The owner revokes one of their keys. Another account's key is "not found", so ids cannot be probed. */
export async function revokeOwnKey(ctx: ServerContext, actor: KeyActor, id: string): Promise<ApiKeySummary> {
  const [row] = await ctx.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, actor.id)))
    .limit(1);
  if (!row) throw new AppError('not_found', 'No such API key.');
  const revoked = await markRevoked(ctx, row, null);
  await audit(ctx.db, {
    userId: actor.id,
    email: actor.email,
    action: `Revoked own API key "${row.name}" (${row.prefix}…)`,
    category: 'security',
    ip: actor.ip,
  });
  return summary(revoked, ctx.now());
}

/** Sets revoked_at once; a second revocation (or a race with another) is a 409 naming when it happened. */
async function markRevoked(ctx: ServerContext, row: KeyRow, by: string | null): Promise<KeyRow> {
  const [updated] = await ctx.db
    .update(apiKeys)
    .set({ revokedAt: ctx.now(), revokedBy: by })
    .where(and(eq(apiKeys.id, row.id), isNull(apiKeys.revokedAt)))
    .returning();
  if (!updated) {
    const [now] = await ctx.db.select({ revokedAt: apiKeys.revokedAt }).from(apiKeys).where(eq(apiKeys.id, row.id));
    throw new AppError('conflict', `This API key was already revoked${now?.revokedAt ? ` on ${now.revokedAt.toISOString().slice(0, 10)}` : ''}.`);
  }
  return updated;
}

export interface KeyOwner {
  user: PublicUser;
  apiKeyId: string;
  /** The key as its owner sees it (name, prefix, scopes, expiry), for GET /api/v1/me. */
  key: { name: string; prefix: string; scopes: string[] | null; expiresAt: Date | null };
}

/**
 * The account a `Bearer` key acts for: 401 `invalid_api_key` for an unknown, malformed or revoked key, 401
 * `api_key_expired` past its expiry; 403 when the owner is suspended or no longer on a plan with API access. Marks
 * the key used (at most once a minute).
 */
export async function authenticateApiKey(ctx: ServerContext, key: string): Promise<KeyOwner> {
  const invalid = () =>
    new AppError('invalid_api_key', 'This API key is not valid. Check that it was copied whole, or create a new one under Account → API keys.');
  if (!KEY_SHAPE.test(key)) throw invalid();
  const [row] = await ctx.db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      userId: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
      suspendedAt: users.suspendedAt,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, hashToken(key)))
    .limit(1);
  if (!row) throw invalid();
  if (row.revokedAt) {
    throw new AppError(
      'invalid_api_key',
      `This API key was revoked on ${row.revokedAt.toISOString().slice(0, 10)} and no longer works. Create a new one under Account → API keys.`,
    );
  }
  const now = ctx.now();
  if (isExpired(row, now)) {
    throw new AppError(
      'api_key_expired',
      `This API key expired on ${row.expiresAt!.toISOString().slice(0, 10)} and no longer works. Create a new one under Account → API keys.`,
    );
  }
  if (row.suspendedAt) throw new AppError('forbidden', 'The account this API key belongs to is suspended.');
  if (!planHasApi(row.role)) {
    const plan = isPlanId(row.role) ? `the ${DEFAULT_PLANS[row.role].name} plan` : 'a staff role';
    throw new AppError('forbidden', `API access is included in the ${planNames()} plans; the account of this key is on ${plan}. Upgrade on the Pricing page.`);
  }
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    // Conditional, so instances racing on one key write it once.
    const before = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
    await ctx.db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, before))));
  }
  return {
    user: { id: row.userId, username: row.username, email: row.email, role: row.role as Role },
    apiKeyId: row.id,
    key: { name: row.name, prefix: row.prefix, scopes: row.scopes, expiresAt: row.expiresAt },
  };
}

// ---------- Staff: /admin/api-keys ----------

const revoker = alias(users, 'revoker');

/** LIKE pattern matching `q` literally anywhere (backslash is PostgreSQL's default LIKE escape). */
function containing(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function adminFilter(q: AdminApiKeysQuery, now: Date): SQL | undefined {
  const where: SQL[] = [];
  if (q.q) {
    const p = containing(q.q.toLowerCase());
    // E-mails are stored lower-cased; usernames and prefixes keep their case.
    where.push(or(sql`${users.email} like ${p}`, sql`lower(${users.username}) like ${p}`, sql`lower(${apiKeys.prefix}) like ${p}`)!);
  }
  const live = or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now))!;
  if (q.status === 'active') where.push(isNull(apiKeys.revokedAt), live);
  if (q.status === 'expired') where.push(isNull(apiKeys.revokedAt), lte(apiKeys.expiresAt, now));
  if (q.status === 'revoked') where.push(isNotNull(apiKeys.revokedAt));
  return where.length ? and(...where) : undefined;
}

const adminColumns = {
  key: apiKeys,
  ownerId: users.id,
  ownerEmail: users.email,
  ownerUsername: users.username,
  revokerId: revoker.id,
  revokerEmail: revoker.email,
};

/** Calls and characters per key over the last API_KEY_USAGE_DAYS days, from the usage events the keys made. */
async function usageOf(ctx: ServerContext, ids: string[]): Promise<Map<string, { calls: number; characters: number }>> {
  const out = new Map<string, { calls: number; characters: number }>();
  if (ids.length === 0) return out;
  const since = new Date(ctx.now().getTime() - API_KEY_USAGE_DAYS * DAY_MS);
  const rows = await ctx.db
    .select({ id: usageEvents.apiKeyId, calls: count(), characters: sql<string>`coalesce(sum(${usageEvents.characters}), 0)` })
    .from(usageEvents)
    .where(and(inArray(usageEvents.apiKeyId, ids), gte(usageEvents.createdAt, since)))
    .groupBy(usageEvents.apiKeyId);
  for (const r of rows) if (r.id) out.set(r.id, { calls: Number(r.calls), characters: Number(r.characters) });
  return out;
}

type AdminRow = {
  key: KeyRow;
  ownerId: string;
  ownerEmail: string;
  ownerUsername: string;
  revokerId: string | null;
  revokerEmail: string | null;
};

function adminKey(r: AdminRow, usage: { calls: number; characters: number } | undefined, now: Date): AdminApiKey {
  return {
    ...summary(r.key, now),
    owner: { id: r.ownerId, email: r.ownerEmail, username: r.ownerUsername },
    revokedBy: r.revokerId && r.revokerEmail ? { id: r.revokerId, email: r.revokerEmail } : null,
    usage: usage ?? { calls: 0, characters: 0 },
  };
}

export async function listAllKeys(ctx: ServerContext, q: AdminApiKeysQuery): Promise<AdminApiKeysResponse> {
  const now = ctx.now();
  const filter = adminFilter(q, now);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(adminColumns)
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .leftJoin(revoker, eq(revoker.id, apiKeys.revokedBy))
      .where(filter)
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
      .limit(q.limit)
      .offset(q.offset),
    ctx.db.select({ n: count() }).from(apiKeys).innerJoin(users, eq(users.id, apiKeys.userId)).where(filter),
  ]);
  const usage = await usageOf(
    ctx,
    rows.map((r) => r.key.id),
  );
  return { items: rows.map((r) => adminKey(r, usage.get(r.key.id), now)), total: Number(total?.n ?? 0), offset: q.offset, limit: q.limit };
}

async function findAdminKey(ctx: ServerContext, id: string): Promise<AdminApiKey> {
  const [row] = await ctx.db
    .select(adminColumns)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .leftJoin(revoker, eq(revoker.id, apiKeys.revokedBy))
    .where(eq(apiKeys.id, id))
    .limit(1);
  if (!row) throw new AppError('not_found', 'No such API key.');
  return adminKey(row, (await usageOf(ctx, [id])).get(id), ctx.now());
}

/**
 * Staff revoke any key: audited (security) with the owner named so their account page finds it, and the owner is
 * told by e-mail, since their integration stops working. A failed e-mail is logged; the key stays revoked.
 */
export async function staffRevokeKey(ctx: ServerContext, actor: KeyActor, id: string, log: { error: (o: object, m: string) => void }): Promise<AdminApiKey> {
  const [row] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
  if (!row) throw new AppError('not_found', 'No such API key.');
  await markRevoked(ctx, row, actor.id);
  const key = await findAdminKey(ctx, id);
  await audit(ctx.db, {
    userId: actor.id,
    email: actor.email,
    action: `Revoked API key "${row.name}" (${row.prefix}…) of ${key.owner.email} (user ${key.owner.id})`,
    category: 'security',
    ip: actor.ip,
  });
  try {
    await ctx.mailer.send({
      to: key.owner.email,
      subject: 'Your Veritext API key was revoked',
      text:
        `Hello ${key.owner.username},\n\nAn administrator revoked your API key "${row.name}" (${row.prefix}…).\n` +
        `Requests made with it are now refused. You can create a new key under Account → API keys:\n\n${ctx.origin}/account\n\n` +
        `If you did not expect this, reply to this e-mail or contact support.\n`,
    });
  } catch (err) {
    log.error({ err: (err as Error).message }, 'API key revocation e-mail could not be sent');
  }
  return key;
}
