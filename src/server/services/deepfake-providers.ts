/**
 * Commercial AI-image / deepfake detectors behind one interface, asked only when their keys are set. Their score is
 * shown beside the offline findings, labelled as that company's model's opinion; it never changes the offline verdict.
 *
 * - Hive: `POST {HIVE_API_URL}/api/v2/task/sync` with `Authorization: token <key>` and the image as the `media` form
 *   part; the AI-generated image detection project answers classes such as `ai_generated` (and, for that model's
 *   second head, the generator: `midjourney`, `dalle`, …; and `deepfake` on projects with the deepfake model).
 * - Sightengine: `POST {SIGHTENGINE_API_URL}/1.0/check.json` with `models=genai`, `api_user`, `api_secret` and the
 *   image as `media`; it answers `type.ai_generated`.
 *
 * They are sent a copy without identifying metadata (engines/deepfake providerCopy), never the upload as such.
 */
import type { ProviderReading } from '../../shared/api/deepfake';
import type { Env } from '../env';
import { AppError } from '../errors';

export interface DeepfakeProvider {
  id: 'hive' | 'sightengine';
  /** what the page says the score comes from */
  label: string;
  check(image: { bytes: Uint8Array; mime: string }, signal: AbortSignal): Promise<ProviderReading>;
}

/** A provider call that failed; `reason` finishes a sentence ("it answered 500"). */
export class DeepfakeProviderError extends AppError {
  constructor(
    code: 'upstream_failed' | 'upstream_timeout',
    readonly reason: string,
  ) {
    super(code, `The deepfake detection provider failed: ${reason}.`);
  }
}

/** A provider answer larger than this is not read (theirs are a few KB). */
const MAX_ANSWER_BYTES = 1024 * 1024;

const clamp01 = (n: unknown): number | null => (typeof n === 'number' && Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : null);

async function postForm(url: string, form: FormData, headers: Record<string, string>, timeoutMs: number, signal: AbortSignal): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { accept: 'application/json', ...headers },
      body: form,
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
    });
  } catch (err) {
    if (signal.aborted) throw err;
    if ((err as Error).name === 'TimeoutError') throw new DeepfakeProviderError('upstream_timeout', `it took longer than ${Math.round(timeoutMs / 1000)} s`);
    throw new DeepfakeProviderError('upstream_failed', 'it could not be reached');
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new DeepfakeProviderError('upstream_failed', `it answered ${res.status}`);
  }
  if (Number(res.headers.get('content-length') ?? 0) > MAX_ANSWER_BYTES) {
    await res.body?.cancel().catch(() => {});
    throw new DeepfakeProviderError('upstream_failed', 'its answer was too large');
  }
  const text = await res.text();
  if (text.length > MAX_ANSWER_BYTES) throw new DeepfakeProviderError('upstream_failed', 'its answer was too large');
  try {
    return JSON.parse(text);
  } catch {
    throw new DeepfakeProviderError('upstream_failed', 'its answer was not JSON');
  }
}

const imageBlob = (image: { bytes: Uint8Array; mime: string }) => new Blob([image.bytes as Uint8Array<ArrayBuffer>], { type: image.mime });
const fileName = (mime: string) => `image.${mime === 'image/png' ? 'png' : 'jpg'}`;

/** Hive classes that are not a generator's name (the source head's "none" included). */
const HIVE_NOT_SOURCES = new Set(['ai_generated', 'not_ai_generated', 'deepfake', 'not_deepfake', 'none', 'inconclusive', 'inconclusive_video']);

export function hive(key: string, baseUrl: string, timeoutMs: number): DeepfakeProvider {
  return {
    id: 'hive',
    label: 'Hive (AI-generated image detection)',
    async check(image, signal) {
      const form = new FormData();
      form.append('media', imageBlob(image), fileName(image.mime));
      const data = (await postForm(`${baseUrl.replace(/\/+$/, '')}/api/v2/task/sync`, form, { authorization: `token ${key}` }, timeoutMs, signal)) as {
        status?: { response?: { output?: { classes?: { class?: string; score?: number }[] }[] } }[];
      };
      const classes = data?.status?.[0]?.response?.output?.[0]?.classes ?? [];
      const score = (name: string) => clamp01(classes.find((c) => c.class === name)?.score);
      const ai = score('ai_generated') ?? (score('not_ai_generated') != null ? 1 - score('not_ai_generated')! : null);
      if (ai == null) throw new DeepfakeProviderError('upstream_failed', 'its answer had no ai_generated score');
      const deepfake = score('deepfake');
      const source = classes
        .filter((c) => typeof c.class === 'string' && !HIVE_NOT_SOURCES.has(c.class) && (clamp01(c.score) ?? 0) >= 0.5)
        .sort((a, b) => (b.score ?? 0) - (a.score ?? 0))[0]?.class;
      return { provider: 'hive', label: this.label, aiScore: ai, ...(deepfake != null ? { deepfakeScore: deepfake } : {}), ...(source ? { source } : {}) };
    },
  };
}

export function sightengine(user: string, secret: string, baseUrl: string, timeoutMs: number): DeepfakeProvider {
  return {
    id: 'sightengine',
    label: 'Sightengine (genai model)',
    async check(image, signal) {
      const form = new FormData();
      form.append('media', imageBlob(image), fileName(image.mime));
      form.append('models', 'genai');
      form.append('api_user', user);
      form.append('api_secret', secret);
      const data = (await postForm(`${baseUrl.replace(/\/+$/, '')}/1.0/check.json`, form, {}, timeoutMs, signal)) as {
        status?: string;
        type?: { ai_generated?: number; deepfake?: number };
        error?: { message?: string };
      };
      if (data?.status !== 'success')
        throw new DeepfakeProviderError(
          'upstream_failed',
          `it refused the image (${String(data?.error?.message ?? data?.status ?? 'no status').slice(0, 120)})`,
        );
      const ai = clamp01(data.type?.ai_generated);
      if (ai == null) throw new DeepfakeProviderError('upstream_failed', 'its answer had no ai_generated score');
      const deepfake = clamp01(data.type?.deepfake);
      return { provider: 'sightengine', label: this.label, aiScore: ai, ...(deepfake != null ? { deepfakeScore: deepfake } : {}) };
    },
  };
}

/** The configured provider: Hive when its key is set, else Sightengine when its user and secret are, else none. */
export function deepfakeProvider(env: Env): DeepfakeProvider | null {
  if (env.HIVE_API_KEY) return hive(env.HIVE_API_KEY, env.HIVE_API_URL, env.DEEPFAKE_PROVIDER_TIMEOUT_MS);
  if (env.SIGHTENGINE_API_USER && env.SIGHTENGINE_API_SECRET)
    return sightengine(env.SIGHTENGINE_API_USER, env.SIGHTENGINE_API_SECRET, env.SIGHTENGINE_API_URL, env.DEEPFAKE_PROVIDER_TIMEOUT_MS);
  return null;
}
