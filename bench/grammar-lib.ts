/**
 * JFLEG's files are tokenized (Penn-Treebank style: "do n't", "it 's", "end ."), but the grammar engine reads the
 * text a user would type. bench/grammar.ts therefore detokenizes each source sentence, remembering where every token
 * went, lets the engine edit that text, and maps the edits back onto the tokens: tokens no edit touches are kept as
 * they were, and only the stretch an edit covers is tokenized again, in JFLEG's style. A sentence the engine leaves
 * alone scores exactly as the source does.
 */

export interface Detok {
  text: string;
  tokens: string[];
  /** [start, end) of each token in text */
  spans: [number, number][];
}

/** punctuation that sticks to the word before it */
const CLOSE = new Set(['.', ',', '?', '!', ':', ';', ')', ']', '}', '...', '%', "''"]);
const OPEN = new Set(['(', '[', '{', '``']);
const CLITIC = /^(n't|'s|'m|'re|'ve|'ll|'d|'S|'M|'RE|'VE|'LL|'D|N'T)$/;

/** Join JFLEG tokens into plain text (spans of every token kept). */
export function detokenize(line: string): Detok {
  const tokens = line.split(/\s+/).filter(Boolean);
  let text = '';
  const spans: [number, number][] = [];
  let quoteOpen = false;
  let glueNext = false;
  for (const [k, t] of tokens.entries()) {
    let glue = k === 0 || glueNext || CLOSE.has(t) || CLITIC.test(t);
    glueNext = OPEN.has(t);
    if (t === '"') {
      // straight quotes alternate: an opening one sticks to the next word, a closing one to the previous
      if (quoteOpen) glue = true;
      else glueNext = true;
      quoteOpen = !quoteOpen;
    }
    if (!glue) text += ' ';
    spans.push([text.length, text.length + t.length]);
    text += t;
  }
  return { text, tokens, spans };
}

/** Tokenize plain text the way JFLEG's references are tokenized. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\s+/).filter(Boolean)) {
    let w = raw.replace(/[’‘]/g, "'").replace(/[“”]/g, '"');
    const lead: string[] = [];
    const trail: string[] = [];
    while (/^[("[{]/.test(w) && w.length > 1) {
      lead.push(w[0]!);
      w = w.slice(1);
    }
    for (;;) {
      const m = /(\.\.\.|[.,?!:;)"\]}%])$/.exec(w);
      // keep the full stop of an abbreviation or initial ("U.S.", "e.g.", "Mr."): JFLEG keeps those whole
      if (!m || w.length === m[0].length || (m[0] === '.' && /^(?:[A-Za-z]\.)+$|^(?:Mr|Mrs|Ms|Dr|St|vs)\.$/i.test(w))) break;
      trail.unshift(m[0]);
      w = w.slice(0, -m[0].length);
    }
    const parts: string[] = [];
    const nt = /^(.+?)(n't)$/i.exec(w);
    const clitic = /^(.+?)('s|'m|'re|'ve|'ll|'d)$/i.exec(w);
    if (nt && w.length > 3) {
      // "can't" -> "ca n't", "won't" -> "wo n't", as the Treebank tokenizer splits them
      parts.push(nt[1]!, nt[2]!);
    } else if (clitic) parts.push(clitic[1]!, clitic[2]!);
    else if (w) parts.push(w);
    out.push(...lead, ...parts, ...trail);
  }
  return out;
}

export interface Edit {
  start: number;
  end: number;
  replacement: string;
}

/**
 * The tokens of the detokenized sentence after `edits` (non-overlapping, offsets into d.text). Each edit, widened to
 * the tokens it overlaps or touches, is tokenized again; every other token is kept as it was.
 */
export function applyEditsToTokens(d: Detok, edits: readonly Edit[]): string[] {
  if (edits.length === 0) return [...d.tokens];
  // the token range [a, b) each edit covers
  const regions = edits
    .map((e) => {
      let a = -1;
      let b = -1;
      for (const [k, [s, t]] of d.spans.entries()) {
        const hit = (s < e.end && e.start < t) || t === e.start || s === e.end;
        if (!hit) continue;
        if (a < 0) a = k;
        b = k + 1;
      }
      if (a < 0) {
        // an insertion between tokens that touches none of them
        a = d.spans.findIndex(([s]) => s >= e.end);
        if (a < 0) a = d.spans.length;
        b = a;
      }
      return { a, b, edits: [e] };
    })
    .sort((x, y) => x.a - y.a || x.b - y.b);
  const merged: typeof regions = [];
  for (const r of regions) {
    const last = merged[merged.length - 1];
    if (last && r.a < last.b) {
      last.b = Math.max(last.b, r.b);
      last.edits.push(...r.edits);
    } else merged.push({ ...r, edits: [...r.edits] });
  }
  const out: string[] = [];
  let k = 0;
  for (const r of merged) {
    while (k < r.a) out.push(d.tokens[k++]!);
    const from = Math.min(r.a < d.spans.length ? d.spans[r.a]![0] : d.text.length, ...r.edits.map((e) => e.start));
    const to = Math.max(r.b > r.a ? d.spans[r.b - 1]![1] : from, ...r.edits.map((e) => e.end));
    let piece = '';
    let at = from;
    for (const e of [...r.edits].sort((x, y) => x.start - y.start)) {
      piece += d.text.slice(at, e.start) + e.replacement;
      at = e.end;
    }
    piece += d.text.slice(at, to);
    out.push(...tokenize(piece));
    k = Math.max(k, r.b);
  }
  while (k < d.tokens.length) out.push(d.tokens[k++]!);
  return out;
}
