import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for the external detection providers, speaking their documented formats:
 * GPTZero  POST /v2/predict/text  {document}  (x-api-key)  -> {documents:[{class_probabilities,sentences}]}
 * Sapling  POST /api/v1/aidetect  {key,text}                -> {score, sentence_scores}
 * vLLM     POST /v1/completions    {model,prompt,echo,logprobs} -> {choices:[{logprobs}]}  (vllmEchoCompletion)
 */
export interface FakeProvider {
  url: string;
  /** Each request's JSON body; a body that is not JSON is recorded as `{}`. */
  calls: { path: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }[];
  /** What the next requests get: a status and body, or a delay in ms before answering. */
  respond: { status: number; body: unknown; delayMs?: number };
  close(): Promise<void>;
}

export async function startProvider(initial: FakeProvider['respond']): Promise<FakeProvider> {
  const state = { calls: [] as FakeProvider['calls'], respond: initial };
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(raw);
    } catch {
      /* not JSON: keep {} */
    }
    state.calls.push({ path: req.url ?? '', headers: req.headers, body });
    const r = state.respond;
    if (r.delayMs) await new Promise((ok) => setTimeout(ok, r.delayMs));
    res.writeHead(r.status, { 'content-type': 'application/json' });
    res.end(typeof r.body === 'string' ? r.body : JSON.stringify(r.body));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get calls() {
      return state.calls;
    },
    get respond() {
      return state.respond;
    },
    set respond(v) {
      state.respond = v;
    },
    close: () => new Promise((ok) => server.close(() => ok())),
  };
}

/** One position of a fake language model's answer: the observed token's log-probability and its top-k map. */
export interface FakeTokenLogprobs {
  logprob: number | null;
  top: Record<string, number> | null;
}

/**
 * A completions answer as vLLM gives it for `echo: true, logprobs: k, max_tokens: 1`: the prompt's tokens (here
 * whitespace-led words, like GPT-2's) with their log-probabilities, the first without any (no context), followed by the
 * one generated token; `usage.prompt_tokens` counts the prompt's.
 */
export function vllmEchoCompletion(
  model: string,
  prompt: string,
  at: (i: number, token: string) => FakeTokenLogprobs,
  generated: FakeTokenLogprobs & { token: string } = { token: ' the', logprob: -1, top: { ' the': -1, ' a': -1.5 } },
) {
  const tokens = prompt.match(/\s*\S+/g) ?? [];
  const text_offset: number[] = [];
  const token_logprobs: (number | null)[] = [];
  const top_logprobs: (Record<string, number> | null)[] = [];
  let offset = 0;
  tokens.forEach((tok, i) => {
    const lp = i === 0 ? { logprob: null, top: null } : at(i, tok);
    text_offset.push(offset);
    token_logprobs.push(lp.logprob);
    top_logprobs.push(lp.top);
    offset += tok.length;
  });
  return {
    id: 'cmpl-fake',
    object: 'text_completion',
    created: 1_700_000_000,
    model,
    choices: [
      {
        index: 0,
        text: prompt + generated.token,
        logprobs: {
          text_offset: [...text_offset, offset],
          token_logprobs: [...token_logprobs, generated.logprob],
          tokens: [...tokens, generated.token],
          top_logprobs: [...top_logprobs, generated.top],
        },
        finish_reason: 'length',
        stop_reason: null,
        prompt_logprobs: null,
      },
    ],
    usage: { prompt_tokens: tokens.length, total_tokens: tokens.length + 1, completion_tokens: 1 },
  };
}

/** A multipart/form-data body with one file part and optional fields, for app.inject. */
export function multipartBody(file: { name: string; content: Buffer | string; type?: string }, fields: Record<string, string> = {}) {
  const boundary = `----veritext${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
  );
  parts.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
  parts.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A minimal one-page PDF whose page shows `text` (pdf.js rebuilds the xref table, so offsets need not be exact). */
export function tinyPdf(text: string): Buffer {
  // One text line per ~60 characters, as a real PDF would lay the words out.
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= 60) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  const ops = lines.map((l, i) => `${i === 0 ? '' : '0 -14 Td '}(${l.replace(/[()\\]/g, '\\$&')}) Tj`).join('\n');
  const stream = `BT /F1 12 Tf 72 720 Td\n${ops}\nET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'binary');
}

/** A minimal .docx (a zip of three XML parts) containing one paragraph per line of `text`. */
export async function tinyDocx(text: string): Promise<Buffer> {
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const paras = text
    .split('\n')
    .map((l) => `<w:p><w:r><w:t xml:space="preserve">${l.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</w:t></w:r></w:p>`)
    .join('');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paras}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}
