/**
 * Offline speech to text (Node): PocketSphinx from Debian as a child process, audio decoded with audio-decode (wasm).
 *
 *   decodeToMono16k(bytes, maxSeconds)     → 16 kHz mono PCM of any supported file (decode.ts; run it in the pool)
 *   transcribeOffline(pcm, {tmpDir, …})    → segments and timed words, chunked at pauses (transcribe.ts)
 *   sphinxAvailability()                   → whether the recogniser and its model are installed (sphinx.ts)
 *   wordErrors / normalizeWords            → WER (wer.ts)
 *   toSrt / toVtt / toTxt                  → files of a transcript (format.ts; the page imports it directly)
 *   addNoise / telephone / silenceCuts     → pcm.ts
 */
export * from './format';
export * from './pcm';
export * from './wer';
export { decodeForTranscription, decodeToMono16k, decoderFor, PROVIDER_CHUNK_MAX_SECONDS, PROVIDER_CHUNK_MIN_SECONDS, type DecodedUpload } from './decode';
export { CHUNK_MAX_SECONDS, CHUNK_MIN_SECONDS } from './chunks';
export { parseSphinxOutput, runSphinx, sphinxAvailability, SphinxError, SPHINX_BIN, SPHINX_MODEL_DIR, type SphinxUtterance, type SphinxWord } from './sphinx';
export { transcribeOffline, wavSlice, type ChunkProgress, type OfflineTranscript } from './transcribe';
