/**
 * The OpenAPI 3.1 document of the public API (/api/v1), generated from what the server registered: every live tool's
 * route (app.toolRoutes: its input and output zod schemas) and the other /api/v1 routes described below. Nothing is
 * written twice: a request or answer field exists once, in src/shared/api, and reaches the document through
 * z.toJSONSchema (JSON Schema 2020-12, which OpenAPI 3.1 uses as it is).
 *
 * Built once per app (the routes, the catalogue and the configuration do not change while the server runs) and
 * served by routes/openapi.ts; tests/api/openapi.test.ts checks that every /api/v1 route is in it and that real
 * answers match its schemas.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_RATE_WINDOW_SECONDS, IDEMPOTENCY_TTL_HOURS, IDEMPOTENT_REPLAYED_HEADER, ApiMeResponse } from '../shared/api/public-api';
import { API_KEY_PREFIX, API_PLANS } from '../shared/api/api-keys';
import { HistoryItem, HistoryListResponse, HistoryQuery } from '../shared/api/history';
import { BATCH_LIMITS, BATCH_TOOLS, BatchList, BatchView } from '../shared/api/batches';
import { ResumeExportRequest } from '../shared/api/resume';
import { RECEIPT_HEADER, SaveReportBody, SaveReportResponse, SavedReport, SavedReportsQuery, SavedReportsResponse } from '../shared/api/saved-reports';
import { MediaJobList, SttJobView } from '../shared/api/stt';
import { TtsChunk } from '../shared/api/tts';
import { CATEGORY_LABELS, findTool, TOOLS, type Tool, type ToolCategory } from '../shared/catalogue';
import { ERROR_CODES, type ErrorCode } from '../shared/errors';
import { STATUS } from './errors';
import { hasLanguageModel, requireLanguageModel } from './services/model-call';
import { MAX_UPLOAD_BYTES } from './services/extract-text';
import { MEDIA_FORMATS } from './services/media-type';
import { apiRateLimit } from './services/public-api';
import type { ToolRouteInfo } from './tool-route';

export const OPENAPI_PATH = '/api/v1/openapi.json';

/** A JSON Schema (or any part of the document) as plain data. */
type Json = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: string;
  info: Json;
  servers: { url: string }[];
  security: Record<string, string[]>[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Json>;
    securitySchemes: Json;
    headers: Record<string, Json>;
    parameters: Record<string, Json>;
    responses: Record<string, Json>;
  };
  'x-rate-limits': { windowSeconds: number; perPlan: Record<string, number> };
  'x-idempotency': { header: string; ttlHours: number };
}

/** An operation, with the extensions the /developers page reads to label it. */
export interface Operation extends Json {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  /** The catalogue tool id, for tool endpoints. */
  'x-tool'?: string;
  /** 'always': nothing works without a language model; 'options': some options need one; absent: offline. */
  'x-needs-language-model'?: 'always' | 'options';
  /** Whether `Accept: text/event-stream` streams the answer: always, or when a language model is configured. */
  'x-streams'?: 'always' | 'with-language-model';
}

/**
 * A realistic paragraph for the generated examples (the text every text tool works on): long enough for a
 * detector verdict, short enough to read in a curl command.
 */
export const SAMPLE_TEXT =
  'City bike-sharing schemes have spread quickly over the past decade. Riders unlock a bike with a phone, ride it ' +
  'across town and leave it at another dock, which makes short trips cheaper than a taxi and often faster than a ' +
  'bus. Critics point out that the bikes are not spread evenly: docks cluster in wealthy central districts, while ' +
  'outer neighbourhoods, where people have fewer transport options, see far fewer of them.';

const WEB_ONLY_CODES: readonly ErrorCode[] = [
  // errors of the website's login and forms, which an API key never meets
  'invalid_credentials',
  'invalid_token',
  'csrf_rejected',
  'unauthorized',
  'use_api_v1',
];

/** The one error shape of every 4xx and 5xx answer. */
const ErrorBody = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES).describe('A stable, machine-readable code (see the response descriptions for which code comes with which status).'),
      message: z.string().describe('A sentence for a person: what went wrong and what to do.'),
      fields: z.record(z.string(), z.string()).optional().describe('validation_failed: the message for each invalid field, by its name.'),
    }),
    message: z.string().describe('The same message (older clients read it here).'),
  })
  .describe('Every error, whatever the status: {error: {code, message}}.');

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'No valid API key',
  402: 'Allowance spent',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  413: 'Too large',
  415: 'Unsupported file',
  422: 'Cannot be processed',
  429: 'Too many requests',
  500: 'Server error',
  502: 'Upstream failed',
  503: 'Unavailable',
  504: 'Upstream timed out',
};

/** What each status means on the public API, beside the codes it carries. */
const STATUS_NOTES: Record<number, string> = {
  400: 'The request is malformed or a field is invalid (validation_failed lists the fields).',
  401: 'The Authorization header is missing, or the key is unknown, revoked or expired.',
  402: "The plan's monthly characters and the add-on credits are spent.",
  403: "The key's scopes do not include this tool, or the account's plan does not include the API or this tool.",
  404: 'There is no such resource, or it belongs to another account.',
  409: 'A request with the same Idempotency-Key is still running: retry after Retry-After seconds.',
  413: "The text is over the plan's word limit, or the file is over its size limit.",
  415: 'The file is not a format this endpoint reads.',
  422: 'The input is valid but cannot be processed (e.g. a URL that cannot be fetched), or an Idempotency-Key was reused with another request.',
  429: "The key's requests for this minute are spent (Retry-After says how long to wait), or a daily limit is reached.",
  500: 'An unexpected error; nothing was charged.',
  502: 'The language model or provider answered with an error; nothing was charged.',
  503: 'The tool is turned off, needs something this server does not have (e.g. a language model), or the database is unavailable (Retry-After).',
  504: 'The language model or provider took too long; nothing was charged.',
};

const bearer = [{ bearerAuth: [] as string[] }];

/** Build the document of the app's /api/v1 routes (call once the app is ready: every route is registered then). */
export function buildOpenApiDocument(app: FastifyInstance): OpenApiDocument {
  const { ctx } = app;
  const schemas: Record<string, Json> = {};
  const toSchema = (schema: z.ZodType, io: 'input' | 'output'): Json => hoist(clean(z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json), schemas);
  schemas.Error = toSchema(ErrorBody, 'output');

  const paths: OpenApiDocument['paths'] = {};
  const put = (path: string, method: string, op: Operation) => {
    (paths[openApiPath(path)] ??= {})[method] = op;
  };

  for (const info of app.toolRoutes) {
    const tool = findTool(info.tool);
    // the document lists what works: a catalogue placeholder's endpoint (if any) stays out until the tool is live
    if (!tool?.live) continue;
    put(info.v1Path, 'post', toolOperation(info, tool, toSchema, ctx.llm !== null));
  }
  for (const r of app.routeAccess) {
    if (!r.url.startsWith('/api/v1/')) continue;
    const describe = OTHER_OPERATIONS[`${r.method} ${r.url}`];
    if (describe) put(r.url, r.method.toLowerCase(), describe(toSchema));
  }

  const usedCategories = new Set(Object.values(paths).flatMap((ops) => Object.values(ops).flatMap((o) => o.tags)));
  const tags = [
    ...(Object.keys(CATEGORY_LABELS) as ToolCategory[])
      .map((c) => ({ name: CATEGORY_LABELS[c], description: categoryDescription(c) }))
      .filter((t) => usedCategories.has(t.name)),
    { name: 'Account', description: 'Who a key acts for and what is left of its allowances.' },
    { name: 'Jobs', description: 'Background jobs started by a tool (speech to text), polled until done.' },
    { name: 'History', description: 'The checks the account kept while its history was on (a setting of the account, off by default).' },
    { name: 'Reports', description: 'Detector and plagiarism results saved as reports, with their PDF.' },
    { name: 'Batches', description: 'Many documents checked at once by the AI detector or the plagiarism checker, in the background.' },
    { name: 'About the API', description: 'This document.' },
  ].filter((t) => usedCategories.has(t.name));

  const perPlan = Object.fromEntries(API_PLANS.map((p) => [p, apiRateLimit(ctx, p)]));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Veritext API',
      version: '1',
      description:
        `The tools of this Veritext server for programs: the same engines, plan limits and metering as the website. ` +
        `Authenticate with \`Authorization: Bearer ${API_KEY_PREFIX}…\` (Pro and Agency plans create keys under Account → API keys). ` +
        `Every answer after authentication carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset; ` +
        `a POST with an Idempotency-Key header is run once and its answer replayed for ${IDEMPOTENCY_TTL_HOURS} hours. ` +
        'Every error is `{"error": {"code", "message"}}`. Human-readable documentation: /developers.',
    },
    servers: [{ url: ctx.origin }],
    security: bearer,
    tags,
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: `An API key (${API_KEY_PREFIX}…), created under Account → API keys by a Pro or Agency account. The website's login session is not accepted.`,
        },
      },
      headers: RATE_HEADERS,
      parameters: { IdempotencyKey: IDEMPOTENCY_PARAMETER },
      responses: Object.fromEntries(errorStatuses().map((s) => [String(s), errorResponse(s)])),
    },
    'x-rate-limits': { windowSeconds: API_RATE_WINDOW_SECONDS, perPlan },
    'x-idempotency': { header: 'Idempotency-Key', ttlHours: IDEMPOTENCY_TTL_HOURS },
  };
}

// ---------- tools ----------

type ToSchema = (schema: z.ZodType, io: 'input' | 'output') => Json;

function toolOperation(info: ToolRouteInfo, tool: Tool, toSchema: ToSchema, llmConfigured: boolean): Operation {
  const input = toSchema(info.input, 'input');
  // an option that needs the model says so in its schema: .meta({ 'x-needs-language-model': <the value that does> })
  const modelOptions = Object.entries((input.properties as Record<string, Json> | undefined) ?? {})
    .filter(([, p]) => p['x-needs-language-model'] !== undefined)
    .map(([name, p]) => `\`${name}: ${JSON.stringify(p['x-needs-language-model'])}\``);
  const needsModel: Operation['x-needs-language-model'] = info.available === requireLanguageModel ? 'always' : modelOptions.length > 0 ? 'options' : undefined;
  const streams: Operation['x-streams'] = info.stream === undefined ? undefined : info.stream === hasLanguageModel ? 'with-language-model' : 'always';
  const output = info.output ? toSchema(info.output, 'output') : null;
  // an endpoint that is one part of a tool (the essay writer's outline) describes its answer; else the catalogue's line
  const lines = [typeof output?.description === 'string' ? output.description : tool.description];
  const configured = llmConfigured ? 'This server has one configured.' : 'This server has none configured, so';
  if (needsModel === 'always')
    lines.push(`**Needs a language model.** ${configured}${llmConfigured ? '' : ' this endpoint answers 503 `llm_not_configured`.'}`);
  else if (needsModel === 'options')
    lines.push(
      `${modelOptions.join(', ')} needs a language model; the rest works offline. ${configured}${llmConfigured ? '' : ' that option answers 503 `llm_not_configured`.'}`,
    );
  if (info.upload) {
    lines.push(
      `Send the file as multipart/form-data in a part named \`file\`: ${info.upload.kinds.map((k) => MEDIA_FORMATS[k]).join('; ')}, at most ${megabytes(info.upload.maxBytes)}.`,
    );
  } else {
    lines.push(
      `Send JSON, or multipart/form-data with a \`file\` (.txt, .docx or .pdf, at most ${megabytes(MAX_UPLOAD_BYTES)}) whose text replaces \`text\`; the answer then holds that text as \`text\`, which its offsets refer to.`,
    );
  }
  if (streams) lines.push(streamNote(info, streams));
  if (info.tool === 'speech_to_text')
    lines.push('Starts a background job: poll `GET /api/v1/jobs/{jobId}` until its status is `done` (the transcript is its `result`) or `failed`.');

  const ok: Json = { description: 'The answer.', headers: rateHeaderRefs(), content: {} as Json };
  const okContent = ok.content as Json;
  // Every tool definition declares its answer's schema (tests/api/openapi.test.ts checks it); one that did not would
  // be documented as "a JSON object" rather than left out.
  okContent['application/json'] = { schema: output ?? { type: 'object' } };
  if (streams) okContent['text/event-stream'] = sseContent(info, toSchema);

  const statuses = [400, 401, 402, 403, 409, 413, 415, 422, 429, 500, 503, ...(needsModel ? [502, 504] : [])].sort((a, b) => a - b);
  return {
    operationId: operationId(info.v1Path),
    summary: summaryOf(info, tool),
    description: lines.join('\n\n'),
    tags: [CATEGORY_LABELS[tool.category]],
    'x-tool': tool.id,
    ...(needsModel ? { 'x-needs-language-model': needsModel } : {}),
    ...(streams ? { 'x-streams': streams } : {}),
    parameters: [{ $ref: '#/components/parameters/IdempotencyKey' }],
    requestBody: { required: true, content: requestContent(info, input) },
    responses: { '200': ok, ...errorRefs(statuses) },
  };
}

/** JSON and/or multipart: an upload tool takes only multipart (its file); a text tool either. */
function requestContent(info: ToolRouteInfo, input: Json): Json {
  const props = { ...((input.properties as Record<string, Json> | undefined) ?? {}) };
  const required = ((input.required as string[] | undefined) ?? []).filter((f) => f !== 'text');
  if (info.upload) {
    // `text` is part of every tool input but a media tool takes a file instead
    delete props.text;
    const kinds = info.upload.kinds;
    const multipart = {
      type: 'object',
      properties: {
        file: {
          type: 'string',
          contentMediaType: 'application/octet-stream',
          description: `${kinds.map((k) => MEDIA_FORMATS[k]).join('; ')}; at most ${megabytes(info.upload.maxBytes)}.`,
        },
        ...props,
      },
      required: ['file', ...required],
    };
    const example = { file: kinds.includes('image') ? 'photo.jpg' : 'recording.mp3', ...exampleOf(multipart, false) };
    return { 'multipart/form-data': { schema: multipart, encoding: { file: { contentType: kinds.map((k) => `${k}/*`).join(', ') } }, example } };
  }
  const multipart = {
    type: 'object',
    properties: {
      ...props,
      file: {
        type: 'string',
        contentMediaType: 'application/octet-stream',
        description: `A .txt, .docx or .pdf file (at most ${megabytes(MAX_UPLOAD_BYTES)}) whose text replaces \`text\`.`,
      },
    },
    required,
  };
  return {
    'application/json': { schema: input, example: exampleOf(input, true) },
    'multipart/form-data': { schema: multipart },
  };
}

function streamNote(info: ToolRouteInfo, streams: NonNullable<Operation['x-streams']>): string {
  const when = streams === 'always' ? '' : ' (when this server has a language model)';
  const delta =
    info.tool === 'text_to_speech' ? 'a piece of audio per sentence (its `text` is a JSON chunk: base64 WAV)' : 'the output as it is written (`{"text": "…"}`)';
  return `With \`Accept: text/event-stream\`${when} the answer streams as server-sent events: \`delta\` events with ${delta}, then \`done\` with the JSON answer, or \`error\` with the error body. An Idempotency-Key cannot be used with a streamed answer.`;
}

/** text/event-stream: the events as a vendor extension (OpenAPI 3.1 has no schema for an event stream). */
function sseContent(info: ToolRouteInfo, toSchema: ToSchema): Json {
  const delta =
    info.tool === 'text_to_speech'
      ? {
          type: 'object',
          properties: { text: { type: 'string', description: 'A JSON-encoded chunk of audio.', contentSchema: toSchema(TtsChunk, 'output') } },
          required: ['text'],
        }
      : { type: 'object', properties: { text: { type: 'string', description: 'The next piece of the output.' } }, required: ['text'] };
  return {
    schema: { type: 'string', description: 'Server-sent events: `event: delta|done|error` lines, each followed by `data: <JSON>` and a blank line.' },
    'x-events': { delta, done: { description: 'The same body as the JSON answer.' }, error: { $ref: '#/components/schemas/Error' } },
  };
}

// ---------- the other /api/v1 routes ----------

/** Every /api/v1 route that is not a tool endpoint, by `METHOD url` as registered (the test fails for one missing here). */
const OTHER_OPERATIONS: Record<string, (toSchema: ToSchema) => Operation> = {
  'GET /api/v1/me': (toSchema) => ({
    operationId: 'getMe',
    summary: 'The key, its account and what is left',
    description:
      "Who the key acts for, the plan, the characters and detections used and left this period, the add-on credits, and the key's own scopes, expiry and rate. Not charged; counts against the rate like any request.",
    tags: ['Account'],
    responses: { '200': jsonResponse('The key and its account.', toSchema(ApiMeResponse, 'output')), ...errorRefs([401, 403, 429, 500, 503]) },
  }),
  'GET /api/v1/jobs': (toSchema) => ({
    operationId: 'listJobs',
    summary: 'Recent background jobs',
    description: "The account's recent jobs, newest first, without their results (only tools in the key's scopes).",
    tags: ['Jobs'],
    parameters: [
      { name: 'tool', in: 'query', required: false, schema: { type: 'string', maxLength: 64 }, description: "Only this tool's jobs, e.g. `speech_to_text`." },
    ],
    responses: { '200': jsonResponse('The jobs.', toSchema(MediaJobList, 'output')), ...errorRefs([400, 401, 403, 429, 500, 503]) },
  }),
  'GET /api/v1/jobs/:id': (toSchema) => ({
    operationId: 'getJob',
    summary: 'A background job',
    description: 'Status, progress and, once done, the result of a job the account started (speech to text: the transcript). Another account’s job is 404.',
    tags: ['Jobs'],
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 64 }, description: 'The `jobId` the tool answered.' }],
    responses: { '200': jsonResponse('The job.', toSchema(SttJobView, 'output')), ...errorRefs(BY_ID_ERRORS) },
  }),
  'POST /api/v1/tools/resume-writer/export': (toSchema) => {
    const tool = findTool('resume_writer');
    return {
      operationId: 'resumeWriterExport',
      summary: 'Resume Writer: export',
      description:
        'The structured resume laid out as a PDF or a Word document, answered as the file itself (Content-Disposition: attachment). Metered like the other tools on the resume’s text.',
      tags: tool ? [CATEGORY_LABELS[tool.category]] : [],
      'x-tool': 'resume_writer',
      parameters: [{ $ref: '#/components/parameters/IdempotencyKey' }],
      requestBody: { required: true, content: { 'application/json': { schema: toSchema(ResumeExportRequest, 'input'), example: RESUME_EXAMPLE } } },
      responses: {
        '200': {
          description: 'The file.',
          headers: rateHeaderRefs(),
          content: {
            'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } },
            'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
              schema: { type: 'string', contentMediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
            },
          },
        },
        ...errorRefs([400, 401, 402, 403, 409, 413, 422, 429, 500, 503]),
      },
    };
  },
  'GET /api/v1/history': (toSchema) => ({
    operationId: 'listHistory',
    summary: 'Scan history',
    description:
      "The account's kept checks, newest first: web, API and batch checks made while history is on (turned on in the account's settings; off by default). Kept for the staff's retention period (90 days unless changed).",
    tags: ['History'],
    parameters: queryParameters(HistoryQuery),
    responses: { '200': jsonResponse('A page of the history.', toSchema(HistoryListResponse, 'output')), ...errorRefs([400, 401, 403, 429, 500, 503]) },
  }),
  'GET /api/v1/history/:id': (toSchema) => ({
    operationId: 'getHistoryItem',
    summary: 'A kept check',
    description: 'The input and the answer of one kept check. Another account’s item is 404.',
    tags: ['History'],
    parameters: [idParameter('The item’s `id`.')],
    responses: { '200': jsonResponse('The item.', toSchema(HistoryItem, 'output')), ...errorRefs(BY_ID_ERRORS) },
  }),
  'DELETE /api/v1/history/:id': () => ({
    operationId: 'deleteHistoryItem',
    summary: 'Delete a kept check',
    description: 'Deletes one kept check of the account. Another account’s item is 404.',
    tags: ['History'],
    parameters: [idParameter('The item’s `id`.')],
    responses: { '204': deletedResponse(), ...errorRefs(BY_ID_ERRORS) },
  }),
  'POST /api/v1/reports': (toSchema) => ({
    operationId: 'saveReport',
    summary: 'Save a result as a report',
    description: `Saves a detector or plagiarism answer as a report: send the tool id, the checked text, the answer as received and the \`${headerName(RECEIPT_HEADER)}\` header that came with it (it proves the answer is the server's, for 7 days), or the \`historyId\` of a kept check. Nothing is run again and nothing is charged.`,
    tags: ['Reports'],
    requestBody: { required: true, content: { 'application/json': { schema: toSchema(SaveReportBody, 'input') } } },
    responses: {
      '201': jsonResponse('The saved report.', toSchema(SaveReportResponse, 'output')),
      ...errorRefs([400, 401, 403, 404, 413, 422, 429, 500, 503]),
    },
  }),
  'GET /api/v1/reports': (toSchema) => ({
    operationId: 'listReports',
    summary: 'Saved reports',
    description: "The account's saved reports, newest first, with their share state.",
    tags: ['Reports'],
    parameters: queryParameters(SavedReportsQuery),
    responses: {
      '200': jsonResponse('A page of reports, newest first.', toSchema(SavedReportsResponse, 'output')),
      ...errorRefs([400, 401, 403, 429, 500, 503]),
    },
  }),
  'GET /api/v1/reports/:id': (toSchema) => ({
    operationId: 'getReport',
    summary: 'A saved report',
    description: 'The report with its input and result. Another account’s report is 404.',
    tags: ['Reports'],
    parameters: [idParameter('The report’s `id`.')],
    responses: { '200': jsonResponse('The report.', toSchema(SavedReport, 'output')), ...errorRefs(BY_ID_ERRORS) },
  }),
  'GET /api/v1/reports/:id/pdf': () => ({
    operationId: 'getReportPdf',
    summary: 'A saved report as PDF',
    description:
      'The printable report: score or similarity, the highlighted sentences or matched passages, engine and model version, date and the fairness note.',
    tags: ['Reports'],
    parameters: [idParameter('The report’s `id`.')],
    responses: {
      '200': fileResponse('The PDF.', 'application/pdf'),
      ...errorRefs(BY_ID_ERRORS),
    },
  }),
  'POST /api/v1/batches': (toSchema) => ({
    operationId: 'createBatch',
    summary: 'Start a batch check',
    description: `Checks up to ${BATCH_LIMITS.maxDocuments} documents with the AI detector or the plagiarism checker in the background (Pro and Agency plans; at most ${BATCH_LIMITS.maxActive} batches in progress, else 429). Send multipart form data: \`tool\` (\`content_detector\` or \`plagiarism_checker\`, within the key's scopes), an optional \`name\`, and the files (.txt, .docx, .pdf, or .zip archives of them; ${megabytes(BATCH_LIMITS.maxFileBytes)} per document, ${megabytes(BATCH_LIMITS.maxUploadBytes)} per upload). A document that cannot be read or is over the plan's word limit becomes a failed item with its reason, never charged. Poll \`GET /api/v1/batches/{id}\` until its status is \`done\`.`,
    tags: ['Batches'],
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['tool', 'files'],
            properties: {
              tool: { type: 'string', enum: [...BATCH_TOOLS] },
              name: { type: 'string', maxLength: 120 },
              files: {
                type: 'string',
                contentMediaType: 'application/octet-stream',
                description: 'A document (.txt, .docx, .pdf) or a .zip of them. Repeat the field for more files.',
              },
            },
          },
          example: { tool: 'content_detector', name: 'Week 3 essays', files: 'essays.zip' },
        },
      },
    },
    responses: {
      '201': jsonResponse('The batch, queued, with a line per document.', toSchema(BatchView, 'output')),
      ...errorRefs([400, 401, 403, 413, 415, 422, 429, 500, 503]),
    },
  }),
  'GET /api/v1/batches': (toSchema) => ({
    operationId: 'listBatches',
    summary: 'Recent batches',
    description: "The account's recent batch checks, newest first, sent from the website or the API, and whether its plan runs batches.",
    tags: ['Batches'],
    responses: { '200': jsonResponse('Recent batches.', toSchema(BatchList, 'output')), ...errorRefs([401, 403, 429, 500, 503]) },
  }),
  'GET /api/v1/batches/:id': (toSchema) => ({
    operationId: 'getBatch',
    summary: 'A batch and its results',
    description:
      "Status, counts, and each document's score and verdict (detector) or similarity and top source (plagiarism), or why it failed. Another account's batch is 404.",
    tags: ['Batches'],
    parameters: [idParameter('The batch’s `id`.')],
    responses: { '200': jsonResponse('The batch.', toSchema(BatchView, 'output')), ...errorRefs(BY_ID_ERRORS) },
  }),
  'POST /api/v1/batches/:id/cancel': (toSchema) => ({
    operationId: 'cancelBatch',
    summary: 'Cancel a batch',
    description: 'Documents still waiting are not checked, nor charged; those already checked keep their results.',
    tags: ['Batches'],
    parameters: [idParameter('The batch’s `id`.')],
    responses: { '200': jsonResponse('The batch, cancelled.', toSchema(BatchView, 'output')), ...errorRefs(BY_ID_ERRORS) },
  }),
  'DELETE /api/v1/batches/:id': () => ({
    operationId: 'deleteBatch',
    summary: 'Delete a batch',
    description: 'Deletes the batch and its documents’ texts and results.',
    tags: ['Batches'],
    parameters: [idParameter('The batch’s `id`.')],
    responses: { '204': deletedResponse(), ...errorRefs(BY_ID_ERRORS) },
  }),
  'GET /api/v1/batches/:id/csv': () => ({
    operationId: 'getBatchCsv',
    summary: 'A batch as CSV',
    description: 'One row per document: filename, words, status, verdict and AI score or similarity and top source, and why a document failed.',
    tags: ['Batches'],
    parameters: [idParameter('The batch’s `id`.')],
    responses: {
      '200': fileResponse('The CSV.', 'text/csv'),
      ...errorRefs(BY_ID_ERRORS),
    },
  }),
  'GET /api/v1/batches/:id/reports.zip': () => ({
    operationId: 'getBatchReports',
    summary: 'A batch’s PDF reports',
    description: 'A zip of one PDF report per checked document, and `not-checked.txt` naming the others and why.',
    tags: ['Batches'],
    parameters: [idParameter('The batch’s `id`.')],
    responses: {
      '200': fileResponse('The zip.', 'application/zip'),
      ...errorRefs([400, 401, 403, 404, 409, 429, 500, 503]),
    },
  }),
  'GET /api/v1/openapi.json': () => ({
    operationId: 'getOpenApiDocument',
    summary: 'This document',
    description: 'The OpenAPI 3.1 description of the public API. Public: no key needed, not rate-limited.',
    tags: ['About the API'],
    security: [],
    responses: { '200': { description: 'The OpenAPI document.', content: { 'application/json': { schema: { type: 'object' } } } } },
  }),
};

/** The answer of a deletion. */
function deletedResponse(): Json {
  return { description: 'Deleted.', headers: rateHeaderRefs() };
}

/** Query parameters from a zod object of the shared contract. */
function queryParameters(schema: z.ZodObject): Json[] {
  const json = z.toJSONSchema(schema, { io: 'input' }) as { properties?: Record<string, Json> };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({ name, in: 'query', required: false, schema: s }));
}

function idParameter(description: string): Json {
  return { name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 64 }, description };
}

/** The resume export's example: a short resume, valid against ResumeSchema. */
const RESUME_EXAMPLE = {
  resume: {
    contact: { name: 'Alex Morgan', headline: 'Data analyst', email: 'alex@example.com' },
    summary: 'Analyst who turns messy operational data into decisions.',
    experience: [
      {
        title: 'Data analyst',
        organization: 'Northwind Transit',
        start: '2021',
        end: 'Present',
        bullets: ['Built the weekly ridership report used by 40 managers.'],
      },
    ],
    education: [{ degree: 'BSc Statistics', institution: 'University of Leeds', end: '2020' }],
    skills: ['SQL', 'Python', 'Tableau'],
  },
  layout: 'classic',
  format: 'pdf',
};

// ---------- pieces ----------

const RATE_HEADERS: Record<string, Json> = {
  'X-RateLimit-Limit': { description: 'Requests allowed per window with this key.', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'When the current window ends, in Unix seconds.', schema: { type: 'integer' } },
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
  [headerName(IDEMPOTENT_REPLAYED_HEADER)]: {
    description: '"true" when this answer is the stored copy of the first request with the same Idempotency-Key.',
    schema: { type: 'string' },
  },
};

const IDEMPOTENCY_PARAMETER: Json = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: `Makes the POST safe to retry: the first request runs (and is charged) once, and a retry with the same key and the same body within ${IDEMPOTENCY_TTL_HOURS} hours gets the stored answer. 1–200 printable ASCII characters, e.g. a UUID. The same key with another body is 422 idempotency_mismatch; a retry while the first still runs is 409 idempotency_in_progress.`,
  schema: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[\\x20-\\x7e]{1,200}$' },
};

function rateHeaderRefs(extra: string[] = []): Json {
  return Object.fromEntries(
    ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', headerName(IDEMPOTENT_REPLAYED_HEADER), ...extra].map((h) => [
      h,
      { $ref: `#/components/headers/${h}` },
    ]),
  );
}

function jsonResponse(description: string, schema: Json): Json {
  return { description, headers: rateHeaderRefs(), content: { 'application/json': { schema } } };
}

/** A success answered as a file of this type (Content-Disposition: attachment). */
function fileResponse(description: string, type: string): Json {
  return { description, headers: rateHeaderRefs(), content: { [type]: { schema: { type: 'string', contentMediaType: type } } } };
}

/** What a route reading or changing one of the key owner's items by id may answer besides success (another account's is 404). */
const BY_ID_ERRORS = [400, 401, 403, 404, 429, 500, 503];

function errorStatuses(): number[] {
  return Object.keys(STATUS_TEXT).map(Number);
}

/** One response per error status, listing the codes it comes with (from the one code → status table). */
function errorResponse(status: number): Json {
  const codes = (Object.entries(STATUS) as [ErrorCode, number][]).filter(([c, s]) => s === status && !WEB_ONLY_CODES.includes(c)).map(([c]) => c);
  const retry = status === 429 || status === 503 || status === 409;
  return {
    description: `${STATUS_TEXT[status]}. ${STATUS_NOTES[status]}${codes.length ? ` Codes: ${codes.map((c) => `\`${c}\``).join(', ')}.` : ''}`,
    headers: retry ? rateHeaderRefs(['Retry-After']) : rateHeaderRefs(),
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
}

function errorRefs(statuses: number[]): Json {
  return Object.fromEntries(statuses.map((s) => [String(s), { $ref: `#/components/responses/${s}` }]));
}

function categoryDescription(c: ToolCategory): string {
  const names = TOOLS.filter((t) => t.category === c && t.live).map((t) => t.name);
  return names.join(', ');
}

/** "Code explainer: prose" from /api/v1/tools/code-explainer/prose; the catalogue's name for its own slug or alias. */
function summaryOf(info: ToolRouteInfo, tool: Tool): string {
  const [first, ...rest] = info.v1Path.slice('/api/v1/tools/'.length).split('/');
  const own = first === tool.slug || tool.aliases.includes(first!);
  const head = own ? tool.name : sentenceCase(first!);
  return rest.length ? `${head}: ${rest.map((s) => s.replace(/-/g, ' ')).join(' ')}` : head;
}

function sentenceCase(slug: string): string {
  const words = slug.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** /api/v1/tools/code-explainer/prose → codeExplainerProse; /api/v1/jobs/:id → jobsId */
function operationId(path: string): string {
  const parts = path
    .replace(/^\/api\/v1\/(tools\/)?/, '')
    .split(/[/-]/)
    .filter(Boolean)
    .map((p) => p.replace(/^:/, '').replace(/\W/g, ''));
  return parts.map((p, i) => (i === 0 ? p : p.charAt(0).toUpperCase() + p.slice(1))).join('');
}

/** Fastify's /api/v1/jobs/:id → OpenAPI's /api/v1/jobs/{id} */
export function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

function headerName(lower: string): string {
  return lower.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

// ---------- JSON Schema post-processing ----------

/**
 * z.toJSONSchema's output, tidied for the document: no `$schema` (the document's dialect applies), and no integer
 * bounds that only restate JavaScript's safe-integer range.
 */
function clean(schema: Json): Json {
  const { $schema: _, ...rest } = schema;
  return strip(rest) as Json;
}

function strip(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(strip);
  if (v === null || typeof v !== 'object') return v;
  const out: Json = {};
  for (const [k, child] of Object.entries(v)) {
    if ((k === 'minimum' && child === -Number.MAX_SAFE_INTEGER) || (k === 'maximum' && child === Number.MAX_SAFE_INTEGER)) continue;
    out[k] = strip(child);
  }
  return out;
}

/**
 * Move a schema's `$defs` (recursive schemas, named with .meta({ id })) into components.schemas, where a reference
 * inside the OpenAPI document can reach them: `#/$defs/X` would point at the document's root.
 */
function hoist(schema: Json, components: Record<string, Json>): Json {
  const { $defs, ...rest } = schema as Json & { $defs?: Record<string, Json> };
  const rewritten = JSON.parse(JSON.stringify(rest).replace(/"#\/\$defs\/([^"]+)"/g, '"#/components/schemas/$1"')) as Json;
  for (const [name, def] of Object.entries($defs ?? {})) {
    const body = JSON.parse(JSON.stringify(def).replace(/"#\/\$defs\/([^"]+)"/g, '"#/components/schemas/$1"')) as Json;
    if (components[name] && JSON.stringify(components[name]) !== JSON.stringify(body)) {
      throw new Error(`OpenAPI: two different schemas are named ${name} (.meta({ id }) must be unique)`);
    }
    components[name] = body;
  }
  return rewritten;
}

/**
 * A request example generated from its schema: `text` gets the sample paragraph (or the field's own example), every
 * other required field its example or default, and optional fields with a default show that default (so the
 * options are visible); optional fields without one are left out.
 */
export function exampleOf(schema: Json, withText: boolean): Json {
  const props = (schema.properties as Record<string, Json> | undefined) ?? {};
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const out: Json = {};
  for (const [name, p] of Object.entries(props)) {
    if (p.contentMediaType) continue;
    const examples = p.examples as unknown[] | undefined;
    if (examples?.length) out[name] = examples[0];
    else if (name === 'text') {
      if (withText) out[name] = SAMPLE_TEXT;
    } else if (p.default !== undefined) {
      if (p.default !== '' && !(Array.isArray(p.default) && p.default.length === 0)) out[name] = p.default;
    } else if (required.has(name)) out[name] = sampleValue(p);
  }
  return out;
}

function sampleValue(p: Json): unknown {
  if (Array.isArray(p.enum)) return p.enum[0];
  if (p.type === 'object') return exampleOf(p, true);
  if (p.type === 'array') return [];
  if (p.type === 'integer' || p.type === 'number') return typeof p.minimum === 'number' ? p.minimum : 1;
  if (p.type === 'boolean') return false;
  return 'string';
}
