import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureExtraction, extractionLimits, extractionLoad } from '../../src/server/services/extract-text';
import { createTestApp, json, ORIGIN, register, type TestApp } from '../helpers/app';
import { multipartBody, tinyDocx, tinyPdf } from '../helpers/provider-servers';
import { bombDocumentXml, docxZip, documentXml, repeatedDeflate } from '../helpers/zip';

/**
 * Hostile uploads: zip bombs, PDFs of thousands of pages, documents that take too long to parse, malformed
 * multipart. Each is refused with a clear 4xx, quickly, while the server keeps answering other requests.
 */
const URL = '/api/tools/content-detector';
const TEXT =
  'We drove up to the lake on Friday, later than planned because Sam forgot the tent poles and we had to turn back. ' +
  'By the time we got there it was dark, the campsite was muddy and the only free pitch was next to a family with three dogs. ' +
  'Honestly it was fine. The dogs were friendly, the kids shared their marshmallows, and on Saturday the rain stopped long enough for a swim.';

const DEFAULTS = { ...extractionLimits() };

/** A PDF whose page tree holds `pages` empty pages, each typed with `pageName` (`/P#61ge` is `/Page` spelled with an escape). */
function manyPagesPdf(pages: number, pageName = '/Page'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ')}] /Count ${pages} >>`,
  ];
  for (let i = 0; i < pages; i++) objects.push(`<< /Type ${pageName} /Parent 2 0 R /MediaBox [0 0 612 792] >>`);
  let out = '%PDF-1.4\n';
  objects.forEach((o, i) => (out += `${i + 1} 0 obj\n${o}\nendobj\n`));
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** ~7 MB of XML in 250,000 runs: seconds of parsing, under every declared-size bound. Built once. */
let heavyCache: Buffer | null = null;
const heavyDocument = () => (heavyCache ??= heavyDocx(250_000));

/** Deterministic pseudo-random tokens, so a large document does not compress like a bomb. */
function heavyDocx(runs: number): Buffer {
  let seed = 7;
  const next = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed;
  };
  const parts: string[] = [];
  for (let i = 0; i < runs; i++) parts.push(`<w:r><w:t>${next().toString(36)} </w:t></w:r>`);
  return docxZip(documentXml(`<w:p>${parts.join('')}</w:p>`));
}

async function waitFor(condition: () => boolean, ms: number): Promise<void> {
  const end = performance.now() + ms;
  while (!condition()) {
    if (performance.now() > end) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('hostile uploads', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await register(t.app);
  });
  afterAll(async () => {
    await configureExtraction(DEFAULTS);
    await t.close();
  });
  afterEach(async () => {
    await configureExtraction(DEFAULTS);
  });

  const upload = (file: { name: string; content: Buffer }, extra: { cookie?: string } = {}) => {
    const mp = multipartBody(file);
    return t.app.inject({ method: 'POST', url: URL, payload: mp.payload, headers: { ...mp.headers, ...(extra.cookie ? { cookie: extra.cookie } : {}) } });
  };

  it('refuses a 0.2 MB .docx zip bomb from its zip directory, at once, while the server keeps answering', async () => {
    const bomb = docxZip(bombDocumentXml(3_000_000));
    expect(bomb.length).toBeLessThan(400_000);
    const t0 = performance.now();
    const pending = upload({ name: 'bomb.docx', content: bomb });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const res = await pending;
    expect(health.statusCode).toBe(200);
    expect(res.statusCode, res.body).toBe(413);
    expect(json(res).error.code).toBe('payload_too_large');
    expect(json(res).error.message).toMatch(/expands to more than 20 MB/);
    // it used to block the event loop for ~73 s and then run the process out of memory
    expect(performance.now() - t0).toBeLessThan(5000);
  });

  it('refuses a .docx whose zip directory understates its sizes, without inflating past them', async () => {
    // 4 MB whose document part inflates to 4 GB, while the zip directory says 60 KB
    const head = Buffer.from(documentXml('<w:p><w:r><w:t>').replace('</w:body></w:document>', ''));
    const deflated = repeatedDeflate(head, Buffer.alloc(1024 * 1024, ' '), 4000, Buffer.from('</w:t></w:r></w:p></w:body></w:document>'));
    const liar = docxZip('', { declaredSize: 60_000, deflated });
    expect(liar.length).toBeLessThan(5 * 1024 * 1024);
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const t0 = performance.now();
    const res = await upload({ name: 'liar.docx', content: liar });
    clearInterval(sample);
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(res.statusCode, res.body).toBe(422);
    expect(json(res).error.code).toBe('unprocessable');
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(peak - rss0).toBeLessThan(400 * 1024 * 1024);
  });

  it('refuses a .docx compressed far beyond real documents', async () => {
    // 15 MB of one run: under the size bound, but deflated more than 100:1
    const res = await upload({ name: 'dense.docx', content: docxZip(bombDocumentXml(500_000)) });
    expect(res.statusCode, res.body).toBe(422);
    expect(json(res).error.message).toMatch(/compressed far more than real documents/);
  });

  it('stops a document that takes longer than its time budget, answers 422 and keeps serving meanwhile', async () => {
    await configureExtraction({ timeoutMs: 1500 });
    const heavy = heavyDocument();
    const t0 = performance.now();
    const pending = upload({ name: 'heavy.docx', content: heavy }, { cookie });
    // the parsing runs in a worker: the event loop stays free for other requests the whole time
    const lags: number[] = [];
    let done = false;
    void pending.then(() => (done = true));
    while (!done) {
      const h0 = performance.now();
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      lags.push(performance.now() - h0);
      await new Promise((r) => setTimeout(r, 100));
    }
    const res = await pending;
    const elapsed = performance.now() - t0;
    expect(res.statusCode, res.body).toBe(422);
    expect(json(res).error.code).toBe('unprocessable');
    expect(json(res).error.message).toMatch(/too complex to read/);
    expect(elapsed).toBeLessThan(5000);
    expect(lags.length).toBeGreaterThan(3);
    expect(Math.max(...lags)).toBeLessThan(500);
    // the terminated worker is replaced: the next upload is read as usual
    await configureExtraction(DEFAULTS);
    const ok = await upload({ name: 'essay.docx', content: await tinyDocx(TEXT) }, { cookie: await register(t.app) });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('answers 422 when reading a file needs more memory than a worker has, and replaces the worker', async () => {
    await configureExtraction({ workerHeapMb: 24 });
    const res = await upload({ name: 'heavy.docx', content: heavyDocument() }, { cookie });
    expect(res.statusCode, res.body).toBe(422);
    expect(json(res).error.message).toMatch(/too complex to read: it needs more memory/);
    await configureExtraction(DEFAULTS);
    const ok = await upload({ name: 'essay.docx', content: await tinyDocx(TEXT) }, { cookie: await register(t.app) });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('stops reading a file when its client goes away', async () => {
    await configureExtraction({ timeoutMs: 8000 });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const heavy = heavyDocument();
    const clients = [new AbortController(), new AbortController()];
    const sent = clients.map((ac) => {
      const mp = multipartBody({ name: 'heavy.docx', content: heavy });
      return fetch(base + URL, {
        method: 'POST',
        body: new Uint8Array(mp.payload),
        headers: { ...mp.headers, cookie, origin: ORIGIN },
        signal: ac.signal,
      }).catch(() => null);
    });
    await waitFor(() => extractionLoad().running === 2, 5000);
    for (const ac of clients) ac.abort();
    await Promise.all(sent);
    // both workers are freed long before the 8 s budget would have ended their jobs
    const t0 = performance.now();
    await waitFor(() => extractionLoad().running === 0, 1000);
    expect(performance.now() - t0).toBeLessThan(1000);
    const ok = await upload({ name: 'essay.docx', content: await tinyDocx(TEXT) }, { cookie: await register(t.app) });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses a PDF of 2,000 pages before parsing it', async () => {
    const t0 = performance.now();
    const res = await upload({ name: 'pages.pdf', content: manyPagesPdf(2000) });
    expect(res.statusCode, res.body).toBe(413);
    expect(json(res).error.message).toMatch(/more than 500 pages/);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it("refuses a PDF whose pages the raw scan cannot see, from the parser's page count", async () => {
    // a name may be written with #xx escapes: the byte scan finds no `/Type /Page`, the parser finds 2,000 pages
    const res = await upload({ name: 'hidden.pdf', content: manyPagesPdf(2000, '/P#61ge') });
    expect(res.statusCode, res.body).toBe(413);
    expect(json(res).error.message).toMatch(/more than 500 pages/);
  });

  it('bounds the extracted text at 1,000,000 characters', async () => {
    const res = await upload({ name: 'long.txt', content: Buffer.from('word '.repeat(220_000)) });
    expect(res.statusCode, res.body).toBe(413);
    expect(json(res).error.code).toBe('payload_too_large');
    expect(json(res).error.message).toMatch(/longer than 1,000,000 characters/);
  });

  it('still reads ordinary .docx and .pdf files', async () => {
    // a fresh account: the free plan's daily detections are few
    const cookie = await register(t.app);
    for (const file of [
      { name: 'essay.docx', content: await tinyDocx(TEXT) },
      { name: 'essay.docx', content: docxZip(documentXml(`<w:p><w:r><w:t>${TEXT}</w:t></w:r></w:p>`)) },
      { name: 'essay.pdf', content: tinyPdf(TEXT) },
    ]) {
      const res = await upload(file, { cookie });
      expect(res.statusCode, `${file.name}: ${res.body}`).toBe(200);
      expect(json(res).text.replace(/\s+/g, ' ').trim()).toBe(TEXT);
    }
  });
});

describe('malformed multipart', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const mp = multipartBody({ name: 'essay.txt', content: TEXT, type: 'text/plain' });
  it.each([
    ['no boundary', mp.payload, 'multipart/form-data'],
    ['a wrong boundary', mp.payload, 'multipart/form-data; boundary=not-the-one-used'],
    ['a truncated body', mp.payload.subarray(0, mp.payload.length - 40), mp.headers['content-type']],
  ])('answers 400 bad_request for %s', async (_case, payload, contentType) => {
    const res = await t.app.inject({ method: 'POST', url: URL, payload, headers: { 'content-type': contentType } });
    expect(res.statusCode, res.body).toBe(400);
    expect(json(res).error.code).toBe('bad_request');
    expect(json(res).error.message).toMatch(/could not be read/);
  });

  it('refuses NUL characters in form fields with 400', async () => {
    const withNul = multipartBody({ name: 'essay.txt', content: TEXT, type: 'text/plain' }, { mode: 'standard\u0000' });
    const res = await t.app.inject({ method: 'POST', url: URL, payload: withNul.payload, headers: withNul.headers });
    expect(res.statusCode, res.body).toBe(400);
    expect(json(res).error.code).toBe('bad_request');
    expect(json(res).error.message).toMatch(/NUL/);
  });
});
