/**
 * One-off exploration (cited in docs/detector.md, "Mixed documents" and "A sentence band for paragraphs: measured, not
 * adopted"): how much of a sentence's score should be its paragraph's (PARA_WEIGHT), and would a sentence `ai` band
 * calibrated on sentences read with their paragraph find more mixed documents, at what cost on human text? Not part
 * of the pipeline. Reads only the shipped model, the calibration holdout of the training data (`isHeldOut`) and the
 * mixed documents of the training genres; the held-out genres are never read.
 *
 *   npx tsx scripts/detector-para-band-explore.ts
 */
import { createDetector, decideVerdict, detect, thresholds as T, type DetectionResult } from '../src/engines/detector/index';
import { aiThreshold, type WeightsJson } from '../src/engines/detector/model';
import weightsJson from '../src/engines/detector/model/weights.json';
import { isEvalOnly, loadAllSamples } from './ai2026/corpus';
import { splitChunks } from './ai2026/corpus-lib';
import { isHeldOut, type Sample } from './detector-data';
import { HYPER, isBaseModel, isChatAssistant } from './detector-trainer';
import { auroc } from './eval-detector';

const words = (t: string) => (t.trim() ? t.trim().split(/\s+/).length : 0);
const quantile = (a: number[], p: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(p * a.length))];
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** At most about `per` documents of each source and genre, evenly spaced: the run stays a few minutes long. */
function stratified(samples: Sample[], per: number): Sample[] {
  const groups = new Map<string, Sample[]>();
  for (const s of samples) groups.set(`${s.source}/${s.genre ?? ''}`, [...(groups.get(`${s.source}/${s.genre ?? ''}`) ?? []), s]);
  const out: Sample[] = [];
  for (const g of groups.values()) for (let i = 0; i < g.length; i += Math.max(1, Math.floor(g.length / per))) out.push(g[i]);
  return out;
}

interface Read {
  s: Sample;
  text: string;
  r: DetectionResult;
}

/** The text cut into paragraphs as a mixed document's human parts are (three sentences each where it has none). */
const cut = (s: Sample): Read => {
  const text = splitChunks(s.text).join('\n\n');
  return { s, text, r: detect(text) };
};

function shares(x: Read, ai: number, human: number): [number, number] {
  let a = 0;
  let h = 0;
  let total = 0;
  for (const s of x.r.sentences) {
    const n = words(x.text.slice(s.start, s.end));
    total += n;
    if (s.score >= ai) a += n;
    else if (s.score <= human) h += n;
  }
  return total ? [a / total, h / total] : [0, 0];
}

/** decideVerdict with the sentence bands given, and (floor) where in the middle band `mixed` may start. */
function verdict(x: Read, ai: number, human: number, floor?: number): string {
  const [aiShare, humanShare] = shares(x, ai, human);
  const v = decideVerdict({ score: x.r.score, wordCount: x.r.wordCount, aiShare, humanShare, sentenceCount: x.r.sentences.length });
  if (floor === undefined || v !== 'uncertain') return v;
  const disagree = x.r.sentences.length >= T.mixedMinSentences && aiShare >= T.mixedShare && humanShare >= T.mixedShare;
  return disagree && x.r.score >= floor ? 'mixed' : v;
}

const rate = (xs: Read[], f: (x: Read) => boolean) => xs.filter(f).length / xs.length;

const all = loadAllSamples();
const hold = all.filter((s) => !isEvalOnly(s) && isHeldOut(s, HYPER.holdout) && s.voice !== 'mixed' && words(s.text) >= 150);
const humans = stratified(
  hold.filter((s) => s.label === 0),
  150,
).map(cut);
const assistants = stratified(
  hold.filter((s) => s.label === 1 && (s.source === 'ai2026' || isChatAssistant(s)) && !isBaseModel(s.generator)),
  12,
).map(cut);
const mixed: Read[] = all.filter((s) => s.voice === 'mixed' && !isEvalOnly(s) && words(s.text) >= 150).map((s) => ({ s, text: s.text, r: detect(s.text) }));
// the paragraph's weight: sentence AUROC inside the training genres' mixed documents, and inside the ones whose human
// text is in the calibration holdout (the doc model never trained on their human paragraphs)
const W = weightsJson as unknown as WeightsJson;
if (W.charLm) throw new Error('this script reads weights without the character LM');
const humanByText = new Map(all.filter((s) => s.label === 0).map((s) => [s.text, s]));
const cleanMixed = mixed.filter((x) => {
  const h = humanByText.get(x.s.original ?? '');
  return h !== undefined && isHeldOut(h, HYPER.holdout);
});
for (const paraWeight of [0.5, 0.65, 0.75, 0.85, 0.9, 0.95, 1]) {
  const d = createDetector(W, null, { paraWeight });
  const sentenceAuc = (xs: Read[]) => {
    const pos: number[] = [];
    const neg: number[] = [];
    for (const x of xs)
      for (const t of d.detect(x.text).sentences) {
        const mid = (t.start + t.end) / 2;
        ((x.s.aiSpans ?? []).some(([a, b]) => mid >= a && mid < b) ? pos : neg).push(t.score);
      }
    return auroc(pos, neg).toFixed(3);
  };
  console.log(
    `paragraph weight ${paraWeight}: sentence AUROC ${sentenceAuc(mixed)} (${mixed.length} documents), ${sentenceAuc(cleanMixed)} (${cleanMixed.length})`,
  );
}

console.log(
  `calibration holdout, cut into paragraphs: ${humans.length} human, ${assistants.length} assistant texts; ${mixed.length} mixed documents of the training genres`,
);

const humanSentences = humans.flatMap((x) => x.r.sentences.map((s) => s.score));
const paraAi = quantile(humanSentences, 1 - HYPER.sentenceFpr);
const paraHuman = quantile(
  assistants.flatMap((x) => x.r.sentences.map((s) => s.score)),
  HYPER.sentenceFpr,
);
console.log(`shipped sentence bands: ai ${T.sentenceAi}, human ${T.sentenceHuman}`);
console.log(
  `human sentences read with their paragraph at or above sentenceAi: ${pct(humanSentences.filter((p) => p >= T.sentenceAi).length / humanSentences.length)}`,
);
console.log(`bands by the same 5 % rule on sentences read with their paragraph: ai ${paraAi.toFixed(4)}, human ${paraHuman.toFixed(4)}`);

const sources = [...new Set(humans.map((x) => x.s.source))];
const variants: [string, number, number, number | undefined][] = [
  ['shipped bands', T.sentenceAi, T.sentenceHuman, undefined],
  ['paragraph ai band', paraAi, T.sentenceHuman, undefined],
  ['both paragraph bands', paraAi, paraHuman, undefined],
  ['paragraph ai band, mixed from 0.5', paraAi, T.sentenceHuman, T.human],
];
for (const [name, ai, human, floor] of variants) {
  const found = rate(mixed, (x) => ['mixed', 'ai'].includes(verdict(x, ai, human, floor)));
  const falseMixed = rate(humans, (x) => verdict(x, ai, human, floor) === 'mixed');
  const bySource = sources.map(
    (src) =>
      `${src} ${pct(
        rate(
          humans.filter((x) => x.s.source === src),
          (x) => verdict(x, ai, human, floor) === 'mixed',
        ),
      )}`,
  );
  console.log(`${name}: mixed documents → mixed/ai ${pct(found)}; human texts → mixed ${pct(falseMixed)} (${bySource.join(', ')})`);
}

// why the shipped rule misses a mixed document (with the paragraph ai band)
const causes = { ai: 0, lowScore: 0, fewAiWords: 0, fewHumanWords: 0, mixed: 0 };
for (const x of mixed) {
  const [a, h] = shares(x, paraAi, T.sentenceHuman);
  if (x.r.verdict === 'ai') causes.ai++;
  else if (x.r.score < (T.human + aiThreshold(T, x.r.wordCount)) / 2) causes.lowScore++;
  else if (a < T.mixedShare) causes.fewAiWords++;
  else if (h < T.mixedShare) causes.fewHumanWords++;
  else causes.mixed++;
}
console.log('mixed documents by what decides them (paragraph ai band):', causes);
