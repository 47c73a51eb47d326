/**
 * Hostile inputs for the fuzz suite: a seeded PRNG, bad values derived from a route's zod contract (through its JSON
 * Schema), random JSON for routes without one, malformed multipart bodies, a zip-bomb .docx, a many-page PDF and the
 * texts that once froze the engines. Everything is deterministic for a given seed, so a failure can be replayed.
 */
import JSZip from 'jszip';
import { z } from 'zod';

// ---------- PRNG ----------

/** mulberry32: small, fast and good enough to pick inputs; the same seed gives the same run. */
export function prng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    pick: <T>(xs: readonly T[]) => xs[int(xs.length)],
    shuffle<T>(xs: T[]): T[] {
      const out = [...xs];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
}
export interface Rng {
  next(): number;
  int(n: number): number;
  pick<T>(xs: readonly T[]): T;
  shuffle<T>(xs: T[]): T[];
}

/** A string hash, to give each route its own seed stream (so adding a route does not reshuffle the others). */
export function hashSeed(...parts: (string | number)[]): number {
  let h = 2166136261;
  for (const c of parts.join('|')) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

// ---------- Values ----------

/** One body of a hostile request: a JSON value (serialised with JSON.stringify), or raw bytes sent as they are. */
export type Payload = { kind: 'json'; value: unknown } | { kind: 'raw'; body: string | Buffer; contentType?: string };

export interface Mutation {
  /** What was sent, short enough for a report line (e.g. "body.text = NUL bytes"). */
  label: string;
  payload: Payload;
}

/** Strings that have broken parsers, normalisers, databases and regexes elsewhere. */
export const NASTY_STRINGS: [string, string][] = [
  ['NUL bytes', 'abc\u0000def\u0000'],
  ['only NUL', '\u0000'],
  ['lone surrogates', 'x\ud800y\udfffz\udbff'],
  ['RTL override and zero-width', '\u202eevil\u202c\u200b\u200d\u2060\ufeff'],
  ['combining marks x5000', 'e' + '\u0301'.repeat(5000)],
  ['emoji ZWJ sequences', '👩‍👩‍👧‍👦🏳️‍🌈'.repeat(200)],
  ['non-characters', '\uffff\ufffe\u{10ffff}'],
  ['case-folding expanders', 'İßﬃ'.repeat(1000)],
  ['control characters', '\u0001\u0002\u0007\b\u001b[31m\u007f\u0085\u2028\u2029'],
  ['CRLF header injection', 'a\r\nSet-Cookie: vt_session=x\r\n\r\n<h1>'],
  ['whitespace only', ' \t\n\u00a0\u3000\u2003'],
  ['SQL and template injection', `' OR 1=1; --\${7*7}{{7*7}}%s%n%x<script>alert(1)</script>`],
  ['path traversal', '../../../../etc/passwd%00.txt'],
  ['full-width digits', '１２３４５'],
];

/** Numbers at the edges of what JSON, JavaScript and PostgreSQL hold. Raw text: some are not valid JS numbers. */
export const EXTREME_NUMBERS: string[] = [
  '1e308',
  '-1e308',
  '1e1000',
  '-0',
  '0.5',
  '5e-324',
  '9007199254740993',
  '-9007199254740993',
  '2147483648',
  '99999999999999999999999999999',
];

const HUGE = 200_000;

/** JSON nested `depth` levels deep (arrays, or objects under `key`), built as text: no recursion on our side. */
export function deepJson(depth: number, key?: string): string {
  if (key) return `{"${key}":`.repeat(depth) + '1' + '}'.repeat(depth);
  return '['.repeat(depth) + ']'.repeat(depth);
}

/** A random JSON value, for routes with no known contract. */
export function randomJson(rng: Rng, depth = 0): unknown {
  const roll = rng.int(depth > 3 ? 5 : 8);
  switch (roll) {
    case 0:
      return null;
    case 1:
      return rng.next() < 0.5;
    case 2:
      return rng.pick([0, -1, 1e308, -1e308, 0.1, 2 ** 53 + 1, rng.int(1e9)]);
    case 3:
      return rng.pick(NASTY_STRINGS)[1];
    case 4:
      return 'x'.repeat(rng.pick([0, 1, 255, 256, 10_000]));
    case 5:
    case 6: {
      const o: Record<string, unknown> = {};
      for (let i = rng.int(5); i > 0; i--)
        o[rng.pick(['text', 'id', 'email', 'password', 'token', 'plan', 'kind', 'a', '', '__x', 'ÿ'])] = randomJson(rng, depth + 1);
      return o;
    }
    default:
      return Array.from({ length: rng.int(4) }, () => randomJson(rng, depth + 1));
  }
}

// ---------- From a zod contract ----------

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  default?: unknown;
}

/** The contract as JSON Schema (input side: what a client sends); transforms and refinements drop out. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const SAMPLE_TEXT =
  'The committee met on Tuesday to review the budget. Several members raised concerns about the timeline, and the chair agreed to revisit the plan next week.';

/** A value the contract accepts (as far as its JSON Schema tells), with field names as hints for strings. */
export function sampleOf(s: JsonSchema, key = '', rng?: Rng): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return rng ? rng.pick(s.enum) : s.enum[0];
  // A nullable or union field: its first real alternative (null would make a valid base invalid for most fields).
  const alt = (s.oneOf ?? s.anyOf)?.filter((a) => a.type !== 'null');
  if (alt?.length) return sampleOf(alt[0], key, rng);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'null':
      return null;
    case 'object': {
      const o: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) o[k] = sampleOf(v, k, rng);
      return o;
    }
    case 'array':
      return s.items ? [sampleOf(s.items, key, rng)] : [];
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 0, Math.min(s.maximum ?? 10, 1));
    case 'boolean':
      return true;
    case 'string': {
      if (s.format === 'uuid') return '5b1d2c1e-8f3a-4c6b-9d2e-7a1b3c4d5e6f';
      const k = key.toLowerCase();
      let v = 'fuzz';
      if (k.includes('email')) v = 'fuzz@example.com';
      else if (k.includes('password') || k === 'confirm') v = 'correct horse battery';
      else if (k.includes('token')) v = 'a'.repeat(43);
      else if (k === 'slug') v = 'fuzz-post';
      else if (k === 'username') v = 'fuzzer';
      else if (k === 'text' || k === 'content') v = SAMPLE_TEXT;
      else if (k.includes('image') || k === 'reference') v = 'https://example.com/x';
      if (s.minLength && v.length < s.minLength) v = v.padEnd(s.minLength, 'x');
      if (s.maxLength !== undefined && v.length > s.maxLength) v = v.slice(0, s.maxLength);
      return v;
    }
    default:
      return 'fuzz';
  }
}

/**
 * Every bad body we derive from a contract: the whole body wrong (null, an array where the object goes, deep
 * nesting, raw broken JSON), then per field: missing, each wrong type, huge, nasty unicode, NUL bytes, extreme
 * numbers, huge arrays and deep nesting in its place. The caller shuffles and takes a bounded number.
 */
export function bodyMutations(schema: JsonSchema | null, rng: Rng): Mutation[] {
  const base = schema ? (sampleOf(schema, '', rng) as Record<string, unknown>) : {};
  const out: Mutation[] = [];
  const json = (label: string, value: unknown) => out.push({ label, payload: { kind: 'json', value } });
  const raw = (label: string, body: string, contentType = 'application/json') => out.push({ label, payload: { kind: 'raw', body, contentType } });

  json('a valid body', base);
  json('{}', {});
  json('null', null);
  json('an array where the object goes', [base]);
  json('a string body', 'fuzz');
  json('a number body', 1e308);
  raw('truncated JSON', JSON.stringify(base).slice(0, -3));
  raw('empty body as JSON', '');
  raw('NaN body', 'NaN');
  raw('JSON with a NUL byte outside strings', '{"a":\u00001}');
  raw('__proto__ key', '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}');
  raw('arrays nested 100,000 deep', deepJson(100_000));
  raw('objects nested 10,000 deep under "constructor"', deepJson(10_000, 'constructor'));
  raw('a JSON body as text/plain', JSON.stringify(base), 'text/plain');
  raw('a JSON body as form data', 'text=abc&email=a%40b.c', 'application/x-www-form-urlencoded');
  raw('a JSON body declared UTF-16', JSON.stringify(base), 'application/json; charset=utf-16');
  json('10,000 unknown keys', Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i])));
  for (let i = 0; i < 4; i++) json(`random JSON #${i + 1}`, randomJson(rng));

  const fields = schema ? Object.keys(schema.properties ?? {}) : ['text', 'id', 'email'];
  for (const field of fields) {
    const set = (label: string, v: unknown) => json(`body.${field} = ${label}`, { ...base, [field]: v });
    const { [field]: _dropped, ...without } = base;
    json(`body.${field} missing`, without);
    set('null', null);
    set('a number', 12345);
    set('true', true);
    set('an object', { a: 1 });
    set('an array', [base[field] ?? 'x']);
    set(`a ${HUGE.toLocaleString('en-US')}-char string`, 'a'.repeat(HUGE));
    set('100,000 short words', 'word '.repeat(100_000));
    set(
      'an array of 100,000 items',
      Array.from({ length: 100_000 }, () => 'x'),
    );
    for (const [name, s] of NASTY_STRINGS) set(name, s);
    for (const n of EXTREME_NUMBERS) raw(`body.${field} = ${n}`, JSON.stringify({ ...base, [field]: 0 }).replace(`"${field}":0`, `"${field}":${n}`));
    raw(`body.${field} = arrays nested 50,000 deep`, JSON.stringify({ ...base, [field]: 0 }).replace(`"${field}":0`, `"${field}":${deepJson(50_000)}`));
  }
  return out;
}

/** Bad query strings: each known parameter (or a few guesses) set to a wrong, huge or nasty value, repeated, or empty. */
export function queryMutations(schema: JsonSchema | null): { label: string; query: string }[] {
  const params = schema ? Object.keys(schema.properties ?? {}) : ['limit', 'offset', 'id', 'q'];
  const enc = encodeURIComponent;
  const out: { label: string; query: string }[] = [{ label: 'no query', query: '' }];
  for (const p of params) {
    const q = (label: string, value: string) => out.push({ label: `?${p} = ${label}`, query: `${enc(p)}=${value}` });
    q('empty', '');
    q('not a number', 'abc');
    q('negative', '-1');
    q('huge', '1e308');
    q('beyond 2^63', '99999999999999999999999');
    q('a fraction', '0.5');
    q('NaN', 'NaN');
    q('Infinity', 'Infinity');
    q('hex', '0x10');
    q('NUL byte', 'a%00b');
    q('broken percent-encoding', '%E0%A4%A');
    q('lone surrogate (invalid UTF-8)', '%ED%A0%80');
    q('a 10,000-char value', 'x'.repeat(10_000));
    q('repeated 1,000 times', Array.from({ length: 1000 }, () => '1').join(`&${enc(p)}=`));
    out.push({ label: `?${p}[] as an array`, query: `${enc(p)}[]=1&${enc(p)}[]=2` });
    out.push({ label: `?${p}[a] as an object`, query: `${enc(p)}[a]=1` });
  }
  out.push({ label: '?__proto__ pollution', query: '__proto__[x]=1&constructor[prototype][x]=1' });
  return out;
}

/** Bad values for a path parameter (already URL-encoded where they must be). */
export function paramMutations(name: string): { label: string; value: string }[] {
  return [
    { label: `:${name} = a random UUID`, value: '5b1d2c1e-8f3a-4c6b-9d2e-7a1b3c4d5e6f' },
    { label: `:${name} = nil UUID`, value: '00000000-0000-0000-0000-000000000000' },
    { label: `:${name} = not a UUID`, value: 'x' },
    { label: `:${name} = 5,000 chars`, value: 'a'.repeat(5000) },
    { label: `:${name} = NUL byte`, value: 'a%00b' },
    { label: `:${name} = encoded traversal`, value: '..%2F..%2Fetc%2Fpasswd' },
    { label: `:${name} = broken percent-encoding`, value: '%E0%A4%A' },
    { label: `:${name} = invalid UTF-8`, value: '%FF%FE' },
    { label: `:${name} = emoji`, value: encodeURIComponent('💩') },
    { label: `:${name} = SQL`, value: encodeURIComponent("1' OR '1'='1") },
    { label: `:${name} = integer overflow`, value: '99999999999999999999999' },
  ];
}

// ---------- Hostile files and texts ----------

/** The texts that made engines super-linear or crashed a worker, as { text } bodies for the tool routes. */
export const HOSTILE_TEXTS: [string, string][] = [
  ['a 200,000-char single word', 'a'.repeat(200_000)],
  ['"Hi." x 66,000', 'Hi.'.repeat(66_000)],
  ['"ab-" x 16,000', 'ab-'.repeat(16_000)],
];

export interface Upload {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body with one file and some fields. */
export function multipartBody(boundary: string, fields: Record<string, string>, file?: Upload): Buffer {
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Malformed multipart requests: no boundary, a wrong boundary, a truncated body, two files, an empty body. */
export function malformedMultipart(fields: Record<string, string>): Mutation[] {
  const file: Upload = { filename: 'a.txt', contentType: 'text/plain', data: Buffer.from(SAMPLE_TEXT) };
  const good = multipartBody('fuzzBoundary', fields, file);
  const twoFiles = Buffer.concat([multipartBody('fuzzBoundary', {}, file).subarray(0, -'--fuzzBoundary--\r\n'.length), good]);
  const raw = (label: string, body: Buffer | string, contentType: string): Mutation => ({ label, payload: { kind: 'raw', body, contentType } });
  return [
    raw('multipart without a boundary', good, 'multipart/form-data'),
    raw('multipart with a wrong boundary', good, 'multipart/form-data; boundary=otherBoundary'),
    raw('multipart truncated mid-file', good.subarray(0, Math.floor(good.length * 0.7)), 'multipart/form-data; boundary=fuzzBoundary'),
    raw('multipart truncated mid-headers', good.subarray(0, 30), 'multipart/form-data; boundary=fuzzBoundary'),
    raw('multipart with two files', twoFiles, 'multipart/form-data; boundary=fuzzBoundary'),
    raw('multipart with an empty body', '', 'multipart/form-data; boundary=fuzzBoundary'),
    raw('multipart with a 5,000-char boundary', good, `multipart/form-data; boundary=${'b'.repeat(5000)}`),
  ];
}

let bombCache: Promise<Upload[]> | null = null;

/**
 * The hostile files, built once: a .docx whose document.xml repeats one run 3,000,000 times (about 0.3 MB
 * compressed, some 70 MB inflated), a .docx of 30,000 entries (under the 5 MB upload limit), and a 15,000-page PDF (about 2 MB).
 */
export function hostileFiles(): Promise<Upload[]> {
  bombCache ??= (async () => {
    const docx = (files: Record<string, string>) => {
      const zip = new JSZip();
      zip.file('[Content_Types].xml', CONTENT_TYPES);
      zip.file('_rels/.rels', RELS);
      for (const [name, body] of Object.entries(files)) zip.file(name, body);
      return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
    };
    const bomb = await docx({ 'word/document.xml': documentXml('<w:r><w:t>a</w:t></w:r>'.repeat(3_000_000)) });
    const manyEntries: Record<string, string> = { 'word/document.xml': documentXml('<w:r><w:t>hello</w:t></w:r>') };
    for (let i = 0; i < 30_000; i++) manyEntries[`word/media/e${i}.xml`] = '<a/>';
    const entries = await docx(manyEntries);
    return [
      { filename: 'bomb.docx', contentType: DOCX, data: bomb },
      { filename: 'entries.docx', contentType: DOCX, data: entries },
      { filename: 'pages.pdf', contentType: 'application/pdf', data: manyPagePdf(15_000) },
    ];
  })();
  return bombCache;
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
function documentXml(runs: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p>${runs}</w:p></w:body></w:document>`;
}

/** A valid PDF of `pages` pages, each showing one line of text (one shared content stream keeps it small). */
export function manyPagePdf(pages: number): Buffer {
  const objects: string[] = [];
  const stream = 'BT /F1 12 Tf 72 720 Td (The quick brown fox jumps over the lazy dog.) Tj ET';
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Count ${pages} /Kids [${Array.from({ length: pages }, (_, i) => `${i + 5} 0 R`).join(' ')}] >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  objects[4] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  for (let i = 0; i < pages; i++)
    objects[i + 5] = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>';
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let n = 1; n < objects.length; n++) {
    offsets[n] = out.length;
    out += `${n} 0 obj\n${objects[n]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let n = 1; n < objects.length; n++) out += `${String(offsets[n]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
