import { z } from 'zod';

/**
 * Speech to text (POST /api/tools/speech-to-text, multipart with one `file`), and the background jobs it runs
 * (GET /api/jobs/:id): contracts shared by the routes and the page.
 */

/** What the file picker offers (the server checks the type by content, not by this list). */
export const STT_ACCEPT = '.mp3,.wav,.m4a,.ogg,.oga,.opus,.webm,audio/mpeg,audio/wav,audio/x-wav,audio/mp4,audio/x-m4a,audio/ogg,audio/webm';
export const STT_FORMATS_LABEL = 'MP3, WAV, M4A, OGG or WebM';

/**
 * Upload size and audio length per plan. Sizes fit an hour (Pro) or two (Agency) of compressed audio (MP3 at 128 kb/s
 * is about 1 MB a minute); 16 kHz mono WAV, which the page converts files to when that is smaller than the original,
 * is 1.9 MB a minute. The length bounds the decoded audio held in memory (16 kHz mono: 115 MB an hour).
 */
export const STT_PLAN_LIMITS = {
  pro: { maxBytes: 50 * 1024 * 1024, maxMinutes: 60 },
  agency: { maxBytes: 100 * 1024 * 1024, maxMinutes: 120 },
  /** staff are not limited by plan: the largest */
  staff: { maxBytes: 100 * 1024 * 1024, maxMinutes: 120 },
} as const;
export type SttLimitTier = keyof typeof STT_PLAN_LIMITS;
/** The largest upload any caller may send (the route refuses more before reading it all). */
export const STT_MAX_BYTES = Math.max(...Object.values(STT_PLAN_LIMITS).map((l) => l.maxBytes));
export const STT_MAX_MINUTES = Math.max(...Object.values(STT_PLAN_LIMITS).map((l) => l.maxMinutes));

/** The request's fields beside the file: none yet besides the empty `text` every tool input has. */
export const SttRequest = z.object({
  text: z.string().max(0, { message: 'Speech to text takes an audio file, not text.' }).default(''),
});
export type SttInput = z.infer<typeof SttRequest>;

export const TranscriptSegment = z.object({
  /** seconds from the start of the audio */
  start: z.number().min(0),
  end: z.number().min(0),
  text: z.string(),
});
export type TranscriptSegment = z.infer<typeof TranscriptSegment>;

export const Transcript = z.object({
  segments: z.array(TranscriptSegment),
  /** the whole transcript as plain text */
  text: z.string(),
  /** 'offline' (PocketSphinx) or the provider's model name */
  engine: z.string(),
  /** what the page shows, e.g. "Offline (PocketSphinx, English)" or "whisper-1 at api.openai.com" */
  engineLabel: z.string(),
  durationSec: z.number().min(0),
  /** set when the provider failed and the offline engine answered instead */
  notice: z.string().optional(),
});
export type Transcript = z.infer<typeof Transcript>;

/** The answer to the upload: the job that transcribes it (poll GET /api/jobs/:id). */
export const SttJobAnswer = z.object({
  jobId: z.string().describe('Poll GET /api/jobs/{jobId} for progress and the transcript.'),
  status: z.literal('running'),
  durationSec: z.number().min(0).describe("The audio's length, as decoded."),
  minutes: z.number().int().min(0).describe('Started minutes charged (monthly characters, then Audio Pack minutes).'),
});
export type SttJobAnswer = z.infer<typeof SttJobAnswer>;

export const JOB_STATUSES = ['running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

const MediaJobFields = z.object({
  id: z.string(),
  tool: z.string().describe("The catalogue tool id, e.g. 'speech_to_text'."),
  status: z.enum(JOB_STATUSES),
  progress: z.number().min(0).max(1).describe('0–1.'),
  stage: z.string().nullable().describe('What is happening now, e.g. "Transcribing: 3 of 12 minutes".'),
  error: z.object({ code: z.string(), message: z.string() }).optional().describe('Set once the job failed.'),
  createdAt: z.string().describe('ISO 8601.'),
  finishedAt: z.string().nullable(),
});

/** GET /api/jobs/:id (its owner only). `result` once done, `error` once failed. */
export type MediaJobView<R = unknown> = z.infer<typeof MediaJobFields> & { result?: R };
/** A speech-to-text job: its `result` is the transcript (the schema the API documentation describes). */
export const SttJobView = MediaJobFields.extend({ result: Transcript.optional().describe('The transcript, once the job is done.') });

/** GET /api/jobs?tool=…: the caller's recent jobs, newest first, without their results. */
export const MediaJobList = z.object({ jobs: z.array(MediaJobFields) });
export type MediaJobList = z.infer<typeof MediaJobList>;

/** GET /api/speech-to-text/status: whether and how this server transcribes (public: visitors see it too). */
export interface SttStatus {
  available: boolean;
  /** why not, e.g. "needs pocketsphinx: …" */
  reason?: string;
  /** 'offline' or the provider's model name */
  engine: string;
  engineLabel: string;
  /** the offline engine transcribes English only; a provider may do more */
  languages: string;
  limits: typeof STT_PLAN_LIMITS;
}
