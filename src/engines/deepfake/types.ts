/**
 * The deepfake detector's findings. Plain types and constants with no imports, so the shared contract
 * (src/shared/api/deepfake.ts) and the page can use them without pulling in sharp or the C2PA binding.
 *
 * A finding is one observation with how much it says: `strong` (the file itself declares AI generation, e.g. signed
 * content credentials), `moderate` (a measurable trace that is often but not always innocent), `weak` (a hint that
 * many genuine images show too) or `none` (checked, nothing found, or a fact that speaks for the image).
 */
export const STRENGTHS = ['strong', 'moderate', 'weak', 'none'] as const;
export type Strength = (typeof STRENGTHS)[number];

/** Which signal a finding comes from. */
export const SIGNALS = ['c2pa', 'metadata', 'ela', 'jpeg', 'faces', 'provider'] as const;
export type Signal = (typeof SIGNALS)[number];

export interface Finding {
  /** stable id, e.g. 'c2pa.ai_generated', 'metadata.generator' (the page and the tests key on it) */
  id: string;
  signal: Signal;
  title: string;
  strength: Strength;
  /** a plain sentence or two: what was seen and what it does and does not mean */
  detail: string;
  /** the raw values behind it (field names and values, scores), for the report */
  evidence?: Record<string, string | number | boolean | null>;
  /**
   * What the finding points to: 'ai' (AI generation), 'edit' (editing or manipulation), 'authentic' (e.g. a camera's
   * signed capture), or 'info'. The verdict sentence is built from it.
   */
  points: 'ai' | 'edit' | 'authentic' | 'info';
}

/** One row of the metadata table the page shows. */
export interface MetadataRow {
  group: string;
  name: string;
  value: string;
}

/** The error-level-analysis heat map: a PNG at block resolution, oriented like the displayed image. */
export interface ElaMap {
  /** base64 PNG, one pixel per 8×8 block of the analysed image (the page scales it over the image) */
  png: string;
  width: number;
  height: number;
  /** JPEG quality the image was recompressed at */
  quality: number;
  /** how uneven the error levels are between regions, after allowing for texture (see ela.ts) */
  unevenness: number;
}

export interface JpegInfo {
  /** estimated quality of the luminance table, 1–100 (IJG scale) */
  quality: number | null;
  /** the tables are the IJG (libjpeg) standard tables scaled to `quality` */
  standardTables: boolean;
  tables: number;
  progressive: boolean;
  subsampling: string | null;
  /** double-quantisation comb score (see jpeg.ts): about 0–1 for a once-saved file; null when unmeasurable */
  doubleCompression: number | null;
}

export interface FaceReading {
  score: number;
  /** @vladmandic/human antispoof: 0 (looks like a spoof/synthetic) … 1 (looks real) */
  antispoof: number | null;
  /** @vladmandic/human liveness: 0 … 1 */
  live: number | null;
  /** where the face is, as fractions (0–1) of the displayed (EXIF-oriented) image's width and height */
  box: { x: number; y: number; width: number; height: number };
}

export interface Verdict {
  /** the sentence the page leads with; never a bare "fake" or "real" */
  sentence: string;
  /** the strongest thing the findings say */
  level: 'ai' | 'edited' | 'signs' | 'no_signs' | 'authentic';
}

export interface DeepfakeScan {
  format: string;
  width: number;
  height: number;
  bytes: number;
  /** false for a format this server can read metadata from but not decode (HEIC): no ELA, JPEG or face checks */
  decoded: boolean;
  findings: Finding[];
  verdict: Verdict;
  metadata: MetadataRow[];
  ela: ElaMap | null;
  jpeg: JpegInfo | null;
  faces: FaceReading[] | null;
  /** milliseconds spent per signal, for the figures */
  timings: Record<string, number>;
}
