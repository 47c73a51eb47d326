/**
 * Reading the public API's OpenAPI document (GET /api/v1/openapi.json) for the /developers page: the operations by
 * tag, a request's fields, the example requests in curl, JavaScript and Python built from the document's own
 * examples, and the shape of an answer drawn from its schema. Nothing here is written per tool: a new endpoint shows up
 * with its fields, examples and answer as soon as the server documents it.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  contentMediaType?: string;
  $ref?: string;
  'x-needs-language-model'?: unknown;
};

interface MediaType {
  schema?: JsonSchema;
  example?: Record<string, unknown>;
}

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface ApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security?: unknown[];
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { $ref?: string; description?: string; content?: Record<string, MediaType> }>;
  'x-tool'?: string;
  'x-needs-language-model'?: 'always' | 'options';
  'x-streams'?: 'always' | 'with-language-model';
}

export interface ApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, ApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, { description: string }>;
  };
  'x-rate-limits': { windowSeconds: number; perPlan: Record<string, number> };
  'x-idempotency': { header: string; ttlHours: number };
}

export interface Endpoint {
  method: string;
  path: string;
  op: ApiOperation;
}

/** The operations grouped by their first tag, in the document's tag order. */
export function endpointsByTag(doc: ApiDocument): { tag: string; description?: string; endpoints: Endpoint[] }[] {
  const all: Endpoint[] = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method, path, op })));
  return doc.tags
    .map((t) => ({ tag: t.name, description: t.description, endpoints: all.filter((e) => e.op.tags[0] === t.name) }))
    .filter((g) => g.endpoints.length > 0);
}

/** An anchor id for an endpoint: "post-api-v1-tools-ai-humanizer". */
export function endpointId(e: Endpoint): string {
  return `${e.method}-${e.path}`.replace(/[^a-zA-Z0-9]+/g, '-').replace(/-+$/, '');
}

export function resolve(doc: ApiDocument, schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema?.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  return doc.components.schemas[name];
}

// ---------- request ----------

export type RequestKind = 'json' | 'multipart' | 'none';

/** How the endpoint takes its input: JSON when it can (the examples use it), multipart when it takes only a file. */
export function requestOf(e: Endpoint): { kind: RequestKind; schema?: JsonSchema; example: Record<string, unknown>; alsoMultipart: boolean } {
  const content = e.op.requestBody?.content;
  if (!content) return { kind: 'none', example: {}, alsoMultipart: false };
  const json = content['application/json'];
  const multipart = content['multipart/form-data'];
  if (json) return { kind: 'json', schema: json.schema, example: json.example ?? {}, alsoMultipart: multipart !== undefined };
  return { kind: 'multipart', schema: multipart?.schema, example: multipart?.example ?? {}, alsoMultipart: false };
}

export interface Field {
  name: string;
  type: string;
  required: boolean;
  description: string | null;
  /** Default, limits and allowed values, in words. */
  notes: string[];
  /** The value of this option that needs a language model, when one does. */
  needsModel: unknown;
}

/** The request's top-level fields, required first. */
export function fieldsOf(schema: JsonSchema | undefined): Field[] {
  if (!schema?.properties) return [];
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties).map(([name, p]) => ({
    name,
    type: p.contentMediaType ? 'file' : typeLabel(p),
    required: required.has(name),
    description: p.description ?? null,
    notes: notesOf(p),
    needsModel: p['x-needs-language-model'],
  }));
  return [...fields.filter((f) => f.required), ...fields.filter((f) => !f.required)];
}

function typeLabel(p: JsonSchema): string {
  const variants = p.anyOf ?? p.oneOf;
  if (variants) return [...new Set(variants.map(typeLabel))].join(' or ');
  if (p.enum) return 'enum';
  const t = Array.isArray(p.type) ? p.type.join(' or ') : (p.type ?? 'any');
  if (t === 'array') return `array of ${p.items ? typeLabel(p.items) : 'any'}`;
  return t;
}

function notesOf(p: JsonSchema): string[] {
  const notes: string[] = [];
  const values = p.enum ?? p.anyOf?.flatMap((v) => v.enum ?? []);
  if (values?.length) notes.push(`one of ${values.map((v) => JSON.stringify(v)).join(', ')}`);
  if (p.default !== undefined && !(p.default === '' || (Array.isArray(p.default) && p.default.length === 0)))
    notes.push(`default ${JSON.stringify(p.default)}`);
  const unit = p.type === 'string' ? ' characters' : p.type === 'array' ? ' items' : '';
  const min = p.minLength ?? p.minItems ?? p.minimum;
  const max = p.maxLength ?? p.maxItems ?? p.maximum;
  if (min !== undefined && max !== undefined && min > 0) notes.push(`${min.toLocaleString('en-US')}–${max.toLocaleString('en-US')}${unit}`);
  else if (max !== undefined) notes.push(`at most ${max.toLocaleString('en-US')}${unit}`);
  else if (min !== undefined && min > 0) notes.push(`at least ${min.toLocaleString('en-US')}${unit}`);
  return notes;
}

// ---------- examples ----------

export const LANGUAGES = ['curl', 'javascript', 'python'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_LABELS: Record<Language, string> = { curl: 'curl', javascript: 'JavaScript', python: 'Python' };

/** The endpoint's success status: 200, else 201 (a created resource), else 204. */
export function successStatus(e: Endpoint): '200' | '201' | '204' | null {
  return (['200', '201', '204'] as const).find((k) => e.op.responses[k]) ?? null;
}

/** The endpoint's success answer (200, 201 or 204). */
function success(e: Endpoint) {
  const status = successStatus(e);
  return status ? e.op.responses[status] : undefined;
}

/** The file an answer of this type is saved to in the examples, or null for JSON. */
function fileAnswer(e: Endpoint): { name: string } | null {
  const types = Object.keys(success(e)?.content ?? {});
  if (types.includes('application/pdf')) return { name: e.path.includes('/reports/') ? 'report.pdf' : 'resume.pdf' };
  return null;
}

/** The path with its parameters filled in for the example (`/jobs/{id}` → `/jobs/JOB_ID`). */
function examplePath(path: string): string {
  const what = /\/(jobs|history|reports)\//.exec(path)?.[1];
  const idName = what === 'history' ? 'ITEM_ID' : what === 'reports' ? 'REPORT_ID' : 'JOB_ID';
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'id' ? idName : name.toUpperCase()));
}

/** An answer with no body (204). */
const noBody = (e: Endpoint) => !e.op.responses['200'] && !e.op.responses['201'] && !!e.op.responses['204'];

/** An example request for the endpoint, generated from the document. */
export function exampleCode(e: Endpoint, base: string, lang: Language): string {
  const url = base + examplePath(e.path);
  const auth = e.op.security === undefined || e.op.security.length > 0;
  const req = requestOf(e);
  const file = fileAnswer(e);
  if (lang === 'curl') return curlExample(e, url, auth, req, file);
  if (lang === 'javascript') return jsExample(e, url, auth, req, file);
  return pythonExample(e, url, auth, req, file);
}

type Req = ReturnType<typeof requestOf>;

function fileField(req: Req): [string, string] | null {
  if (req.kind !== 'multipart') return null;
  const entry = Object.entries(req.example).find(([name]) => req.schema?.properties?.[name]?.contentMediaType);
  return entry ? [entry[0], String(entry[1])] : null;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function curlExample(e: Endpoint, url: string, auth: boolean, req: Req, file: { name: string } | null): string {
  const lines = [`curl${e.method === 'get' ? '' : ` -X ${e.method.toUpperCase()}`} ${url}`];
  if (auth) lines.push(`-H "Authorization: Bearer $VERITEXT_API_KEY"`);
  if (req.kind === 'json') {
    lines.push(`-H "Content-Type: application/json"`);
    lines.push(`-d ${shellQuote(JSON.stringify(req.example))}`);
  } else if (req.kind === 'multipart') {
    const f = fileField(req);
    for (const [name, value] of Object.entries(req.example))
      lines.push(f && name === f[0] ? `-F ${name}=@${value}` : `-F ${shellQuote(`${name}=${formValue(value)}`)}`);
  }
  if (file) lines.push(`-o ${file.name}`);
  return lines.join(' \\\n  ');
}

function formValue(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function jsExample(e: Endpoint, url: string, auth: boolean, req: Req, file: { name: string } | null): string {
  const out: string[] = [];
  const f = fileField(req);
  if (f || file) out.push(`import { ${[f ? 'readFile' : null, file ? 'writeFile' : null].filter(Boolean).join(', ')} } from 'node:fs/promises';`, '');
  if (req.kind === 'multipart') {
    out.push('const form = new FormData();');
    for (const [name, value] of Object.entries(req.example)) {
      if (f && name === f[0]) out.push(`form.append('${name}', new Blob([await readFile('${value}')]), '${value}');`);
      else out.push(`form.append('${name}', ${JSON.stringify(formValue(value))});`);
    }
    out.push('');
  }
  const headers: string[] = [];
  if (auth) headers.push('Authorization: `Bearer ${process.env.VERITEXT_API_KEY}`');
  if (req.kind === 'json') headers.push(`'Content-Type': 'application/json'`);
  const init: string[] = [];
  if (e.method !== 'get') init.push(`method: '${e.method.toUpperCase()}'`);
  if (headers.length) init.push(`headers: {\n${headers.map((h) => `    ${h},`).join('\n')}\n  }`);
  if (req.kind === 'json') init.push(`body: JSON.stringify(${indent(JSON.stringify(req.example, null, 2), '  ')})`);
  if (req.kind === 'multipart') init.push('body: form');
  out.push(init.length ? `const response = await fetch('${url}', {\n${init.map((i) => `  ${i},`).join('\n')}\n});` : `const response = await fetch('${url}');`);
  out.push('if (!response.ok) throw new Error((await response.json()).error.message);');
  if (file) out.push(`await writeFile('${file.name}', Buffer.from(await response.arrayBuffer()));`);
  else if (!noBody(e)) out.push('const result = await response.json();');
  return out.join('\n');
}

function pythonExample(e: Endpoint, url: string, auth: boolean, req: Req, file: { name: string } | null): string {
  const out = auth ? ['import os', 'import requests', ''] : ['import requests', ''];
  const args = [`"${url}"`];
  if (auth) args.push(`headers={"Authorization": f"Bearer {os.environ['VERITEXT_API_KEY']}"}`);
  const f = fileField(req);
  if (req.kind === 'json') args.push(`json=${python(req.example, '    ')}`);
  if (req.kind === 'multipart') {
    if (f) args.push(`files={"${f[0]}": open("${f[1]}", "rb")}`);
    const data = Object.fromEntries(
      Object.entries(req.example)
        .filter(([name]) => !f || name !== f[0])
        .map(([k, v]) => [k, formValue(v)]),
    );
    if (Object.keys(data).length) args.push(`data=${python(data, '    ')}`);
  }
  args.push('timeout=120');
  out.push(`response = requests.${e.method}(\n${args.map((a) => `    ${a},`).join('\n')}\n)`);
  out.push('response.raise_for_status()');
  if (file) out.push(`with open("${file.name}", "wb") as f:\n    f.write(response.content)`);
  else if (!noBody(e)) out.push('result = response.json()');
  return out.join('\n');
}

/** A JSON value as a Python literal (True/False/None), indented like the surrounding call. */
function python(v: unknown, pad: string): string {
  if (v === null) return 'None';
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (typeof v === 'string' || typeof v === 'number') return JSON.stringify(v);
  const inner = pad + '    ';
  if (Array.isArray(v)) return v.length === 0 ? '[]' : `[\n${v.map((x) => `${inner}${python(x, inner)},`).join('\n')}\n${pad}]`;
  const entries = Object.entries(v as Record<string, unknown>);
  return entries.length === 0 ? '{}' : `{\n${entries.map(([k, x]) => `${inner}${JSON.stringify(k)}: ${python(x, inner)},`).join('\n')}\n${pad}}`;
}

function indent(text: string, pad: string): string {
  return text.replace(/\n/g, `\n${pad}`);
}

// ---------- answers ----------

/** The answer's body: JSON's schema, or the file types it may be. */
export function answerOf(e: Endpoint): { kind: 'json'; schema: JsonSchema } | { kind: 'file'; types: string[] } | null {
  const content = success(e)?.content ?? {};
  if (content['application/json']?.schema) return { kind: 'json', schema: content['application/json'].schema };
  const types = Object.keys(content);
  return types.length ? { kind: 'file', types } : null;
}

/**
 * The shape of a JSON answer, written like the JSON it describes: `"field": type`, `"field"?:` for one that may be
 * absent, literal values for enums, and the first sentence of each top-level field's description as a comment.
 */
export function shapeOf(doc: ApiDocument, schema: JsonSchema): string {
  return shape(doc, schema, '', [], true);
}

function shape(doc: ApiDocument, s: JsonSchema, pad: string, seen: string[], top = false): string {
  if (s.$ref) {
    const name = s.$ref.replace('#/components/schemas/', '');
    // a recursive schema (an outline's children) is written once, then named
    if (seen.includes(name)) return name;
    const target = doc.components.schemas[name];
    return target ? shape(doc, target, pad, [...seen, name]) : name;
  }
  const variants = s.anyOf ?? s.oneOf;
  if (variants) return variants.map((v) => shape(doc, v, pad, seen)).join(' | ');
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  const type = Array.isArray(s.type) ? s.type : [s.type];
  if (type.includes('array')) {
    const item = s.items ? shape(doc, s.items, pad, seen) : 'any';
    return item.includes('\n') ? `[${item}]` : `${item.includes(' | ') ? `(${item})` : item}[]`;
  }
  if (type.includes('object') || s.properties) {
    const inner = pad + '  ';
    const required = new Set(s.required ?? []);
    const lines = Object.entries(s.properties ?? {}).map(([k, p]) => {
      const comment = top && p.description ? `  // ${firstSentence(p.description)}` : '';
      return `${inner}${JSON.stringify(k)}${required.has(k) ? '' : '?'}: ${shape(doc, p, inner, seen)},${comment}`;
    });
    if (typeof s.additionalProperties === 'object') lines.push(`${inner}[key: string]: ${shape(doc, s.additionalProperties, inner, seen)},`);
    const nullable = type.includes('null') ? ' | null' : '';
    return lines.length ? `{\n${lines.join('\n')}\n${pad}}${nullable}` : `{}${nullable}`;
  }
  return type.filter(Boolean).join(' | ') || 'any';
}

/** The gist of a description for a one-line comment: its first sentence, or what comes before its first colon. */
function firstSentence(text: string): string {
  let s = text.split(/(?<=\.)\s/)[0]!;
  if (s.includes(': ')) s = s.slice(0, s.indexOf(': '));
  s = s.replace(/\.$/, '');
  return s.length > 90 ? `${s.slice(0, 87)}…` : s;
}
