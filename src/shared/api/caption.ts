import { z } from 'zod';
// the styles are the engine's plain constants (styles.ts has no imports)
import { CAPTION_STYLE_INFO, CAPTION_STYLES, type CaptionStyle } from '../../engines/vision/styles';

/** Image caption generator (POST /api/tools/image-caption-generator): contracts shared by the route and the page. */
export { CAPTION_STYLES, CAPTION_STYLE_INFO, type CaptionStyle };

/** Largest upload, in bytes. */
export const CAPTION_MAX_BYTES = 10 * 1024 * 1024;
/** What the page's file picker offers (the server types the file by its content, not by this). */
export const CAPTION_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif,.heic,.heif';

/** The form fields sent with the `file` part (multipart). */
export const CaptionRequest = z.object({
  /** Unused (media tools take a file); present because every tool input has it. */
  text: z.string().max(0, { message: 'This tool takes an image file, not text.' }).default(''),
  style: z.enum(CAPTION_STYLES, { message: `Choose one of the styles: ${CAPTION_STYLES.join(', ')}.` }).default('short'),
});
export type CaptionInput = z.infer<typeof CaptionRequest>;

/** A rectangle as fractions (0..1) of the upright image's width and height. */
export interface CaptionBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CaptionDetection {
  kind: 'person' | 'object' | 'face' | 'text';
  label: string;
  /** 0..1 */
  confidence: number;
  box: CaptionBox;
  /** Named in the offline caption (else a weaker, "possible" detection). */
  inCaption: boolean;
  /** e.g. "looks about 30, happy 92 %" for a face */
  note?: string;
}

export interface CaptionText {
  caption: string;
  altText: string;
}

export interface CaptionResponse {
  /** 'offline' or the vision provider's model name. */
  engine: string;
  /** What the page shows, e.g. "Offline (Human + Tesseract)" or "gpt-4o-mini at api.openai.com". */
  engineLabel: string;
  style: CaptionStyle;
  /** In the chosen style: the provider's when it answered, else the offline caption. */
  caption: string;
  altText: string;
  /** The offline engine's caption in every style (the page switches styles without another request), and hashtags. */
  offline: { styles: Record<CaptionStyle, CaptionText>; hashtags: string[] };
  /** Whether a vision model is configured on this server. */
  providerConfigured: boolean;
  /** Set when the provider failed and the offline caption answers instead. */
  notice?: string;
  /** Everything the offline models found, people first. */
  detections: CaptionDetection[];
  people: number;
  things: { label: string; count: number }[];
  /** The offline models recognised no person, object or text. */
  nothingFound: boolean;
  /** Text read in the image ('' when none). */
  ocr: { text: string; confidence: number; words: number };
  colors: { hex: string; name: string; share: number }[];
  image: { format: string; width: number; height: number; orientation: string; aspectRatio: number; megapixels: number };
  /** Milliseconds: decode, models, OCR, offline total; provider when asked. */
  timings: { decode: number; models: number; ocr: number; total: number; provider?: number };
  /** A visitor's daily allowance after this request; null for accounts. */
  allowance?: { used: number; limit: number } | null;
}

/** GET /api/tools/image-caption-generator/status: the engine that captions on this server. */
export interface CaptionStatus {
  engine: string;
  engineLabel: string;
  providerConfigured: boolean;
  maxBytes: number;
}
