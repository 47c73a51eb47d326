/**
 * The keyword extractor and the hashtag generator: offline engines (src/engines/keywords, src/engines/hashtags), and
 * optionally the configured language model (topic groups; more hashtags), whose answers are checked against the offline ones.
 * Tagging is linear (about 3 ms for a news article, ~0.1 s at the 200,000-character cap); it runs in the engine pool
 * all the same, so a long text never holds the event loop.
 */
import type { HashtagResult } from '../../engines/hashtags';
import type { Keyphrase } from '../../engines/keywords';
import { runEngine } from '../engine-pool';
import { hashtagPrompt, parseModelHashtags } from '../../engines/hashtags/prompt';
import { keywordGroupPrompt, parseKeywordGroups, type KeywordGroup } from '../../engines/keywords/prompt';
import type { HashtagDto, HashtagInput, KeywordInput } from '../../shared/api/keywords';
import { AppError } from '../errors';
import { generateWithModel, requireLanguageModel } from './model-call';
import type { ToolCall } from '../tool-route';

export interface KeywordOutcome {
  keyphrases: Keyphrase[];
  groups?: KeywordGroup[];
  engine: string;
}

/** Offline keyphrases always; with `group`, the model sorts those same phrases (by number) into topics with an intent. */
export async function extractKeywords(call: ToolCall<KeywordInput>): Promise<KeywordOutcome> {
  const { text, max, group } = call.input;
  if (group) requireLanguageModel(call.ctx);
  const { keyphrases } = await runEngine('keyphrases', { text, opts: { max } }, { signal: call.signal, label: 'The keyword extractor' });
  if (!group) return { keyphrases, engine: 'offline' };
  // nothing to group: no model call, no charge for one
  if (keyphrases.length === 0) return { keyphrases, groups: [], engine: 'offline' };
  const phrases = keyphrases.map((k) => k.phrase);
  const { output, engine } = await generateWithModel(call, keywordGroupPrompt(text, phrases), {
    temperature: 0.2,
    maxTokens: 800,
    failure: 'The keywords could not be grouped',
  });
  const groups = parseKeywordGroups(output, phrases);
  if (groups.length === 0) throw new AppError('upstream_failed', 'The language model gave no usable topic groups. Please try again.');
  return { keyphrases, groups, engine };
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
