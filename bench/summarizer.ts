/**
 * `npm run bench:summarizer` — the offline extractive summarizer (src/engines/summarizer) against lead baselines, with
 * ROUGE-1/2/L F1 and late-fact coverage, on the 80 documents of datasets/summaries/references.jsonl (model-written
 * reference summaries; see datasets/summaries/README.md). Texts are read from ../shared/datasets, never copied here.
 *
 * Every system runs in the same process on the same documents, split into dev (the engine's parameters were tuned
 * there) and held-out (reported, never tuned on). Two comparisons:
 *
 *   1. Same length budget (the headline): B = the reference summary's word count (90–120). The engine is asked for B
 *      words (`words: B`); lead-3 is the first three sentences; lead-B is the document's first B words. Every output
 *      is then cut to at most B words before scoring, as ROUGE evaluations with a length limit do.
 *   2. Product settings: the engine at each named length ('short', 'medium', 'long') as the app calls it, against
 *      lead-k, the first k sentences where k is the number of sentences the engine picked on that document, and
 *      lead-3. Nothing is cut.
 *
 * Late-fact coverage: the share of each document's `late_facts` (key phrases from its second half, in its own words)
 * whose content words, stemmed, all appear in the summary. Position: the mean relative position (0 = start, 1 = end)
 * of the words each system extracted, to show how far into the document it reaches.
 *
 * Last, the engine's time on 1,000-word texts (p50 / p95 over the documents glued into 1,000-word pieces).
 *
 * Environment: SUMMARIES_DATA (default ../shared/datasets), BENCH_SPLIT=dev|heldout|all (default all),
 * BENCH_PARAMS='{"firstBonus":0.5}' overrides engine parameters (for tuning on dev), BENCH_DOCS=1 prints every
 * document's ROUGE-L and coverage for the engine and lead-B.
 */
import { performance } from 'node:perf_hooks';
import { leadSentences, leadWords, loadDocs, mean, score, wordCount, type Doc, type Output, type Row } from '../scripts/summarizer-data';
import { DEFAULT_PARAMS, summarize, type SummarizerParams } from '../src/engines/summarizer';
import { splitSentences } from '../src/engines/text';

const SPLIT = process.env.BENCH_SPLIT ?? 'all';
const PARAMS: SummarizerParams = {
  ...DEFAULT_PARAMS,
  ...(process.env.BENCH_PARAMS ? (JSON.parse(process.env.BENCH_PARAMS) as Partial<SummarizerParams>) : {}),
};
const PER_DOC = process.env.BENCH_DOCS === '1';

function table(title: string, systems: [string, Row[]][]): void {
  console.log(`\n${title}`);
  console.log('| system | ROUGE-1 | ROUGE-2 | ROUGE-L | late facts | words | position |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [name, rows] of systems)
    console.log(
      `| ${name} | ${(100 * mean(rows, 'r1')).toFixed(1)} | ${(100 * mean(rows, 'r2')).toFixed(1)} | ${(100 * mean(rows, 'rl')).toFixed(1)} | ` +
        `${(100 * mean(rows, 'facts')).toFixed(1)} % | ${mean(rows, 'words').toFixed(0)} | ${mean(rows, 'pos').toFixed(2)} |`,
    );
}

function evaluate(docs: Doc[], label: string): void {
  const budget = { engine: [] as Row[], lead3: [] as Row[], leadB: [] as Row[] };
  const settings = ['short', 'medium', 'long'] as const;
  const product = new Map(settings.map((l) => [l, { engine: [] as Row[], leadK: [] as Row[] }]));
  const lead3Uncut: Row[] = [];
  const bySource = new Map<string, { engine: Row[]; leadB: Row[]; lead3: Row[] }>();
  for (const d of docs) {
    const B = d.summary_words;
    const e = summarize(d.text, { words: B, params: PARAMS });
    const eOut: Output = { summary: e.summary, spans: e.sentences };
    const rowE = score(d, eOut, B);
    const rowL3 = score(d, leadSentences(d.text, 3), B);
    const rowLB = score(d, leadWords(d.text, B), B);
    budget.engine.push(rowE);
    budget.lead3.push(rowL3);
    budget.leadB.push(rowLB);
    const src = bySource.get(d.source) ?? { engine: [], leadB: [], lead3: [] };
    src.engine.push(rowE);
    src.leadB.push(rowLB);
    src.lead3.push(rowL3);
    bySource.set(d.source, src);

    for (const length of settings) {
      const m = summarize(d.text, { length, params: PARAMS });
      product.get(length)!.engine.push(score(d, { summary: m.summary, spans: m.sentences }));
      product.get(length)!.leadK.push(score(d, leadSentences(d.text, m.sentences.length)));
    }
    lead3Uncut.push(score(d, leadSentences(d.text, 3)));
    if (PER_DOC)
      console.log(
        `${label.padEnd(8)} ${d.id.slice(0, 48).padEnd(48)} engine RL ${(100 * rowE.rl).toFixed(1).padStart(5)} facts ${(100 * rowE.facts).toFixed(0).padStart(3)}% | ` +
          `lead-B RL ${(100 * rowLB.rl).toFixed(1).padStart(5)} facts ${(100 * rowLB.facts).toFixed(0).padStart(3)}%`,
      );
  }
  table(
    `${label} (${docs.length} documents) — same length budget: every output cut to the reference's length (mean ${mean(budget.leadB, 'words').toFixed(0)} words)`,
    [
      ['engine (words = B)', budget.engine],
      ['lead-3', budget.lead3],
      ['lead-B (first B words)', budget.leadB],
    ],
  );
  table(`${label} — product settings: the engine at each named length vs lead-k, the first k sentences (k = the engine's count), uncut`, [
    ...settings.flatMap((l): [string, Row[]][] => [
      [`engine (${l})`, product.get(l)!.engine],
      [`lead-k (${l})`, product.get(l)!.leadK],
    ]),
    ['lead-3', lead3Uncut],
  ]);
  console.log(`\n${label} — ROUGE-L and late facts by source, same length budget (engine / lead-3 / lead-B)`);
  console.log('| source | docs | ROUGE-L | late facts |');
  console.log('|---|---|---|---|');
  for (const [src, r] of [...bySource].sort()) {
    const f = (rows: Row[], k: keyof Row) => (100 * mean(rows, k)).toFixed(1);
    console.log(
      `| ${src} | ${r.engine.length} | ${f(r.engine, 'rl')} / ${f(r.lead3, 'rl')} / ${f(r.leadB, 'rl')} | ${f(r.engine, 'facts')} / ${f(r.lead3, 'facts')} / ${f(r.leadB, 'facts')} % |`,
    );
  }
}

/** The documents glued end to end and cut into 1,000-word pieces at sentence ends. */
function thousandWordTexts(docs: Doc[]): string[] {
  const out: string[] = [];
  let cur: string[] = [];
  let n = 0;
  for (const d of docs)
    for (const s of splitSentences(d.text)) {
      cur.push(s.text);
      n += wordCount(s.text);
      if (n >= 1000) {
        out.push(cur.join(' '));
        cur = [];
        n = 0;
      }
    }
  return out;
}

function timing(docs: Doc[]): void {
  const texts = thousandWordTexts(docs);
  for (const t of texts.slice(0, 5)) summarize(t, { params: PARAMS }); // warm the JIT
  const times: number[] = [];
  for (const t of texts) {
    const t0 = performance.now();
    summarize(t, { length: 'medium', params: PARAMS });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  console.log(`\nTime, length "medium", ${times.length} texts of about 1,000 words: p50 ${q(0.5).toFixed(1)} ms, p95 ${q(0.95).toFixed(1)} ms`);
}

const docs = loadDocs();
console.log(`Summarizer benchmark: ${docs.length} documents with model-written reference summaries (datasets/summaries)`);
if (process.env.BENCH_PARAMS) console.log(`engine parameters: ${JSON.stringify(PARAMS)}`);
if (SPLIT === 'dev' || SPLIT === 'all')
  evaluate(
    docs.filter((d) => d.split === 'dev'),
    'dev',
  );
if (SPLIT === 'heldout' || SPLIT === 'all')
  evaluate(
    docs.filter((d) => d.split === 'heldout'),
    'held-out',
  );
timing(docs);
