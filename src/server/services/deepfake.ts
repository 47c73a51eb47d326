/**
 * Deepfake detector. The upload (typed by its content by toolRoute, ≤ 10 MB) is scanned offline in the engine worker
 * pool (engines/deepfake: content credentials, metadata, JPEG tables and double compression, error level analysis,
 * faces), never on the event loop. When a commercial detector is configured (Hive or Sightengine), it is sent a copy
 * without identifying metadata and its score is returned beside the offline findings, labelled; if it fails, the
 * offline findings still answer, with a notice.
 *
 * Nothing is kept: the upload lives in this request's memory only.
 */
import { DEEPFAKE_MAX_BYTES, type DeepfakeInput, type DeepfakeResponse, type DeepfakeStatus, type ProviderReading } from '../../shared/api/deepfake';
import type { Env } from '../env';
import { runEngine } from '../engine-pool';
import { AppError } from '../errors';
import type { ToolCall } from '../tool-route';
import { DeepfakeProviderError, deepfakeProvider } from './deepfake-providers';

export interface DeepfakeResult extends Omit<DeepfakeResponse, 'allowance'> {
  /** for the usage event */
  engineName: string;
}

/** The decoder's refusals, as the answers they deserve. */
const PROBLEM_CODES = { unsupported: 'unsupported_media_type', too_many_pixels: 'payload_too_large', undecodable: 'unprocessable' } as const;

export function deepfakeStatus(env: Env): DeepfakeStatus {
  const p = deepfakeProvider(env);
  return { providerConfigured: p !== null, providerLabel: p ? p.label : null, maxBytes: DEEPFAKE_MAX_BYTES };
}

export async function detectDeepfake(call: ToolCall<DeepfakeInput>): Promise<DeepfakeResult> {
  const file = call.file;
  if (!file) throw new AppError('bad_request', 'Choose an image to upload.');
  const provider = deepfakeProvider(call.ctx.env);
  const job = await runEngine(
    'deepfakeScan',
    { bytes: new Uint8Array(file.bytes.buffer, file.bytes.byteOffset, file.bytes.length), faces: true, providerCopy: provider !== null },
    // the first call of a thread loads the face models (≈ 2 s); a 48-megapixel photo's error level analysis takes ~10 s
    { signal: call.signal, label: 'The deepfake detector', budgetMs: 90_000 },
  );
  if (!job.ok) throw new AppError(PROBLEM_CODES[job.problem], job.message);
  const { scan, copy } = job;

  let reading: ProviderReading | null = null;
  let notice: string | undefined;
  if (provider && copy) {
    const t = performance.now();
    try {
      reading = await provider.check(copy, call.signal);
      scan.timings.provider = Math.round(performance.now() - t);
    } catch (err) {
      if (call.signal.aborted || !(err instanceof DeepfakeProviderError)) throw err;
      call.log.warn({ reason: err.reason, provider: provider.id }, 'deepfake provider failed');
      notice = `${provider.label} could not be asked (${err.reason}); the offline findings below stand on their own.`;
    }
  } else if (provider) {
    notice = `${provider.label} was not asked: this server cannot decode HEIC to send it. Convert the photo to JPEG to get its score.`;
  }
  return {
    ...scan,
    engine: reading ? `offline+${reading.provider}` : 'offline',
    engineName: reading ? `offline+${reading.provider}` : 'offline:deepfake',
    provider: reading,
    providerConfigured: provider !== null,
    ...(notice ? { notice } : {}),
  };
}
