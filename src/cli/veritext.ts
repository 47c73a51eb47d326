/**
 * `npx veritext detect [--api URL --key KEY] [FILE…]` (also `npm run detect -- …`): one JSON line per file,
 * `{file, ...result}`, or `{file, error}` (and exit code 1). Reads standard input when no file (or "-") is given.
 *
 * Offline (the default) the detector engine runs in this process. With `--api URL` and `--key KEY` (or
 * VERITEXT_API_URL and VERITEXT_API_KEY; the environment keeps the key out of the process list) each file is sent
 * to `POST {URL}/api/v1/tools/content-detector` instead, and the answer is printed in the offline format: the same
 * fields in the same order, `aiShare` and `humanShare` recomputed from the answer's sentence scores with this
 * build's sentence bands (the API does not send them), and `engine` added (the server may answer with its neural
 * scorer or a commercial provider). Each file is sent with its own Idempotency-Key, so a retry after a lost answer
 * is never charged twice; a 429 is retried after its Retry-After.
 *
 * The HTTP client lives here, not in src/engines: engines stay free of HTTP.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { countWhitespaceWords } from '../engines/text/words';

const USAGE = `Usage: veritext detect [--api URL --key KEY] [FILE…]

  Prints one JSON line per FILE (standard input when none, or "-"): the AI-text detector's result.
  Offline by default; with --api and --key (or VERITEXT_API_URL and VERITEXT_API_KEY) the server at URL
  checks each file through its public API (POST URL/api/v1/tools/content-detector).
`;

/** The API answer's fields the output reads (DetectResponse in src/shared/api/detector.ts). */
interface RemoteResult {
  score: number;
  humanProbability: number;
  verdict: string;
  sentences: { start: number; end: number; score: number; band: string; reasons: string[] }[];
  reasons: string[];
  wordCount: number;
  modelVersion: string;
  engine: string;
}

type Line = Record<string, unknown>;

class CliError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

const MAX_RATE_RETRIES = 3;
const MAX_WAIT_S = 120;

function readInput(file: string): string {
  return readFileSync(file === '-' ? 0 : file, 'utf8');
}

async function offline(files: string[]): Promise<Line[]> {
  const { detect } = await import('../engines/detector/index');
  return files.map((file) => {
    try {
      return { file, ...detect(readInput(file)) };
    } catch (err) {
      return { file, error: (err as Error).message };
    }
  });
}

/** One file through the API: retried after a 429's Retry-After and once after a network failure, with one Idempotency-Key. */
async function checkRemote(endpoint: string, key: string, text: string): Promise<RemoteResult> {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': randomUUID() };
  let networkRetried = false;
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify({ text }), signal: AbortSignal.timeout(120_000) });
    } catch (err) {
      if (networkRetried) throw new CliError(`Could not reach ${endpoint}: ${(err as Error).message}`, 'network');
      networkRetried = true;
      continue;
    }
    const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    if (res.ok && body) return body as unknown as RemoteResult;
    const wait = Number(res.headers.get('retry-after'));
    const retriable = res.status === 429 || (res.status === 409 && body?.error?.code === 'idempotency_in_progress');
    if (retriable && attempt < MAX_RATE_RETRIES && wait > 0 && wait <= MAX_WAIT_S) {
      await new Promise((r) => setTimeout(r, wait * 1000));
      continue;
    }
    throw new CliError(body?.error?.message ?? `The server answered ${res.status} ${res.statusText}.`, body?.error?.code ?? `http_${res.status}`);
  }
}

/**
 * The offline format, from the API's answer: aiShare and humanShare as the engine computes them (words in sentences of
 * the `ai` and `human` sentence bands).
 */
function asOfflineLine(file: string, text: string, r: RemoteResult): Line {
  let ai = 0;
  let human = 0;
  let total = 0;
  for (const s of r.sentences) {
    const n = countWhitespaceWords(text.slice(s.start, s.end));
    total += n;
    if (s.band === 'ai') ai += n;
    else if (s.band === 'human') human += n;
  }
  // The key order of the offline line ({file, ...detect(text)}).
  return {
    file,
    humanProbability: r.humanProbability,
    sentences: r.sentences.map(({ start, end, score, band, reasons }) => ({ start, end, score, band, reasons })),
    reasons: r.reasons,
    wordCount: r.wordCount,
    aiShare: total ? ai / total : 0,
    humanShare: total ? human / total : 0,
    modelVersion: r.modelVersion,
    score: r.score,
    verdict: r.verdict,
    engine: r.engine,
  };
}

async function remote(files: string[], api: string, key: string): Promise<Line[]> {
  const endpoint = new URL('/api/v1/tools/content-detector', api.endsWith('/') ? api : `${api}/`).toString();
  const out: Line[] = [];
  for (const file of files) {
    try {
      const text = readInput(file);
      out.push(asOfflineLine(file, text, await checkRemote(endpoint, key, text)));
    } catch (err) {
      out.push(err instanceof CliError ? { file, error: err.message, code: err.code } : { file, error: (err as Error).message });
    }
  }
  return out;
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, ...rest] = argv;
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { api: { type: 'string' }, key: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (command !== 'detect' || parsed.values.help) {
    process.stderr.write(USAGE);
    return command === 'detect' || command === '--help' || command === '-h' ? 0 : 2;
  }
  const api = parsed.values.api ?? env.VERITEXT_API_URL ?? '';
  const key = parsed.values.key ?? env.VERITEXT_API_KEY ?? '';
  if (Boolean(api) !== Boolean(key)) {
    process.stderr.write(`Give both the server (--api URL or VERITEXT_API_URL) and the key (--key KEY or VERITEXT_API_KEY), or neither.\n\n${USAGE}`);
    return 2;
  }
  if (api && !/^https?:\/\//i.test(api)) {
    process.stderr.write(`--api must be an http(s) address such as https://veritext.example.org, not "${api}".\n`);
    return 2;
  }
  const files = parsed.positionals.length ? parsed.positionals : ['-'];
  const lines = api ? await remote(files, api, key) : await offline(files);
  for (const line of lines) process.stdout.write(JSON.stringify(line) + '\n');
  return lines.some((l) => 'error' in l) ? 1 : 0;
}

// Run when executed directly (tsx src/cli/veritext.ts, as npm run detect does); bin/veritext.js calls main itself.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (err: unknown) => {
      process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
