/**
 * `npm run bench:tones` — are the offline rewriter's tones visibly different? On 100 human texts (l2r_data human
 * sides, up to 6 from each of 19 domains, picked by a fixed hash), each tone's output is compared with its input on
 * simple style metrics:
 *
 * - contractions per 100 words; mean sentence length in words;
 * - second person (you, your) per 100 words, and direct address: second person plus sentences that open with an
 *   imperative speaking to the reader (consider, note, keep in mind, remember, imagine, look at, make sure, ...;
 *   also after one opening word such as "However," or "But"; a wide gap counts as a sentence start in texts written without stops);
 * - formal connectives (however, therefore, moreover, furthermore, consequently, nevertheless, in addition, thus,
 *   whereas, hence, additionally) per 100 words;
 * - for information only: formal words (a fixed list of Latinate words with plain equivalents) and nominalisations
 *   (-tion, -ment, -ness, -ity, -ance, -ence) per 100 words.
 *
 * A text's output is "on the right side" of its input when:
 * - casual: more contractions, or shorter sentences, or plainer words (fewer of the formal words); the figure
 *   without plain words (the criterion of the first measurement) is printed beside it;
 * - academic: no contractions left, and no fewer formal connectives;
 * - persuasive: more direct address.
 *
 * The texts are split in two by a hash of the text: the tone rules were tuned looking at the dev half only, and the
 * held-out half measures whether what was tuned generalises. Both halves are printed.
 *
 *   npm run bench:tones                      # the figures
 *   npm run bench:tones -- --show persuasive # also each dev text of that tone before and after (--held-out: that half)
 *   npm run bench:tones -- --fails casual    # only the dev texts that are not on the right side
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
/** dev: the half the rules were tuned on; held-out: the other half, never looked at while tuning */
const isDev = (t: string) => hash32(`tones-split:${t}`) % 2 === 0;
const split = { dev: texts.filter(isDev), 'held-out': texts.filter((t) => !isDev(t)) };

interface Metrics {
  contractions: number;
  sentenceWords: number;
  secondPerson: number;
  address: number;
  formal: number;
  formalWords: number;
  nominal: number;
}

const per100 = (n: number, words: number) => (words === 0 ? 0 : (100 * n) / words);
const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

/** imperatives that speak to the reader, at the start of a sentence */
const IMPERATIVE =
  /(?:^|[.!?]["'\u201D\u2019)]*\s+|\s{2,})(?:\p{L}+,?\s+)?(?:consider|note|notice|keep in mind|remember|imagine|look at|make sure|think about|ask yourself|take a look|picture|see how|don't|do not forget)\b/giu;
const FORMAL_WORDS =
  /\b(?:approximately|purchas\w*|obtain\w*|assist\w*|requir\w*|sufficient|individuals|regarding|prior to|in order to|utiliz\w*|commenc\w*|numerous|demonstrat\w*|facilitat\w*|additional|subsequent\w*|frequently|endeavou?r\w*|inquir\w*|resid\w*|modif\w*|possess\w*|ensur\w*|whilst|upon|therefore|however|moreover|furthermore)\b/gi;

function metrics(text: string): Metrics {
  const words = countWords(text);
  const sentences = splitSentences(text).length || 1;
  const secondPerson = count(text, /\b(?:you|your|yours|yourself)\b/gi);
  return {
    // "'s" only after pronouns and question words: elsewhere it is usually a possessive
    contractions: per100(count(text, /\b(?:\w+n['’]t|\w+['’](?:re|ve|ll|d|m)|(?:it|that|there|here|what|who|he|she|let|where|how)['’]s)\b/gi), words),
    sentenceWords: words / sentences,
    secondPerson: per100(secondPerson, words),
    address: per100(secondPerson + count(text, IMPERATIVE), words),
    formal: per100(
      count(text, /\b(?:however|therefore|moreover|furthermore|consequently|nevertheless|in addition|thus|whereas|hence|additionally)\b/gi),
      words,
    ),
    formalWords: per100(count(text, FORMAL_WORDS), words),
    nominal: per100(count(text, /\b\w{3,}(?:tion|tions|ment|ments|ness|ity|ities|ance|ances|ence|ences)\b/gi), words),
  };
}

type Tone = 'casual' | 'academic' | 'persuasive';
const RIGHT_SIDE: Record<Tone, (a: Metrics, b: Metrics) => boolean> = {
  // the issue's casual: contractions, shorter sentences and plain words (fewer of the formal words)
  casual: (a, b) => b.contractions > a.contractions || b.sentenceWords < a.sentenceWords - 0.01 || b.formalWords < a.formalWords - 0.001,
  academic: (a, b) => b.contractions === 0 && b.formal >= a.formal,
  persuasive: (a, b) => b.address > a.address,
};

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / (xs.length || 1);
const f = (x: number) => x.toFixed(2);
const line = (ms: Metrics[]) =>
  `contractions ${f(mean(ms.map((m) => m.contractions)))} · sentence ${f(mean(ms.map((m) => m.sentenceWords)))} w · ` +
  `you ${f(mean(ms.map((m) => m.secondPerson)))} · address ${f(mean(ms.map((m) => m.address)))} · formal conn. ${f(mean(ms.map((m) => m.formal)))} · ` +
  `formal words ${f(mean(ms.map((m) => m.formalWords)))} · nominal ${f(mean(ms.map((m) => m.nominal)))}`;

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const show = flag('--show');
const fails = flag('--fails');
const showHalf = args.includes('--held-out') ? 'held-out' : 'dev';

console.log(`Rewriter tones on ${texts.length} human texts (l2r_data, ${byDomain.size} domains, up to ${PER_DOMAIN} each)`);
console.log('metrics per 100 words, except the mean sentence length\n');
const started = performance.now();
for (const [half, list] of Object.entries(split)) {
  const before = list.map(metrics);
  console.log(`${half} (${list.length} texts)`);
  console.log(`  ${'input'.padEnd(11)} ${line(before)}`);
  for (const tone of Object.keys(RIGHT_SIDE) as (Tone & RewriterTone)[]) {
    const outs = list.map((t) => rewrite(t, { tone }).text);
    const after = outs.map(metrics);
    const right = after.map((m, i) => RIGHT_SIDE[tone](before[i]!, m));
    const n = right.filter(Boolean).length;
    // for persuasive, the share that gained second person ("you", "your") as such
    const casualOld =
      tone === 'casual'
        ? ` (contractions or shorter sentences alone: ${after.filter((m, i) => m.contractions > before[i]!.contractions || m.sentenceWords < before[i]!.sentenceWords - 0.01).length})`
        : '';
    const you = tone === 'persuasive' ? ` (second person up: ${after.filter((m, i) => m.secondPerson > before[i]!.secondPerson).length})` : '';
    console.log(`  ${tone.padEnd(11)} ${line(after)} · right side: ${n}/${list.length} (${Math.round((100 * n) / list.length)} %)${you}${casualOld}`);
    if (half === showHalf && (show === tone || fails === tone)) {
      for (const [i, t] of list.entries()) {
        if (fails === tone && right[i]) continue;
        console.log(`\n----- ${tone} #${i} ${right[i] ? 'right side' : 'NOT on the right side'}\nIN : ${t}\nOUT: ${outs[i]}`);
      }
      console.log();
    }
  }
  console.log();
}
console.log(`(${Math.round(performance.now() - started)} ms)`);
