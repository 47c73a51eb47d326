/**
 * One language-model call for a tool: streamed through the call's `onDelta` when the page takes server-sent events,
 * its token usage recorded (one llm_usage row, the tool named by its slug), and every failure an AppError the page
 * can show. `failure` says what could not be done ("The essay could not be written").
 */
import { LlmError, type ChatMessage, type LlmUsage } from '../../engines/llm';
import { llmUsage } from '../../db/schema';
import { findTool } from '../../shared/catalogue';
import { TIMEOUT_TOOLS_MESSAGE } from '../../shared/messages';
import { AppError } from '../errors';
import type { ServerContext } from '../context';
import type { ToolCall } from '../tool-route';

/** Can this server stream a writing tool's answer (only a language model produces words as it goes)? */
export function hasLanguageModel(ctx: ServerContext): boolean {
  return ctx.llm !== null;
}

/** For tools with no offline engine: refuse clearly, before anything is charged, when no model is configured. */
export function requireLanguageModel(ctx: ServerContext): void {
  if (!ctx.llm)
    throw new AppError(
      'llm_not_configured',
      'This tool needs a language model, and none is configured on this server. Ask the administrator to set LLM_BASE_URL and LLM_MODEL.',
    );
}

export interface GenerationResult {
  output: string;
  /** The model's name. */
  engine: string;
}

/** One row of llm_usage per model call; the tool is named by its slug (e.g. text-expander). */
export async function recordModelUsage<I>(call: ToolCall<I>, model: string, usage: LlmUsage | null | undefined): Promise<void> {
  await call.ctx.db.insert(llmUsage).values({
    userId: call.caller.user?.id ?? null,
    anonId: call.caller.anonId,
    tool: findTool(call.tool)?.slug ?? call.tool,
    model,
    promptTokens: usage?.promptTokens ?? null,
    completionTokens: usage?.completionTokens ?? null,
    totalTokens: usage?.totalTokens ?? null,
  });
}

export async function generateWithModel<I>(
  call: ToolCall<I>,
  messages: ChatMessage[],
  opts: { maxTokens?: number; temperature?: number; failure: string },
): Promise<GenerationResult> {
  const { ctx, log } = call;
  requireLanguageModel(ctx);
  const llm = ctx.llm!;
  const req = { messages, temperature: opts.temperature ?? 0.7, maxTokens: opts.maxTokens, signal: call.signal };
  let result;
  try {
    if (call.onDelta) {
      const stream = llm.stream(req);
      for await (const delta of stream) call.onDelta(delta);
      result = await stream.result;
    } else {
      result = await llm.complete(req);
    }
  } catch (err) {
    if (!(err instanceof LlmError) || err.kind === 'aborted') throw err;
    log.warn({ tool: call.tool, kind: err.kind, status: err.status }, 'language model failed');
    if (err.kind === 'timeout') throw new AppError('upstream_timeout', TIMEOUT_TOOLS_MESSAGE);
    throw new AppError('upstream_failed', `${opts.failure}: the language model did not answer. Please try again.`);
  }
  const output = result.text.trim();
  if (!output) throw new AppError('upstream_failed', `${opts.failure}: the language model returned nothing. Please try again.`);
  const engine = result.model || llm.model;
  await recordModelUsage(call, engine, result.usage);
  return { output, engine };
}
