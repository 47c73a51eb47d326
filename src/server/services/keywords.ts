/**
 * The keyword extractor and the hashtag generator: offline engines (src/engines/keywords, src/engines/hashtags).
 * Tagging is linear (about 3 ms for a news article, ~0.1 s at the 200,000-character cap); it runs in the engine pool
 * all the same, so a long text never holds the event loop.
 */
import type { HashtagResult } from '../../engines/hashtags';
import type { Keyphrase } from '../../engines/keywords';
import { runEngine } from '../engine-pool';
import { hashtagPrompt, parseModelHashtags } from '../../engines/hashtags/prompt';
import type { HashtagDto, HashtagInput, KeywordInput } from '../../shared/api/keywords';
import { AppError } from '../errors';
import { generateWithModel, requireLanguageModel } from './model-call';
import type { ToolCall } from '../tool-route';

export async function extractKeywords(call: ToolCall<KeywordInput>): Promise<Keyphrase[]> {
  const { text, max } = call.input;
  return (await runEngine('keyphrases', { text, opts: { max } }, { signal: call.signal, label: 'The keyword extractor' })).keyphrases;
}

export interface HashtagOutcome extends Omit<HashtagResult, 'hashtags'> {
  hashtags: HashtagDto[];
  engine: string;
}

/** Offline tags always; in 'ai' mode the model's tags first, each held to the platform's rules (engines/hashtags/prompt.ts). */
export async function makeHashtags(call: ToolCall<HashtagInput>): Promise<HashtagOutcome> {
  const { text, platform, count, mode } = call.input;
  if (mode === 'ai') requireLanguageModel(call.ctx);
  // more keyphrases than tags: verbs and over-long phrases are skipped
  const offline = await runEngine('hashtags', { text, max: 60, opts: { platform, count } }, { signal: call.signal, label: 'The hashtag generator' });
  const own = offline.hashtags.map((h) => ({ ...h, source: 'offline' as const }));
  if (mode !== 'ai') return { ...offline, hashtags: own, engine: 'offline' };
  const want = Math.min(offline.limits.maxTags, count ?? offline.limits.defaultTags);
  const { output, engine } = await generateWithModel(call, hashtagPrompt(text, platform, want), {
    temperature: 0.5,
    maxTokens: 400,
    failure: 'The hashtags could not be suggested',
  });
  const suggested = parseModelHashtags(output, platform, want).map((h) => ({ ...h, source: 'model' as const }));
  if (suggested.length === 0) throw new AppError('upstream_failed', 'The language model suggested no usable hashtags. Please try again.');
  const taken = new Set(suggested.map((h) => h.tag.toLowerCase()));
  return { ...offline, hashtags: [...suggested, ...own.filter((h) => !taken.has(h.tag.toLowerCase()))], engine };
}
