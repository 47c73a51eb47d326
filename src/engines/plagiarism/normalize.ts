/**
 * Normalisation + tokenisation with an exact map back to the ORIGINAL text.
 *
 * Every token is a maximal run of letters/digits after folding, and it carries the UTF-16 offsets
 * [start, end) of the characters it came from in the text that was passed in, so
 * `text.slice(start, end)` is always the original spelling of the word.
 *
 * Folding, applied per code point (so offsets stay exact):
 *  - Unicode compatibility decomposition (NFKD): ligatures (ﬁ → fi), full-width forms, superscripts,
 *    ℌ → h, etc.; then combining marks are dropped (café → cafe, also when the input is decomposed);
 *  - lower case (locale independent);
 *  - apostrophes of every kind (' ’ ‘ ʼ ′ ＇) and soft hyphens / zero-width characters INSIDE a word
 *    are ignored (don't = don’t = dont), everything else that is not a letter or digit separates words
 *    (dashes of every kind, quotes, punctuation, whitespace of every kind).
 */

export interface Tokens {
  /** normalised tokens */
  tokens: string[];
  /** start offset (UTF-16 index into the original text) of each token */
  starts: number[];
  /** end offset (exclusive) of each token */
  ends: number[];
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
const MARK = /\p{M}/u;
/** characters that are silently skipped inside a word (never split it) */
const JOINERS = new Set(["'", '\u2019', '\u2018', '\u02BC', '\u2032', '\uFF07', '\u00AD', '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF']);

// Folding cache per code point: '' = separator, otherwise the folded letters/digits.
// A separate marker for "joiner" / "mark" classes.
const JOIN = '\u0000J';
const MRK = '\u0000M';
const foldCache = new Map<number, string>();

function foldCodePoint(cp: number, ch: string): string {
  const hit = foldCache.get(cp);
  if (hit !== undefined) return hit;
  let out: string;
  if (JOINERS.has(ch)) out = JOIN;
  else if (MARK.test(ch)) out = MRK;
  else {
    const d = ch.normalize('NFKD').toLowerCase();
    let s = '';
    for (const c of d) {
      if (MARK.test(c)) continue;
      if (WORD_CHAR.test(c)) s += c;
      else if (s.length > 0) {
        // a compatibility sequence such as "½" → "1⁄2" or "㎏" → "kg": keep the letters/digits only
        continue;
      }
    }
    // NFKD may expand to a string whose own NFKC is different (e.g. Hangul); keep it consistent: NFKC
    out = s.normalize('NFKC');
  }
  if (foldCache.size < 65536) foldCache.set(cp, out);
  return out;
}

/**
 * Split `text` into normalised word tokens with offsets into `text`.
 */
export function tokenize(text: string): Tokens {
  const tokens: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let cur = '';
  let curStart = -1;
  let curEnd = -1;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const code = text.charCodeAt(i);
    // ASCII fast path
    if (code < 128) {
      let f: string;
      if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) f = text[i];
      else if (code >= 65 && code <= 90) f = String.fromCharCode(code + 32);
      else if (code === 39) f = JOIN;
      else f = '';
      i = step(f, i, i + 1);
      continue;
    }
    const cp = text.codePointAt(i)!;
    const len = cp > 0xffff ? 2 : 1;
    i = step(foldCodePoint(cp, text.slice(i, i + len)), i, i + len);
  }
  flush();
  return { tokens, starts, ends };

  function step(f: string, from: number, to: number): number {
    if (f === JOIN || f === MRK) {
      // inside a word: part of it (offsets extend only if a letter follows, see below for marks)
      if (f === MRK && cur.length > 0 && curEnd === from) curEnd = to;
      return to;
    }
    if (f === '') {
      flush();
      return to;
    }
    if (cur.length === 0) curStart = from;
    cur += f;
    curEnd = to;
    return to;
  }

  function flush(): void {
    if (cur.length > 0) {
      tokens.push(cur);
      starts.push(curStart);
      ends.push(curEnd);
    }
    cur = '';
    curStart = -1;
    curEnd = -1;
  }
}

/** Convenience: the normalised word sequence only. */
export function normalizeWords(text: string): string[] {
  return tokenize(text).tokens;
}
