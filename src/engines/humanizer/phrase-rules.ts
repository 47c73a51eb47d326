/**
 * The phrase and contraction rules of each style, compiled once and cached: stock phrases and sentence-opening
 * transitions (tables.ts), the shortener's padding phrases, inflected verb phrases, and the rewriter's tone rules.
 */
import { compilePhraseTable, compileRules, type CompiledRule, type PhraseRule } from '../text';
import { REDUNDANT, WORDY } from '../sentence-shortener/rules';
import { CONTRACT_FULL, CONTRACT_LIGHT, EXPAND } from './contractions';
import { AUX_PP_SOURCE, inflectPhrase, verbForms } from './inflection';
import { PHRASES, VERB_PHRASES, type HumanizerStyle, type StyleReplacement } from './tables';

function pick(rep: StyleReplacement, style: HumanizerStyle): readonly string[] {
  if (typeof rep === 'string') return [rep];
  if (Array.isArray(rep)) return rep as readonly string[];
  const r = rep as Partial<Record<string, string | readonly string[]>>;
  const v = r[style] ?? r.default;
  if (v === undefined) return [];
  return typeof v === 'string' ? [v] : v;
}

export interface StyleRules {
  /** per phrase: one compiled rule per variant */
  phrases: ReturnType<typeof compileRules>[];
}

const ruleCache = new Map<HumanizerStyle, StyleRules>();

/** Tool rules compiled once per table (the rewriter passes the same arrays on every call). */
const extraCache = new WeakMap<readonly PhraseRule[], CompiledRule[]>();
export function compiledExtra(rules: readonly PhraseRule[]): CompiledRule[] {
  let c = extraCache.get(rules);
  if (!c) extraCache.set(rules, (c = compileRules(rules)));
  return c;
}

let plainCache: CompiledRule[] | null = null;

/** The shortener's tables as two phrase-table rules, compiled once for every style. */
function plainTables(): CompiledRule[] {
  plainCache ??= (() => {
    const entries = [...WORDY, ...REDUNDANT].filter(([p, r]) => !PLAIN_DENY.has(p) && !/analys/.test(r));
    // "a majority of 270 votes" is a threshold, not "most 270 votes"
    const notBefore = '\\s+\\d';
    return [
      // "would have the ability to" -> "would can": a modal replacement cannot follow a modal or "to"
      // nor "are able to effect" -> "can effect", which reads (and is flagged) as a misspelt "affect"
      compilePhraseTable(
        entries.filter(([, r]) => /^(?:can|cannot)\b/.test(r)),
        'phrase',
        {
          notBefore: `${notBefore}|\\s+effect\\b`,
          // (nor a question's "Does thou, my brother, have the ability to")
          notAfter:
            '\\b(?:would|could|should|will|shall|might|may|must|do|does|did|to)\\s+$|^\\W*(?:do|does|did)\\b.*$|\\b(?:do|does|did)\\s+\\p{L}+\\s*,[^.?!]*,\\s+$',
        },
      ),
      compilePhraseTable(
        entries.filter(([, r]) => !/^(?:can|cannot)\b/.test(r)),
        'phrase',
        { notBefore },
      ),
    ];
  })();
  return plainCache;
}

/** Shortener phrases the humanizer does not take: they change the sentence's syntax or meaning out of context. */
const PLAIN_DENY = new Set([
  'the fact that',
  'in terms of',
  'it is clear that',
  'it is evident that',
  'it is obvious that',
  'in the process of',
  'as regards',
  'in the amount of',
  'as a means of',
  'in spite of',
  'is unable to',
  'are unable to',
  'a number of',
  'period of time',
  'past experience',
  'past experiences',
]);

export function rulesFor(style: HumanizerStyle): StyleRules {
  const hit = ruleCache.get(style);
  if (hit) return hit;
  const phrases: ReturnType<typeof compileRules>[] = [];
  for (const e of PHRASES) {
    if (e.skip?.includes(style)) continue;
    const variants = pick(e.replacement, style);
    if (variants.length === 0) continue;
    phrases.push(compileRules(variants.map((v) => ({ pattern: e.pattern, replacement: v, kind: e.kind, sentenceStartOnly: e.sentenceStartOnly }))));
  }
  // the shortener's wordy phrases and redundant pairs: padding ("has the ability to", "prior to", "end result") is a
  // tell too. Left out: swaps that change syntax or register outside the shortener's context.
  phrases.push(...plainTables().map((t) => [t]));
  // inflected verb phrases ("delves into" -> "looks into")
  for (const vp of VERB_PHRASES) {
    const target = vp.target[style] ?? vp.target.default;
    if (!target) continue;
    const src = verbForms(vp.src);
    const tail = vp.tail.replace(/ /g, '\\s+');
    for (const form of ['base', 's', 'past', 'ing'] as const) {
      if (form === 'past' && inflectPhrase(target, 'pp') !== inflectPhrase(target, 'past')) {
        // after an auxiliary, "emerged" is a participle: "has emerged as" becomes "has become", never "has became"
        const pattern = `${src.past}\\s+${tail}`;
        phrases.push(compileRules([{ pattern, replacement: inflectPhrase(target, 'pp'), kind: 'phrase', onlyAfter: AUX_PP_SOURCE }]));
        phrases.push(compileRules([{ pattern, replacement: inflectPhrase(target, 'past'), kind: 'phrase', notAfter: AUX_PP_SOURCE }]));
        continue;
      }
      phrases.push(compileRules([{ pattern: `${src[form]}\\s+${tail}`, replacement: inflectPhrase(target, form), kind: 'phrase' }]));
    }
  }
  const r = { phrases };
  ruleCache.set(style, r);
  return r;
}

export const contractionRules = {
  full: compileRules(CONTRACT_FULL),
  light: compileRules(CONTRACT_LIGHT),
  expand: compileRules(EXPAND),
  none: [] as ReturnType<typeof compileRules>,
};
