/**
 * Offline pieces: long enough that the recogniser's start (about half a second) is small beside its work, short
 * enough that progress moves every few seconds and a cancelled job stops quickly.
 */
export const CHUNK_MIN_SECONDS = 25;
export const CHUNK_MAX_SECONDS = 40;
