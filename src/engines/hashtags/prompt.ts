/**
 * Hashtags suggested by a language model, held to the same rules as the offline ones: CamelCase, the platform's
 * count and length limits, no duplicates. The model has no live trend data, so it is asked for tags people use for
 * the text's subject, not for "trending" ones.
 */
import type { ChatMessage } from '../llm';
import { camelCaseTag, type Hashtag } from './index';
import { PLATFORM_LIMITS, type Platform } from './platforms';

export function hashtagPrompt(text: string, platform: Platform, count: number): ChatMessage[] {
  const limits = PLATFORM_LIMITS[platform];
  return [
    {
      role: 'system',
      content:
        `You suggest hashtags for a ${limits.label} post. Give ${count} hashtags that people who follow the post's subject actually use: ` +
        'a mix of specific and broader ones, each about the text, in CamelCase (#SolarPanels), ' +
        `at most ${limits.maxTagLength} characters each including the #, no spaces or punctuation inside a tag. ` +
        'Output only the hashtags, one per line, with no numbering or other text.',
    },
    { role: 'user', content: text.slice(0, 8_000) },
  ];
}

/**
 * The model's hashtags that pass the platform's rules, in its order: a tag that is too long or too short, has no
 * letter, repeats one already in `taken` (case-insensitive), or would push the post over the platform's total is
 * dropped, never shortened.
 */
export function parseModelHashtags(answer: string, platform: Platform, count: number, taken: ReadonlySet<string> = new Set()): Hashtag[] {
  const limits = PLATFORM_LIMITS[platform];
  const seen = new Set([...taken].map((t) => t.toLowerCase()));
  const out: Hashtag[] = [];
  let total = 0;
  const tokens = answer
    .split(/[\n,]+/)
    .map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim())
    .filter(Boolean);
  for (const raw of tokens) {
    if (out.length >= count) break;
    // "#SolarPanels", "Solar panels" and "#solar_panels" all become SolarPanels
    const body = camelCaseTag(raw.replace(/^#+/, '').split(/[\s_]+/));
    if (!body) continue;
    const tag = `#${body}`;
    if (tag.length > limits.maxTagLength || tag.length < 3) continue;
    const key = tag.toLowerCase();
    if (seen.has(key)) continue;
    const cost = tag.length + (out.length || taken.size ? 1 : 0);
    if (total + cost > limits.maxTotalChars) continue;
    seen.add(key);
    total += cost;
    // the model's order is its ranking: 1 for the first, down in even steps
    out.push({ tag, words: [body], score: Number((1 - out.length / count).toFixed(3)) });
  }
  return out;
}
