import { z } from 'zod';
// The voices and limits are the engine's plain constants (voices.ts has no imports).
import {
  TTS_DEFAULT_PAUSE_MS,
  TTS_MAX_PAUSE_MS,
  TTS_MAX_SPEED,
  TTS_MIN_SPEED,
  TTS_VOICES,
  VOICE_INFO,
  type TtsVoice,
  type VoiceInfo,
} from '../../engines/tts/voices';
import { Allowance, ExtractedText } from './tool-answer';

/** Text to speech (POST /api/tools/text-to-speech): contracts shared by the route and the page. */
export { TTS_VOICES, VOICE_INFO, TTS_MIN_SPEED, TTS_MAX_SPEED, TTS_DEFAULT_PAUSE_MS, TTS_MAX_PAUSE_MS, type TtsVoice, type VoiceInfo };
export const TTS_FORMATS = ['wav', 'mp3'] as const;
/** Longest run of non-space characters read aloud (long URLs included). */
export const TTS_MAX_WORD_CHARS = 100;
/** A JSON answer carries the whole file: longer texts must be streamed (the page always streams). */
export const TTS_JSON_MAX_MINUTES = 30;
export type TtsFormat = (typeof TTS_FORMATS)[number];

export const TtsRequest = z.object({
  text: z
    .string({ message: 'Please enter some text.' })
    .max(200_000, { message: 'This text is too long.' })
    // a "word" hundreds of characters long is not speech (Flite would spell it out letter by letter for minutes)
    .refine((t) => !new RegExp(`\\S{${TTS_MAX_WORD_CHARS + 1},}`).test(t), {
      message: `This text has a word longer than ${TTS_MAX_WORD_CHARS} characters. Text to speech reads words, not long runs of letters or symbols.`,
    }),
  voice: z.enum(TTS_VOICES, { message: `Choose one of the voices: ${TTS_VOICES.join(', ')}.` }).default('alloy'),
  /** 1 is the voice's own pace; multipart fields arrive as text, hence the coercion. */
  speed: z.coerce
    .number({ message: 'The speed must be a number.' })
    .min(TTS_MIN_SPEED, { message: `The speed must be at least ${TTS_MIN_SPEED}.` })
    .max(TTS_MAX_SPEED, { message: `The speed must be at most ${TTS_MAX_SPEED}.` })
    .default(1)
    .describe("1 is the voice's own pace."),
  pauseMs: z.coerce
    .number({ message: 'The paragraph pause must be a number of milliseconds.' })
    .int({ message: 'The paragraph pause must be a whole number of milliseconds.' })
    .min(0, { message: 'The paragraph pause cannot be negative.' })
    .max(TTS_MAX_PAUSE_MS, { message: `The paragraph pause must be at most ${TTS_MAX_PAUSE_MS / 1000} seconds.` })
    .default(TTS_DEFAULT_PAUSE_MS)
    .describe('Silence after each paragraph, in milliseconds.'),
  format: z
    .enum(TTS_FORMATS, { message: 'The format must be wav or mp3.' })
    .default('wav')
    .describe('The file format of `audio` in a JSON answer (a streamed answer sends WAV chunks).'),
});
export type TtsInput = z.infer<typeof TtsRequest>;

/**
 * One streamed piece of audio: the `text` of a server-sent `delta` event is this object as JSON. Chunks come in
 * reading order; concatenating their samples (all at `sampleRate`) gives the whole recording.
 */
export const TtsChunk = z.object({
  index: z.number().int().min(0),
  total: z.number().int().min(1),
  /** The sentence (or sentences) this chunk speaks. */
  text: z.string(),
  /** The paragraph pause is included at the end of this chunk. */
  paragraphEnd: z.boolean(),
  sampleRate: z.number().int().positive(),
  seconds: z.number().min(0),
  /** Base64 of a 16-bit mono PCM WAV file. */
  audio: z.string(),
});
export type TtsChunk = z.infer<typeof TtsChunk>;

export const TtsResponse = z.object({
  engine: z.string().describe("'offline' (Flite) or the provider's model name."),
  engineLabel: z.string().describe('What the page shows, e.g. "Offline (Flite)" or "tts-1 at api.openai.com".'),
  voice: z.enum(TTS_VOICES),
  speed: z.number(),
  pauseMs: z.number().int().min(0),
  sampleRate: z.number().int().positive(),
  chunks: z.number().int().min(0).describe('Pieces synthesised (the number of streamed chunks).'),
  durationSeconds: z.number().min(0),
  audio: z.string().optional().describe('JSON answers only: the whole recording, base64, in `format` (a WAV or MP3 file).').meta({ contentEncoding: 'base64' }),
  format: z.enum(TTS_FORMATS).optional(),
  notice: z.string().optional().describe('Set when the provider failed and the offline voices answered instead.'),
  allowance: Allowance.optional(),
  text: ExtractedText,
});
export type TtsResponse = z.infer<typeof TtsResponse>;

/** GET /api/tools/text-to-speech/status: the engine that speaks on this server. */
export interface TtsStatus {
  /** 'offline' or the provider's model name. */
  engine: string;
  engineLabel: string;
}
