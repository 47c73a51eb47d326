/**
 * The essay writer. The outline is offline (engines/essay: structure only, labelled as an outline). The full essay
 * needs the language model, streamed when the page asks; once written, the offline AI detector reads it so the page
 * can show its score beside the essay (in the engine pool, nothing leaves the server, no detection allowance spent).
 */
import { MODEL_VERSION, thresholds } from '../../engines/detector';
import { buildOutline, CITATION_NEEDED, essayPrompt, outlineToText, type EssayOutline } from '../../engines/essay';
import type { EssayDetectorReading, EssayInput } from '../../shared/api/essay';
import { countWords } from '../../shared/limits';
import { runEngine } from '../engine-pool';
import type { ToolCall } from '../tool-route';
import { generateWithModel } from './model-call';

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
  const { input } = call;
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
  const { output: essay, engine } = await generateWithModel(call, messages, {
    maxTokens: Math.round(input.words * 2 + 600),
    failure: 'The essay could not be written',
  });
  let detector: EssayDetectorReading | null = null;
  if (countWords(essay) >= thresholds.minWords) {
    const [score] = await runEngine('detectScores', { texts: [essay] }, { signal: call.signal, label: 'The AI detector' });
    detector = { score: score!, modelVersion: MODEL_VERSION };
  }
  return { essay, engine, detector };
}

/** Markers the model left where a claim needs a source the user did not give. */
export function citationsNeeded(essay: string): number {
  return essay.split(CITATION_NEEDED).length - 1;
}
