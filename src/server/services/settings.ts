import { eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema';
import { DEFAULT_SETTINGS, SETTING_KEYS, SETTING_LABELS, SettingsSchema, type SettingKey, type Settings } from '../../shared/settings';
import type { ServerContext } from '../context';
import { audit } from './users';

/**
 * Run-time settings (src/shared/settings.ts), stored in `app_settings` one row per setting: key `setting:<name>`,
 * value the JSON of the setting. A setting never saved has its default.
 *
 * Reads are cached per database for CACHE_TTL_MS: a tool request or a staff route does not pay a query each time,
 * and several instances behind a load balancer agree within that time. A write drops this instance's cache at once,
 * so the instance that saved answers with the new value immediately; the others follow within two seconds.
 */
export const CACHE_TTL_MS = 2_000;
const PREFIX = 'setting:';

const cache = new WeakMap<Db, { at: number; value: Settings }>();

/** A stored value that no longer validates (an older format, a hand edit) falls back to the default, never to a 500. */
function parseStored(key: SettingKey, raw: string): Settings[SettingKey] | undefined {
  try {
    const shape = SettingsSchema.shape[key];
    let stored: unknown = JSON.parse(raw);
    // a record of per-key values (the visitors' allowances) saved before a key existed gets that key's default,
    // rather than losing every value staff set
    const def = DEFAULT_SETTINGS[key];
    if (isRecord(def) && isRecord(stored)) stored = { ...def, ...stored };
    const parsed = shape.safeParse(stored);
    return parsed.success ? (parsed.data as Settings[SettingKey]) : undefined;
  } catch {
    return undefined;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export async function getSettings(db: Db): Promise<Settings> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.value;
  const rows = await db
    .select({ key: appSettings.key, value: appSettings.value })
    .from(appSettings)
    .where(like(appSettings.key, `${PREFIX}%`));
  const value: Settings = structuredClone(DEFAULT_SETTINGS);
  for (const row of rows) {
    const key = row.key.slice(PREFIX.length) as SettingKey;
    if (!SETTING_KEYS.includes(key)) continue;
    const parsed = parseStored(key, row.value);
    if (parsed !== undefined) (value as Record<SettingKey, unknown>)[key] = parsed;
  }
  cache.set(db, { at: Date.now(), value });
  return value;
}

/** Drop this instance's cached copy (after a write, and in tests). */
export function invalidateSettings(db: Db): void {
  cache.delete(db);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function changeText(key: SettingKey, before: unknown, after: unknown): string {
  const show = (v: unknown) => {
    const s = typeof v === 'string' ? `"${v}"` : JSON.stringify(v);
    return s.length > 120 ? `${s.slice(0, 117)}...` : s;
  };
  return `Changed setting ${SETTING_LABELS[key]}: ${show(before)} → ${show(after)}`;
}

export interface SettingsActor {
  id: string;
  email: string;
  ip: string;
}

/**
 * Save the settings in `patch` (already validated) that differ from the current ones, one row each, and write one
 * audit entry per changed setting saying which and how. Returns the new settings and the changed keys.
 */
export async function updateSettings(
  ctx: ServerContext,
  actor: SettingsActor,
  patch: Partial<Settings>,
  category: 'system' | 'security' = 'system',
): Promise<{ settings: Settings; changed: SettingKey[] }> {
  invalidateSettings(ctx.db);
  const current = await getSettings(ctx.db);
  const changed = (Object.keys(patch) as SettingKey[]).filter((k) => patch[k] !== undefined && !same(patch[k], current[k]));
  if (changed.length === 0) return { settings: current, changed };
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    for (const key of changed) {
      const value = JSON.stringify(patch[key]);
      await tx
        .insert(appSettings)
        .values({ key: `${PREFIX}${key}`, value, updatedAt: now })
        .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } });
    }
  });
  for (const key of changed) {
    await audit(ctx.db, { userId: actor.id, email: actor.email, action: changeText(key, current[key], patch[key]), category, ip: actor.ip });
  }
  invalidateSettings(ctx.db);
  return { settings: await getSettings(ctx.db), changed };
}

/** Remove every stored setting (back to the defaults); for tests. */
export async function resetSettings(db: Db): Promise<void> {
  await db.delete(appSettings).where(like(appSettings.key, `${PREFIX}%`));
  invalidateSettings(db);
}

export async function storedSettingRow(db: Db, key: SettingKey) {
  const [row] = await db
    .select()
    .from(appSettings)
    .where(eq(appSettings.key, `${PREFIX}${key}`));
  return row;
}
