/**
 * What is spoken, in order: the text's paragraphs (blank-line separated), each cut into sentences with the shared
 * splitter (src/engines/text), and over-long sentences cut further at a comma, semicolon or space, so one synthesis
 * call stays short (each is a job with a time budget) and the first audio reaches the player quickly.
 */
import { splitParagraphs, splitSentences } from '../text';

/** Longest piece synthesised in one call (characters). */
export const MAX_PIECE_CHARS = 400;

export interface SpeechPiece {
  text: string;
  /** The last piece of its paragraph: the paragraph pause follows it. */
  paragraphEnd: boolean;
}

/** The pieces of `text` to synthesise, in reading order. Pieces with nothing to pronounce are dropped. */
export function speechPieces(text: string, maxChars = MAX_PIECE_CHARS): SpeechPiece[] {
  const out: SpeechPiece[] = [];
  for (const para of splitParagraphs(text.replace(/\r\n?/g, '\n'))) {
    const pieces = splitSentences(para.text).flatMap((s) => cutLong(s.text.replace(/\s+/g, ' ').trim(), maxChars));
    const spoken = pieces.filter((p) => /[\p{L}\p{N}]/u.test(p));
    spoken.forEach((p, i) => out.push({ text: p, paragraphEnd: i === spoken.length - 1 }));
  }
  return out;
}

/** Group consecutive pieces of one paragraph up to `maxChars` (a provider call costs a round trip each). */
export function groupPieces(pieces: readonly SpeechPiece[], maxChars: number): SpeechPiece[] {
  const out: SpeechPiece[] = [];
  let cur: SpeechPiece | null = null;
  for (const p of pieces) {
    if (cur && cur.text.length + 1 + p.text.length <= maxChars) {
      cur.text += ` ${p.text}`;
      cur.paragraphEnd = p.paragraphEnd;
    } else {
      if (cur) out.push(cur);
      cur = { ...p };
    }
    if (cur.paragraphEnd) {
      out.push(cur);
      cur = null;
    }
  }
  if (cur) out.push(cur);
  return out;
}

function cutLong(s: string, max: number): string[] {
  if (s.length <= max) return s ? [s] : [];
  const out: string[] = [];
  let rest = s;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    // prefer a clause boundary in the second half of the window, else the last space, else a hard cut
    let cut = Math.max(window.lastIndexOf(', '), window.lastIndexOf('; '), window.lastIndexOf(': '));
    if (cut < max / 2) cut = window.lastIndexOf(' ');
    if (cut < max / 4) cut = max - 1;
    out.push(rest.slice(0, cut + 1).trim());
    rest = rest.slice(cut + 1).trim();
  }
  if (rest) out.push(rest);
  return out;
}

/**
 * Text as Flite reads it: typographic quotes and dashes to ASCII, other characters it has no letter-to-sound rules
 * for dropped, whitespace collapsed. Flite spells out digits, abbreviations and symbols it knows (%, $, &) itself.
 */
export function fliteText(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019\u201A\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201E\u2033]/g, '"')
    .replace(/[\u2013\u2014\u2015]/g, ', ')
    .replace(/\u2026/g, '...')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Estimated length of the spoken text in minutes at `speed`, used to price it before synthesis. */
export function estimateMinutes(words: number, speed: number, wordsPerMinute: number): number {
  return words / wordsPerMinute / speed;
}
