import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  expanderPrompt,
  humanizerPrompt,
  LlmError,
  rewriterPrompt,
  shortenerPrompt,
  summarizerPrompt,
  type ChatMessage,
} from '../../../engines/llm';
import { checkGrammar } from '../../../engines/grammar';
import { guardHumanized, humanize, type GrammarCheck, type HumanizerStyle } from '../../../engines/humanizer';
import { rewrite } from '../../../engines/rewriter';
import { shorten } from '../../../engines/sentence-shortener';
import { summarize } from '../../../engines/summarizer';
import { countWords, type AnonAllowance } from '../../../shared/limits';
import { TIMEOUT_TOOLS_MESSAGE } from '../../../shared/messages';
import {
  ExpandRequest,
  HumanizeRequest,
  RewriteRequest,
  ShortenRequest,
  SummarizeRequest,
  type DetectorReading,
  type WritingResponse,
} from '../../../shared/api/writing';
import { detect, MODEL_VERSION, thresholds } from '../../../engines/detector';
import { llmUsage } from '../../../db/schema';
import type { ServerContext } from '../../context';
import { AppError } from '../../errors';
import { resolveCaller, runTool } from '../../services/tool-gate';
import { readToolInput } from '../../services/tool-input';

/**
 * The writing tools share one handler: validate → authorize (word limit, anonymous allowance) →
 * run the language model when one is configured, else the offline engine → respond.
 */
interface WritingTool<S extends z.ZodObject> {
  path: string;
  schema: S;
  /** What the tool does, for failure messages ("Failed to {verb} text"). */
  verb: string;
  /** Response field the SPEC's client reads, e.g. humanized_text. */
  field: string;
  allowance?: AnonAllowance;
  prompt: (input: z.infer<S>) => ChatMessage[];
  /** Offline engine; tools without one need the language model. */
  offline?: (input: z.infer<S>, log?: FastifyBaseLogger) => OfflineResult | Promise<OfflineResult>;
  /** Extra answer fields computed from the input and the output, whichever engine produced it. */
  annotate?: (input: z.infer<S>, output: string) => Record<string, unknown>;
}

interface OfflineResult {
  output: string;
  extra?: Record<string, unknown>;
}

/** How long the offline humanizer waits for the grammar check (harper's first load included) before answering unchecked. */
export const HUMANIZER_GRAMMAR_BOUND_MS = 3000;

/** The grammar check the humanizer guard uses; tests may replace it. */
export const humanizerGuard: { check: GrammarCheck; boundMs: number } = { check: checkGrammar, boundMs: HUMANIZER_GRAMMAR_BOUND_MS };

/**
 * The offline humanizer with issue 4's grammar guard: sentences whose output gains a grammar issue are reverted to the
 * input. If the grammar engine fails or is slower than the bound, the humanized text is returned unchecked and the
 * answer says so (grammarChecked: false); the request never fails because of the check.
 */
async function humanizeGuarded(text: string, style: HumanizerStyle, log?: FastifyBaseLogger): Promise<OfflineResult> {
  const raw = humanize(text, { style });
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`grammar check took longer than ${humanizerGuard.boundMs} ms`)), humanizerGuard.boundMs);
  });
  try {
    const g = await Promise.race([guardHumanized(text, raw, humanizerGuard.check), bound]);
    return { output: g.result.text, extra: { grammarChecked: true, revertedSentences: g.reverted.length } };
  } catch (err) {
    log?.warn({ err: err instanceof Error ? err.message : String(err) }, 'humanizer grammar guard skipped');
    return { output: raw.text, extra: { grammarChecked: false } };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The offline detector's reading of the input and of the humanized output (about 20 ms per 1,000 words each; nothing
 * leaves the server and no detection allowance is spent). Too short for a verdict: null.
 */
function detectorReading(before: string, after: string): DetectorReading | null {
  if (countWords(before) < thresholds.minWords) return null;
  return { before: detect(before).score, after: detect(after).score, modelVersion: MODEL_VERSION };
}

const tool = <S extends z.ZodObject>(t: WritingTool<S>) => t;

export const WRITING_TOOLS = [
  tool({
    path: '/api/tools/ai-humanizer',
    schema: HumanizeRequest,
    verb: 'humanize',
    field: 'humanized_text',
    allowance: 'humanize',
    prompt: (i) => humanizerPrompt(i.text, i.style),
    offline: (i, log) => humanizeGuarded(i.text, i.style, log),
    annotate: (i, output) => ({ detector: detectorReading(i.text, output) }),
  }),
  tool({
    path: '/api/tools/ai-rewriter',
    schema: RewriteRequest,
    verb: 'rewrite',
    field: 'rewritten_text',
    prompt: (i) => rewriterPrompt(i.text, i.tone),
    offline: (i) => ({ output: rewrite(i.text, { tone: i.tone }).text }),
  }),
  tool({
    path: '/api/tools/ai-summarizer',
    schema: SummarizeRequest,
    verb: 'summarize',
    field: 'summary',
    prompt: (i) => summarizerPrompt(i.text, { length: i.length, format: i.format }),
    offline: (i) => {
      const r = summarize(i.text, { length: i.length, format: i.format });
      return { output: r.summary, extra: { sentences: r.sentences } };
    },
  }),
  tool({
    path: '/api/tools/sentence-shortener',
    schema: ShortenRequest,
    verb: 'shorten',
    field: 'shortened_text',
    prompt: (i) => shortenerPrompt(i.text),
    offline: (i) => ({ output: shorten(i.text).text }),
  }),
  tool({
    path: '/api/tools/text-expander',
    schema: ExpandRequest,
    verb: 'expand',
    field: 'expanded_text',
    prompt: (i) => expanderPrompt(i.text, i.tone),
  }),
];

/** An AbortSignal that fires when the browser goes away, so the upstream model call is cancelled too. */
function disconnectSignal(req: FastifyRequest, reply: FastifyReply): AbortSignal {
  const ac = new AbortController();
  req.raw.once('close', () => {
    if (!reply.raw.writableEnded) ac.abort();
  });
  return ac.signal;
}

/** Server-sent events on a hijacked reply: `delta` chunks, then `done` with the full body (or `error`). */
class SseWriter {
  private started = false;
  constructor(private readonly reply: FastifyReply) {}
  private start() {
    if (this.started) return;
    this.started = true;
    this.reply.hijack();
    this.reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
  }
  get hasStarted() {
    return this.started;
  }
  send(event: 'delta' | 'done' | 'error', data: unknown) {
    this.start();
    this.reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }
  end() {
    if (this.started) this.reply.raw.end();
  }
}

async function runModel(
  ctx: ServerContext,
  t: WritingTool<z.ZodObject>,
  input: Record<string, unknown>,
  signal: AbortSignal,
  sse: SseWriter | null,
) {
  const llm = ctx.llm!;
  const req = { messages: t.prompt(input as never), temperature: 0.7, signal };
  let result;
  if (sse) {
    const stream = llm.stream(req);
    for await (const delta of stream) sse.send('delta', { text: delta });
    result = await stream.result;
  } else {
    result = await llm.complete(req);
  }
  const output = result.text.trim();
  if (!output) throw new LlmError('malformed', 'empty completion');
  return { output, engine: result.model || llm.model, usage: result.usage };
}

export async function writingRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  // Lets pages say up front whether a language model answers (the text expander needs one).
  app.get('/api/tools/capabilities', async () => ({ llm: { configured: ctx.llm !== null, model: ctx.llm?.model ?? null } }));
  for (const t of WRITING_TOOLS as unknown as WritingTool<z.ZodObject>[]) {
    app.post(t.path, async (req, reply) => {
      // validate
      const input = (await readToolInput(req, t.schema)) as { text: string; source: 'text' | 'file' } & Record<string, unknown>;
      // authorize
      const caller = await resolveCaller(ctx, req, reply);
      // The word limit is checked (and a refusal recorded) by runTool below.
      const wordsBefore = countWords(input.text);
      if (!ctx.llm && !t.offline)
        throw new AppError(
          'llm_not_configured',
          'This tool needs a language model, and none is configured on this server. Ask the administrator to set LLM_BASE_URL and LLM_MODEL.',
        );
      const signal = disconnectSignal(req, reply);
      // Stream the model's words as they come when the browser asks for server-sent events.
      const sse = ctx.llm && String(req.headers.accept ?? '').includes('text/event-stream') ? new SseWriter(reply) : null;
      // act
      const work = async (): Promise<{ output: string; engine: string; notice?: string; extra?: Record<string, unknown> }> => {
        if (ctx.llm) {
          try {
            const r = await runModel(ctx, t, input, signal, sse);
            await ctx.db.insert(llmUsage).values({
              userId: caller.user?.id ?? null,
              anonId: caller.anonId,
              tool: t.path.replace('/api/tools/', ''),
              model: r.engine,
              promptTokens: r.usage?.promptTokens ?? null,
              completionTokens: r.usage?.completionTokens ?? null,
              totalTokens: r.usage?.totalTokens ?? null,
            });
            return r;
          } catch (err) {
            if (!(err instanceof LlmError) || err.kind === 'aborted') throw err;
            req.log.warn({ tool: t.path, kind: err.kind, status: err.status }, 'language model failed');
            // Tools with an offline engine still answer (unless words already streamed); the label says which engine did.
            if (t.offline && !sse?.hasStarted) return { ...(await t.offline(input, req.log)), engine: 'offline', notice: 'The language model did not answer, so the offline engine was used.' };
            if (err.kind === 'timeout') throw new AppError('upstream_timeout', TIMEOUT_TOOLS_MESSAGE);
            throw new AppError('upstream_failed', `Failed to ${t.verb} text. Please try again.`);
          }
        }
        return { ...(await t.offline!(input, req.log)), engine: 'offline' };
      };
      let outcome;
      try {
        const toolId = t.path.replace('/api/tools/', '').replace(/-/g, '_');
        outcome = await runTool(ctx, caller, { tool: toolId, text: input.text, anon: t.allowance }, work, (r) => r.engine);
      } catch (err) {
        // Once the stream has begun, the status line is sent: report the failure as an SSE event.
        if (!sse?.hasStarted) throw err;
        const e = err instanceof AppError ? err : new AppError('upstream_failed', `Failed to ${t.verb} text. Please try again.`);
        sse.send('error', { error: { code: e.code, message: e.message }, message: e.message });
        sse.end();
        return reply;
      }
      const { result, allowance } = outcome;
      // respond
      const body: WritingResponse = {
        output: result.output,
        [t.field]: result.output,
        engine: result.engine,
        wordsBefore,
        wordsAfter: countWords(result.output),
        allowance,
        ...(result.notice ? { notice: result.notice } : {}),
        ...(result.extra ?? {}),
        ...(t.annotate ? t.annotate(input as never, result.output) : {}),
        ...(input.source === 'file' ? { input: input.text } : {}),
      };
      if (sse) {
        sse.send('done', body);
        sse.end();
        return reply;
      }
      return reply.header('cache-control', 'no-store').send(body);
    });
  }
}
