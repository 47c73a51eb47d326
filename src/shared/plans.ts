import type { Tool } from './catalogue';
import { isStaff, type PlanRole } from './roles';

/**
 * Plans and add-on packs. These are the *defaults* seeded into the `plans` table;
 * staff may edit prices and limits there, and an account keeps the terms it bought (copied onto
 * the subscription at purchase) until it renews or changes plan. Prices are in minor units (cents).
 */
export type PlanId = PlanRole;
export const PLAN_IDS = ['free', 'basic', 'pro', 'agency'] as const satisfies readonly PlanId[];

export function isPlanId(v: unknown): v is PlanId {
  return typeof v === 'string' && (PLAN_IDS as readonly string[]).includes(v);
}

/** The limits a plan grants. `null` means unlimited. */
export interface PlanTerms {
  /** Characters of tool input per billing period (free: 50,000). */
  monthlyCharacters: number;
  /** Words per request (2,000 for a logged-in free account). */
  wordLimit: number;
  /** Detections per UTC day (marketing copy: free 5 a day, Pro unlimited). */
  dailyDetections: number | null;
}

export interface PlanDefinition extends PlanTerms {
  id: PlanId;
  name: string;
  /** Price per month in minor units; 0 for free. */
  price: number;
  currency: 'usd';
  description: string;
  /** Short selling points shown on /pricing, beyond the limits themselves. */
  highlights: string[];
  /** Ordering for upgrade/downgrade decisions. */
  rank: number;
}

export const DEFAULT_PLANS: Record<PlanId, PlanDefinition> = {
  free: {
    id: 'free',
    name: 'Free',
    price: 0,
    currency: 'usd',
    monthlyCharacters: 50_000,
    wordLimit: 2_000,
    dailyDetections: 5,
    description: 'Try the detector and the everyday writing tools.',
    highlights: ['AI detection with sentence highlights', 'Humanizer, rewriter, grammar fixer', 'Plagiarism check against the library'],
    rank: 0,
  },
  basic: {
    id: 'basic',
    name: 'Basic',
    price: 499,
    currency: 'usd',
    monthlyCharacters: 250_000,
    wordLimit: 3_000,
    dailyDetections: 50,
    description: 'For students and writers who check a few texts a week.',
    highlights: ['Everything in Free, without ads', 'Longer texts per request', '50 detections a day'],
    rank: 1,
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    price: 999,
    currency: 'usd',
    monthlyCharacters: 1_000_000,
    wordLimit: 10_000,
    dailyDetections: null,
    description: 'Unlimited detection and every tool, for daily writing work.',
    // The Pro-only tools are listed on /pricing from the catalogue's live tools (planToolsLine), never from a fixed
    // list; and nothing here gives any plan priority, so no "priority processing" is sold.
    highlights: ['Everything in Basic', 'Unlimited detections'],
    rank: 2,
  },
  agency: {
    id: 'agency',
    name: 'Agency',
    price: 2999,
    currency: 'usd',
    monthlyCharacters: 5_000_000,
    wordLimit: 25_000,
    dailyDetections: null,
    description: 'For teams, schools and agencies checking content at volume.',
    highlights: ['Everything in Pro', '5 million characters a month', 'The longest texts per request'],
    rank: 3,
  },
};

/**
 * What one unit of a media tool's work counts against the monthly characters (one image analysed, one started minute
 * of audio transcribed): about what a page of text or a minute of speech would be as text. Once the month's
 * characters are spent, the tool draws on pack credits of its kind instead (image credits, Audio Pack minutes).
 */
export const MEDIA_CHARACTERS = { images: 1_000, audio: 1_000 } as const;

/**
 * Batch checks (/batch, POST /api/batches: up to 50 documents at once) are for the plans sold to schools, teams and
 * agencies. Staff, who use every tool, may run them too. The server enforces this; the page reads the same rule.
 */
export const BATCH_PLANS: readonly PlanId[] = ['pro', 'agency'];

/** Whether a plan (or a staff role, which has none) may run batch checks. */
export function batchesAllowed(planOrRole: string | null | undefined): boolean {
  if (!planOrRole) return false;
  return (BATCH_PLANS as readonly string[]).includes(planOrRole) || isStaff(planOrRole);
}

/** Anonymous visitors have no plan: their per-request limit and counters are in limits.ts. */

export type PackType = 'text' | 'images' | 'audio' | 'bundle';

/** What a pack adds to the account's credit ledger. */
export interface PackAmounts {
  text?: number;
  images?: number;
  /** Minutes of audio. */
  audio?: number;
}

export interface AddonPack {
  id: string;
  name: string;
  description: string;
  /** Minor units (cents). */
  price: number;
  currency: 'usd';
  type: PackType;
  amounts: PackAmounts;
}

/** The published prices and amounts. Packs are spent only after the monthly allowance. */
export const ADDON_PACKS: AddonPack[] = [
  {
    id: 'text_boost_small',
    name: 'Text Boost Small',
    description: '300,000 extra characters',
    price: 349,
    currency: 'usd',
    type: 'text',
    amounts: { text: 300_000 },
  },
  {
    id: 'text_boost_medium',
    name: 'Text Boost Medium',
    description: '800,000 extra characters',
    price: 699,
    currency: 'usd',
    type: 'text',
    amounts: { text: 800_000 },
  },
  {
    id: 'text_boost_large',
    name: 'Text Boost Large',
    description: '1,800,000 extra characters',
    price: 1199,
    currency: 'usd',
    type: 'text',
    amounts: { text: 1_800_000 },
  },
  { id: 'image_pack_standard', name: 'Image Pack Standard', description: '50 images', price: 499, currency: 'usd', type: 'images', amounts: { images: 50 } },
  {
    id: 'image_pack_premium',
    name: 'Image Pack Premium',
    // SPEC's copy says "with higher quality", but every image credit buys the same analysis here (the offline models,
    // or the operator's vision provider for everyone), so the pack is sold for what it is: more images for less each.
    description: '100 images',
    price: 899,
    currency: 'usd',
    type: 'images',
    amounts: { images: 100 },
  },
  { id: 'audio_pack', name: 'Audio Pack', description: '60 minutes of audio', price: 399, currency: 'usd', type: 'audio', amounts: { audio: 60 } },
  {
    id: 'power_user_bundle',
    name: 'Power User Bundle',
    description: '500,000 characters plus 30 images',
    price: 1499,
    currency: 'usd',
    type: 'bundle',
    amounts: { text: 500_000, images: 30 },
  },
];

export function findPack(id: string): AddonPack | undefined {
  return ADDON_PACKS.find((p) => p.id === id);
}

export function formatPrice(minor: number, currency = 'usd'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);
}

/** The notice shown when a subscription changes. */
export function subscriptionNotice(planName: string, upgraded: boolean): string {
  return upgraded ? `You have been successfully upgraded to the ${planName} plan.` : `Your plan has been changed to ${planName}.`;
}

/**
 * The tools that spend each kind of pack credit. A pack is on sale only when every kind of credit it
 * grants can be spent on a live tool: selling image credits before any image tool works would take
 * money for nothing.
 */
const CREDIT_TOOLS: Record<keyof PackAmounts, string[]> = {
  text: ['ai_content_detector', 'ai_humanizer', 'ai_rewriter', 'grammar_fixer', 'ai_summarizer', 'plagiarism_checker'],
  images: ['image_to_text', 'deepfake_detector'],
  audio: ['text_to_speech', 'speech_to_text'],
};

export function packOnSale(pack: AddonPack, liveToolIds: ReadonlySet<string>): boolean {
  return (Object.keys(pack.amounts) as (keyof PackAmounts)[]).every((kind) => CREDIT_TOOLS[kind].some((id) => liveToolIds.has(id)));
}

/** Why a pack is not on sale yet, for the pricing page and the checkout refusal. */
export function packUnavailableReason(pack: AddonPack): string {
  const kinds = (Object.keys(pack.amounts) as (keyof PackAmounts)[]).filter((k) => k !== 'text');
  const what = kinds.map((k) => (k === 'images' ? 'image' : 'audio')).join(' and ');
  return `On sale once the ${what} tools are available on this server.`;
}

/**
 * A stored highlight naming plan-only tools from a fixed list, like the old seeded default "Pro-only tools (essay,
 * resume, SEO meta, speech-to-text)": it sold tools this server may not run, so /pricing leaves it out and shows
 * planToolsLine instead.
 */
export const FIXED_TOOLS_HIGHLIGHT = /^\w+-only tools\b/i;

/**
 * What /pricing says a plan adds in tools, from the catalogue: the live tools this plan is the lowest to unlock
 * (so Agency's "Everything in Pro" is not repeated). A tool that needs a language model for everything is left out
 * when none is configured, and one that needs it for part of its work says so. null when the plan unlocks none.
 */
/** Live catalogue entries that are not a tool to sell: the e-mail generator's page is a static notice with guidelines (SPEC). */
const NOT_SOLD_AS_TOOLS: readonly string[] = ['email_generator'];

export function planToolsLine(plan: Pick<PlanDefinition, 'id' | 'name'>, tools: readonly Tool[], llmConfigured: boolean): string | null {
  const lowest = (t: Tool) => PLAN_IDS.find((id) => t.requiredRole.includes(id));
  const unlocked = tools.filter(
    (t) =>
      t.live &&
      !t.comingSoon &&
      !NOT_SOLD_AS_TOOLS.includes(t.id) &&
      lowest(t) === plan.id &&
      plan.id !== 'free' &&
      !(t.needsModel === 'always' && !llmConfigured),
  );
  if (unlocked.length === 0) return null;
  const partly = !llmConfigured && unlocked.some((t) => t.needsModel === 'partly');
  return (
    `${plan.name}-only tools: ${unlocked.map((t) => t.name).join(', ')}` + (partly ? ' (their language-model features are not available on this server)' : '')
  );
}
