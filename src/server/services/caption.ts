/**
 * Image caption generator. The upload (typed by its content by toolRoute, ≤ 10 MB) is decoded, analysed and captioned
 * offline in the engine worker pool (engines/vision: Human for people, faces and COCO objects, Tesseract for text,
 * colours and shape), never on the event loop. When VISION_BASE_URL names an OpenAI-compatible chat server that reads
 * images, it is asked for the caption and alt-text in the chosen style, shown a ≤ 1280 px JPEG re-encoded from the
 * decoded pixels (not the upload: its EXIF, GPS position included, never leaves the server), with the text the OCR
 * read as a hint; the offline detections are returned beside its answer. A provider that fails is replaced by the
 * offline caption with a notice.
 *
 * Nothing is kept: the upload lives in this request's memory only.
 */
import type { CaptionInput, CaptionResponse, CaptionStatus, CaptionStyle } from '../../shared/api/caption';
import { CAPTION_MAX_BYTES } from '../../shared/api/caption';
import type { ImageCaptionAnalysis } from '../../engines/vision';
import type { Env } from '../env';
import { runEngine } from '../engine-pool';
import { AppError } from '../errors';
import type { ToolCall } from '../tool-route';

export interface CaptionResult extends Omit<CaptionResponse, 'allowance'> {
  /** for the usage event */
  engineName: string;
}

export interface VisionProvider {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

export function visionProvider(env: Env): VisionProvider | null {
  if (!env.VISION_BASE_URL || !env.VISION_MODEL) return null;
  return { baseUrl: env.VISION_BASE_URL.replace(/\/+$/, ''), apiKey: env.VISION_API_KEY, model: env.VISION_MODEL, timeoutMs: env.VISION_TIMEOUT_MS };
}

const OFFLINE_LABEL = 'Offline (Human + Tesseract)';
const providerLabel = (p: VisionProvider) => `${p.model} at ${new URL(p.baseUrl).host}`;

export function captionStatus(env: Env): CaptionStatus {
  const p = visionProvider(env);
  return p
    ? { engine: p.model, engineLabel: providerLabel(p), providerConfigured: true, maxBytes: CAPTION_MAX_BYTES }
    : { engine: 'offline', engineLabel: OFFLINE_LABEL, providerConfigured: false, maxBytes: CAPTION_MAX_BYTES };
}

/** The decoder's refusals, as the answers they deserve. */
const PROBLEM_CODES = { unsupported: 'unsupported_media_type', too_many_pixels: 'payload_too_large', undecodable: 'unprocessable' } as const;

export async function captionImageCall(call: ToolCall<CaptionInput>): Promise<CaptionResult> {
  const file = call.file;
  if (!file) throw new AppError('bad_request', 'Choose an image to upload.');
  const provider = visionProvider(call.ctx.env);
  const job = await runEngine(
    'captionImage',
    { bytes: new Uint8Array(file.bytes.buffer, file.bytes.byteOffset, file.bytes.length), jpeg: provider !== null },
    // the first call of a thread loads the models (≈ 2 s); a busy photo's OCR takes a few seconds more
    { signal: call.signal, label: 'The image captioner', budgetMs: 60_000 },
  );
  if (!job.ok) throw new AppError(PROBLEM_CODES[job.problem], job.message);
  const a = job.analysis;
  const style = call.input.style;
  const base = offlineResult(a, style, provider !== null);
  if (!provider || !a.jpeg) return base;

  const t = performance.now();
  try {
    const answer = await providerCaption(provider, a.jpeg, style, a.ocr.text, call.signal);
    return {
      ...base,
      engine: provider.model,
      engineName: provider.model,
      engineLabel: providerLabel(provider),
      caption: answer.caption,
      altText: answer.altText,
      timings: { ...base.timings, provider: Math.round(performance.now() - t) },
    };
  } catch (err) {
    if (call.signal.aborted || !(err instanceof VisionProviderError)) throw err;
    call.log.warn({ reason: err.reason }, 'vision provider failed');
    return { ...base, notice: `The vision model failed (${err.reason}), so the offline caption is shown instead.` };
  }
}

function offlineResult(a: ImageCaptionAnalysis, style: CaptionStyle, providerConfigured: boolean): CaptionResult {
  return {
    engine: 'offline',
    engineName: 'offline:human+tesseract',
    engineLabel: OFFLINE_LABEL,
    style,
    caption: a.styles[style].caption,
    altText: a.styles[style].altText,
    offline: { styles: a.styles, hashtags: a.hashtags },
    providerConfigured,
    detections: a.detections,
    people: a.people,
    things: a.things,
    nothingFound: a.nothingFound,
    ocr: a.ocr,
    colors: a.colors,
    image: {
      format: a.image.format,
      width: a.image.width,
      height: a.image.height,
      orientation: a.image.orientation,
      aspectRatio: a.image.aspectRatio,
      megapixels: a.image.megapixels,
    },
    timings: a.timings,
  };
}

/** What each style asks the model for. */
export const STYLE_PROMPTS: Record<CaptionStyle, string> = {
  short: 'a short caption: one sentence of at most 15 words saying who and what is in the picture',
  detailed: 'a detailed description: three to five sentences covering the people, objects, setting, any text, colours and mood',
  social: 'a social-media caption: one or two lively sentences for a post, followed by up to five relevant hashtags',
  seo: 'SEO alt-text: a concise, keyword-rich description of at most 125 characters, without "image of" or "picture of"',
};

/** The chat messages of one caption request (exported for the tests). */
export function captionMessages(style: CaptionStyle, jpegBase64: string, ocrText: string): unknown[] {
  const hint = ocrText.trim()
    ? `\nAn OCR engine read this text in the image (it may contain errors): "${ocrText.replace(/\s+/g, ' ').trim().slice(0, 500)}"`
    : '';
  return [
    {
      role: 'system',
      content:
        'You describe images for captions and accessibility. Describe only what is visible; do not guess names, identities, ages or genders of people. Answer with JSON only.',
    },
    {
      role: 'user',
      content: [
        {
          type: 'text',
          text: `Write ${STYLE_PROMPTS[style]}, and alt-text for screen readers (one sentence, at most 125 characters, without "image of").${hint}\nAnswer exactly as JSON: {"caption": "...", "altText": "..."}`,
        },
        { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${jpegBase64}` } },
      ],
    },
  ];
}

/** A provider call that failed; `reason` finishes a sentence ("it answered 500"). */
export class VisionProviderError extends AppError {
  constructor(
    code: 'upstream_failed' | 'upstream_timeout',
    readonly reason: string,
  ) {
    super(code, `The vision model failed: ${reason}.`);
  }
}

/** The caption and alt-text in a model's answer: JSON, possibly fenced or with text around it. */
export function parseCaptionAnswer(content: string): { caption: string; altText: string } | null {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const o = JSON.parse(content.slice(start, end + 1)) as Record<string, unknown>;
    const caption = typeof o.caption === 'string' ? o.caption.trim() : '';
    const alt = typeof o.altText === 'string' ? o.altText : typeof o.alt_text === 'string' ? o.alt_text : typeof o.alt === 'string' ? o.alt : '';
    if (!caption) return null;
    return { caption: caption.slice(0, 2000), altText: (alt.trim() || caption).slice(0, 500) };
  } catch {
    return null;
  }
}

/** One OpenAI-compatible `POST /chat/completions` with the image, answered with the caption and alt-text. */
export async function providerCaption(
  p: VisionProvider,
  jpeg: Uint8Array,
  style: CaptionStyle,
  ocrText: string,
  signal: AbortSignal,
): Promise<{ caption: string; altText: string }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (p.apiKey) headers.authorization = `Bearer ${p.apiKey}`;
  const b64 = Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength).toString('base64');
  let res: Response;
  try {
    res = await fetch(`${p.baseUrl}/chat/completions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: p.model, messages: captionMessages(style, b64, ocrText), temperature: 0.4, max_tokens: 600 }),
      signal: AbortSignal.any([signal, AbortSignal.timeout(p.timeoutMs)]),
    });
  } catch (err) {
    if (signal.aborted) throw err;
    if ((err as Error).name === 'TimeoutError') throw new VisionProviderError('upstream_timeout', `it took longer than ${Math.round(p.timeoutMs / 1000)} s`);
    throw new VisionProviderError('upstream_failed', 'it could not be reached');
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new VisionProviderError('upstream_failed', `it answered ${res.status}`);
  }
  let body: { choices?: { message?: { content?: unknown } }[] };
  try {
    body = (await res.json()) as typeof body;
  } catch {
    throw new VisionProviderError('upstream_failed', 'its answer was not JSON');
  }
  const content = body.choices?.[0]?.message?.content;
  const parsed = typeof content === 'string' ? parseCaptionAnswer(content) : null;
  if (!parsed) throw new VisionProviderError('upstream_failed', 'its answer had no caption');
  return parsed;
}
