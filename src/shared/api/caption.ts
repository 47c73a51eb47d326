import { z } from 'zod';
// the styles are the engine's plain constants (styles.ts has no imports)
import { CAPTION_STYLE_INFO, CAPTION_STYLES, type CaptionStyle } from '../../engines/vision/styles';
import { Allowance } from './tool-answer';

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
export const CaptionBox = z
  .object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })
  .describe("A rectangle as fractions (0–1) of the upright image's width and height.");
export type CaptionBox = z.infer<typeof CaptionBox>;

export const CaptionDetection = z.object({
  kind: z.enum(['person', 'object', 'face', 'text']),
  label: z.string(),
  confidence: z.number().min(0).max(1),
  box: CaptionBox,
  inCaption: z.boolean().describe('Named in the offline caption (else a weaker, "possible" detection).'),
  note: z.string().optional().describe('e.g. "looks about 30, happy 92 %" for a face.'),
});
export type CaptionDetection = z.infer<typeof CaptionDetection>;

export const CaptionText = z.object({ caption: z.string(), altText: z.string() });
export type CaptionText = z.infer<typeof CaptionText>;

export const CaptionResponse = z.object({
  engine: z.string().describe("'offline' or the vision provider's model name."),
  engineLabel: z.string().describe('What the page shows, e.g. "Offline (Human + Tesseract)" or "gpt-4o-mini at api.openai.com".'),
  style: z.enum(CAPTION_STYLES),
  caption: z.string().describe("In the chosen style: the provider's when it answered, else the offline caption."),
  altText: z.string(),
  offline: z
    .object({
      styles: z.object(Object.fromEntries(CAPTION_STYLES.map((st) => [st, CaptionText])) as Record<CaptionStyle, typeof CaptionText>),
      hashtags: z.array(z.string()),
    })
    .describe("The offline engine's caption in every style, and hashtags."),
  providerConfigured: z.boolean().describe('Whether a vision model is configured on this server.'),
  notice: z.string().optional().describe('Set when the provider failed and the offline caption answers instead.'),
  detections: z.array(CaptionDetection).describe('Everything the offline models found, people first.'),
  people: z.number().int().min(0),
  things: z.array(z.object({ label: z.string(), count: z.number().int().min(1) })),
  nothingFound: z.boolean().describe('The offline models recognised no person, object or text.'),
  ocr: z.object({ text: z.string(), confidence: z.number(), words: z.number().int().min(0) }).describe("Text read in the image ('' when none)."),
  colors: z.array(z.object({ hex: z.string(), name: z.string(), share: z.number() })),
  image: z.object({
    format: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    orientation: z.string(),
    aspectRatio: z.number(),
    megapixels: z.number(),
  }),
  timings: z
    .object({ decode: z.number(), models: z.number(), ocr: z.number(), total: z.number(), provider: z.number().optional() })
    .describe('Milliseconds: decode, models, OCR, offline total; provider when asked.'),
  allowance: Allowance.optional(),
});
export type CaptionResponse = z.infer<typeof CaptionResponse>;

/** GET /api/tools/image-caption-generator/status: the engine that captions on this server. */
export interface CaptionStatus {
  engine: string;
  engineLabel: string;
  providerConfigured: boolean;
  maxBytes: number;
}
