/**
 * Grammar worker thread (node:worker_threads). Plain JavaScript so it runs the same under tsx, vitest and node.
 *
 * workerData.role:
 * - 'harper': harper.js LocalLinter (WebAssembly inlined in the npm package); loads once, on the first message.
 *   Replies with plain objects (start, end, message, rule, lintKind, suggestions) for the whole text in one lint pass.
 * - 'retext': retext-english + retext-spell (dictionary-en; flags only) + repeated words + a/an, and Veritext's own
 *   rules (rules.mjs: agreement, pronoun case, they're/their, double negatives, ... on wink-nlp's tags); on request,
 *   hunspell (nspell) suggestions for unknown words, within a wall-clock budget.
 *
 * Protocol: { id, op: 'warm' | 'check', text, skip } or { id, op: 'suggest', words } (retext only)
 *   -> { id, ok: true, result } | { id, ok: false, error }.
 * Requests are handled one at a time in arrival order (the engines are synchronous once loaded).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

// A check yields the CPU to the main thread: on a busy machine the server's event loop must not wait behind a long
// check. Linux gives each thread an id of its own that can be niced; elsewhere, skip.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10);
} catch {
  // not Linux, or not allowed: the thread keeps the process's priority
}

const role = workerData?.role;

const WARM_UP_TEXT =
  'Their going to the the market tomorow, and she dont know if its open. He have an apple and a orange.\n\n' +
  'In conclusion, the results shows that alot of people could of done better, however it is important to note that ' +
  'the data, which was collected in 2023 by Dr. Chen at MIT, were incomplete. "Why?" she asked; nobody answered.';

// ---------------------------------------------------------------------------
// harper
// ---------------------------------------------------------------------------

let harperLoad = null;
let harperLoadMs = null;

function harper() {
  harperLoad ??= (async () => {
    const t0 = performance.now();
    const [{ LocalLinter, Dialect }, { binaryInlined }] = await Promise.all([import('harper.js'), import('harper.js/binaryInlined')]);
    const linter = new LocalLinter({ binary: binaryInlined, dialect: Dialect.American });
    await linter.setup();
    // LongSentences flags a whole sentence (no suggestion), and harper then drops every other lint inside that span:
    // a misspelling in a 45-word sentence went unreported. Long sentences are a style matter; the errors are not.
    await linter.setLintConfig({ ...(await linter.getLintConfig()), LongSentences: false });
    // the first lints build harper's lazy tables (spell-check index, rule set); do it here, not in a request
    await linter.lint(WARM_UP_TEXT, { language: 'plaintext' });
    harperLoadMs = performance.now() - t0;
    return linter;
  })();
  return harperLoad;
}

async function harperCheck(text) {
  const linter = await harper();
  const t0 = performance.now();
  const organized = await linter.organizedLints(text, { language: 'plaintext' });
  const out = [];
  for (const [rule, lints] of Object.entries(organized)) {
    for (const lint of lints) {
      const span = lint.span();
      const { start, end } = span;
      span.free();
      const problem = text.slice(start, end);
      const suggestions = [];
      for (const s of lint.suggestions()) {
        const r = s.get_replacement_text();
        const kind = s.kind(); // 0 replace, 1 remove, 2 insert after
        let full = kind === 1 ? '' : kind === 2 ? problem + r : r;
        s.free();
        // no doubled spaces where the replacement meets the surrounding text
        if (/\s/.test(text[end] ?? '')) full = full.trimEnd();
        if (/\s/.test(text[start - 1] ?? '')) full = full.trimStart();
        // harper may offer the same word twice (straight and curly apostrophe, trailing space); keep the first
        const key = (x) => x.replace(/’/g, "'").trim();
        if (full !== problem && !suggestions.some((x) => key(x) === key(full))) suggestions.push(full);
      }
      out.push({ start, end, message: lint.message(), rule, lintKind: lint.lint_kind(), suggestions });
      lint.free();
    }
  }
  return { issues: out, ms: performance.now() - t0 };
}

// ---------------------------------------------------------------------------
// retext + hunspell suggestions
// ---------------------------------------------------------------------------

/** Words retext-spell must skip on the current run; the plugin keeps a reference to this array. */
const spellIgnore = [];
let retextLoad = null;
let retextRuns = 0;
/** retext-spell caches every unknown word it has seen; a fresh processor bounds that memory. */
const RETEXT_RUNS_PER_PROCESSOR = 2000;
let spellerLoad = null;
const suggestionCache = new Map();
const SUGGESTION_CACHE_MAX = 5000;
/** Wall-clock budget for hunspell suggestions in one check; words past it are flagged without suggestions. */
const SUGGESTION_BUDGET_MS = 40;

function retext() {
  if (!retextLoad || retextRuns >= RETEXT_RUNS_PER_PROCESSOR) {
    retextRuns = 0;
    retextLoad = (async () => {
      const [{ unified }, english, spell, dictionary, repeated, article, { VFile }] = await Promise.all([
        import('unified'),
        import('retext-english'),
        import('retext-spell'),
        import('dictionary-en'),
        import('retext-repeated-words'),
        import('retext-indefinite-article'),
        import('vfile'),
      ]);
      const processor = unified()
        .use(english.default)
        // max -1: retext-spell only flags unknown words. Its suggestion budget counts over the processor's lifetime,
        // not per run, and a suggestion can take 150 ms, so suggestions are made below within a budget instead.
        .use(spell.default, { dictionary: dictionary.default, ignore: spellIgnore, max: -1 })
        .use(repeated.default)
        .use(article.default)
        .freeze();
      return { processor, VFile };
    })();
  }
  return retextLoad;
}

function speller() {
  spellerLoad ??= (async () => {
    const [{ default: nspell }, { default: dictionary }] = await Promise.all([import('nspell'), import('dictionary-en')]);
    return nspell(dictionary);
  })();
  return spellerLoad;
}

const RETEXT_SOURCES = new Set(['retext-spell', 'retext-repeated-words', 'retext-indefinite-article']);

let rulesLoad = null;

/** rules.mjs loads wink-nlp's model (~1 s) on its first run: the warm-up pays for it */
function rules() {
  rulesLoad ??= import('./rules.mjs').then(
    (m) => {
      m.lintRules(WARM_UP_TEXT);
      return m;
    },
    (err) => {
      // a failed load is tried again on the next request rather than cached
      rulesLoad = null;
      throw err;
    },
  );
  return rulesLoad;
}

async function retextCheck(text, skip) {
  const [{ processor, VFile }, { lintRules }] = await Promise.all([retext(), rules()]);
  const t0 = performance.now();
  const file = new VFile(text);
  spellIgnore.length = 0;
  spellIgnore.push(...skip);
  try {
    processor.runSync(processor.parse(file), file);
  } finally {
    spellIgnore.length = 0;
    retextRuns++;
  }
  const out = [];
  for (const m of file.messages) {
    const source = m.source ?? '';
    if (!RETEXT_SOURCES.has(source) || m.ruleId === 'overflow' || !m.place || !('start' in m.place)) continue;
    const start = m.place.start.offset;
    const end = m.place.end.offset;
    if (start === undefined || end === undefined) continue;
    const problem = text.slice(start, end);
    const suggestions = source === 'retext-spell' ? [] : (m.expected ?? []).filter((s) => s !== problem);
    out.push({ start, end, source, reason: m.reason, actual: m.actual ?? null, suggestions });
  }
  // Only cached hunspell suggestions here: computing one costs up to 150 ms of CPU, and most unknown words are also
  // flagged by harper, whose suggestions win the merge. The caller asks (op 'suggest') for the words harper missed.
  for (const i of out) {
    if (i.source !== 'retext-spell') continue;
    const word = text.slice(i.start, i.end).replace(/’/g, "'");
    i.suggestions = (suggestionCache.get(word) ?? []).filter((x) => x !== word);
  }
  const t1 = performance.now();
  const ruleIssues = lintRules(text);
  return { issues: out, ms: t1 - t0, rules: ruleIssues, rulesMs: performance.now() - t1 };
}

/** hunspell suggestions for unknown words, cached across requests; words past the time budget get none */
async function suggest(words) {
  const sp = await speller();
  const t0 = performance.now();
  const result = {};
  for (const word of words) {
    let s = suggestionCache.get(word);
    if (!s && performance.now() - t0 < SUGGESTION_BUDGET_MS) {
      s = sp.suggest(word).slice(0, 5);
      if (suggestionCache.size >= SUGGESTION_CACHE_MAX) suggestionCache.delete(suggestionCache.keys().next().value);
      suggestionCache.set(word, s);
    }
    result[word] = (s ?? []).filter((x) => x !== word);
  }
  return { suggestions: result, ms: performance.now() - t0 };
}

// ---------------------------------------------------------------------------
// message loop
// ---------------------------------------------------------------------------

async function handle(msg) {
  if (role === 'harper') {
    if (msg.op === 'warm') {
      await harper();
      return { loadMs: harperLoadMs };
    }
    return harperCheck(msg.text);
  }
  if (role === 'retext') {
    if (msg.op === 'warm') {
      await Promise.all([retext(), speller(), rules()]);
      return {};
    }
    if (msg.op === 'suggest') return suggest(msg.words ?? []);
    return retextCheck(msg.text, msg.skip ?? []);
  }
  throw new Error(`unknown grammar worker role: ${String(role)}`);
}

let chain = Promise.resolve();
parentPort.on('message', (msg) => {
  chain = chain.then(async () => {
    try {
      parentPort.postMessage({ id: msg.id, ok: true, result: await handle(msg) });
    } catch (err) {
      parentPort.postMessage({ id: msg.id, ok: false, error: err instanceof Error ? err.message : String(err) });
      // a failed harper load is retried on the next request rather than cached
      if (role === 'harper' && harperLoadMs === null) harperLoad = null;
    }
  });
});
