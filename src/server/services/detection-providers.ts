/**
 * Optional external AI-detection providers (used only when their keys are set). Each is a plain
 * HTTP client of the provider's documented API with a timeout; failures fall through to the next
 * provider and finally to the local engine.
 */
export interface ProviderSentence {
  text: string;
  score: number;
}

export interface ProviderResult {
  provider: 'gptzero' | 'sapling';
  aiScore: number;
  sentences: ProviderSentence[];
}

export interface ProviderConfig {
  gptzeroKey?: string;
  gptzeroUrl: string;
  saplingKey?: string;
  saplingUrl: string;
  timeoutMs: number;
}

export class ProviderError extends Error {}

function clamp01(n: unknown): number | null {
  return typeof n === 'number' && Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : null;
}

async function postJson(url: string, body: unknown, headers: Record<string, string>, timeoutMs: number): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw new ProviderError(`request failed: ${(err as Error).name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : (err as Error).message}`);
  }
  if (!res.ok) throw new ProviderError(`HTTP ${res.status}`);
  try {
    return await res.json();
  } catch {
    throw new ProviderError('response is not JSON');
  }
}

/** GPTZero v2: POST /v2/predict/text {document} with the x-api-key header. */
export async function gptzero(cfg: ProviderConfig, text: string): Promise<ProviderResult> {
  const data = (await postJson(
    `${cfg.gptzeroUrl.replace(/\/$/, '')}/v2/predict/text`,
    { document: text },
    { 'x-api-key': cfg.gptzeroKey! },
    cfg.timeoutMs,
  )) as {
    documents?: {
      class_probabilities?: { ai?: number };
      completely_generated_prob?: number;
      sentences?: { sentence?: string; generated_prob?: number }[];
    }[];
  };
  const doc = data?.documents?.[0];
  const aiScore = clamp01(doc?.class_probabilities?.ai) ?? clamp01(doc?.completely_generated_prob);
  if (aiScore === null) throw new ProviderError('response has no AI probability');
  const sentences = (doc?.sentences ?? [])
    .map((s) => ({ text: String(s.sentence ?? ''), score: clamp01(s.generated_prob) ?? 0 }))
    .filter((s) => s.text.trim() !== '');
  return { provider: 'gptzero', aiScore, sentences };
}

/** Sapling: POST /api/v1/aidetect {key, text}; `score` is the AI probability. */
export async function sapling(cfg: ProviderConfig, text: string): Promise<ProviderResult> {
  const data = (await postJson(`${cfg.saplingUrl.replace(/\/$/, '')}/api/v1/aidetect`, { key: cfg.saplingKey, text }, {}, cfg.timeoutMs)) as {
    score?: number;
    sentence_scores?: { sentence?: string; score?: number }[];
  };
  const aiScore = clamp01(data?.score);
  if (aiScore === null) throw new ProviderError('response has no score');
  const sentences = (data?.sentence_scores ?? [])
    .map((s) => ({ text: String(s.sentence ?? ''), score: clamp01(s.score) ?? 0 }))
    .filter((s) => s.text.trim() !== '');
  return { provider: 'sapling', aiScore, sentences };
}

/** The configured providers in order of preference: GPTZero first, then Sapling. */
export function configuredProviders(cfg: ProviderConfig): ((text: string) => Promise<ProviderResult>)[] {
  const list: ((text: string) => Promise<ProviderResult>)[] = [];
  if (cfg.gptzeroKey) list.push((t) => gptzero(cfg, t));
  if (cfg.saplingKey) list.push((t) => sapling(cfg, t));
  return list;
}
