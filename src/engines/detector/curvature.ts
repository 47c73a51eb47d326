/**
 * Fast-DetectGPT-style analytic sampling discrepancy ("conditional probability curvature") from the per-token
 * log-probabilities a language-model server reports. Pure: no HTTP, no database.
 *
 * Input is the OpenAI legacy completions `logprobs` object (as vLLM answers `echo: true, logprobs: k`):
 *   token_logprobs[t]  log p(x_t | x_<t) of the token that is in the text (null where the model had no context,
 *                      e.g. the first token)
 *   top_logprobs[t]    the k most likely tokens at position t and their log-probabilities (vLLM adds the observed
 *                      token when it is not among them); null where unavailable
 *
 * For every position with both, the top-k distribution is renormalised to p~ (the sampling distribution, truncated to
 * what the server reports), and with the model's own log-probabilities as the values:
 *   mu_t  = sum_j p~_j * logp_j
 *   var_t = sum_j p~_j * logp_j^2 - mu_t^2
 *   curvature = (sum_t logp(x_t) - sum_t mu_t) / sqrt(sum_t var_t)
 * This is the analytic criterion of Fast-DetectGPT (Bao et al., ICLR 2024) with the sampling and scoring model the same
 * and the vocabulary sum truncated to the top k. Machine text sits near the model's modes, so its observed
 * log-likelihood is above what the model expects of its own samples (curvature well above 0); human text is not.
 * Truncation makes mu_t an overestimate (the tail it drops has low log-probability), which biases the curvature
 * towards 0, i.e. towards reading human.
 */
import { logit, sigmoid } from './model';

export interface CompletionLogprobs {
  token_logprobs: (number | null)[];
  top_logprobs: (Record<string, number> | null)[];
}

export interface CurvatureResult {
  curvature: number;
  /** positions that contributed (both the observed log-probability and a top-k map were present) */
  tokens: number;
}

/**
 * The analytic sampling discrepancy, or null when no position has data or the summed variance is zero (the model
 * was certain of every token, so the criterion is undefined).
 */
export function analyticCurvature(lp: CompletionLogprobs): CurvatureResult | null {
  const n = Math.min(lp.token_logprobs.length, lp.top_logprobs.length);
  let sumObserved = 0;
  let sumMu = 0;
  let sumVar = 0;
  let tokens = 0;
  for (let t = 0; t < n; t++) {
    const observed = lp.token_logprobs[t];
    const top = lp.top_logprobs[t];
    if (observed === null || observed === undefined || !Number.isFinite(observed) || !top) continue;
    const values = Object.values(top).filter((v) => Number.isFinite(v));
    if (!values.length) continue;
    // Renormalise exp(logp) over the reported candidates; subtract the max first for numerical safety.
    const max = Math.max(...values);
    let z = 0;
    for (const v of values) z += Math.exp(v - max);
    let mu = 0;
    let second = 0;
    for (const v of values) {
      const p = Math.exp(v - max) / z;
      mu += p * v;
      second += p * v * v;
    }
    sumObserved += observed;
    sumMu += mu;
    // Rounding can leave a tiny negative variance for a one-candidate distribution.
    sumVar += Math.max(0, second - mu * mu);
    tokens++;
  }
  if (tokens === 0 || !(sumVar > 0)) return null;
  return { curvature: (sumObserved - sumMu) / Math.sqrt(sumVar), tokens };
}

/**
 * Fixed logistic from curvature to an AI probability: sigmoid(SLOPE * (curvature - CENTRE)).
 *
 * Fast-DetectGPT reports curvatures of human text near 0 and of machine text around 2 to 4 when the scoring model is
 * a language model similar to the one that wrote the text. The centre of 1.5 lies between the two clusters (so 0 reads
 * about 5 % AI and 3 about 95 %), and a slope of 2 makes the move from one cluster to the other span most of the
 * probability range. These are constants from the paper's reported ranges, not fitted here: no model or GPU is
 * available on this project's machines to calibrate them, and with a weaker or very different scoring model the
 * curvatures shrink towards 0 (reading more human).
 */
export const CURVATURE_CENTRE = 1.5;
export const CURVATURE_SLOPE = 2;

export function curvatureToProbability(curvature: number): number {
  return sigmoid(CURVATURE_SLOPE * (curvature - CURVATURE_CENTRE));
}

/**
 * Weights of the offline engine and the neural scorer when their probabilities are averaged in logit space. Equal,
 * because neither has been calibrated against the other on shared data here. Averaging logits (rather than adding
 * them) means one confident reading alone cannot carry a text past the engine's narrow 'ai' band (about 0.99, a logit
 * of 4.6): an engine at 0.5 with a scorer at 0.99 combines to about 0.91, still 'uncertain'. Both have to lean the
 * same way, which keeps the engine's low false-positive design.
 */
export const ENGINE_WEIGHT = 0.5;
export const SCORER_WEIGHT = 0.5;

export function combineWithEngine(engineScore: number, scorerProb: number): number {
  const z = ENGINE_WEIGHT * logit(engineScore) + SCORER_WEIGHT * logit(scorerProb);
  return sigmoid(z / (ENGINE_WEIGHT + SCORER_WEIGHT));
}
