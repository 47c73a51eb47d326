/**
 * The offline recogniser: CMU PocketSphinx 0.8 from Debian (`pocketsphinx`, `pocketsphinx-en-us`: the US English
 * acoustic model, a 3-gram language model and the CMU pronouncing dictionary). It is the only open-vocabulary offline
 * recogniser available here (../shared/ENGINEERING.md §2): no Whisper or Vosk model arrives through npm.
 *
 * `pocketsphinx_continuous -infile x.wav -time yes` reads a 16 kHz mono 16-bit WAV, splits it into utterances at
 * pauses (its own voice activity detector) and prints, per utterance, the hypothesis line followed by one line per
 * word: `word start end confidence`. It runs as a child process (its own core; the event loop only reads its
 * output), one per chunk of audio, killed when the job is cancelled or over its time budget.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export const SPHINX_BIN = 'pocketsphinx_continuous';
/** Where Debian's pocketsphinx-en-us puts the model. */
export const SPHINX_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

export interface SphinxSetup {
  bin: string;
  hmm: string;
  lm: string;
  dict: string;
}

export type SphinxAvailability = { ok: true; setup: SphinxSetup } | { ok: false; reason: string };

let found: SphinxAvailability | null = null;

/**
 * Whether the recogniser and its English model are installed, found once per process (the PATH and the model folder
 * do not change while the server runs). `reason` says what is missing, for the page and the API.
 */
export function sphinxAvailability(): SphinxAvailability {
  if (found) return found;
  const bin = (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((d) => join(d, SPHINX_BIN))
    .find((p) => {
      try {
        accessSync(p, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
  const hmm = join(SPHINX_MODEL_DIR, 'en-us');
  const lm = join(SPHINX_MODEL_DIR, 'en-us.lm.bin');
  const dict = join(SPHINX_MODEL_DIR, 'cmudict-en-us.dict');
  if (!bin)
    found = { ok: false, reason: `needs pocketsphinx: the ${SPHINX_BIN} program is not installed (Debian: apt install pocketsphinx pocketsphinx-en-us)` };
  else if (![join(hmm, 'mdef'), lm, dict].every((p) => existsSync(p)))
    found = { ok: false, reason: `needs pocketsphinx-en-us: the English model is not in ${SPHINX_MODEL_DIR} (Debian: apt install pocketsphinx-en-us)` };
  else found = { ok: true, setup: { bin, hmm, lm, dict } };
  return found;
}

/** One recognised word, times in seconds from the start of the file given to the recogniser. */
export interface SphinxWord {
  word: string;
  start: number;
  end: number;
  confidence: number;
}

/** One utterance: what the recogniser heard between two pauses. */
export interface SphinxUtterance {
  start: number;
  end: number;
  words: SphinxWord[];
}

/** Tokens that mark silence, sentence edges, breath and noise: timing only, never transcript words. */
const FILLER = /^(<s>|<\/s>|<sil>|\[.*\]|\+\+.*\+\+|\+.*\+)$/i;

/**
 * Parse the recogniser's standard output. A line of four fields whose last three are numbers is a word; an
 * utterance begins at each `<s>` (the hypothesis line above it repeats the words, so it is skipped). Alternate
 * pronunciations are printed as `word(2)`: the suffix is dropped.
 */
export function parseSphinxOutput(stdout: string): SphinxUtterance[] {
  const out: SphinxUtterance[] = [];
  let cur: SphinxUtterance | null = null;
  for (const line of stdout.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length !== 4 || !f.slice(1).every((x) => /^-?\d+(\.\d+)?$/.test(x))) continue;
    const [token, s, e, c] = f;
    const start = Number(s);
    const end = Number(e);
    if (token === '<s>' || !cur) {
      cur = { start, end, words: [] };
      out.push(cur);
    }
    cur.end = Math.max(cur.end, end);
    if (FILLER.test(token)) continue;
    cur.words.push({ word: token.replace(/\(\d+\)$/, ''), start, end, confidence: Number(c) });
  }
  return out.filter((u) => u.words.length > 0);
}

export class SphinxError extends Error {
  constructor(
    message: string,
    readonly kind: 'unavailable' | 'failed' | 'timeout',
  ) {
    super(message);
  }
}

export interface SphinxRunOptions {
  signal?: AbortSignal;
  /** Kill the recogniser after this long (ms). */
  timeoutMs: number;
}

/** Largest output read from one run (a minute of speech prints a few KB). */
const MAX_OUTPUT = 4 * 1024 * 1024;

/**
 * Recognise one 16 kHz mono 16-bit WAV file. Rejects with an AbortError when `signal` fires and a SphinxError
 * ('timeout') past the budget; in both cases the child is killed first.
 */
export function runSphinx(wavPath: string, opts: SphinxRunOptions): Promise<SphinxUtterance[]> {
  const avail = sphinxAvailability();
  if (!avail.ok) return Promise.reject(new SphinxError(avail.reason, 'unavailable'));
  if (opts.signal?.aborted) return Promise.reject(abortError());
  const { bin, hmm, lm, dict } = avail.setup;
  return new Promise((resolve, reject) => {
    // -logfn /dev/null: its progress log (megabytes on long audio) is of no use here; errors show in the exit code
    const child = spawn(bin, ['-infile', wavPath, '-time', 'yes', '-hmm', hmm, '-lm', lm, '-dict', dict, '-logfn', '/dev/null'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let done = false;
    const finish = (err: Error | null, value?: SphinxUtterance[]) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (err) {
        child.kill('SIGKILL');
        reject(err);
      } else resolve(value!);
    };
    const onAbort = () => finish(abortError());
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(
      () => finish(new SphinxError(`the recogniser took longer than ${Math.round(opts.timeoutMs / 1000)} s on one piece of the audio`, 'timeout')),
      opts.timeoutMs,
    );
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      if (stdout.length > MAX_OUTPUT) finish(new SphinxError('the recogniser printed more than expected', 'failed'));
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      if (stderr.length < 4096) stderr += d;
    });
    child.on('error', (err) => finish(new SphinxError(`the recogniser could not start: ${err.message}`, 'failed')));
    child.on('close', (code, sig) => {
      if (code === 0) finish(null, parseSphinxOutput(stdout));
      else finish(new SphinxError(`the recogniser failed (${sig ?? `exit ${code}`}): ${stderr.trim().slice(0, 200)}`, 'failed'));
    });
  });
}

function abortError(): Error {
  return new DOMException('The transcription was cancelled.', 'AbortError');
}
