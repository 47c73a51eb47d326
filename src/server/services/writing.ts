/**
 * The writing tools (humanizer, rewriter, summarizer, sentence shortener, text expander): the language model when
 * one is configured, else (or when it fails) the tool's offline engine. Records the model's token usage per call.
 */
import { checkGrammar } from '../../engines/grammar';
import { guardHumanized, type GrammarCheck, type HumanizeResult, type HumanizerStyle } from '../../engines/humanizer';
import { expanderPrompt, humanizerPrompt, LlmError, rewriterPrompt, shortenerPrompt, summarizerPrompt, type ChatMessage } from '../../engines/llm';
import { MODEL_VERSION, thresholds } from '../../engines/detector';
import { countWords } from '../../shared/limits';
import { TIMEOUT_TOOLS_MESSAGE } from '../../shared/messages';
import type { DetectorReading, ExpandInput, HumanizeInput, RewriteInput, ShortenInput, SummarizeInput } from '../../shared/api/writing';
import type { ServerContext } from '../context';
import { runEngine } from '../engine-pool';
import { AppError } from '../errors';
import type { ToolCall } from '../tool-route';
import { recordModelUsage, requireLanguageModel } from './model-call';

/** What a writing tool answers, whichever engine produced it. */
export interface WritingResult {
  output: string;
  /** 'offline' or the language model's name. */
  engine: string;
  /** Set when the language model failed and the offline engine answered instead. */
  notice?: string;
  /** The tool's own answer fields (the summarizer's sentences, the humanizer's guard and detector reading). */
  extra: Record<string, unknown>;
}

interface OfflineResult {
  output: string;
  extra?: Record<string, unknown>;
}

interface WritingJob<I> {
  /** What the tool does, for failure messages ("Failed to {verb} text"). */
  verb: string;
  prompt: (input: I) => ChatMessage[];
  /** Offline engine (run in the engine pool, cancelled with the request); tools without one need the language model. */
  offline?: (input: I, call: ToolCall<I>) => Promise<OfflineResult>;
}

// the language-model checks every generator uses live with the model call
export { hasLanguageModel, requireLanguageModel } from './model-call';

/** The model's answer, streamed through `onDelta` when the browser takes server-sent events. */
async function runModel(ctx: ServerContext, messages: ChatMessage[], signal: AbortSignal, onDelta: ((text: string) => void) | null) {
  const llm = ctx.llm!;
  const req = { messages, temperature: 0.7, signal };
  let result;
  if (onDelta) {
    const stream = llm.stream(req);
    for await (const delta of stream) onDelta(delta);
    result = await stream.result;
  } else {
    result = await llm.complete(req);
  }
  const output = result.text.trim();
  if (!output) throw new LlmError('malformed', 'empty completion');
  return { output, engine: result.model || llm.model, usage: result.usage };
}

const offline = (r: OfflineResult): WritingResult => ({ output: r.output, engine: 'offline', extra: r.extra ?? {} });

async function runWriting<I>(call: ToolCall<I>, job: WritingJob<I>): Promise<WritingResult> {
  const { ctx, input, log } = call;
  if (!ctx.llm) {
    if (!job.offline) requireLanguageModel(ctx);
    return offline(await job.offline!(input, call));
  }
  // Whether words have gone out: then the offline engine can no longer answer instead, and a failure must be an
  // AppError the stream can report.
  let streamed = false;
  const onDelta = call.onDelta
    ? (text: string) => {
        streamed = true;
        call.onDelta!(text);
      }
    : null;
  const failed = () => new AppError('upstream_failed', `Failed to ${job.verb} text. Please try again.`);
  try {
    const r = await runModel(ctx, job.prompt(input), call.signal, onDelta);
    await recordModelUsage(call, r.engine, r.usage);
    return { output: r.output, engine: r.engine, extra: {} };
  } catch (err) {
    if (!(err instanceof LlmError) || err.kind === 'aborted') throw streamed && !(err instanceof AppError) ? failed() : err;
    log.warn({ tool: call.tool, kind: err.kind, status: err.status }, 'language model failed');
    // Tools with an offline engine still answer (unless words already streamed); the label says which engine did.
    if (job.offline && !streamed)
      return { ...offline(await job.offline(input, call)), notice: 'The language model did not answer, so the offline engine was used.' };
    if (err.kind === 'timeout') throw new AppError('upstream_timeout', TIMEOUT_TOOLS_MESSAGE);
    throw failed();
  }
}

/** How long an offline rewriting engine waits for the grammar check (harper's first load included) before answering unchecked. */
export const HUMANIZER_GRAMMAR_BOUND_MS = 3000;

/** The grammar check the rewriting guard uses; tests may replace it. */
export const humanizerGuard: { check: GrammarCheck; boundMs: number } = { check: checkGrammar, boundMs: HUMANIZER_GRAMMAR_BOUND_MS };

/**
 * Do no harm: the output of an offline rewriting engine (humanizer, rewriter, shortener) is checked against its input,
 * and each sentence whose output gains a grammar issue or a doubled word is reverted to the input's wording. If the
 * grammar engine fails or is slower than the bound, the edited text is returned unchecked and the answer says so
 * (grammarChecked: false); the request never fails because of the check.
 */
async function guarded(text: string, raw: HumanizeResult, log: ToolCall<unknown>['log']): Promise<OfflineResult> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`grammar check took longer than ${humanizerGuard.boundMs} ms`)), humanizerGuard.boundMs);
  });
  try {
    const g = await Promise.race([guardHumanized(text, raw, humanizerGuard.check), bound]);
    return { output: g.result.text, extra: { grammarChecked: true, revertedSentences: g.reverted.length } };
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : String(err) }, 'rewriting grammar guard skipped');
    return { output: raw.text, extra: { grammarChecked: false } };
  } finally {
    clearTimeout(timer);
  }
}

async function humanizeGuarded(text: string, style: HumanizerStyle, call: ToolCall<unknown>): Promise<OfflineResult> {
  return guarded(text, await runEngine('humanize', { text, style }, { signal: call.signal, label: 'The humanizer' }), call.log);
}

/**
 * The offline detector's reading of the input and of the humanized output (about 20 ms per 1,000 words each, in the
 * engine pool; nothing leaves the server and no detection allowance is spent). Too short for a verdict: null.
 */
async function detectorReading(before: string, after: string, signal: AbortSignal): Promise<DetectorReading | null> {
  if (countWords(before) < thresholds.minWords) return null;
  const [b, a] = await runEngine('detectScores', { texts: [before, after] }, { signal, label: 'The AI detector' });
  return { before: b!, after: a!, modelVersion: MODEL_VERSION };
}

const HUMANIZER: WritingJob<HumanizeInput> = {
  verb: 'humanize',
  prompt: (i) => humanizerPrompt(i.text, i.style),
  offline: (i, call) => humanizeGuarded(i.text, i.style, call),
};

/** The humanizer, with the offline detector's reading of what the rewrite changed, whichever engine rewrote it. */
export async function humanizeText(call: ToolCall<HumanizeInput>): Promise<WritingResult> {
  const r = await runWriting(call, HUMANIZER);
  return { ...r, extra: { ...r.extra, detector: await detectorReading(call.input.text, r.output, call.signal) } };
}

const REWRITER: WritingJob<RewriteInput> = {
  verb: 'rewrite',
  prompt: (i) => rewriterPrompt(i.text, i.tone),
  offline: async (i, call) =>
    guarded(i.text, await runEngine('rewrite', { text: i.text, tone: i.tone }, { signal: call.signal, label: 'The rewriter' }), call.log),
};

export function rewriteText(call: ToolCall<RewriteInput>): Promise<WritingResult> {
  return runWriting(call, REWRITER);
}

const SUMMARIZER: WritingJob<SummarizeInput> = {
  verb: 'summarize',
  prompt: (i) => summarizerPrompt(i.text, { length: i.length, format: i.format }),
  offline: async (i, call) => {
    const r = await runEngine('summarize', { text: i.text, length: i.length, format: i.format }, { signal: call.signal, label: 'The summarizer' });
    return { output: r.summary, extra: { sentences: r.sentences } };
  },
};

export function summarizeText(call: ToolCall<SummarizeInput>): Promise<WritingResult> {
  return runWriting(call, SUMMARIZER);
}

const SHORTENER: WritingJob<ShortenInput> = {
  verb: 'shorten',
  prompt: (i) => shortenerPrompt(i.text),
  offline: async (i, call) => guarded(i.text, await runEngine('shorten', { text: i.text }, { signal: call.signal, label: 'The sentence shortener' }), call.log),
};

export function shortenText(call: ToolCall<ShortenInput>): Promise<WritingResult> {
  return runWriting(call, SHORTENER);
}

/** The text expander has no offline engine: it needs the language model (see requireLanguageModel). */
const EXPANDER: WritingJob<ExpandInput> = {
  verb: 'expand',
  prompt: (i) => expanderPrompt(i.text, i.tone),
};

export function expandText(call: ToolCall<ExpandInput>): Promise<WritingResult> {
  return runWriting(call, EXPANDER);
}
