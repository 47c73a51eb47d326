/**
 * Optional neural scorer for the AI-text detector: an OpenAI-compatible completions server (vLLM: `vllm serve <model>`)
 * that reports the log-probability of every token of the text and its top-k alternatives. The curvature is computed
 * here (src/engines/detector/curvature.ts). Any failure throws ScorerError, and the caller answers with the offline
 * engine alone.
 */
import { analyticCurvature, curvatureToProbability, type CompletionLogprobs } from '../../engines/detector/curvature';

export interface ScorerConfig {
  /** Base URL of the server, e.g. http://gpu:8000/v1 (the request goes to `${url}/completions`). */
  url: string;
  model: string;
  apiKey?: string;
  topK: number;
  timeoutMs: number;
}

export interface ScorerResult {
  model: string;
  curvature: number;
  /** AI probability from the curvature (fixed logistic, see curvatureToProbability) */
  probability: number;
  /** text tokens that contributed to the curvature */
  tokens: number;
}

export class ScorerError extends Error {}

/**
 * The body sent to `${url}/completions`. vLLM refuses `max_tokens: 0` (its sampling parameters need at least 1, and
 * some versions crash on echo without generation), so one token is generated and dropped again (see promptLogprobs).
 */
export function scorerRequest(cfg: ScorerConfig, text: string) {
  return { model: cfg.model, prompt: text, max_tokens: 1, echo: true, logprobs: cfg.topK, temperature: 0 };
}

const isLogprob = (v: unknown): v is number | null => v === null || (typeof v === 'number' && !Number.isNaN(v));

/**
 * Validate `choices[0].logprobs` of a completions answer and cut it to the prompt's tokens: with `echo` the arrays hold
 * the prompt's tokens followed by the generated one. The prompt's length is `usage.prompt_tokens` when given, else the
 * tokens whose `text_offset` lies inside the text, else all but the last token.
 */
export function promptLogprobs(data: unknown, text: string): CompletionLogprobs {
  const body = data as { choices?: { logprobs?: unknown }[]; usage?: { prompt_tokens?: unknown } } | null;
  const lp = (Array.isArray(body?.choices) ? body.choices[0]?.logprobs : undefined) as
    { token_logprobs?: unknown; top_logprobs?: unknown; text_offset?: unknown } | null | undefined;
  if (!lp || typeof lp !== 'object') throw new ScorerError('response has no choices[0].logprobs');
  const { token_logprobs: tokenLp, top_logprobs: topLp, text_offset: offsets } = lp;
  if (!Array.isArray(tokenLp) || !tokenLp.every(isLogprob)) throw new ScorerError('logprobs.token_logprobs is not a list of numbers');
  if (!Array.isArray(topLp) || topLp.length !== tokenLp.length) throw new ScorerError('logprobs.top_logprobs does not match token_logprobs');
  for (const m of topLp) {
    if (m === null) continue;
    if (typeof m !== 'object' || Array.isArray(m) || !Object.values(m).every((v) => typeof v === 'number' && !Number.isNaN(v))) {
      throw new ScorerError('logprobs.top_logprobs entries must map tokens to numbers');
    }
  }

  let n = tokenLp.length - 1;
  const promptTokens = body?.usage?.prompt_tokens;
  if (typeof promptTokens === 'number' && Number.isInteger(promptTokens) && promptTokens > 0 && promptTokens <= tokenLp.length) {
    n = promptTokens;
  } else if (Array.isArray(offsets) && offsets.length === tokenLp.length && offsets.every((o) => typeof o === 'number')) {
    n = offsets.filter((o) => o < text.length).length;
  }
  return { token_logprobs: tokenLp.slice(0, n) as (number | null)[], top_logprobs: topLp.slice(0, n) as (Record<string, number> | null)[] };
}

export async function scoreText(cfg: ScorerConfig, text: string): Promise<ScorerResult> {
  let res: Response;
  try {
    res = await fetch(`${cfg.url.replace(/\/+$/, '')}/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {}),
      },
      body: JSON.stringify(scorerRequest(cfg, text)),
      signal: AbortSignal.timeout(cfg.timeoutMs),
    });
  } catch (err) {
    const e = err as Error;
    throw new ScorerError(`request failed: ${e.name === 'TimeoutError' ? `timed out after ${cfg.timeoutMs} ms` : e.message}`);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new ScorerError(`HTTP ${res.status}`);
  }
  let data: unknown;
  try {
    data = await res.json();
  } catch (err) {
    // The body can also time out while it is being read.
    const e = err as Error;
    throw new ScorerError(e.name === 'TimeoutError' ? `timed out after ${cfg.timeoutMs} ms` : 'response is not JSON');
  }
  const c = analyticCurvature(promptLogprobs(data, text));
  if (!c) throw new ScorerError('no token with log-probabilities and spread to score');
  return { model: cfg.model, curvature: c.curvature, probability: curvatureToProbability(c.curvature), tokens: c.tokens };
}
