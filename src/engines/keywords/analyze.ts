/**
 * The shared analysis both rankers read: part-of-speech tokens (wink-nlp, through engines/text) with character
 * offsets, sentence numbers, stems, and YAKE-style statistics per word (Campos et al. 2020: casing, position,
 * frequency, relatedness to context, spread over sentences).
 */
import { posTag, splitSentences, type Span } from '../text';
import { porterStem } from './stemmer';
import { STOPWORDS } from './stopwords';

export interface Tok {
  text: string;
  lower: string;
  stem: string;
  start: number;
  end: number;
  /** Universal POS tag; hyphen compounds ("rule-based") take ADJ unless their last part is a noun. */
  pos: string;
  sent: number;
  stop: boolean;
  /** a word (letters, or letters with digits), not punctuation or a bare number */
  word: boolean;
}

export interface WordStats {
  tf: number;
  /** H of YAKE: lower means more important */
  h: number;
  /** occurrences capitalised somewhere other than the start of a sentence (a name), or written as an acronym */
  upper: number;
}

export interface Analysis {
  text: string;
  toks: Tok[];
  sentences: Span[];
  stats: Map<string, WordStats>;
}

const WORDLIKE = /^[\p{L}][\p{L}\p{N}'’.-]*$|^[\p{N}]+[\p{L}][\p{L}\p{N}-]*$/u;

export function isStop(lower: string): boolean {
  return STOPWORDS.has(lower) || lower.length < 2;
}

/** Join "rule" "-" "based" (no spaces between) into one token. */
function mergeHyphens(raw: { text: string; start: number; end: number; pos: string }[]) {
  const out: { text: string; start: number; end: number; pos: string }[] = [];
  for (let i = 0; i < raw.length; i++) {
    const t = raw[i]!;
    const prev = out[out.length - 1];
    const next = raw[i + 1];
    if (t.text === '-' && prev && next && prev.end === t.start && next.start === t.end && /\p{L}/u.test(prev.text) && /[\p{L}\p{N}]/u.test(next.text)) {
      prev.text += '-' + next.text;
      prev.end = next.end;
      prev.pos = next.pos === 'NOUN' || next.pos === 'PROPN' ? next.pos : 'ADJ';
      i++;
      continue;
    }
    out.push({ ...t });
  }
  return out;
}

/** Tag, split into sentences and count. `tagger` is replaceable so the baseline can skip POS tagging. */
export function analyze(text: string, tagger: 'pos' | 'plain' = 'pos'): Analysis {
  const sentences = splitSentences(text);
  const raw =
    tagger === 'pos'
      ? posTag(text)
      : Array.from(text.matchAll(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]/gu), (m) => ({
          text: m[0],
          start: m.index,
          end: m.index + m[0].length,
          pos: 'X',
        }));
  const merged = tagger === 'pos' ? mergeHyphens(raw) : raw;
  const toks: Tok[] = [];
  let s = 0;
  for (const r of merged) {
    while (s < sentences.length - 1 && r.start >= sentences[s]!.end) s++;
    const lower = r.text.toLowerCase();
    const word = WORDLIKE.test(r.text) && /\p{L}/u.test(r.text);
    toks.push({
      text: r.text,
      lower,
      stem: word ? porterStem(lower) : lower,
      start: r.start,
      end: r.end,
      pos: r.pos,
      sent: s,
      stop: !word || isStop(lower),
      word,
    });
  }
  return { text, toks, sentences, stats: yakeWordStats(toks, Math.max(1, sentences.length)) };
}

/**
 * YAKE word features over non-stop words (keyed by stem):
 * H = (TPos · TRel) / (TCase + TFNorm / TRel + TSent / TRel).
 */
function yakeWordStats(toks: Tok[], nSent: number): Map<string, WordStats> {
  interface Acc {
    tf: number;
    upper: number;
    acronym: number;
    sents: number[];
    left: Map<string, number>;
    right: Map<string, number>;
  }
  const acc = new Map<string, Acc>();
  const get = (k: string) => {
    let a = acc.get(k);
    if (!a) acc.set(k, (a = { tf: 0, upper: 0, acronym: 0, sents: [], left: new Map(), right: new Map() }));
    return a;
  };
  const WINDOW = 2;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    if (!t.word) continue;
    const a = get(t.stem);
    a.tf++;
    a.sents.push(t.sent);
    const sentStart = i === 0 || toks[i - 1]!.sent !== t.sent || !toks[i - 1]!.word;
    if (/^\p{Lu}{2,}s?$/u.test(t.text)) a.acronym++;
    else if (/^\p{Lu}/u.test(t.text) && !sentStart) a.upper++;
    // co-occurrence with the neighbouring words within the sentence segment (punctuation breaks it)
    for (let j = i - 1; j >= Math.max(0, i - WINDOW); j--) {
      const u = toks[j]!;
      if (!u.word || u.sent !== t.sent) break;
      a.left.set(u.stem, (a.left.get(u.stem) ?? 0) + 1);
    }
    for (let j = i + 1; j <= Math.min(toks.length - 1, i + WINDOW); j++) {
      const u = toks[j]!;
      if (!u.word || u.sent !== t.sent) break;
      a.right.set(u.stem, (a.right.get(u.stem) ?? 0) + 1);
    }
  }
  const tfs = Array.from(acc.values(), (a) => a.tf);
  const content = Array.from(acc.entries()).filter(([k]) => !STOPWORDS.has(k));
  const ctf = content.map(([, a]) => a.tf);
  const mean = ctf.length ? ctf.reduce((x, y) => x + y, 0) / ctf.length : 1;
  const std = ctf.length ? Math.sqrt(ctf.reduce((x, y) => x + (y - mean) ** 2, 0) / ctf.length) : 0;
  const maxTf = Math.max(1, ...tfs);
  const sum = (m: Map<string, number>) => {
    let n = 0;
    for (const v of m.values()) n += v;
    return n;
  };
  const out = new Map<string, WordStats>();
  for (const [k, a] of acc) {
    const tCase = Math.max(a.upper, a.acronym) / (1 + Math.log(a.tf));
    const sorted = [...a.sents].sort((x, y) => x - y);
    const median = sorted[sorted.length >> 1]!;
    const tPos = Math.log(Math.log(3 + median));
    const tfNorm = a.tf / (mean + std || 1);
    const dl = a.left.size ? a.left.size / sum(a.left) : 0;
    const dr = a.right.size ? a.right.size / sum(a.right) : 0;
    const tRel = 1 + (dl + dr) * (a.tf / maxTf);
    const tSent = new Set(a.sents).size / nSent;
    const h = (tPos * tRel) / (tCase + tfNorm / tRel + tSent / tRel);
    out.set(k, { tf: a.tf, h, upper: a.upper + a.acronym });
  }
  return out;
}
