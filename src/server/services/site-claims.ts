import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { CLAIM_KEYS, type SiteClaim, type SiteClaims } from '../../shared/site-claims';
import type { ClaimOverrides } from '../../shared/settings';
import type { ServerContext } from '../context';
import { rows } from './billing';
import { getSettings } from './settings';

/**
 * The detector's measured held-out figure, copied from its model card (docs/detector.md, section 1, the table that
 * `npm run eval:detector` writes) for the model version in src/engines/detector/model/weights.json. The model card is
 * not shipped with the server, so the figure lives here; tests/api/site-claims.test.ts fails when the model card or
 * the model version changes and this copy does not follow. `null` would mean no measured figure: no accuracy is shown.
 */
export const DETECTOR_HELD_OUT: { modelVersion: string; auroc: number; what: string } | null = {
  modelVersion: 'veritext-detector-2.5.1',
  auroc: 0.995,
  what: 'Assistant text vs 4,057 human texts, on genres held out of training',
};

/** Counts are cheap but not free (a scan of usage_events); visitors see figures at most this old. */
export const CLAIMS_CACHE_MS = 5 * 60_000;
const ACTIVE_DAYS = 30;

interface Counts {
  pieces: number;
  activeUsers: number;
}
const cache = new WeakMap<Db, { at: number; counts: Counts }>();

/** Drop the cached counts (tests; nothing else needs figures fresher than five minutes). */
export function invalidateSiteClaims(db: Db): void {
  cache.delete(db);
}

async function counts(ctx: ServerContext): Promise<Counts> {
  const hit = cache.get(ctx.db);
  if (hit && ctx.now().getTime() - hit.at < CLAIMS_CACHE_MS) return hit.counts;
  const since = new Date(ctx.now().getTime() - ACTIVE_DAYS * 24 * 3600_000);
  // A piece analysed is a tool request that produced a result; refusals and errors analysed nothing.
  // Active users are accounts that used a tool lately: visitors without an account cannot be told apart honestly.
  const [row] = rows<{ pieces: unknown; active: unknown }>(
    await ctx.db.execute(sql`
      select count(*) filter (where status = 'ok') as pieces,
             count(distinct user_id) filter (where status = 'ok' and created_at >= ${since}) as active
      from usage_events`),
  );
  const value = { pieces: Number(row?.pieces ?? 0), activeUsers: Number(row?.active ?? 0) };
  cache.set(ctx.db, { at: ctx.now().getTime(), counts: value });
  return value;
}

const whole = (n: number) => n.toLocaleString('en-US');

/**
 * The figures as shown. Decision: real counts are shown as they are, however small - a threshold would hide the only
 * true figure a new server has, and the note says the count is of this server, so "12" reads as what it is.
 */
export function composeClaims(c: Counts, measured: typeof DETECTOR_HELD_OUT, overrides: ClaimOverrides): SiteClaims {
  const out: SiteClaims = {
    piecesAnalysed: { value: whole(c.pieces), label: 'Pieces analysed', note: 'Texts and files checked on this server so far', source: 'measured' },
    accuracy: measured
      ? {
          value: `AUROC ${measured.auroc.toFixed(3).replace(/0+$/, '')}`,
          label: 'Measured detection quality',
          note: `${measured.what} (${measured.modelVersion})`,
          source: 'measured',
        }
      : // Never an accuracy that was not measured: without a model-card figure the block leaves it out.
        { value: null, label: 'Accuracy', note: '', source: 'measured' },
    activeUsers: {
      value: whole(c.activeUsers),
      label: 'Active users',
      note: `Accounts that used a tool in the last ${ACTIVE_DAYS} days`,
      source: 'measured',
    },
    // An uptime percentage is not measured here, so availability says what is true of every install instead.
    availability: { value: 'Self-hosted', label: 'Availability', note: 'Runs on this server, offline, with no outside AI service', source: 'measured' },
  };
  for (const k of CLAIM_KEYS) {
    const text = overrides[k].trim();
    if (text) out[k] = { value: text, label: out[k].label === 'Measured detection quality' ? 'Accuracy' : out[k].label, note: '', source: 'override' };
  }
  return out;
}

export async function siteClaims(ctx: ServerContext): Promise<SiteClaims> {
  const [c, settings] = await Promise.all([counts(ctx), getSettings(ctx.db)]);
  return composeClaims(c, DETECTOR_HELD_OUT, settings.claims);
}

export type { SiteClaim };
