/**
 * The keyword extractor and the hashtag generator: offline engines (src/engines/keywords, src/engines/hashtags).
 * Tagging is linear (about 3 ms for a news article, ~0.1 s at the 200,000-character cap); it runs in the engine pool
 * all the same, so a long text never holds the event loop.
 */
import type { HashtagResult } from '../../engines/hashtags';
import type { Keyphrase } from '../../engines/keywords';
import { runEngine } from '../engine-pool';
import type { HashtagInput, KeywordInput } from '../../shared/api/keywords';
import type { ToolCall } from '../tool-route';

export async function extractKeywords(call: ToolCall<KeywordInput>): Promise<Keyphrase[]> {
  const { text, max } = call.input;
  return (await runEngine('keyphrases', { text, opts: { max } }, { signal: call.signal, label: 'The keyword extractor' })).keyphrases;
}

export async function makeHashtags(call: ToolCall<HashtagInput>): Promise<HashtagResult> {
  const { text, platform, count } = call.input;
  // more keyphrases than tags: verbs and over-long phrases are skipped
  return runEngine('hashtags', { text, max: 60, opts: { platform, count } }, { signal: call.signal, label: 'The hashtag generator' });
}
