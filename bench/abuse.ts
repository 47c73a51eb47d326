/**
 * npm run bench:abuse — hostile inputs against one in-process server (PGlite in memory, real HTTP on 127.0.0.1):
 *   1. each input alone: status, time, peak RSS of the process (its worker threads included);
 *   2. 10 hostile requests at once while GET /api/health is polled: the health answers' p99 and the event-loop delay.
 * Targets: no crash, health p99 ≤ 200 ms, peak RSS ≤ 2 GB.
 *
 * Each request comes from its own loopback address (127.0.0.2, 127.0.0.3, …) without a cookie, so the visitors'
 * allowances and the per-address limits do not refuse an input before the engine sees it.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import JSZip from 'jszip';
import { openDatabase } from '../src/db/client';
import { buildApp } from '../src/server/app';
import { createContext } from '../src/server/boot';
import { enginePool } from '../src/server/engine-pool';
import { parseEnv } from '../src/server/env';

const ORIGIN = 'http://127.0.0.1';
const TARGET_HEALTH_P99_MS = 200;
const TARGET_RSS_MB = 2048;

// ---------------------------------------------------------------------------
// hostile inputs
// ---------------------------------------------------------------------------

/** A .docx of ~0.3 MB whose document.xml repeats one run 3,000,000 times (about 66 MB once inflated). */
async function docxBomb(): Promise<Buffer> {
  const run = '<w:r><w:t>a</w:t></w:r>';
  const body = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p>${run.repeat(3_000_000)}</w:p></w:body></w:document>`;
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file('word/document.xml', body);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** A valid PDF of `pages` pages, each with a short line of text (15,000 pages: about 4.8 MB). */
function pdfOfPages(pages: number): Buffer {
  const objects: string[] = [];
  // 1: catalog, 2: pages, 3: font, then a page and its content stream per page
  const kids = Array.from({ length: pages }, (_, i) => `${4 + 2 * i} 0 R`).join(' ');
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (let i = 0; i < pages; i++) {
    const stream = `BT /F1 12 Tf 72 720 Td (Page ${i + 1}: the quick brown fox jumps over the lazy dog, again and again.) Tj ET`;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + 2 * i} 0 R >>`);
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  }
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const [i, o] of objects.entries()) {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

interface Hostile {
  name: string;
  path: string;
  body: () => Promise<{ payload: Buffer; contentType: string }>;
}

const json = (o: unknown) => async () => ({ payload: Buffer.from(JSON.stringify(o)), contentType: 'application/json' });

function multipart(filename: string, type: string, file: () => Promise<Buffer> | Buffer) {
  return async () => {
    const boundary = `----vt${Date.now().toString(16)}`;
    const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\ncontent-type: ${type}\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    return { payload: Buffer.concat([head, await file(), tail]), contentType: `multipart/form-data; boundary=${boundary}` };
  };
}

let docx: Promise<Buffer> | null = null;
let pdf: Buffer | null = null;

const HOSTILE: Hostile[] = [
  { name: 'rewriter, "Hi." x 66,000 (198 KB)', path: '/api/tools/ai-rewriter', body: json({ text: 'Hi.'.repeat(66_000), tone: 'casual' }) },
  { name: 'humanizer, "ab-" x 16,000', path: '/api/tools/ai-humanizer', body: json({ text: 'ab-'.repeat(16_000), style: 'casual' }) },
  { name: 'humanizer, "ab-" x 66,000', path: '/api/tools/ai-humanizer', body: json({ text: 'ab-'.repeat(66_000), style: 'casual' }) },
  { name: 'grammar, one 200,000-character word', path: '/api/tools/grammar-fixer', body: json({ text: 'a'.repeat(200_000) }) },
  { name: 'detector, 198 KB text', path: '/api/tools/content-detector', body: json({ text: 'Hi.'.repeat(66_000) }) },
  {
    name: 'detector, 0.3 MB .docx bomb',
    path: '/api/tools/content-detector',
    body: multipart('bomb.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', () => (docx ??= docxBomb())),
  },
  {
    name: 'detector, 15,000-page PDF',
    path: '/api/tools/content-detector',
    body: multipart('pages.pdf', 'application/pdf', () => (pdf ??= pdfOfPages(15_000))),
  },
];

// ---------------------------------------------------------------------------
// HTTP from rotating loopback addresses
// ---------------------------------------------------------------------------

let nextAddress = 2;
const freshAddress = () => {
  const n = nextAddress++;
  return `127.0.${Math.floor(n / 250)}.${(n % 250) + 2}`;
};

function send(
  port: number,
  method: string,
  path: string,
  body?: { payload: Buffer; contentType: string },
): Promise<{ status: number; ms: number; text: string }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        localAddress: freshAddress(),
        headers: body ? { origin: ORIGIN, 'content-type': body.contentType, 'content-length': body.payload.length } : { origin: ORIGIN },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0, text: Buffer.concat(chunks).toString() }));
        res.on('error', () => resolve({ status: 0, ms: performance.now() - t0, text: 'response error' }));
      },
    );
    req.on('error', (err) => resolve({ status: 0, ms: performance.now() - t0, text: err.message }));
    req.end(body?.payload);
  });
}

/** Peak RSS (MB) while `work` runs, sampled every 50 ms. */
async function peakRss<T>(work: Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  const result = await work;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage.rss());
  return { result, peakMb: peak / 2 ** 20 };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

function table(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

const errorOf = (text: string) => {
  try {
    const e = (JSON.parse(text) as { error?: { code?: string; message?: string } }).error;
    return e ? `${e.code}: ${e.message}` : 'ok';
  } catch {
    return text.slice(0, 80);
  }
};

// ---------------------------------------------------------------------------
// run
// ---------------------------------------------------------------------------

const env = parseEnv({ NODE_ENV: 'test', APP_ORIGIN: ORIGIN, LOG_LEVEL: 'warn' });
const database = await openDatabase({ dataDir: 'memory://' });
const ctx = await createContext(env, database);
const app = await buildApp(ctx, { logger: false, serveClient: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const port = (app.server.address() as AddressInfo).port;
console.log(`server on 127.0.0.1:${port}; building the hostile files…`);
await HOSTILE.at(-2)!.body();
await HOSTILE.at(-1)!.body();
// the engines' first load is not what is measured
await send(port, 'POST', '/api/tools/sentence-shortener', await json({ text: 'In order to warm up, we start.' })());
await send(port, 'POST', '/api/tools/grammar-fixer', await json({ text: 'This are a warm-up.' })());

console.log('\n1. Each hostile input alone\n');
const rows: string[][] = [];
let worstRss = 0;
for (const h of HOSTILE) {
  const body = await h.body();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const { result, peakMb } = await peakRss(send(port, 'POST', h.path, body));
  loop.disable();
  worstRss = Math.max(worstRss, peakMb);
  rows.push([
    h.name,
    `${fmt(body.payload.length / 1024)} KB`,
    String(result.status),
    `${fmt(result.ms)} ms`,
    `${fmt(loop.max / 1e6)} ms`,
    `${fmt(peakMb)} MB`,
    errorOf(result.text).slice(0, 90),
  ]);
}
table(['input', 'request', 'status', 'time', 'longest loop block', 'peak RSS', 'answer'], rows);

console.log('\n2. GET /api/health while 10 hostile requests run at once\n');
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const healthMs: number[] = [];
let healthFailures = 0;
let running = true;
const poll = (async () => {
  while (running) {
    const r = await send(port, 'GET', '/api/health');
    healthMs.push(r.ms);
    if (r.status !== 200) healthFailures++;
    await new Promise((res) => setTimeout(res, 10));
  }
})();
const t0 = performance.now();
const burst = HOSTILE.concat(HOSTILE).slice(0, 10);
const { result: answers, peakMb: burstRss } = await peakRss(Promise.all(burst.map(async (h) => send(port, 'POST', h.path, await h.body()))));
running = false;
await poll;
delay.disable();
worstRss = Math.max(worstRss, burstRss);
const sorted = [...healthMs].sort((a, b) => a - b);
const statuses = answers.reduce<Record<string, number>>((m, a) => ({ ...m, [a.status]: (m[a.status] ?? 0) + 1 }), {});
const healthP99 = pct(sorted, 99);
table(
  ['figure', 'value', 'target'],
  [
    [
      'hostile requests (statuses)',
      Object.entries(statuses)
        .map(([s, n]) => `${n} x ${s}`)
        .join(', '),
      'no crash, no 500',
    ],
    ['burst wall time', `${fmt(performance.now() - t0)} ms`, ''],
    ['GET /api/health answers', `${healthMs.length} (${healthFailures} not 200)`, 'all 200'],
    ['GET /api/health p50 / p99 / max', `${fmt(pct(sorted, 50))} / ${fmt(healthP99)} / ${fmt(sorted.at(-1) ?? NaN)} ms`, `p99 ≤ ${TARGET_HEALTH_P99_MS} ms`],
    ['event-loop delay p99 / max', `${fmt(delay.percentile(99) / 1e6)} / ${fmt(delay.max / 1e6)} ms`, ''],
    ['peak RSS (whole run)', `${fmt(worstRss)} MB`, `≤ ${fmt(TARGET_RSS_MB)} MB`],
  ],
);
const crashed = answers.some((a) => a.status === 0 || (a.status >= 500 && a.status !== 503));
const ok = !crashed && healthFailures === 0 && healthP99 <= TARGET_HEALTH_P99_MS && worstRss <= TARGET_RSS_MB;
console.log(`\n${ok ? 'all targets met' : 'TARGETS MISSED'}`);

await app.close();
await enginePool().close();
await database.close();
process.exit(ok ? 0 : 1);
