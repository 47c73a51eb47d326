/**
 * Grammar guard for the offline humanizer: its output must not break grammar, so it is checked with the grammar
 * engine. Pure apart from the injected checker: the engine never imports the grammar engine itself.
 *
 *   guardHumanized(input, result, check) -> { result, reverted, units }
 *
 * The humanizer's edits index into the input, so each output sentence is traced to the input sentence(s) it came
 * from. A "unit" is one input sentence, or several when an edit joins them (a merge or a folded "However,"). The
 * checker runs on the input and on the output; a unit whose output has an issue that its input did not have — matched
 * by rule and message, never by offset, so text that only moved is not a new issue — is reverted: its edits are
 * dropped and the input's wording comes back. The other units keep their edits.
 */
import { applyEdits, splitSentences } from '../text';
import type { HumanizeChange, HumanizeResult } from './types';

export const GRAMMAR_CHECK_NOTES = `A grammar check of humanizer/rewriter output should verify that, compared with the input, it introduces no:
- subject-verb agreement errors around replaced verbs (inflection kept: utilizes -> uses, has demonstrated -> has shown);
- a/an errors before replaced words (an intricate -> a complex);
- lower-case sentence starts or stray capitals after removed openers, splits and merges;
- doubled or missing punctuation (", ," / ".." / space before comma) or doubled words at edit boundaries;
- sentence fragments created by a split (each half must have a subject and a finite verb);
- contraction errors (clause-final "it's", "let's know"), and, for academic style, any remaining contraction.`;

/** What the guard needs from a grammar issue. */
export interface GuardIssue {
  start: number;
  end: number;
  rule: string;
  message: string;
}

/** An async grammar checker, injected by the caller (the server passes the grammar engine's checkGrammar). */
export type GrammarCheck = (text: string) => Promise<{ issues: readonly GuardIssue[] }>;

export interface HumanizeUnit {
  /** span in the input */
  inStart: number;
  inEnd: number;
  /** span of the same text in the humanized output */
  outStart: number;
  outEnd: number;
  /** the humanizer's changes inside this unit (offsets into the input) */
  changes: HumanizeChange[];
}

/**
 * Group the input's sentences into units that the humanizer's changes do not cross, and map each to its span in the
 * output. Every change belongs to exactly one unit.
 */
export function humanizeUnits(input: string, result: HumanizeResult): HumanizeUnit[] {
  const sents = splitSentences(input);
  if (sents.length === 0) return [];
  // Units merge as changes join them. They stay in a linked list (a merged unit points to the one it joined), so each
  // change looks only at the units near it: the text may have tens of thousands of sentences and of changes.
  const units: LinkedUnit[] = sents.map((s, i) => ({
    inStart: s.start,
    inEnd: s.end,
    outStart: 0,
    outEnd: 0,
    changes: [],
    next: i + 1,
    prev: i - 1,
    into: -1,
  }));
  const sentStarts = sents.map((s) => s.start);
  const root = (i: number): number => {
    let r = i;
    while (units[r]!.into >= 0) r = units[r]!.into;
    while (units[i]!.into >= 0) {
      const up = units[i]!.into;
      units[i]!.into = r;
      i = up;
    }
    return r;
  };
  const changes = [...result.changes].sort((a, b) => a.start - b.start || a.end - b.end);
  for (const c of changes) {
    // the unit holding the last sentence starting at or before the change, and the one before it (a zero-width
    // change may sit at the end of that one)
    const j = unitAt(sentStarts, c.start);
    const r = root(j);
    let i = units[r]!.prev >= 0 ? units[r]!.prev : r;
    // the units this change touches (a zero-width insertion touches the unit it sits in or at the end of)
    const hit: number[] = [];
    // a change in the whitespace between sentences belongs to the sentence before it (the first unit if none is)
    let prev = 0;
    for (; i < units.length && units[i]!.inStart <= Math.max(c.start, c.end); i = units[i]!.next) {
      const u = units[i]!;
      const touches = c.start === c.end ? u.inStart <= c.start && c.start <= u.inEnd : c.start < u.inEnd && u.inStart < c.end;
      if (touches) hit.push(i);
      if (u.inStart <= c.start) prev = i;
    }
    if (hit.length === 0) hit.push(prev);
    const first = hit[0]!;
    const last = hit[hit.length - 1]!;
    const target = units[first]!;
    for (let k = target.next; k <= last && k < units.length; k = units[k]!.next) {
      const u = units[k]!;
      target.inEnd = Math.max(target.inEnd, u.inEnd);
      target.changes.push(...u.changes);
      u.into = first;
      target.next = u.next;
      if (u.next < units.length) units[u.next]!.prev = first;
    }
    target.changes.push(c);
    target.inStart = Math.min(target.inStart, c.start);
    target.inEnd = Math.max(target.inEnd, c.end);
  }
  const alive: HumanizeUnit[] = [];
  for (let i = 0; i < units.length; i = units[i]!.next) {
    const { inStart, inEnd, outStart, outEnd, changes: ch } = units[i]!;
    alive.push({ inStart, inEnd, outStart, outEnd, changes: ch });
  }
  // output spans: shift by the length change of every change before the unit, and stretch by the unit's own
  let shift = 0;
  for (const u of alive) {
    const delta = u.changes.reduce((d, c) => d + c.replacement.length - (c.end - c.start), 0);
    u.outStart = u.inStart + shift;
    u.outEnd = u.inEnd + shift + delta;
    shift += delta;
  }
  return alive;
}

interface LinkedUnit extends HumanizeUnit {
  /** the next and previous units still in the list (indices into the sentences) */
  next: number;
  prev: number;
  /** the unit this one was merged into, or -1 */
  into: number;
}

/** Drop the changes of the given units (indices into humanizeUnits' answer): those sentences read as in the input. */
export function revertUnits(input: string, result: HumanizeResult, units: readonly HumanizeUnit[], revert: Iterable<number>): HumanizeResult {
  const drop = new Set<HumanizeChange>();
  for (const i of revert) for (const c of units[i]?.changes ?? []) drop.add(c);
  if (drop.size === 0) return result;
  const kept = result.changes.filter((c) => !drop.has(c)).map((c) => ({ ...c }));
  const { text, changes } = applyEdits(input, kept);
  return { text, changes: changes as HumanizeChange[] };
}

/** Index of the unit an issue at `at` belongs to (the last unit starting at or before it). */
function unitAt(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  let ans = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! <= at) {
      ans = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return ans;
}

const key = (i: GuardIssue) => `${i.rule}\u0000${i.message}`;

/** The same word twice in a row ("the the", "currently currently"), as guard issues keyed by the word. */
export function repeatedWords(text: string): GuardIssue[] {
  const out: GuardIssue[] = [];
  const re = /(?<![\p{L}\p{N}'’-])([\p{L}\p{N}]+(?:['’][\p{L}]+)?)\s+(\1)(?![\p{L}\p{N}'’-])/giu;
  for (const m of text.matchAll(re)) {
    // "had had" and "that that" are often right; a rewrite never needs to create them, but the input may hold them
    out.push({ start: m.index, end: m.index + m[0].length, rule: 'guard:repeated-word', message: m[1]!.toLowerCase() });
  }
  return out;
}

export interface GuardResult {
  result: HumanizeResult;
  /** indices of the reverted units */
  reverted: number[];
  units: HumanizeUnit[];
  /** the issues the unguarded output had that its input did not (offsets into the unguarded output), by unit */
  introduced: { unit: number; issue: GuardIssue }[];
}

/**
 * Check the input and the humanized output with `check` (concurrently) and revert every changed unit whose output
 * has an issue (rule + message) that its input did not have. Rejects when the checker rejects; the caller decides
 * what to do then (the server answers with the unguarded text and says so).
 */
export async function guardHumanized(input: string, result: HumanizeResult, grammar: GrammarCheck): Promise<GuardResult> {
  const units = humanizeUnits(input, result);
  const changed = units.map((u, i) => (u.changes.length > 0 ? i : -1)).filter((i) => i >= 0);
  if (changed.length === 0) return { result, reverted: [], units, introduced: [] };
  // the grammar engine's issues, plus a doubled word at an edit's seam ("currently currently"), which it may not flag
  const check = async (text: string) => ({ issues: [...(await grammar(text)).issues, ...repeatedWords(text)] });
  const [before, after] = await Promise.all([check(input), check(result.text)]);
  const inStarts = units.map((u) => u.inStart);
  const outStarts = units.map((u) => u.outStart);
  const inKeys = units.map(() => new Map<string, number>());
  for (const i of before.issues) {
    const m = inKeys[unitAt(inStarts, i.start)]!;
    m.set(key(i), (m.get(key(i)) ?? 0) + 1);
  }
  const worse = new Set<number>();
  const introduced: GuardResult['introduced'] = [];
  for (const i of after.issues) {
    const u = unitAt(outStarts, i.start);
    const m = inKeys[u]!;
    const n = m.get(key(i)) ?? 0;
    if (n > 0) m.set(key(i), n - 1);
    else if (units[u]!.changes.length > 0) {
      worse.add(u);
      introduced.push({ unit: u, issue: i });
    }
  }
  const reverted = [...worse].sort((a, b) => a - b);
  return { result: revertUnits(input, result, units, reverted), reverted, units, introduced };
}
