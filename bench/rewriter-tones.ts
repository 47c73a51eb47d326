/**
 * `npm run bench:tones` — are the offline rewriter's tones visibly different? On 100 human texts (l2r_data human
 * sides, 5 from each of 20 domains, picked by a fixed hash; the rewriter was never tuned on them), each tone's output
 * is compared with its input on simple style metrics:
 *
 * - contractions per 100 words; mean sentence length in words;
 * - second person (you, your) per 100 words;
 * - formal connectives (however, therefore, moreover, furthermore, consequently, nevertheless, in addition, thus) per
 *   100 words.
 *
 * A text's output is "on the right side" of its input when:
 * - casual: more contractions, or shorter sentences;
 * - academic: no contractions left, and no fewer formal connectives;
 * - persuasive: more second person.
 *
 * Prints the share of texts on the right side per tone and the mean of each metric before and after.
 */
import { hasDetectionData, hash32, loadDetectionData } from '../scripts/detector-data';
import { rewrite, type RewriterTone } from '../src/engines/rewriter';
import { countWords, splitSentences } from '../src/engines/text';

if (!hasDetectionData()) {
  console.log('../shared/datasets/detection is absent: nothing to measure.');
  process.exit(0);
}

const TEXTS = 100;
const PER_DOMAIN = 6;
const human = loadDetectionData().filter((s) => s.source === 'l2r_data' && s.label === 0 && !['Code', 'TravelTourism'].includes(s.domain));
const byDomain = new Map<string, string[]>();
for (const s of human) {
  if (countWords(s.text) < 80) continue;
  const list = byDomain.get(s.domain) ?? [];
  list.push(s.text);
  byDomain.set(s.domain, list);
}
const texts: string[] = [];
for (const [, list] of [...byDomain].sort((a, b) => a[0].localeCompare(b[0]))) {
  texts.push(...list.sort((a, b) => hash32(a) - hash32(b)).slice(0, PER_DOMAIN));
}
texts.splice(TEXTS);

interface Metrics {
  contractions: number;
  sentenceWords: number;
  secondPerson: number;
  formal: number;
}

const per100 = (n: number, words: number) => (words === 0 ? 0 : (100 * n) / words);
const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

function metrics(text: string): Metrics {
  const words = countWords(text);
  const sentences = splitSentences(text).length || 1;
  return {
    // "'s" only after pronouns and question words: elsewhere it is usually a possessive
    contractions: per100(count(text, /\b(?:\w+n['’]t|\w+['’](?:re|ve|ll|d|m)|(?:it|that|there|here|what|who|he|she|let|where|how)['’]s)\b/gi), words),
    sentenceWords: words / sentences,
    secondPerson: per100(count(text, /\b(?:you|your|yours|yourself)\b/gi), words),
    formal: per100(count(text, /\b(?:however|therefore|moreover|furthermore|consequently|nevertheless|in addition|thus)\b/gi), words),
  };
}

const RIGHT_SIDE: Record<'casual' | 'academic' | 'persuasive', (a: Metrics, b: Metrics) => boolean> = {
  casual: (a, b) => b.contractions > a.contractions || b.sentenceWords < a.sentenceWords - 0.01,
  academic: (a, b) => b.contractions === 0 && b.formal >= a.formal,
  persuasive: (a, b) => b.secondPerson > a.secondPerson,
};

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / (xs.length || 1);
const f = (x: number) => x.toFixed(2);

console.log(`Rewriter tones on ${texts.length} human texts (l2r_data, ${byDomain.size} domains, up to ${PER_DOMAIN} each)\n`);
const before = texts.map(metrics);
console.log(
  `input          contractions ${f(mean(before.map((m) => m.contractions)))}/100w · sentence ${f(mean(before.map((m) => m.sentenceWords)))} words · ` +
    `you ${f(mean(before.map((m) => m.secondPerson)))}/100w · formal connectives ${f(mean(before.map((m) => m.formal)))}/100w`,
);
for (const tone of Object.keys(RIGHT_SIDE) as (keyof typeof RIGHT_SIDE & RewriterTone)[]) {
  const after = texts.map((t) => metrics(rewrite(t, { tone }).text));
  const right = after.filter((m, i) => RIGHT_SIDE[tone](before[i]!, m)).length;
  console.log(
    `${tone.padEnd(14)} contractions ${f(mean(after.map((m) => m.contractions)))}/100w · sentence ${f(mean(after.map((m) => m.sentenceWords)))} words · ` +
      `you ${f(mean(after.map((m) => m.secondPerson)))}/100w · formal connectives ${f(mean(after.map((m) => m.formal)))}/100w · ` +
      `right side of the input: ${right}/${texts.length} (${Math.round((100 * right) / texts.length)} %)`,
  );
}
