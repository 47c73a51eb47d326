/**
 * One definition per tool endpoint. A tool request flows:
 *
 *   toolRoute → resolveCaller (on /api/v1/tools/…, the Bearer API key's owner; on /api/tools/…, the session cookie's
 *               user, else a visitor)
 *             + admitCaller (login-only and plan-gated tools, before any upload is read)
 *             → readToolInput (JSON, or multipart with the text extracted from the file; validated by `input`;
 *               a media tool's upload is typed by its content and handed to the service as `file`)
 *             → available (e.g. "this tool needs a language model")
 *             → runTool (word limit, or a media tool's cost in images or minutes; anonymous or plan allowance
 *               charged, the service call, a refund if it fails, one usage event whatever the outcome; a background
 *               job holds the charge and settles it when it ends)
 *             → answer (the typed body; `text` added when the input came from a file) → JSON or server-sent events
 *
 * The route file holds only definitions; the work is the service's (services/*.ts), which calls an engine.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import type { z } from 'zod';
import type { AnonAllowance } from '../shared/limits';
import type { RouteAccess } from '../shared/permissions';
import type { ServerContext } from './context';
import { AppError, toAppError } from './errors';
import { startIdempotency, uploadHash } from './plugins/public-api';
import type { MediaFile } from './services/media-type';
import { keepCheck } from './services/keep-check';
import { admitCaller, resolveCaller, runTool, type AllowanceState, type Caller, type ChargeHold, type MediaCost } from './services/tool-gate';
import { readToolInput, type MediaUpload } from './services/tool-input';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every tool endpoint as registered (read by the OpenAPI document and its test). */
    toolRoutes: ToolRouteInfo[];
  }
}

/** Every tool's input has the text it works on; the other fields are the tool's options. */
type ToolInputSchema = z.ZodObject<{ text: z.ZodType<string> }>;

/** What a service gets for one tool request. */
export interface ToolCall<I> {
  ctx: ServerContext;
  /** Catalogue tool id, e.g. 'ai_humanizer'. */
  tool: string;
  /** The validated input (typed or extracted from an upload). */
  input: I;
  caller: Caller;
  log: FastifyBaseLogger;
  /** Fires when the browser goes away, so an upstream call can be cancelled too. */
  signal: AbortSignal;
  /**
   * Set when the answer streams (server-sent events): call it with each piece of output as it is produced.
   * null when the answer is one JSON body.
   */
  onDelta: ((text: string) => void) | null;
  /** A media tool's upload (typed by its content); null for the text tools. */
  file: MediaFile | null;
  /**
   * Keep the request's charge pending after `run` returns, for work that goes on as a background job: the job must
   * later call `settle` (done) or `refund` (failed), and `keepAlive` on its heartbeat. Without it, the charge is
   * settled when `run` returns.
   */
  holdCharge: () => ChargeHold;
}

/** What the answer builder gets besides the service's result. */
export interface ToolAnswerMeta<I> {
  input: I;
  /** Words in the input (the count the word limit was checked against). */
  words: number;
  /** A visitor's anonymous allowance after this request, for tools with one; else null. */
  allowance: AllowanceState | null;
}

/**
 * Every tool answer may carry the text extracted from an uploaded file, always under this one name (toolRoute adds
 * it; the tool's contract in src/shared/api declares it as `text?: string`).
 */
export interface ToolAnswer {
  /** The text extracted from the uploaded file (offsets in the answer refer to it); absent for typed text. */
  text?: string;
}

export interface ToolDefinition<S extends ToolInputSchema, R, B extends object> {
  /** e.g. '/api/tools/ai-humanizer' */
  path: string;
  /** The request's fields; a multipart upload's file becomes `text`. */
  input: S;
  /** Catalogue tool id (src/shared/catalogue.ts): access, usage events and plan allowances are keyed by it. */
  tool: string;
  /** Who may call the route at all (default 'public': visitors are metered by their anonymous allowances). */
  access?: RouteAccess;
  /** The anonymous allowance a visitor's request draws on, if any. */
  anon?: AnonAllowance;
  /** Counts against the plan's daily detection allowance. */
  detection?: boolean;
  /** Audio tools: the request's audio in whole minutes, paid from the Audio Pack once the monthly characters run out. */
  audioMinutes?: (input: z.infer<S>) => number;
  /**
   * Media tools: the request is multipart with one `file` part of these kinds (typed by its content, not its name)
   * within `maxBytes`; the service gets it as `call.file`. `input` still has `text` (left empty).
   */
  upload?: MediaUpload;
  /** Media tools: what the request costs (images, or started minutes of audio); no word limit applies. */
  media?: (input: z.infer<S>, file: MediaFile) => MediaCost | Promise<MediaCost>;
  /** Throws when this server cannot run the tool at all; checked after the input is valid, before anything is charged. */
  available?: (ctx: ServerContext) => void;
  /**
   * Whether the answer may stream as server-sent events (`delta` chunks, then `done` with the body, or `error`) when
   * the browser asks for `text/event-stream`; e.g. only when a language model is configured.
   */
  stream?: (ctx: ServerContext) => boolean;
  /** The service call that does the work. */
  run: (call: ToolCall<z.infer<S>>) => Promise<R>;
  /** The engine that answered, for the usage event. */
  engine: (result: R) => string | null | undefined;
  /** The typed answer body; toolRoute adds `text` when the input was an upload. */
  answer: (result: R, meta: ToolAnswerMeta<z.infer<S>>) => B;
  /**
   * The answer's zod schema (src/shared/api), from which the OpenAPI document describes the response; the type of
   * `answer` is checked against it.
   */
  output?: z.ZodType<B>;
}

/** What the API documentation needs to know of a registered tool endpoint. */
export interface ToolRouteInfo {
  /** the web route, e.g. '/api/tools/ai-humanizer' */
  path: string;
  /** the public API route, e.g. '/api/v1/tools/ai-humanizer' */
  v1Path: string;
  tool: string;
  access: RouteAccess;
  input: ToolInputSchema;
  output: z.ZodType | undefined;
  upload: MediaUpload | undefined;
  /** The definition's `available` and `stream`: the document says which endpoints need a language model or stream. */
  available: ((ctx: ServerContext) => void) | undefined;
  stream: ((ctx: ServerContext) => boolean) | undefined;
}

/** A tool endpoint ready to register; its types stay inside. */
export interface ToolRoute {
  path: string;
  tool: string;
  info: ToolRouteInfo;
  register(app: FastifyInstance): void;
}

/** The public API's path of a tool's web route: /api/tools/<slug> → /api/v1/tools/<slug>. */
export function v1PathOf(path: string): string {
  if (!path.startsWith('/api/tools/')) throw new Error(`${path}: a tool route lives under /api/tools/`);
  return '/api/v1/tools/' + path.slice('/api/tools/'.length);
}

/** Define a tool endpoint (register it in a route plugin with `.register(app)`). */
export function toolRoute<S extends ToolInputSchema, R, B extends object>(def: ToolDefinition<S, R, B>): ToolRoute {
  // a definition error, caught when the module loads rather than on a user's request
  if (def.upload && !def.media) throw new Error(`${def.path}: an upload tool must say what a request costs (media)`);
  const info: ToolRouteInfo = {
    path: def.path,
    v1Path: v1PathOf(def.path),
    tool: def.tool,
    access: def.access ?? 'public',
    input: def.input,
    output: def.output,
    upload: def.upload,
    available: def.available,
    stream: def.stream,
  };
  return {
    path: def.path,
    tool: def.tool,
    info,
    register(app) {
      app.toolRoutes.push(info);
      // The web route: the session cookie's user or a visitor (an API key is refused there, plugins/public-api.ts).
      app.post(def.path, { config: { access: def.access ?? 'public' } }, (req, reply) => handle(app.ctx, def, req, reply));
      // The public API's twin: the same definition for an API key's owner only (access 'apikey': no cookie is read,
      // rate-limited per key); the tool's own login and plan rules still apply through admitCaller.
      app.post(info.v1Path, { config: { access: 'apikey', idempotentUploads: true } }, (req, reply) => handle(app.ctx, def, req, reply));
    },
  };
}

async function handle<S extends ToolInputSchema, R, B extends object>(
  ctx: ServerContext,
  def: ToolDefinition<S, R, B>,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  // authorize who is calling before the body is read: an upload to a tool the caller may not use is never extracted
  const caller = await resolveCaller(ctx, req, reply);
  await admitCaller(ctx, caller, def.tool);
  // validate
  const { source, media: file, ...fields } = await readToolInput(req, def.input, def.upload);
  // An upload's Idempotency-Key (/api/v1) is taken once its parts are read: a retry gets the first answer here.
  if (req.idempotency && (await startIdempotency(req, reply, uploadHash(req, { source, ...fields }, file?.bytes ?? null)))) return reply;
  const input = fields as unknown as z.infer<S>;
  def.available?.(ctx);
  const media = def.media && file ? await def.media(input, file) : undefined;

  const sse = def.stream?.(ctx) && String(req.headers.accept ?? '').includes('text/event-stream') ? new SseStream(reply) : null;
  const call: ToolCall<z.infer<S>> = {
    ctx,
    tool: def.tool,
    input,
    caller,
    log: req.log,
    signal: disconnectSignal(reply),
    onDelta: sse ? (text) => sse.send('delta', { text }) : null,
    file,
    holdCharge: () => {
      throw new Error('holdCharge is only available while the tool runs');
    },
  };
  const text: string = input.text;
  // act, metered: word limit, allowances charged atomically, refunded when the work fails
  let outcome;
  try {
    outcome = await runTool(
      ctx,
      caller,
      { tool: def.tool, text, anon: def.anon, detection: def.detection, audioMinutes: def.audioMinutes?.(input), media },
      (hold) => def.run({ ...call, holdCharge: hold }),
      def.engine,
    );
  } catch (err) {
    // Once the stream has begun, the status line is sent: the failure goes out as an SSE event.
    if (!sse?.hasStarted) throw err;
    if (!(err instanceof AppError)) req.log.error({ err }, 'tool failed while streaming');
    const e = toAppError(err) ?? new AppError('internal', 'Something went wrong. Please try again.');
    sse.send('error', { error: { code: e.code, message: e.message }, message: e.message });
    sse.end();
    return reply;
  }
  // respond
  const body: B & ToolAnswer = { ...def.answer(outcome.result, { input, words: outcome.words, allowance: outcome.allowance }) };
  if (source === 'file' && !def.upload) body.text = text;
  // the user's history (when on) and the saved-report receipt; never fails the check
  await keepCheck(ctx, reply, caller, def.tool, text, body, file);
  if (sse) {
    sse.send('done', body);
    sse.end();
    return reply;
  }
  return reply.header('cache-control', 'no-store').send(body);
}

/** An AbortSignal that fires when the browser goes away, so the upstream call is cancelled too. */
function disconnectSignal(reply: FastifyReply): AbortSignal {
  const ac = new AbortController();
  // The response's close, not the request's: Node emits the request's 'close' as soon as its body is read.
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) ac.abort();
  });
  return ac.signal;
}

/**
 * Server-sent events: `event: <name>\ndata: <json>\n\n` blocks. The stream starts with the first event, so a failure
 * before any output is still an ordinary JSON error. It is sent through Fastify (not a hijacked reply), so the
 * headers set earlier in the request (the visitor cookie, the security headers) go out with it.
 */
class SseStream {
  private stream: PassThrough | null = null;
  constructor(private readonly reply: FastifyReply) {}
  get hasStarted(): boolean {
    return this.stream !== null;
  }
  send(event: 'delta' | 'done' | 'error', data: unknown): void {
    if (!this.stream) {
      this.stream = new PassThrough();
      // A browser that went away destroys the stream; later writes are dropped.
      this.stream.on('error', () => {});
      void this.reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('connection', 'keep-alive')
        .header('x-accel-buffering', 'no')
        .send(this.stream);
    }
    if (!this.stream.destroyed && !this.stream.writableEnded) this.stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }
  end(): void {
    if (this.stream && !this.stream.writableEnded) this.stream.end();
  }
}
