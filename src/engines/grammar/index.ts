/**
 * Offline grammar and spelling checker.
 *
 *   checkGrammar(text) -> { issues: [{ start, end, message, kind, suggestions, source, rule, autoApplied }], corrected, timings }
 *
 * Three checkers run on the same text, concurrently, in worker threads (worker.mjs), so a check never blocks the
 * event loop:
 * - harper.js (`LocalLinter` with the WebAssembly binary inlined in the npm package, so nothing is fetched):
 *   grammar, agreement, word choice, spelling, repetition, a/an, punctuation and capitalisation — one lint pass
 *   over the whole text.
 * - retext (retext-english + retext-spell with dictionary-en, retext-repeated-words, retext-indefinite-article) plus
 *   hunspell suggestions: spelling, repeated words and a/an that harper may miss.
 * - Veritext's own rules (rules.mjs, in the retext worker, on wink-nlp's tags and lemmas): subject–verb agreement,
 *   pronoun case, they're/their, double negatives, number after quantifiers, introductory commas, ... that harper
 *   misses (docs/grammar.md lists them with their precision on JFLEG dev).
 *
 * Each worker starts lazily on the first check (or `warmUp()`) and loads its checker once (harper takes 2–7 s and
 * ~0.4 GB per worker); `loadTimeMs()` reports how long harper took. Long texts are split across several harper
 * workers (see MAX_HARPER_WORKERS), and hunspell's suggestions are made only for the words harper did not flag. Where the time goes (measured with bench/tools.ts): harper
 * spends ~85 % of a check parsing and running its ~870 rules on sentences it has not seen before (it caches results
 * per sentence, so a re-check of edited text costs only the changed sentences); retext is ~10 %.
 *
 * Offsets are JavaScript string indices (UTF-16 code units), so `text.slice(start, end)` is the flagged text.
 * Both checkers report spans in those units (verified with accented letters and emoji in tests/unit/grammar.test.ts).
 *
 * Overlapping issues are merged: issues with a suggestion win over those without, our rules over harper (they are
 * narrower patterns that know the context) and harper over retext, and the narrower span wins; suggestions from an issue dropped for the same span are appended to the kept one. The issues returned
 * never overlap.
 *
 * `corrected` applies the first suggestion of the issues whose rule is auto-applied (`autoApplied: true`): only rules
 * that were right more often than wrong on the JFLEG development set (policy.ts, auto-apply.json, written by
 * `npm run bench:grammar -- --write`). The others stay suggestions the user can accept.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

import type { GrammarIssueKind } from '../../shared/api/grammar';
import { autoApplies } from './policy';
import { rankSuggestions, wordCount } from './spelling';

export type { GrammarIssueKind };

export interface GrammarIssue {
  /** UTF-16 offsets into the input: text.slice(start, end) is the flagged text */
  start: number;
  end: number;
  message: string;
  kind: GrammarIssueKind;
  /** replacements for text.slice(start, end), best first; '' removes the span */
  suggestions: string[];
  source: 'harper' | 'retext' | 'rules';
  /** the checker's rule name, e.g. SpellCheck, AnA, retext-spell, PluralSubjectVerb */
  rule: string;
  /** whether `corrected` includes this issue's first suggestion (its rule is auto-applied, see policy.ts) */
  autoApplied?: boolean;
}

export interface GrammarTimings {
  /** time harper spent linting inside its worker (the slowest part when the text was split) */
  harperMs: number;
  /** how many parts harper linted side by side (1 = whole text) */
  harperParts: number;
  /** time retext, our rules and the spelling suggestions took inside their worker */
  retextMs: number;
  /** of retextMs, the time our rules (rules.mjs) took */
  rulesMs?: number;
  /** wall-clock time of the whole check as the caller sees it */
  totalMs: number;
}

export interface GrammarResult {
  issues: GrammarIssue[];
  corrected: string;
  timings: GrammarTimings;
}

// ---------------------------------------------------------------------------
// worker clients (lazy, one per checker)
// ---------------------------------------------------------------------------

type Role = 'harper' | 'retext';

interface Pending {
  /** the request, to send it again if its worker is replaced before it ran */
  msg: Record<string, unknown>;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

/** A check that ran past its time budget: its worker was terminated (and is replaced on the next check). */
export class GrammarTimeoutError extends Error {
  constructor(readonly budgetMs: number) {
    super(`the grammar check took longer than ${budgetMs} ms and was stopped`);
    this.name = 'GrammarTimeoutError';
  }
}

/**
 * A worker thread that answers requests in order; recreated on the next request if it dies, fails to load or runs past
 * a request's time budget (WebAssembly cannot be interrupted: terminating the thread is the only way to stop it).
 */
class WorkerClient {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(
    private readonly role: Role,
    /** called when the worker is replaced (its loaded checker is gone) */
    private readonly onRestart: () => void = () => {},
  ) {}

  request<T>(msg: Record<string, unknown>, budgetMs = grammarBudgetMs): Promise<T> {
    const w = this.ensure();
    const id = this.nextId++;
    // keep the process alive only while a request is in flight (an idle worker must not hold a CLI or test open)
    if (this.pending.size === 0) w.ref();
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => this.overBudget(id, budgetMs), budgetMs);
      this.pending.set(id, {
        msg,
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v as T);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      w.postMessage({ ...msg, id });
    });
  }

  /**
   * A request ran past its budget: the worker is terminated and the request fails; the requests queued behind it
   * (which had not started) are sent again to a fresh worker, each within its own budget.
   */
  private overBudget(id: number, budgetMs: number): void {
    const late = this.pending.get(id);
    if (!late || !this.worker) return;
    this.pending.delete(id);
    const old = this.worker;
    this.worker = null;
    this.onRestart();
    void old.terminate();
    late.reject(new GrammarTimeoutError(budgetMs));
    if (this.pending.size === 0) return;
    const w = this.ensure();
    w.ref();
    for (const [queued, p] of this.pending) w.postMessage({ ...p.msg, id: queued });
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL('./worker.mjs', import.meta.url), { workerData: { role: this.role } });
    w.unref();
    w.on('message', (m: { id: number; ok: boolean; result?: unknown; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (this.pending.size === 0) w.unref();
      if (m.ok) p.resolve(m.result);
      else {
        p.reject(new Error(`${this.role} worker: ${m.error}`));
        // a WebAssembly panic leaves harper unusable; start a fresh worker for the next request
        if (this.role === 'harper') this.drop(w, new Error('harper worker restarted after a failed check'));
      }
    });
    w.on('error', (err) => this.drop(w, err));
    w.on('exit', (code) => this.drop(w, new Error(`${this.role} worker exited with code ${code}`)));
    this.worker = w;
    return w;
  }

  private drop(w: Worker, err: Error | null): void {
    if (this.worker !== w) return;
    this.worker = null;
    this.onRestart();
    if (err) {
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    }
    void w.terminate();
  }
}

/**
 * Harper is most of a check's time and runs on one core per instance, so a long text is cut at paragraph or sentence
 * breaks and its parts linted at the same time by several harper workers (about 0.4 GB each). Default: one per core,
 * at most 2; `configureGrammar` (the server's GRAMMAR_HARPER_WORKERS) changes it. The extra workers only take part
 * once loaded, so a long text never waits for a second load.
 */
export const MAX_HARPER_WORKERS = 4;
/** below this a text is linted whole: splitting costs more than it saves (~400 words) */
const SHARD_MIN_CHARS = 2400;

interface HarperSlot {
  client: WorkerClient;
  warm: Promise<number> | null;
  loadMs: number | null;
}

const newSlot = (): HarperSlot => {
  const slot: HarperSlot = {
    client: new WorkerClient('harper', () => {
      // the replacement worker loads harper again before it counts as ready
      slot.warm = null;
      slot.loadMs = null;
    }),
    warm: null,
    loadMs: null,
  };
  return slot;
};
let harperWorkers = Math.min(2, Math.max(1, availableParallelism()));
/** Time budget of one check or suggestion request to a checker's worker, ms. */
let grammarBudgetMs = 30_000;
/**
 * Loading a checker (harper's WebAssembly, retext's dictionaries) happens once per worker and is not a request's work:
 * on a busy 2-core machine it takes tens of seconds, so it has its own, longer budget, and checks are sent only once
 * their worker has loaded (their own budget then measures the check alone).
 */
const LOAD_BUDGET_MS = 180_000;
const harperSlots: HarperSlot[] = [newSlot()];
let retextWarm: Promise<unknown> | null = null;
const retextWorker = new WorkerClient('retext', () => {
  retextWarm = null;
});

function warmRetext(): Promise<unknown> {
  retextWarm ??= retextWorker.request({ op: 'warm' }, Math.max(LOAD_BUDGET_MS, grammarBudgetMs)).catch((err: unknown) => {
    retextWarm = null;
    throw err;
  });
  return retextWarm;
}

/**
 * Set how many harper workers long texts are split across (1..MAX_HARPER_WORKERS; call before the first check), and
 * the time budget of each request to a worker: past it, the worker is terminated, the check fails with
 * GrammarTimeoutError, and the next check starts a fresh worker.
 */
export function configureGrammar(opts: { harperWorkers?: number; budgetMs?: number }): void {
  if (opts.harperWorkers !== undefined) harperWorkers = Math.min(MAX_HARPER_WORKERS, Math.max(1, Math.floor(opts.harperWorkers)));
  if (opts.budgetMs !== undefined) grammarBudgetMs = Math.max(1, opts.budgetMs);
}

export function harperWorkerCount(): number {
  return harperWorkers;
}

function warmSlot(i: number): Promise<number> {
  while (harperSlots.length <= i) harperSlots.push(newSlot());
  const slot = harperSlots[i]!;
  slot.warm ??= slot.client.request<{ loadMs: number }>({ op: 'warm' }, Math.max(LOAD_BUDGET_MS, grammarBudgetMs)).then(
    (r) => (slot.loadMs = r.loadMs),
    (err: unknown) => {
      slot.warm = null;
      throw err;
    },
  );
  return slot.warm;
}

/** The harper workers loaded and ready now (the first one is always used, loading it if need be). */
function readySlots(): number[] {
  const ready = [0];
  for (let i = 1; i < harperWorkers; i++) {
    if (harperSlots[i]?.loadMs != null) ready.push(i);
    // load it in the background for the next long text
    else void warmSlot(i).catch(() => {});
  }
  return ready;
}

/** Start the workers and load the checkers now (server start, benchmarks). Resolves to harper's load time in ms. */
export async function warmUp(): Promise<number> {
  const loads = Array.from({ length: harperWorkers }, (_, i) => warmSlot(i));
  const [ms] = await Promise.all([Promise.all(loads).then((all) => Math.max(...all)), warmRetext()]);
  return ms;
}

/**
 * Cut points that split `text` into `parts` pieces of about equal length, each at a paragraph break or, failing that,
 * after a sentence's closing punctuation; fewer cuts where no such break is near. Exported for tests.
 */
export function shardPoints(text: string, parts: number): number[] {
  if (parts < 2 || text.length < SHARD_MIN_CHARS) return [];
  const breaks: number[] = [];
  for (const m of text.matchAll(/\n\s*\n/g)) breaks.push(m.index! + m[0].length);
  const sentences: number[] = [];
  for (const m of text.matchAll(/[.!?]["'\u201D\u2019)\]]*\s+(?=["'\u201C\u2018([]?\p{Lu})/gu)) sentences.push(m.index! + m[0].length);
  const cuts: number[] = [];
  for (let k = 1; k < parts; k++) {
    const target = (text.length * k) / parts;
    const window = text.length / parts / 3;
    const near = (list: number[]) => list.filter((b) => Math.abs(b - target) <= window).sort((a, b) => Math.abs(a - target) - Math.abs(b - target))[0];
    const cut = near(breaks) ?? near(sentences);
    if (cut !== undefined && cut > (cuts[cuts.length - 1] ?? 0)) cuts.push(cut);
  }
  return cuts;
}

/** How long harper took to load in its worker (ms), or null before it has loaded. */
export function loadTimeMs(): number | null {
  return harperSlots[0]!.loadMs;
}

// ---------------------------------------------------------------------------
// checkers
// ---------------------------------------------------------------------------

const HARPER_KIND: Record<string, GrammarIssueKind> = {
  spelling: 'spelling',
  typo: 'spelling',
  repetition: 'repetition',
  grammar: 'grammar',
  agreement: 'grammar',
  boundaryerror: 'grammar',
  eggcorn: 'word-choice',
  malapropism: 'word-choice',
  wordchoice: 'word-choice',
  usage: 'word-choice',
  capitalization: 'capitalization',
  punctuation: 'punctuation',
  formatting: 'punctuation',
};

function harperKind(rule: string, lintKind: string): GrammarIssueKind {
  if (rule === 'AnA') return 'article';
  return HARPER_KIND[lintKind.toLowerCase().replace(/[^a-z]/g, '')] ?? 'style';
}

interface HarperRaw {
  start: number;
  end: number;
  message: string;
  rule: string;
  lintKind: string;
  suggestions: string[];
}

async function harperIssues(text: string): Promise<{ issues: GrammarIssue[]; ms: number; parts: number }> {
  await warmSlot(0);
  const slots = readySlots();
  const cuts = shardPoints(text, slots.length);
  const bounds = [0, ...cuts, text.length];
  const parts = await Promise.all(
    bounds
      .slice(0, -1)
      .map((from, k) => harperSlots[slots[k]!]!.client.request<{ issues: HarperRaw[]; ms: number }>({ op: 'check', text: text.slice(from, bounds[k + 1]) })),
  );
  const issues: GrammarIssue[] = [];
  for (const [k, r] of parts.entries()) {
    const shift = bounds[k]!;
    for (const i of r.issues) {
      issues.push({
        start: i.start + shift,
        end: i.end + shift,
        message: stripMarkdown(i.message),
        kind: harperKind(i.rule, i.lintKind),
        suggestions: i.suggestions,
        source: 'harper',
        rule: i.rule,
      });
    }
  }
  // the parts run side by side: harper's share of the wall clock is its slowest part
  return { issues, ms: Math.max(...parts.map((r) => r.ms)), parts: parts.length };
}

interface RetextRaw {
  start: number;
  end: number;
  source: string;
  reason: string;
  actual: string | null;
  suggestions: string[];
}

const RETEXT_KIND: Record<string, GrammarIssueKind> = {
  'retext-spell': 'spelling',
  'retext-repeated-words': 'repetition',
  'retext-indefinite-article': 'article',
};

interface RuleRaw {
  start: number;
  end: number;
  rule: string;
  kind: GrammarIssueKind;
  message: string;
  suggestions: string[];
}

async function retextIssues(text: string, skipSpelling: string[]): Promise<{ issues: GrammarIssue[]; ms: number; rulesMs: number }> {
  await warmRetext();
  const r = await retextWorker.request<{ issues: RetextRaw[]; ms: number; rules: RuleRaw[]; rulesMs: number }>({ op: 'check', text, skip: skipSpelling });
  const issues: GrammarIssue[] = r.rules.map((i) => ({ ...i, source: 'rules' as const }));
  for (const m of r.issues) {
    const kind = RETEXT_KIND[m.source];
    if (!kind) continue;
    const problem = text.slice(m.start, m.end);
    issues.push({ start: m.start, end: m.end, message: retextMessage(kind, m, problem), kind, suggestions: m.suggestions, source: 'retext', rule: m.source });
  }
  return { issues, ms: r.ms + r.rulesMs, rulesMs: r.rulesMs };
}

function retextMessage(kind: GrammarIssueKind, m: RetextRaw, problem: string): string {
  if (kind === 'spelling') return `“${problem}” may be misspelled.`;
  if (kind === 'repetition') return `“${m.actual ?? problem}” repeats a word.`;
  return m.reason.replace(/`/g, '“').replace(/“(\S*?)“/g, '“$1”');
}

function stripMarkdown(s: string): string {
  return s.replace(/`([^`]*)`/g, '“$1”').replace(/\*\*?([^*]+)\*\*?/g, '$1');
}

// ---------------------------------------------------------------------------
// merge
// ---------------------------------------------------------------------------

const overlaps = (a: GrammarIssue, b: GrammarIssue) => a.start < b.end && b.start < a.end;

const SOURCE_RANK: Record<GrammarIssue['source'], number> = { rules: 0, harper: 1, retext: 2 };

/**
 * Keep a non-overlapping set: with suggestions first, then our rules, harper, retext, then narrower spans. (Not the
 * auto-apply table: the issues found must not depend on it, or the bench that writes it would chase its own tail.)
 */
export function mergeIssues(all: GrammarIssue[]): GrammarIssue[] {
  const ranked = [...all].sort(
    (a, b) =>
      Number(b.suggestions.length > 0) - Number(a.suggestions.length > 0) ||
      SOURCE_RANK[a.source] - SOURCE_RANK[b.source] ||
      a.end - a.start - (b.end - b.start) ||
      a.start - b.start,
  );
  const kept: GrammarIssue[] = [];
  // kept issues by position (indices into kept), so that a text with thousands of issues is merged in linear time
  const BUCKET = 64;
  const near = new Map<number, number[]>();
  const buckets = (i: GrammarIssue) => [Math.floor(i.start / BUCKET), Math.floor(Math.max(i.start, i.end - 1) / BUCKET)] as const;
  for (const issue of ranked) {
    // the first kept issue (in the order kept) that overlaps this one
    let first = -1;
    const [lo, hi] = buckets(issue);
    for (let b = lo; b <= hi; b++) for (const k of near.get(b) ?? []) if ((first < 0 || k < first) && overlaps(kept[k]!, issue)) first = k;
    const clash = first >= 0 ? kept[first] : undefined;
    if (!clash) {
      kept.push({ ...issue, suggestions: [...issue.suggestions] });
      for (let b = lo; b <= hi; b++) {
        const list = near.get(b);
        if (list) list.push(kept.length - 1);
        else near.set(b, [kept.length - 1]);
      }
      continue;
    }
    if (clash.start === issue.start && clash.end === issue.end) {
      for (const s of issue.suggestions) if (!clash.suggestions.includes(s)) clash.suggestions.push(s);
    }
  }
  return kept.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Apply the first suggestion of each issue (issues must not overlap). */
export function applyIssues(text: string, issues: readonly GrammarIssue[]): string {
  let out = '';
  let at = 0;
  for (const i of [...issues].sort((a, b) => a.start - b.start)) {
    if (i.start < at || i.suggestions.length === 0) continue;
    out += text.slice(at, i.start) + i.suggestions[0];
    at = i.end;
  }
  return out + text.slice(at);
}

/** A split suggestion ("int rested") one of whose parts is no common word: harper found no spelling for the word. */
function garbledSplit(suggestion: string | undefined): boolean {
  if (!suggestion || !/\s/.test(suggestion)) return false;
  return suggestion.split(/\s+/).some((part) => !/^(a|I)$/.test(part) && (part.length < 2 || wordCount(part) < 50));
}

const WORD_RE = /[\p{L}\p{N}][\p{L}\p{M}\p{N}'’-]*/gu;
const ALNUM = /[\p{L}\p{N}]/u;

/** A spelling flag on part of a token such as "GPT-4o" or "x86" is noise, not a misspelling. */
function partOfToken(text: string, i: GrammarIssue): boolean {
  return i.kind === 'spelling' && (ALNUM.test(text[i.start - 1] ?? '') || ALNUM.test(text[i.end] ?? ''));
}

/** Longer runs without whitespace are not words (hashes, base64, "ab-ab-ab-…"); the checkers never see them. */
export const MAX_CHECKED_RUN = 100;
const LONG_RUN = new RegExp(`\\S{${MAX_CHECKED_RUN + 1},}`, 'g');

export async function checkGrammar(input: string): Promise<GrammarResult> {
  const t0 = performance.now();
  if (!input.trim()) return { issues: [], corrected: input, timings: { harperMs: 0, harperParts: 0, retextMs: 0, rulesMs: 0, totalMs: 0 } };
  // Harper's time on one run without spaces grows far faster than its length (a 200,000-character "word" took a
  // minute): such runs are blanked with spaces of the same length, so every offset still points into the input.
  const text = input.replace(LONG_RUN, (run) => ' '.repeat(run.length));
  // Capitalised words are mostly names, and words with digits or accents are mostly codes and loanwords: harper's
  // dictionary knows far more of them than hunspell's (harper still checks them), and hunspell's suggestions for
  // them are the slowest.
  const skip = new Set<string>();
  for (const m of text.matchAll(WORD_RE)) {
    const w = m[0].replace(/’/g, "'");
    if (/^\p{Lu}/u.test(w) || /[\u0080-\uffff]|\d/.test(w)) skip.add(w);
  }
  // the two checkers run at the same time, each on its own thread
  const [h, r] = await Promise.all([harperIssues(text), retextIssues(text, [...skip])]);
  const fromHarper = h.issues.filter((i) => !partOfToken(text, i));
  // harper's spelling suggestions, nearest and commonest first (spelling.ts)
  for (const i of fromHarper) if (i.kind === 'spelling' && i.suggestions.length > 1) i.suggestions = rankSuggestions(text.slice(i.start, i.end), i.suggestions);
  const issues = mergeIssues([...fromHarper, ...r.issues]);
  // Hunspell suggestions only for the unknown words harper did not flag (harper's suggestions win the others). Its
  // dictionary is far smaller than harper's, so these are mostly valid terms ("scalable", "lossy"), and its
  // suggestions for them are wrong ("salable", "mossy"): they are offered for review, never applied to `corrected`
  // (policy.ts, NEVER_AUTO_APPLIED).
  // Long and compound tokens are skipped: they are nearly always such terms, and cost hunspell the most.
  const bare = issues.filter(
    (i) => i.rule === 'retext-spell' && i.suggestions.length === 0 && i.end - i.start <= 12 && !/[-./]/.test(text.slice(i.start, i.end)),
  );
  // Harper sometimes splits a misspelt word into two where a part is no word at all ("intrested" -> "int rested",
  // "exsit" -> "ex sit"): those get hunspell's spelling suggestions first (the split stays as the last one).
  const garbled = issues.filter((i) => i.rule === 'SplitWords' && garbledSplit(i.suggestions[0]));
  let suggestMs = 0;
  if (bare.length || garbled.length) {
    const key = (i: GrammarIssue) => text.slice(i.start, i.end).replace(/’/g, "'");
    const words = [...new Set([...bare, ...garbled].map(key))];
    await warmRetext();
    const s = await retextWorker.request<{ suggestions: Record<string, string[]>; ms: number }>({ op: 'suggest', words });
    for (const i of bare) i.suggestions = s.suggestions[key(i)] ?? [];
    for (const i of garbled) {
      const better = rankSuggestions(
        key(i),
        (s.suggestions[key(i)] ?? []).filter((w) => !/\s/.test(w)),
      );
      if (better.length) i.suggestions = [...better, ...i.suggestions];
    }
    suggestMs = s.ms;
  }
  // only the rules that were right more often than wrong on JFLEG dev are applied; the rest wait for a click
  for (const i of issues) i.autoApplied = autoApplies(i, text);
  const corrected = applyIssues(
    input,
    issues.filter((i) => i.autoApplied),
  );
  return {
    issues,
    corrected,
    timings: { harperMs: h.ms, harperParts: h.parts, retextMs: r.ms + suggestMs, rulesMs: r.rulesMs, totalMs: performance.now() - t0 },
  };
}
