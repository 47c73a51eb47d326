/**
 * Topic grouping of extracted keyphrases by a language model. The model sees only the numbered keyphrases (and the
 * start of the text for context) and answers with their numbers, so it can sort them but never add a phrase of its own;
 * parseKeywordGroups keeps only what fits those rules.
 */
import type { ChatMessage } from '../llm';

export const SEARCH_INTENTS = ['informational', 'navigational', 'commercial', 'transactional'] as const;
export type SearchIntent = (typeof SEARCH_INTENTS)[number];

export interface KeywordGroup {
  topic: string;
  intent: SearchIntent;
  /** the given keyphrases, as given, in the model's order */
  keyphrases: string[];
}

/** At most this many groups are kept: a "few topics" is the point of grouping. */
export const MAX_GROUPS = 8;

export function keywordGroupPrompt(text: string, phrases: readonly string[]): ChatMessage[] {
  const list = phrases.map((p, i) => `${i + 1}. ${p}`).join('\n');
  return [
    {
      role: 'system',
      content:
        'You group SEO keyphrases into a few topics (2 to 6) and give each topic the search intent of someone who would search for it: ' +
        'informational, navigational, commercial or transactional. Use only the numbered keyphrases given; refer to them by number; ' +
        'put each keyphrase in at most one topic. Answer with JSON only, no other text: ' +
        '{"groups":[{"topic":"short topic name","intent":"informational","keyphrases":[1,4,7]}]}',
    },
    { role: 'user', content: `Keyphrases:\n${list}\n\nThe text they come from (start):\n${text.slice(0, 4_000)}` },
  ];
}

/** The first JSON object in the answer (models wrap it in ``` fences or a sentence now and then). */
function firstJson(answer: string): unknown {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(answer.slice(start, end + 1));
  } catch {
    return null;
  }
}

/**
 * The model's groups that use only given keyphrases: each member is a 1-based index into `phrases` (an exact phrase
 * string is accepted too); unknown members, repeats across groups and groups left empty are dropped, an unknown intent
 * drops its group, and the topic name is trimmed to 60 characters.
 */
export function parseKeywordGroups(answer: string, phrases: readonly string[]): KeywordGroup[] {
  const json = firstJson(answer) as { groups?: unknown } | unknown[] | null;
  const raw = Array.isArray(json) ? json : Array.isArray(json?.groups) ? json.groups : [];
  const byPhrase = new Map(phrases.map((p, i) => [p.toLowerCase(), i]));
  const used = new Set<number>();
  const out: KeywordGroup[] = [];
  for (const g of raw as unknown[]) {
    if (out.length >= MAX_GROUPS) break;
    if (!g || typeof g !== 'object') continue;
    const { topic, intent, keyphrases } = g as Record<string, unknown>;
    const name = typeof topic === 'string' ? topic.replace(/\s+/g, ' ').trim().slice(0, 60) : '';
    const kind = typeof intent === 'string' ? intent.trim().toLowerCase() : '';
    if (!name || !(SEARCH_INTENTS as readonly string[]).includes(kind) || !Array.isArray(keyphrases)) continue;
    const members: string[] = [];
    for (const m of keyphrases) {
      const i =
        typeof m === 'number' || (typeof m === 'string' && /^\d+$/.test(m.trim()))
          ? Number(m) - 1
          : typeof m === 'string'
            ? (byPhrase.get(m.trim().toLowerCase()) ?? -1)
            : -1;
      if (!Number.isInteger(i) || i < 0 || i >= phrases.length || used.has(i)) continue;
      used.add(i);
      members.push(phrases[i]!);
    }
    if (members.length) out.push({ topic: name, intent: kind as SearchIntent, keyphrases: members });
  }
  return out;
}
