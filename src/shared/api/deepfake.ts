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
export interface ProviderReading {
  /** 'hive' | 'sightengine' */
  provider: string;
  /** e.g. "Sightengine (genai model)" */
  label: string;
  /** 0..1: how likely the provider's model thinks the image is AI-generated */
  aiScore: number;
  /** 0..1 when the provider also scored face manipulation */
  deepfakeScore?: number;
  /** the generator the provider named, if any */
  source?: string;
}

export interface DeepfakeResponse extends Omit<DeepfakeScan, 'timings'> {
  /** 'offline', or the provider consulted beside it (e.g. 'offline+sightengine') */
  engine: string;
  /** the provider's reading when one is configured and answered */
  provider: ProviderReading | null;
  /** set when a configured provider failed (the offline findings still answer) */
  notice?: string;
  /** whether a commercial detector is configured on this server */
  providerConfigured: boolean;
  /** milliseconds per signal */
  timings: Record<string, number>;
  /** A visitor's daily allowance after this request; null for accounts. */
  allowance?: { used: number; limit: number } | null;
}

/** GET /api/tools/deepfake-detector/status: what this server checks with. */
export interface DeepfakeStatus {
  providerConfigured: boolean;
  /** e.g. "Sightengine" */
  providerLabel: string | null;
  maxBytes: number;
}
