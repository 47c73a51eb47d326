/**
 * Word counts. Dependency-free on purpose: src/shared/limits.ts (and through it the client bundle) imports this file
 * directly, so it must not pull in the part-of-speech tagger that engines/text/index.ts re-exports.
 */

/** Words as a reader counts them: runs of letters/digits (hyphenated and apostrophe forms count once). */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['\u2019\-.,][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/**
 * Whitespace-separated runs of anything. The measure of the per-request word limits (the UI counter and the server
 * must agree with each other, and a dash or an emoji between spaces counts), and of the detector's paragraph sizes.
 */
export function countWhitespaceWords(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}
