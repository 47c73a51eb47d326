/**
 * The essay writer. The outline is offline (engines/essay: structure only, labelled as an outline). The full essay
 * needs the language model, streamed when the page asks; once written, the offline AI detector reads it so the page
 * can show its score beside the essay (in the engine pool, nothing leaves the server, no detection allowance spent).
 */
import { MODEL_VERSION, thresholds } from '../../engines/detector';
import { buildOutline, CITATION_NEEDED, essayPrompt, outlineToText, type EssayOutline } from '../../engines/essay';
import { LlmError } from '../../engines/llm';
import { llmUsage } from '../../db/schema';
import type { EssayDetectorReading, EssayInput } from '../../shared/api/essay';
import { findTool } from '../../shared/catalogue';
import { countWords } from '../../shared/limits';
import { TIMEOUT_TOOLS_MESSAGE } from '../../shared/messages';
import { runEngine } from '../engine-pool';
import { AppError } from '../errors';
import type { ToolCall } from '../tool-route';

export interface OutlineResult {
  outline: EssayOutline;
  outlineText: string;
}

const outlineOf = (i: EssayInput) =>
  buildOutline({ topic: i.text, thesis: i.thesis, type: i.type, level: i.level, words: i.words, citationStyle: i.citationStyle });

/**
 * The outline. It runs inline, not in the engine pool: the input is bounded by the contract (a 300-character topic,
 * at most 14 body paragraphs) and building it is a few dozen string operations, well under a millisecond.
 */
export async function outlineEssay(call: ToolCall<EssayInput>): Promise<OutlineResult> {
  const outline = outlineOf(call.input);
  return { outline, outlineText: outlineToText(outline) };
}

export interface EssayResult {
  essay: string;
  engine: string;
  detector: EssayDetectorReading | null;
}

/** The full essay by the language model (toolRoute's `available` has already refused when none is configured). */
export async function writeEssay(call: ToolCall<EssayInput>): Promise<EssayResult> {
  const { ctx, input, log } = call;
  const llm = ctx.llm;
  if (!llm) throw new AppError('llm_not_configured', 'The full essay needs a language model, and none is configured on this server.');
  const messages = essayPrompt(
    {
      topic: input.text,
      thesis: input.thesis,
      type: input.type,
      level: input.level,
      words: input.words,
      citationStyle: input.citationStyle,
      sources: input.sources,
    },
    outlineOf(input),
  );
  // about 1.6 tokens per word, with room for the title and a reference list
  const req = { messages, temperature: 0.7, maxTokens: Math.round(input.words * 2 + 600), signal: call.signal };
  let streamed = false;
  let result;
  try {
    if (call.onDelta) {
      const stream = llm.stream(req);
      for await (const delta of stream) {
        streamed = true;
        call.onDelta(delta);
      }
      result = await stream.result;
    } else {
      result = await llm.complete(req);
    }
  } catch (err) {
    if (!(err instanceof LlmError) || err.kind === 'aborted') throw err;
    log.warn({ tool: call.tool, kind: err.kind, status: err.status, streamed }, 'language model failed');
    if (err.kind === 'timeout') throw new AppError('upstream_timeout', TIMEOUT_TOOLS_MESSAGE);
    throw new AppError('upstream_failed', 'The essay could not be written: the language model did not answer. Please try again.');
  }
  const essay = result.text.trim();
  if (!essay) throw new AppError('upstream_failed', 'The language model returned an empty essay. Please try again.');
  const model = result.model || llm.model;
  await ctx.db.insert(llmUsage).values({
    userId: call.caller.user?.id ?? null,
    anonId: call.caller.anonId,
    tool: findTool(call.tool)?.slug ?? call.tool,
    model,
    promptTokens: result.usage?.promptTokens ?? null,
    completionTokens: result.usage?.completionTokens ?? null,
    totalTokens: result.usage?.totalTokens ?? null,
  });
  let detector: EssayDetectorReading | null = null;
  if (countWords(essay) >= thresholds.minWords) {
    const [score] = await runEngine('detectScores', { texts: [essay] }, { signal: call.signal, label: 'The AI detector' });
    detector = { score: score!, modelVersion: MODEL_VERSION };
  }
  return { essay, engine: model, detector };
}

/** Markers the model left where a claim needs a source the user did not give. */
export function citationsNeeded(essay: string): number {
  return essay.split(CITATION_NEEDED).length - 1;
}
