/**
 * The measurements under the checks: words and stems, keyphrase matching, readability formulas, passive voice,
 * transition words, and the pixel width a search result gives a title.
 */
import { splitSentences } from '../text';
import { countSyllables } from './syllables';
import {
  FUNCTION_WORDS,
  IRREGULAR_PARTICIPLES,
  NOT_PARTICIPLES,
  PASSIVE_AUXILIARIES,
  PASSIVE_GAP_WORDS,
  TRANSITION_PHRASES,
  TRANSITION_WORDS,
} from './wordlists';

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** Words of a text, lower-cased, accents kept off ("Café" → "cafe"), apostrophes straightened. */
export function wordsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(WORD)) out.push(fold(m[0]));
  return out;
}

const fold = (w: string) => w.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/’/g, "'");

/**
 * A light stem, so "pizza ovens" matches "pizza oven" and "optimizing" matches "optimize". Not Porter: only the
 * inflections (plural, -ing, -ed, possessive) that change a keyphrase's form in running text.
 */
export function stem(word: string): string {
  let w = fold(word).replace(/'s$/, '');
  if (w.length > 4 && w.endsWith('ies')) w = w.slice(0, -3) + 'y';
  else if (w.length > 4 && /(s|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  // "running" → "runn" → "run"
  if (w.length > 3 && /([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  return w;
}

export interface Keyphrase {
  text: string;
  /** stems of the words that must appear (the function words left out, unless the phrase is only those) */
  stems: string[];
  words: number;
}

export function keyphraseOf(raw: string | undefined | null): Keyphrase | null {
  const text = (raw ?? '').replace(/\s+/g, ' ').trim();
  const words = wordsOf(text);
  if (!words.length) return null;
  const content = words.filter((w) => !FUNCTION_WORDS.has(w));
  const stems = [...new Set((content.length ? content : words).map(stem))];
  return { text, stems, words: words.length };
}

/** How many of the keyphrase's words a text holds (in any order and form). */
export function keyphraseWordsIn(kp: Keyphrase, text: string): number {
  const have = new Set(wordsOf(text).map(stem));
  return kp.stems.filter((s) => have.has(s)).length;
}

export const hasKeyphrase = (kp: Keyphrase, text: string) => keyphraseWordsIn(kp, text) === kp.stems.length;

/**
 * Occurrences of the keyphrase in a sentence: every one of its words must be there, and each full set counts once
 * (the smallest count of any of its words), as an SEO plugin counts "keyphrase in text".
 */
export function keyphraseCount(kp: Keyphrase, sentence: string): number {
  const counts = new Map<string, number>();
  for (const w of wordsOf(sentence)) {
    const s = stem(w);
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return Math.min(...kp.stems.map((s) => counts.get(s) ?? 0));
}

/** Sentences of one block of text (a heading or list item without a full stop is one sentence). */
export function sentencesOf(text: string): string[] {
  return splitSentences(text)
    .map((s) => s.text)
    .filter((s) => wordsOf(s).length > 0);
}

export interface ReadabilityFigures {
  words: number;
  sentences: number;
  syllables: number;
  complexWords: number;
  polysyllables: number;
  fleschReadingEase: number;
  fleschKincaidGrade: number;
  gunningFog: number;
  smog: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Flesch reading ease, Flesch–Kincaid grade, Gunning fog and SMOG from sentences of prose. Fog's "complex words"
 * have three or more syllables, not counting proper nouns, hyphenated compounds or the -es/-ed/-ing that made
 * them long; SMOG uses every word of three or more syllables, scaled to 30 sentences.
 */
export function readability(sentences: string[]): ReadabilityFigures {
  let words = 0;
  let syllables = 0;
  let complex = 0;
  let poly = 0;
  for (const s of sentences) {
    const raw = s.match(WORD) ?? [];
    raw.forEach((w, i) => {
      if (/^\p{N}+$/u.test(w)) {
        words++;
        syllables += 1;
        return;
      }
      const n = countSyllables(w);
      words++;
      syllables += n;
      if (n >= 3) {
        poly++;
        const proper = i > 0 && /^\p{Lu}/u.test(w);
        const inflected = countSyllables(w.replace(/(es|ed|ing)$/i, '')) < 3;
        if (!proper && !inflected && !w.includes('-')) complex++;
      }
    });
  }
  const n = sentences.length;
  if (!words || !n)
    return { words, sentences: n, syllables, complexWords: 0, polysyllables: 0, fleschReadingEase: 0, fleschKincaidGrade: 0, gunningFog: 0, smog: 0 };
  const wps = words / n;
  const spw = syllables / words;
  return {
    words,
    sentences: n,
    syllables,
    complexWords: complex,
    polysyllables: poly,
    fleschReadingEase: round1(Math.min(121.22, 206.835 - 1.015 * wps - 84.6 * spw)),
    fleschKincaidGrade: round1(Math.max(0, 0.39 * wps + 11.8 * spw - 15.59)),
    gunningFog: round1(0.4 * (wps + (100 * complex) / words)),
    smog: round1(1.043 * Math.sqrt((poly * 30) / n) + 3.1291),
  };
}

/**
 * A passive construction: a form of "be" or "get", then (after at most two adverbs or "not"/"being") a past
 * participle: a word in -ed that is not one of the few that only look like one, or an irregular participle.
 */
export function isPassive(sentence: string): boolean {
  const w = wordsOf(sentence);
  for (let i = 0; i < w.length; i++) {
    if (!PASSIVE_AUXILIARIES.has(w[i]!)) continue;
    for (let j = i + 1; j < Math.min(w.length, i + 4); j++) {
      const x = w[j]!;
      if (isParticiple(x)) return true;
      if (!PASSIVE_GAP_WORDS.has(x) && !(x.endsWith('ly') && x.length > 4)) break;
    }
  }
  return false;
}

function isParticiple(w: string): boolean {
  if (IRREGULAR_PARTICIPLES.has(w)) return true;
  return w.length >= 4 && w.endsWith('ed') && !NOT_PARTICIPLES.has(w);
}

const PHRASES = TRANSITION_PHRASES.map((p) => ` ${p} `);

export function hasTransition(sentence: string): boolean {
  const w = wordsOf(sentence);
  if (w.some((x) => TRANSITION_WORDS.has(x))) return true;
  const joined = ` ${w.join(' ')} `;
  return PHRASES.some((p) => joined.includes(p));
}

/**
 * Advance widths of Arial (the font of search result titles), in 1/1000 em, for printable ASCII from the space.
 * A title is cut at about 600 px at 20 px: what pixelWidth measures against.
 */
const ARIAL = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584,
  556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278,
  469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260,
  334, 584,
];

/** Width of a text in Arial at `px` pixels, rounded (other scripts: accented Latin as its base letter, wide scripts at 1 em). */
export function pixelWidth(text: string, px = 20): number {
  let units = 0;
  for (const ch of text.normalize('NFD')) {
    const c = ch.codePointAt(0)!;
    if (c >= 0x300 && c <= 0x36f) continue;
    if (c >= 32 && c <= 126) units += ARIAL[c - 32]!;
    else if (c >= 0x2e80) units += 1000;
    else units += 556;
  }
  return Math.round((units / 1000) * px);
}
