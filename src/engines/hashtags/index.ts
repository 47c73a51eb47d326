/**
 * Hashtags from extracted keyphrases. Pure and deterministic.
 *
 *   generateHashtags(keyphrases, { platform, count }) -> { hashtags: [{ tag: '#NeuralNetworks', words, score }], limits }
 *
 * Each noun keyphrase becomes one CamelCase tag (acronyms and names keep their capitals); verbs are left out (an event
 * word makes a poor tag). Tags keep the keyphrases' order, skip duplicates (case-insensitive) and respect the
 * platform's count and length limits.
 */
import type { Keyphrase } from '../keywords';

import { PLATFORM_LIMITS, PLATFORMS, type Platform, type PlatformLimits } from './platforms';

export { PLATFORM_LIMITS, PLATFORMS, type Platform, type PlatformLimits };

export interface Hashtag {
  /** e.g. '#NeuralNetworks' */
  tag: string;
  /** the keyphrase's words, as written */
  words: string[];
  /** the keyphrase's relative score (1 for the best) */
  score: number;
}

export interface HashtagOptions {
  platform?: Platform;
  /** how many tags (default the platform's default, capped at its maximum) */
  count?: number;
}

export interface HashtagResult {
  platform: Platform;
  hashtags: Hashtag[];
  limits: PlatformLimits;
}

/** 'neural networks' -> 'NeuralNetworks'; 'GMDH method' -> 'GMDHMethod'; "Prince's tour" -> 'PrincesTour'. Null when no letter is left. */
export function camelCaseTag(words: string[]): string | null {
  const parts = words
    .flatMap((w) => w.replace(/['’]s$/u, '').split(/[^\p{L}\p{N}]+/u))
    .filter(Boolean)
    .map((w) => (/\p{Lu}/u.test(w.slice(1)) ? w : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()));
  const tag = parts.join('');
  if (!/\p{L}/u.test(tag)) return null;
  return tag;
}

/**
 * Single nouns too general to mean anything as a tag on their own ("#Number", "#Way"); inside a phrase they stay
 * ("#PhoneNumber").
 */
const VAGUE = new Set(
  'number numbers thing things way ways time times people person part parts lot lots kind kinds type types case cases fact facts point points place places day days year years example examples use result results problem problems issue issues question questions reason reasons side sides end area areas level levels amount group groups form forms order course term terms state matter'.split(
    ' ',
  ),
);

export function generateHashtags(keyphrases: readonly Keyphrase[], opts: HashtagOptions = {}): HashtagResult {
  const platform = opts.platform ?? 'instagram';
  const limits = PLATFORM_LIMITS[platform];
  const count = Math.max(1, Math.min(limits.maxTags, opts.count ?? limits.defaultTags));
  const out: Hashtag[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (const k of keyphrases) {
    if (out.length >= count) break;
    if (k.kind === 'verb') continue;
    const words = k.phrase.split(/\s+/).filter(Boolean);
    if (words.length === 1 && VAGUE.has(words[0].toLowerCase())) continue;
    const body = camelCaseTag(words);
    if (!body) continue;
    const tag = '#' + body;
    if (tag.length > limits.maxTagLength || tag.length < 3) continue;
    const low = tag.toLowerCase();
    if (seen.has(low)) continue;
    const cost = tag.length + (out.length ? 1 : 0);
    if (total + cost > limits.maxTotalChars) continue;
    seen.add(low);
    total += cost;
    out.push({ tag, words, score: k.score });
  }
  return { platform, hashtags: out, limits };
}
