/**
 * AI-text detection for the content-detector route: the offline engine, the optional commercial providers (first that
 * answers wins) and, when no provider answered, the optional neural scorer combined with the engine. Builds the answer
 * body of POST /api/tools/content-detector except the caller's allowance.
 */
import { rescore, thresholds, type DetectionResult } from '../../engines/detector';
import { aiThreshold } from '../../engines/detector/model';
import { bandOf, SCORE_COLOUR_BANDS, scoreColourBand, SHORT_TEXT_NOTE, VERDICT_TEXT } from '../../shared/detector-verdicts';
import { combineWithEngine } from '../../engines/detector/curvature';
import { percent, type DetectEngine, type DetectResponse, type Verdict, type VerdictBands } from '../../shared/api/detector';
import type { ServerContext } from '../context';
import { runEngine } from '../engine-pool';
import { logDetection } from './detection-logs';
import { configuredProviders, type ProviderResult } from './detection-providers';
import { scoreText, type ScorerConfig, type ScorerResult } from './detector-scorer';

const SAPLING_LINE = 'Analysis powered by Sapling detection';

interface Log {
  warn: (o: object, m: string) => void;
}

/**
 * A provider's score is calibrated by that provider, not by our engine, so it gets its own wide
 * uncertain band; texts too short for any reliable verdict stay 'uncertain' whoever scored them.
 */
export const PROVIDER_BANDS: VerdictBands = { ai: 0.8, human: 0.2, minWords: thresholds.minWords };
/** The engine's bands for a text of 400 words; detectionAnswer() sends each text the 'ai' threshold for its length. */
export const ENGINE_BANDS: VerdictBands = { ai: thresholds.ai, human: thresholds.human, minWords: thresholds.minWords };

export function providerVerdict(score: number, local: DetectionResult): Verdict {
  if (local.wordCount < PROVIDER_BANDS.minWords) return 'uncertain';
  if (score >= PROVIDER_BANDS.ai) return 'ai';
  if (score <= PROVIDER_BANDS.human) return 'human';
  return 'uncertain';
}

/**
 * Provider sentence scores, placed on the offsets of the local engine's sentences where the text matches. The engine's
 * sentence bands are calibrated on its own scores, so a provider's are read on the score colours instead.
 */
export function mergeSentences(local: DetectionResult, text: string, remote: ProviderResult): DetectionResult['sentences'] {
  if (!remote.sentences.length) return local.sentences;
  return local.sentences.map((s) => {
    const body = text.slice(s.start, s.end).replace(/\s+/g, ' ').trim();
    const hit = remote.sentences.find((r) => r.text.replace(/\s+/g, ' ').trim() === body);
    return hit ? { ...s, score: hit.score, band: scoreColourBand(hit.score) } : s;
  });
}

export interface DetectionOutcome {
  local: DetectionResult;
  /** the commercial provider that answered, if any */
  remote: ProviderResult | null;
  /** the neural scorer's reading, when it was asked (no provider answered) and answered */
  scorer: ScorerResult | null;
  sentences: DetectionResult['sentences'];
}

function scorerConfig(ctx: ServerContext): ScorerConfig | null {
  const { DETECTOR_SCORER_URL: url, DETECTOR_SCORER_MODEL: model } = ctx.env;
  if (!url || !model) return null;
  return {
    url,
    model,
    apiKey: ctx.env.DETECTOR_SCORER_API_KEY,
    topK: ctx.env.DETECTOR_SCORER_TOP_K,
    timeoutMs: ctx.env.DETECTOR_SCORER_TIMEOUT_MS,
  };
}

/** `signal` (the request's) cancels the engine's work when the caller goes away. */
export async function runDetection(ctx: ServerContext, text: string, log: Log, signal?: AbortSignal): Promise<DetectionOutcome> {
  // in the engine pool: a long or hostile text never blocks the event loop, and its time is bounded
  const local = await runEngine('detect', { text }, { signal, label: 'The AI detector' });
  const providers = configuredProviders({
    gptzeroKey: ctx.env.GPTZERO_API_KEY,
    gptzeroUrl: ctx.env.GPTZERO_API_URL,
    saplingKey: ctx.env.SAPLING_API_KEY,
    saplingUrl: ctx.env.SAPLING_API_URL,
    timeoutMs: ctx.env.DETECTION_PROVIDER_TIMEOUT_MS,
  });
  for (const ask of providers) {
    try {
      const remote = await ask(text);
      return { local, remote, scorer: null, sentences: mergeSentences(local, text, remote) };
    } catch (err) {
      // Fall through to the next provider, then to the offline engine.
      log.warn({ err: (err as Error).message }, 'detection provider failed');
    }
  }
  const cfg = scorerConfig(ctx);
  if (cfg) {
    try {
      return { local, remote: null, scorer: await scoreText(cfg, text), sentences: local.sentences };
    } catch (err) {
      // The offline engine answers alone.
      log.warn({ err: (err as Error).message }, 'detector scorer failed');
    }
  }
  return { local, remote: null, scorer: null, sentences: local.sentences };
}

/** The engine's score combined with the scorer's, read against the engine's bands (its verdict and reasons follow). */
function withScorer(local: DetectionResult, scorer: ScorerResult) {
  const combined = rescore(local, Math.round(combineWithEngine(local.score, scorer.probability) * 10000) / 10000);
  const { score, verdict } = combined;
  const lean = scorer.probability >= 0.5 ? 'AI-generated text' : 'human writing';
  const reasons = [
    ...combined.reasons,
    `A neural language model (${scorer.model}) finds the wording ${scorer.curvature >= 0 ? 'more' : 'less'} predictable than its own samples (curvature ${scorer.curvature.toFixed(2)}, AI probability ${percent(scorer.probability)}), as is typical of ${lean}; the score combines it with the offline engine's`,
  ];
  return { score, verdict, reasons };
}

/** The answer body of POST /api/tools/content-detector, without the caller's allowance (and the uploaded text). */
export function detectionBody(outcome: DetectionOutcome): Omit<DetectResponse, 'allowance'> {
  const { local, remote, scorer, sentences } = outcome;
  let score: number;
  let verdict: Verdict;
  let reasons = local.reasons;
  let engine: DetectEngine;
  if (remote) {
    score = remote.aiScore;
    verdict = providerVerdict(score, local);
    engine = remote.provider;
  } else if (scorer) {
    ({ score, verdict, reasons } = withScorer(local, scorer));
    engine = 'veritext+scorer';
  } else {
    score = local.score;
    verdict = local.verdict;
    engine = 'veritext';
  }
  const analysis = [`AI probability: ${percent(score)}`, `Human probability: ${percent(1 - score)}`, ...reasons];
  if (remote?.provider === 'sapling') analysis.push(SAPLING_LINE);
  // the engine's 'ai' band depends on the text's length (aiThreshold), so the bands sent are this text's
  const bands = remote ? PROVIDER_BANDS : { ...ENGINE_BANDS, ai: aiThreshold(thresholds, local.wordCount) };
  return {
    ai_score: score,
    score,
    humanProbability: 1 - score,
    verdict,
    verdictText: VERDICT_TEXT[verdict],
    band: bandOf(score, bands),
    note: local.wordCount < bands.minWords ? SHORT_TEXT_NOTE : null,
    analysis,
    reasons,
    sentences,
    provider: remote?.provider ?? 'veritext',
    engine,
    scorer: scorer ? { model: scorer.model, curvature: scorer.curvature, probability: scorer.probability } : null,
    modelVersion: local.modelVersion,
    wordCount: local.wordCount,
    bands,
    sentenceBands: remote ? SCORE_COLOUR_BANDS : { ai: thresholds.sentenceAi, human: thresholds.sentenceHuman },
  };
}

/** Who asked for a detection, for its log entry. */
export interface DetectionCaller {
  userId: string | null;
  anonId: string | null;
}

/**
 * Detect and build the answer body (the route adds the allowance). With `caller`, the detection is also written to the
 * detection logs (in the background: a failed write is logged, never the caller's error) and the answer carries the
 * entry's id, so the result can be reported as wrong.
 */
export async function detectDocument(
  ctx: ServerContext,
  text: string,
  log: Log,
  signal?: AbortSignal,
  caller?: DetectionCaller,
): Promise<Omit<DetectResponse, 'allowance'>> {
  const body = detectionBody(await runDetection(ctx, text, log, signal));
  if (!caller) return body;
  const detectionId = logDetection(ctx, { ...caller, score: body.score, verdict: body.verdict, words: body.wordCount, engine: body.engine, text }, log);
  return { ...body, detectionId };
}
