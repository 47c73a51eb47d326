import { z } from 'zod';
// the finding types are the engine's plain types (types.ts has no imports)
import {
  SIGNALS,
  STRENGTHS,
  type DeepfakeScan,
  type ElaMap,
  type FaceReading,
  type Finding,
  type JpegInfo,
  type MetadataRow,
  type Signal,
  type Strength,
  type Verdict,
} from '../../engines/deepfake/types';
import { Allowance } from './tool-answer';

/** Deepfake detector (POST /api/tools/deepfake-detector): contracts shared by the route and the page. */
export { SIGNALS, STRENGTHS, type ElaMap, type FaceReading, type Finding, type JpegInfo, type MetadataRow, type Signal, type Strength, type Verdict };

/** Largest upload, in bytes. */
export const DEEPFAKE_MAX_BYTES = 10 * 1024 * 1024;
/** What the page's file picker offers (the server types the file by its content, not by this). */
export const DEEPFAKE_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif,.heic,.heif';

/** The form fields sent with the `file` part (multipart). */
export const DeepfakeRequest = z.object({
  /** Unused (media tools take a file); present because every tool input has it. */
  text: z.string().max(0, { message: 'This tool takes an image file, not text.' }).default(''),
});
export type DeepfakeInput = z.infer<typeof DeepfakeRequest>;

/** A commercial detector's reading, shown beside the offline findings and labelled as its opinion. */
export const ProviderReading = z.object({
  provider: z.string().describe("'hive' or 'sightengine'."),
  label: z.string().describe('e.g. "Sightengine (genai model)".'),
  aiScore: z.number().min(0).max(1).describe("0–1: how likely the provider's model thinks the image is AI-generated."),
  deepfakeScore: z.number().min(0).max(1).optional().describe('0–1 when the provider also scored face manipulation.'),
  source: z.string().optional().describe('The generator the provider named, if any.'),
});
export type ProviderReading = z.infer<typeof ProviderReading>;

const FindingSchema = z.object({
  id: z.string().describe("Stable id, e.g. 'c2pa.ai_generated', 'metadata.generator'."),
  signal: z.enum(SIGNALS),
  title: z.string(),
  strength: z.enum(STRENGTHS).describe('How much it says: strong, moderate, weak, or none (checked, nothing found).'),
  detail: z.string().describe('A plain sentence or two: what was seen and what it does and does not mean.'),
  evidence: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .optional()
    .describe('The raw values behind it (field names and values, scores).'),
  points: z.enum(['ai', 'edit', 'authentic', 'info']).describe('What the finding points to.'),
}) satisfies z.ZodType<Finding>;

const DeepfakeScanSchema = z.object({
  format: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  decoded: z.boolean().describe('false for a format whose metadata is read but which is not decoded (HEIC): no ELA, JPEG or face checks.'),
  findings: z.array(FindingSchema),
  verdict: z.object({
    sentence: z.string().describe('The sentence the page leads with; never a bare "fake" or "real".'),
    level: z.enum(['ai', 'edited', 'signs', 'no_signs', 'authentic']),
  }),
  metadata: z.array(z.object({ group: z.string(), name: z.string(), value: z.string() })),
  ela: z
    .object({
      png: z.string().describe('Base64 PNG, one pixel per 8×8 block of the analysed image.'),
      width: z.number().int(),
      height: z.number().int(),
      quality: z.number().describe('JPEG quality the image was recompressed at.'),
      unevenness: z.number().describe('How uneven the error levels are between regions, after allowing for texture.'),
    })
    .nullable()
    .describe('The error-level-analysis heat map.'),
  jpeg: z
    .object({
      quality: z.number().nullable(),
      standardTables: z.boolean(),
      tables: z.number().int(),
      progressive: z.boolean(),
      subsampling: z.string().nullable(),
      doubleCompression: z.number().nullable(),
    })
    .nullable(),
  faces: z
    .array(
      z.object({
        score: z.number(),
        antispoof: z.number().nullable(),
        live: z.number().nullable(),
        box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
      }),
    )
    .nullable(),
  timings: z.record(z.string(), z.number()).describe('Milliseconds per signal.'),
}) satisfies z.ZodType<DeepfakeScan>;

export const DeepfakeResponse = DeepfakeScanSchema.extend({
  engine: z.string().describe("'offline', or the provider consulted beside it (e.g. 'offline+sightengine')."),
  provider: ProviderReading.nullable().describe("The provider's reading when one is configured and answered."),
  notice: z.string().optional().describe('Set when a configured provider failed (the offline findings still answer).'),
  providerConfigured: z.boolean().describe('Whether a commercial detector is configured on this server.'),
  allowance: Allowance.optional(),
});
export type DeepfakeResponse = z.infer<typeof DeepfakeResponse>;

/** GET /api/tools/deepfake-detector/status: what this server checks with. */
export interface DeepfakeStatus {
  providerConfigured: boolean;
  /** e.g. "Sightengine" */
  providerLabel: string | null;
  maxBytes: number;
}
