/**
 * Transcript segments and their file formats: SRT (SubRip), WebVTT and plain text. Pure, no imports: the page builds
 * the downloads from the transcript it received, the server builds segments from the recogniser's words.
 */

export interface TranscriptSegment {
  /** seconds from the start of the audio */
  start: number;
  end: number;
  text: string;
}

/** A recognised word with its times (the offline recogniser's output, chunk offsets applied). */
export interface TimedWord {
  word: string;
  start: number;
  end: number;
}

/** Subtitle-sized segments: at most this many words and seconds, and a new one after a pause this long (seconds). */
export const SEGMENT_MAX_WORDS = 14;
export const SEGMENT_MAX_SECONDS = 7;
export const SEGMENT_PAUSE_SECONDS = 0.6;

/**
 * Group words into segments a reader can follow as subtitles: a new segment after each pause, and a run too long for
 * one segment is split at its longest gap between words (recursively), so segments end where the speaker breathed.
 * The recogniser gives no punctuation and none is invented: a segment that begins after a pause starts with a capital,
 * the pronoun "I" is capitalised, nothing else is changed.
 */
export function wordsToSegments(words: readonly TimedWord[]): TranscriptSegment[] {
  const out: TranscriptSegment[] = [];
  const emit = (ws: readonly TimedWord[], opensRun: boolean) => {
    const text = ws.map((w) => (/^i('|$)/.test(w.word) ? `I${w.word.slice(1)}` : w.word)).join(' ');
    out.push({ start: round(ws[0].start), end: round(ws[ws.length - 1].end), text: opensRun ? text.charAt(0).toUpperCase() + text.slice(1) : text });
  };
  const split = (ws: readonly TimedWord[], opensRun: boolean) => {
    if (ws.length === 0) return;
    // a single word is a segment however long the recogniser says it lasted
    if (ws.length === 1 || (ws.length <= SEGMENT_MAX_WORDS && ws[ws.length - 1].end - ws[0].start <= SEGMENT_MAX_SECONDS)) return emit(ws, opensRun);
    // the longest gap, keeping at least 3 words on each side when the run allows
    const edge = ws.length >= 6 ? 3 : 1;
    let at = Math.floor(ws.length / 2);
    let best = -Infinity;
    for (let i = edge; i <= ws.length - edge; i++) {
      const gap = ws[i].start - ws[i - 1].end;
      if (gap > best) [best, at] = [gap, i];
    }
    split(ws.slice(0, at), opensRun);
    split(ws.slice(at), false);
  };
  let run: TimedWord[] = [];
  for (const w of words) {
    if (run.length && w.start - run[run.length - 1].end >= SEGMENT_PAUSE_SECONDS) {
      split(run, true);
      run = [];
    }
    run.push(w);
  }
  if (run.length) split(run, true);
  return out;
}

const round = (s: number) => Math.round(s * 1000) / 1000;

function clock(seconds: number, sep: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${sep}${pad(ms % 1000, 3)}`;
}

/** 00:01:02,345 (SRT) */
export const srtTime = (seconds: number) => clock(seconds, ',');
/** 00:01:02.345 (WebVTT) */
export const vttTime = (seconds: number) => clock(seconds, '.');

/** A cue's end must come after its start; zero-length cues are stretched to a tenth of a second. */
const cueEnd = (s: TranscriptSegment) => Math.max(s.end, s.start + 0.1);

/** Segment text on one line: a blank line would end the cue early in both formats, and `-->` would break it in WebVTT. */
const cueText = (t: string) =>
  t
    .replace(/\s*\n\s*/g, ' ')
    .replace(/-->/g, '->')
    .trim();

export function toSrt(segments: readonly TranscriptSegment[]): string {
  return segments.map((s, i) => `${i + 1}\n${srtTime(s.start)} --> ${srtTime(cueEnd(s))}\n${cueText(s.text)}\n`).join('\n');
}

export function toVtt(segments: readonly TranscriptSegment[]): string {
  return `WEBVTT\n\n${segments.map((s) => `${vttTime(s.start)} --> ${vttTime(cueEnd(s))}\n${cueText(s.text)}\n`).join('\n')}`;
}

/** Pause that starts a new paragraph in the plain-text transcript. */
export const PARAGRAPH_PAUSE_SECONDS = 2;

/** Plain text: the segments joined by spaces, a new paragraph after each long pause. */
export function toTxt(segments: readonly TranscriptSegment[]): string {
  let out = '';
  segments.forEach((s, i) => {
    if (i > 0) out += s.start - segments[i - 1].end >= PARAGRAPH_PAUSE_SECONDS ? '\n\n' : ' ';
    out += s.text.trim();
  });
  return out ? `${out}\n` : '';
}

/** m:ss or h:mm:ss, for the page's segment list. */
export function shortTime(seconds: number): string {
  const t = Math.max(0, Math.floor(seconds));
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const s = t % 60;
  return h ? `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}` : `${m}:${String(s).padStart(2, '0')}`;
}
