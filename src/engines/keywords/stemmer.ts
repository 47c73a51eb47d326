/**
 * The Porter (1980) stemmer, for grouping word forms ("networks", "network") and for the benchmark's stemmed exact
 * match. Written here because no permissively licensed stemmer is installed (the `natural` package is avoided).
 * Input: one lower-case word. Pure and deterministic.
 */

const isCons = (w: string, i: number): boolean => {
  const c = w[i];
  if (c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u') return false;
  if (c === 'y') return i === 0 ? true : !isCons(w, i - 1);
  return true;
};

/** m in [C](VC)^m[V]: the number of vowel-consonant sequences in w. */
function measure(w: string): number {
  let n = 0;
  let i = 0;
  const len = w.length;
  while (i < len && isCons(w, i)) i++;
  while (i < len) {
    while (i < len && !isCons(w, i)) i++;
    if (i >= len) break;
    n++;
    while (i < len && isCons(w, i)) i++;
  }
  return n;
}

const hasVowel = (w: string): boolean => {
  for (let i = 0; i < w.length; i++) if (!isCons(w, i)) return true;
  return false;
};
const endsDoubleCons = (w: string): boolean => w.length >= 2 && w[w.length - 1] === w[w.length - 2] && isCons(w, w.length - 1);
/** *o: ends consonant-vowel-consonant, the last not w, x or y. */
const endsCvc = (w: string): boolean => {
  const l = w.length;
  if (l < 3 || !isCons(w, l - 1) || isCons(w, l - 2) || !isCons(w, l - 3)) return false;
  const c = w[l - 1];
  return c !== 'w' && c !== 'x' && c !== 'y';
};

/** Replace suffix `s` by `r` when the stem before it has measure > m. Returns null when `w` does not end with `s`. */
function rule(w: string, s: string, r: string, m: number): string | null {
  if (!w.endsWith(s)) return null;
  const stem = w.slice(0, w.length - s.length);
  return measure(stem) > m ? stem + r : w;
}

const STEP2: [string, string][] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log'],
];
const STEP3: [string, string][] = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];
const STEP4 = ['al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ion', 'ou', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize'];

const cache = new Map<string, string>();

export function porterStem(word: string): string {
  if (word.length <= 2) return word;
  const hit = cache.get(word);
  if (hit !== undefined) return hit;
  let w = word;
  // step 1a
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies')) w = w.slice(0, -2);
  else if (!w.endsWith('ss') && w.endsWith('s')) w = w.slice(0, -1);
  // step 1b
  let extra = false;
  if (w.endsWith('eed')) {
    if (measure(w.slice(0, -3)) > 0) w = w.slice(0, -1);
  } else if (w.endsWith('ed') && hasVowel(w.slice(0, -2))) {
    w = w.slice(0, -2);
    extra = true;
  } else if (w.endsWith('ing') && hasVowel(w.slice(0, -3))) {
    w = w.slice(0, -3);
    extra = true;
  }
  if (extra) {
    if (w.endsWith('at') || w.endsWith('bl') || w.endsWith('iz')) w += 'e';
    else if (endsDoubleCons(w) && !/[lsz]$/.test(w)) w = w.slice(0, -1);
    else if (measure(w) === 1 && endsCvc(w)) w += 'e';
  }
  // step 1c
  if (w.endsWith('y') && hasVowel(w.slice(0, -1))) w = w.slice(0, -1) + 'i';
  // step 2 and 3: the first suffix that matches decides
  for (const [s, r] of STEP2) {
    const out = rule(w, s, r, 0);
    if (out !== null) {
      w = out;
      break;
    }
  }
  for (const [s, r] of STEP3) {
    const out = rule(w, s, r, 0);
    if (out !== null) {
      w = out;
      break;
    }
  }
  // step 4
  for (const s of STEP4) {
    if (!w.endsWith(s)) continue;
    const stem = w.slice(0, w.length - s.length);
    if (measure(stem) > 1 && (s !== 'ion' || /[st]$/.test(stem))) w = stem;
    break;
  }
  // step 5
  if (w.endsWith('e')) {
    const stem = w.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !endsCvc(stem))) w = stem;
  }
  if (measure(w) > 1 && endsDoubleCons(w) && w.endsWith('l')) w = w.slice(0, -1);
  if (cache.size < 50_000) cache.set(word, w);
  return w;
}

/** A phrase's match key: lower-cased, split on anything that is not a letter or digit, each word stemmed. */
export function stemKey(phrase: string): string {
  return (phrase.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map(porterStem).join(' ');
}
