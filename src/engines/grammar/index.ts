/**
 * Offline grammar and spelling checker.
 *
 *   checkGrammar(text) -> { issues: [{ start, end, message, kind, suggestions, source, rule }], corrected, timings }
 *
 * Two checkers run on the same text, concurrently, each in its own worker thread (worker.mjs), so a check never
 * blocks the event loop:
 * - harper.js (`LocalLinter` with the WebAssembly binary inlined in the npm package, so nothing is fetched):
 *   grammar, agreement, word choice, spelling, repetition, a/an, punctuation and capitalisation — one lint pass
 *   over the whole text.
 * - retext (retext-english + retext-spell with dictionary-en, retext-repeated-words, retext-indefinite-article) plus
 *   hunspell suggestions: spelling, repeated words and a/an that harper may miss.
 *
 * Each worker starts lazily on the first check (or `warmUp()`) and loads its checker once (harper takes 2–7 s and
 * ~0.5 GB); `loadTimeMs()` reports how long harper took. Where the time goes (measured with bench/tools.ts): harper
 * spends ~85 % of a check parsing and running its ~870 rules on sentences it has not seen before (it caches results
 * per sentence, so a re-check of edited text costs only the changed sentences); retext is ~10 %.
 *
 * Offsets are JavaScript string indices (UTF-16 code units), so `text.slice(start, end)` is the flagged text.
 * Both checkers report spans in those units (verified with accented letters and emoji in tests/unit/grammar.test.ts).
 *
 * Overlapping issues are merged: issues with a suggestion win over those without, harper wins over retext, and the
 * narrower span wins; suggestions from an issue dropped for the same span are appended to the kept one. The issues
 * returned never overlap, so `corrected` applies the first suggestion of each of them.
 */
import { Worker } from 'node:worker_threads';

import type { GrammarIssueKind } from '../../shared/api/grammar';

export type { GrammarIssueKind };

export interface GrammarIssue {
  /** UTF-16 offsets into the input: text.slice(start, end) is the flagged text */
  start: number;
  end: number;
  message: string;
  kind: GrammarIssueKind;
  /** replacements for text.slice(start, end), best first; '' removes the span */
  suggestions: string[];
  source: 'harper' | 'retext';
  /** the checker's rule name, e.g. SpellCheck, AnA, retext-spell */
  rule: string;
}

export interface GrammarTimings {
  /** time harper spent linting inside its worker */
  harperMs: number;
  /** time retext and the spelling suggestions took inside their worker */
  retextMs: number;
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
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

/** A worker thread that answers requests in order; recreated on the next request if it dies or fails to load. */
class WorkerClient {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(private readonly role: Role) {}

  request<T>(msg: Record<string, unknown>): Promise<T> {
    const w = this.ensure();
    const id = this.nextId++;
    // keep the process alive only while a request is in flight (an idle worker must not hold a CLI or test open)
    if (this.pending.size === 0) w.ref();
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      w.postMessage({ ...msg, id });
    });
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
    if (err) {
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    }
    void w.terminate();
  }
}

const harperWorker = new WorkerClient('harper');
const retextWorker = new WorkerClient('retext');

let harperLoadMs: number | null = null;
let harperWarm: Promise<number> | null = null;

function warmHarper(): Promise<number> {
  harperWarm ??= harperWorker.request<{ loadMs: number }>({ op: 'warm' }).then(
    (r) => (harperLoadMs = r.loadMs),
    (err: unknown) => {
      harperWarm = null;
      throw err;
    },
  );
  return harperWarm;
}

/** Start both workers and load both checkers now (server start, benchmarks). Resolves to harper's load time in ms. */
export async function warmUp(): Promise<number> {
  const [ms] = await Promise.all([warmHarper(), retextWorker.request({ op: 'warm' })]);
  return ms;
}

/** How long harper took to load in its worker (ms), or null before it has loaded. */
export function loadTimeMs(): number | null {
  return harperLoadMs;
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

async function harperIssues(text: string): Promise<{ issues: GrammarIssue[]; ms: number }> {
  await warmHarper();
  const r = await harperWorker.request<{ issues: HarperRaw[]; ms: number }>({ op: 'check', text });
  const issues = r.issues.map(
    (i): GrammarIssue => ({
      start: i.start,
      end: i.end,
      message: stripMarkdown(i.message),
      kind: harperKind(i.rule, i.lintKind),
      suggestions: i.suggestions,
      source: 'harper',
      rule: i.rule,
    }),
  );
  return { issues, ms: r.ms };
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

async function retextIssues(text: string, skipSpelling: string[]): Promise<{ issues: GrammarIssue[]; ms: number }> {
  const r = await retextWorker.request<{ issues: RetextRaw[]; ms: number }>({ op: 'check', text, skip: skipSpelling });
  const issues: GrammarIssue[] = [];
  for (const m of r.issues) {
    const kind = RETEXT_KIND[m.source];
    if (!kind) continue;
    const problem = text.slice(m.start, m.end);
    issues.push({ start: m.start, end: m.end, message: retextMessage(kind, m, problem), kind, suggestions: m.suggestions, source: 'retext', rule: m.source });
  }
  return { issues, ms: r.ms };
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

/** Keep a non-overlapping set: with suggestions first, harper first, narrower spans first. */
export function mergeIssues(all: GrammarIssue[]): GrammarIssue[] {
  const ranked = [...all].sort(
    (a, b) =>
      Number(b.suggestions.length > 0) - Number(a.suggestions.length > 0) ||
      Number(a.source !== 'harper') - Number(b.source !== 'harper') ||
      a.end - a.start - (b.end - b.start) ||
      a.start - b.start,
  );
  const kept: GrammarIssue[] = [];
  for (const issue of ranked) {
    const clash = kept.find((k) => overlaps(k, issue));
    if (!clash) {
      kept.push({ ...issue, suggestions: [...issue.suggestions] });
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

const WORD_RE = /[\p{L}\p{N}][\p{L}\p{M}\p{N}'’-]*/gu;
const ALNUM = /[\p{L}\p{N}]/u;

/** A spelling flag on part of a token such as "GPT-4o" or "x86" is noise, not a misspelling. */
function partOfToken(text: string, i: GrammarIssue): boolean {
  return i.kind === 'spelling' && (ALNUM.test(text[i.start - 1] ?? '') || ALNUM.test(text[i.end] ?? ''));
}

export async function checkGrammar(text: string): Promise<GrammarResult> {
  const t0 = performance.now();
  if (!text.trim()) return { issues: [], corrected: text, timings: { harperMs: 0, retextMs: 0, totalMs: 0 } };
  // Capitalised words are mostly names, and words with digits or accents are mostly codes and loanwords: harper's
  // dictionary knows far more of them than hunspell's (harper still checks them), and hunspell's suggestions for
  // them are the slowest.
  const skip = new Set<string>();
  for (const m of text.matchAll(WORD_RE)) {
    const w = m[0].replace(/’/g, "'");
    if (/^\p{Lu}/u.test(w) || /[^\x00-\x7f]|\d/.test(w)) skip.add(w);
  }
  // the two checkers run at the same time, each on its own thread
  const [h, r] = await Promise.all([harperIssues(text), retextIssues(text, [...skip])]);
  const fromHarper = h.issues.filter((i) => !partOfToken(text, i));
  const issues = mergeIssues([...fromHarper, ...r.issues]);
  return { issues, corrected: applyIssues(text, issues), timings: { harperMs: h.ms, retextMs: r.ms, totalMs: performance.now() - t0 } };
}
