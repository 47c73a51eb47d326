/**
 * Tunes the summarizer's parameters on the **dev** half of datasets/summaries only (the held-out half is never read
 * here), by coordinate search: each parameter in turn tries the values of its grid with the others fixed, and keeps
 * the best; rounds repeat until nothing improves. The objective is the mean, over dev documents, of ROUGE-L F1 at the
 * reference's length plus ROUGE-L F1 at length "medium", plus TUNE_FACTS (default 0.3) times the late-fact coverage
 * at both lengths. Prints the best parameters; copy them into DEFAULT_PARAMS (src/engines/summarizer/index.ts) by hand.
 *
 *   npx tsx scripts/summarizer-tune.ts            # from DEFAULT_PARAMS
 *   TUNE_ROUNDS=2 npx tsx scripts/summarizer-tune.ts
 *   TUNE_START='{"coverageWeight":4}' npx tsx scripts/summarizer-tune.ts   # start elsewhere
 */
import { loadDocs, score, type Doc } from './summarizer-data';
import { DEFAULT_PARAMS, summarize, type SummarizerParams } from '../src/engines/summarizer';

const ROUNDS = Number(process.env.TUNE_ROUNDS ?? 3);
/** weight of late-fact coverage (at the reference's length and at "medium") in the objective */
const FACTS = Number(process.env.TUNE_FACTS ?? 0.3);
/** a change must gain this much: smaller gains on 40 documents are noise */
const MIN_GAIN = 0.002;

const GRID: Record<keyof SummarizerParams, number[]> = {
  damping: [0.5, 0.7, 0.85, 0.95],
  edgeThreshold: [0, 0.05, 0.1, 0.15, 0.2, 0.3],
  leadDecay: [0, 0.05, 0.1, 0.2, 0.5, 1],
  centralityWeight: [0, 0.25, 0.5, 1, 2],
  positionWeight: [0, 0.25, 0.5, 1, 2],
  positionDecay: [0.05, 0.1, 0.2, 0.5, 1, 2],
  firstBonus: [0, 0.25, 0.5, 1, 2],
  centroidWeight: [0, 0.25, 0.5, 1, 2],
  coverageWeight: [0, 0.5, 1, 2, 4],
  redundancy: [0, 0.25, 0.5, 1, 2],
  sectionBonus: [0, 0.1, 0.2, 0.4, 0.8],
  lengthExponent: [0, 0.25, 0.5, 0.75, 1],
  fragmentPenalty: [0.1, 0.3, 0.5, 1],
  unfinishedPenalty: [0.3, 0.5, 0.7, 0.85, 1],
  danglingPenalty: [0.5, 0.7, 0.85, 1],
  quotePenalty: [0.5, 0.7, 0.85, 1],
};

function objective(docs: Doc[], params: SummarizerParams): { j: number; rlBudget: number; rlMedium: number; facts: number; factsMedium: number } {
  let rlBudget = 0;
  let rlMedium = 0;
  let facts = 0;
  let factsMedium = 0;
  for (const d of docs) {
    const e = summarize(d.text, { words: d.summary_words, params });
    const b = score(d, { summary: e.summary, spans: e.sentences }, d.summary_words);
    const m = summarize(d.text, { length: 'medium', params });
    rlBudget += b.rl;
    facts += b.facts;
    const mr = score(d, { summary: m.summary, spans: m.sentences });
    rlMedium += mr.rl;
    factsMedium += mr.facts;
  }
  const k = docs.length;
  return {
    j: (rlBudget + rlMedium + FACTS * (facts + factsMedium)) / k,
    rlBudget: rlBudget / k,
    rlMedium: rlMedium / k,
    facts: facts / k,
    factsMedium: factsMedium / k,
  };
}

const dev = loadDocs().filter((d) => d.split === 'dev');
let best: SummarizerParams = { ...DEFAULT_PARAMS, ...(process.env.TUNE_START ? (JSON.parse(process.env.TUNE_START) as Partial<SummarizerParams>) : {}) };
let bestScore = objective(dev, best);
console.log(
  `start: J ${bestScore.j.toFixed(4)} (RL budget ${bestScore.rlBudget.toFixed(4)}, RL medium ${bestScore.rlMedium.toFixed(4)}, facts ${bestScore.facts.toFixed(3)} / ${bestScore.factsMedium.toFixed(3)})`,
);
for (let round = 0; round < ROUNDS; round++) {
  let improved = false;
  for (const key of Object.keys(GRID) as (keyof SummarizerParams)[]) {
    for (const v of GRID[key]) {
      if (v === best[key]) continue;
      const trial = { ...best, [key]: v };
      const s = objective(dev, trial);
      if (s.j > bestScore.j + MIN_GAIN) {
        best = trial;
        bestScore = s;
        improved = true;
        console.log(
          `round ${round + 1}: ${key} = ${v} -> J ${s.j.toFixed(4)} (RL budget ${s.rlBudget.toFixed(4)}, RL medium ${s.rlMedium.toFixed(4)}, facts ${s.facts.toFixed(3)} / ${s.factsMedium.toFixed(3)})`,
        );
      }
    }
  }
  if (!improved) break;
}
console.log(JSON.stringify(best));
