/**
 * Offline text to speech (Node: Flite through WASI).
 *
 *   speechPieces(text)                    → the sentences to speak, with paragraph ends (text.ts)
 *   synthesizePiece(text, voice, speed)   → 16 kHz mono PCM of one piece with the SPEC voice's offline rendering
 *   encodeWav / decodeWav / resample      → wav.ts;  encodeMp3 → mp3.ts
 *
 * The voice mapping and its reasons are in voices.ts. The page imports voices.ts, wav.ts and mp3.ts directly
 * (this file pulls in node:wasi).
 */
import { fliteSynthesize } from './flite';
import { OFFLINE_SAMPLE_RATE, OFFLINE_VOICES, TTS_MAX_SPEED, TTS_MIN_SPEED, type TtsVoice } from './voices';
import { resample, type Pcm } from './wav';

export * from './voices';
export { speechPieces, groupPieces, estimateMinutes, MAX_PIECE_CHARS, type SpeechPiece } from './text';
export { encodeWav, decodeWav, resample, silence, concatPcm, durationSeconds, toBase64, fromBase64, WavFormatError, type Pcm } from './wav';
export { encodeMp3, mp3Frames, MP3_BITRATE } from './mp3';
export { fliteSynthesize, FliteError, type FliteOptions } from './flite';

export function clampSpeed(speed: number): number {
  return Math.min(TTS_MAX_SPEED, Math.max(TTS_MIN_SPEED, Number.isFinite(speed) ? speed : 1));
}

/** One piece of text spoken offline by the SPEC voice `voice` at `speed` (1 = the voice's own pace). */
export function synthesizePiece(text: string, voice: TtsVoice, speed = 1): Pcm {
  const v = OFFLINE_VOICES[voice];
  const pcm = fliteSynthesize(text, { voice: v.flite, pitchHz: v.pitchHz, stretch: v.pace / clampSpeed(speed) });
  return resample(pcm, OFFLINE_SAMPLE_RATE);
}
