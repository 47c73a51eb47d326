import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDetector, decideVerdict, detect, rescore, splitSentences, thresholds, type DetectionResult } from '../../src/engines/detector/index';
import { detectionDataDir, hasDetectionData, isHeldOut, loadDetectionData } from '../../scripts/detector-data';
import { gunzipSync } from 'node:zlib';
import { readdirSync, statSync } from 'node:fs';
import charLmJson from '../../src/engines/detector/model/charlm.json';
import { aiThreshold, type WeightsJson } from '../../src/engines/detector/model';
import { extract, FUNCTION_WORDS, normalise, tokenShape } from '../../src/engines/detector/features';
import weightsJson from '../../src/engines/detector/model/weights.json';
import { charLmFeatures, charLmFromJson, LM_FEATURE_NAMES, type CharLmJson } from '../../src/engines/detector/charlm';

const FIX = join(__dirname, 'fixtures', 'detector');
const fixture = (name: string) => readFileSync(join(FIX, name), 'utf8');
// a default-voice memo from a genre the model never trained on (the one the e2e test pastes)
const HELD_OUT_MEMO = readFileSync(join(__dirname, '..', '..', 'e2e', 'samples', 'heldout-default.txt'), 'utf8');

const LONG_PROSE =
  'The old mill stood at the edge of the village for nearly two centuries. Nobody remembers exactly when it stopped grinding grain, ' +
  'but my grandmother insisted it was the winter the river froze solid. She told that story every Christmas, and every year the ' +
  'details changed a little: sometimes there were wolves, sometimes a lost child, once even a travelling circus. We never corrected her. ' +
  'The mill is a café now, with exposed beams and a chalkboard menu. The coffee is fine. The scones are better. On Sundays the place ' +
  'fills with cyclists in bright jerseys who lean their bikes against the stone wall where the water wheel used to turn. I go there ' +
  'sometimes to write, though mostly I watch the river and think about wolves that probably never existed.';

function checkSpans(text: string, r: DetectionResult) {
  let prevEnd = 0;
  for (const s of r.sentences) {
    expect(s.start).toBeGreaterThanOrEqual(prevEnd);
    expect(s.end).toBeGreaterThan(s.start);
    const slice = text.slice(s.start, s.end);
    expect(slice.length).toBeGreaterThan(0);
    expect(slice).toBe(slice.trim());
    expect(s.score).toBeGreaterThanOrEqual(0);
    expect(s.score).toBeLessThanOrEqual(1);
    // the band the page tints the sentence by is its score on the calibrated sentence bands
    expect(s.band).toBe(s.score >= thresholds.sentenceAi ? 'ai' : s.score <= thresholds.sentenceHuman ? 'human' : 'uncertain');
    // nothing but whitespace is skipped between sentences
    expect(text.slice(prevEnd, s.start).trim()).toBe('');
    prevEnd = s.end;
  }
  expect(text.slice(prevEnd).trim()).toBe('');
}

describe('detector engine', () => {
  it('is deterministic', () => {
    const a = detect(LONG_PROSE);
    const b = detect(LONG_PROSE);
    expect(a).toEqual(b);
    expect(a.modelVersion).toMatch(/veritext-detector/);
  });

  it('returns a score in [0,1] with humanProbability = 1 - score', () => {
    for (const t of [LONG_PROSE, 'Hello.', '', '   \n\n ', fixture('human-l2r.txt'), fixture('ai-l2r.txt')]) {
      const r = detect(t);
      expect(r.score).toBeGreaterThanOrEqual(0);
      expect(r.score).toBeLessThanOrEqual(1);
      expect(r.humanProbability).toBe(1 - r.score);
      expect(['human', 'mixed', 'ai', 'uncertain']).toContain(r.verdict);
    }
  });

  it('maps every sentence back to the exact input text', () => {
    const texts = [
      LONG_PROSE,
      '  Leading spaces.   Trailing spaces too.   ',
      'Line one without stop\nline two continues. New para follows.\n\n\nThird paragraph!  Really?\tYes.',
      '“Curly quotes,” she said. ‘Single ones’ too… And an ellipsis… Then more.',
      'Unicode: naïve café — résumé. 日本語のテキスト。 Emoji 🎉 here! Done.',
      'Mr. Smith went to Washington, D.C. on Jan. 5. He met Dr. J. Doe (of the U.S. Navy). It was 3.5 hours.',
      '- bullet one\n- bullet two\n1. numbered item\n2) another one',
      'no punctuation at all just words running on and on',
      '\r\nWindows\r\nline endings. Second sentence.\r\n\r\nThird.\r\n',
      '"Quoted sentence." Another one!" Odd quote. \'Single.\'',
      '',
      '   ',
    ];
    for (const t of texts) {
      const r = detect(t);
      checkSpans(t, r);
      expect(splitSentences(t).map((s) => [s.start, s.end])).toEqual(r.sentences.map((s) => [s.start, s.end]));
    }
  });

  it('splits sentences sensibly', () => {
    const t = 'Mr. Smith arrived. He sat down! Did he eat? Yes.\n\nNew paragraph here';
    expect(splitSentences(t).map((s) => t.slice(s.start, s.end))).toEqual(['Mr. Smith arrived.', 'He sat down!', 'Did he eat?', 'Yes.', 'New paragraph here']);
  });

  it('returns uncertain with a reason for short texts', () => {
    const r = detect('Furthermore, it is important to note that this pivotal tapestry fosters innovation.');
    expect(r.wordCount).toBeLessThan(thresholds.minWords);
    expect(r.verdict).toBe('uncertain');
    expect(r.reasons.join(' ')).toMatch(/too short/i);
    expect(detect('').verdict).toBe('uncertain');
  });

  it('is invariant to newline layout', () => {
    const base = fixture('ai-l2r.txt');
    const oneLine = base.replace(/\s+/g, ' ');
    const words = oneLine.split(' ');
    let wrapped = '';
    let col = 0;
    for (const w of words) {
      if (col + w.length > 60) {
        wrapped += '\n';
        col = 0;
      } else if (col) {
        wrapped += ' ';
        col++;
      }
      wrapped += w;
      col += w.length;
    }
    const paragraphs = oneLine.replace(/\. /g, '.\n\n');
    const s0 = detect(oneLine).score;
    for (const t of [base, wrapped, paragraphs, `\n\n${oneLine}\n\n\n`, oneLine.replace(/ /g, '  ')]) {
      expect(Math.abs(detect(t).score - s0)).toBeLessThan(0.01);
    }
  });

  it('gives plain-language reasons', () => {
    const r = detect(HELD_OUT_MEMO);
    expect(r.reasons.length).toBeGreaterThan(0);
    for (const reason of r.reasons) expect(reason).toMatch(/^[A-Z]/);
  });

  it("says where an uncertain score leans, and where 'Likely AI-generated' starts for the text's length", () => {
    const r = detect(LONG_PROSE);
    const ai = aiThreshold(thresholds, r.wordCount);
    const mid = (thresholds.human + ai) / 2;
    // the same document read at three scores of the uncertain band: its own sentence shares are kept
    const upper = rescore({ ...r, aiShare: 0, humanShare: 0 }, (mid + ai) / 2);
    expect(upper.verdict).toBe('uncertain');
    expect(upper.reasons[0]).toContain(`nearer "Likely AI-generated", which starts at ${(ai * 100).toFixed(2)}% for a text of this length`);
    const lower = rescore({ ...r, aiShare: 0, humanShare: 0 }, (thresholds.human + mid) / 2);
    expect(lower.verdict).toBe('uncertain');
    expect(lower.reasons[0]).toBe('The score falls in the uncertain band: the signals are not strong enough either way');
    // the line is replaced, never stacked, when a result is read again
    expect(rescore(upper, (thresholds.human + mid) / 2).reasons).toEqual(lower.reasons);
    expect(rescore(lower, ai).reasons.some((x) => x.includes('uncertain band'))).toBe(false);
  });

  it('puts committed fixtures (l2r_data CC BY 3.0, fast-detect-gpt MIT excerpts) on the right side', () => {
    // Never an accusation on the human fixtures, and never "Likely human" on the AI ones. These run without
    // ../shared; the ranking of GPT stories above human stories is checked on the whole held-out slice below, not
    // on this one pair (single examples: with 2.3.0 this human story scores 0.56 and this GPT story 0.57, while
    // over the slice GPT ranks higher than in 2.0.0, AUROC 0.80 against 0.79).
    for (const name of ['human-l2r.txt', 'human-fdg.txt']) {
      const r = detect(fixture(name));
      expect(r.verdict, name).not.toBe('ai');
      expect(r.score, name).toBeLessThan(thresholds.ai);
    }
    expect(detect(fixture('ai-fdg.txt')).verdict).not.toBe('human');
  });

  // A known miss since 2.5.0 (model card, "What works, and what fails"): this GPT rewrite of an arXiv abstract scores
  // 0.22, "Likely human" (2.4.0: 0.50, just above the human band). l2r's AI rewrites of research abstracts are called
  // human 39 % of the time (2.4.0: 27 %). If a model gets it right again, this test fails: move the fixture back above.
  it.fails('does not call the l2r AI rewrite of a research abstract "Likely human" (known miss)', () => {
    expect(detect(fixture('ai-l2r.txt')).verdict).not.toBe('human');
  });

  it('does not paint a plainly human sentence red because of AI neighbours', () => {
    // regression: with the 3-sentence window alone this sentence scored 0.84 (above sentenceAi) in this context
    const lake = 'We drove up to the lake on Friday, later than planned because Sam forgot the tent poles and we had to turn back for them.';
    const sents = fixture('ai-l2r.txt')
      .trim()
      .match(/[^.!?]+[.!?]+/g)!;
    const text = [...sents.slice(0, -1), ' ' + lake, sents[sents.length - 1]].join('').trim();
    const r = detect(text);
    const s = r.sentences.find((x) => text.slice(x.start, x.end).startsWith('We drove up to the lake'))!;
    expect(s).toBeDefined();
    expect(s.score).toBeLessThan(thresholds.sentenceAi);
    expect(s.band).not.toBe('ai');
  });

  it('ships a character LM that prefers English to scrambled letters, deterministically', () => {
    const lm = charLmFromJson(charLmJson as unknown as CharLmJson, (b) => gunzipSync(b));
    const english = LONG_PROSE.toLowerCase();
    // same letters, order scrambled deterministically
    const scrambled = english
      .split('')
      .map((c, i) => english[(i * 7919) % english.length])
      .join('');
    const fe = charLmFeatures(lm, english);
    const fs = charLmFeatures(lm, scrambled);
    expect(fe).toHaveLength(LM_FEATURE_NAMES.length);
    for (const v of [...fe, ...fs]) expect(Number.isFinite(v)).toBe(true);
    expect(charLmFeatures(lm, english)).toEqual(fe);
    const lp = LM_FEATURE_NAMES.indexOf('lmLogProb');
    // mean log-probability per character: English is far more predictable than scrambled text
    expect(fe[lp]).toBeGreaterThan(fs[lp] + 1);
    // the shipped weights say whether they use the LM (off since 2.0.0); when they do, it must be the LM they were trained with
    const w = weightsJson as { modelVersion: string; charLm?: boolean };
    if (w.charLm) expect(charLmJson.modelVersion).toBe(w.modelVersion);
  });

  it('keeps the committed model files within 10 MB', () => {
    const dir = join(__dirname, '..', '..', 'src', 'engines', 'detector', 'model');
    const total = readdirSync(dir).reduce((a, f) => a + statSync(join(dir, f)).size, 0);
    expect(total).toBeLessThan(10 * 1024 * 1024);
  });

  it('decideVerdict applies the bands', () => {
    const t = thresholds;
    // thresholds.ai is the 'ai' threshold of a 400-word text (aiThreshold)
    const base = { wordCount: 400, aiShare: 0, humanShare: 0, sentenceCount: 10 };
    expect(decideVerdict({ ...base, score: t.ai })).toBe('ai');
    expect(decideVerdict({ ...base, score: t.human })).toBe('human');
    expect(decideVerdict({ ...base, score: (t.ai + t.human) / 2 })).toBe('uncertain');
    expect(decideVerdict({ ...base, score: 0.99, wordCount: 10 })).toBe('uncertain');
    expect(decideVerdict({ ...base, score: (t.ai + t.human) / 2, aiShare: 0.4, humanShare: 0.4 })).toBe('mixed');
    expect(decideVerdict({ ...base, score: t.human + 0.01, aiShare: 0.4, humanShare: 0.4 })).toBe('uncertain');
    // in the calibrated 'ai' band the document score decides, even where sentences disagree
    expect(decideVerdict({ ...base, score: t.ai, aiShare: 0.4, humanShare: 0.4 })).toBe('ai');
    expect(t.human).toBeLessThan(t.ai);
  });

  it("keeps the assistant's common words as words in the n-grams, and reduces other content words to their shape", () => {
    const W = weightsJson as unknown as WeightsJson;
    expect(W.sparseMode).toBe('common');
    const common = new Set(W.commonWords);
    expect(common.size).toBeGreaterThan(100);
    for (const w of common) expect(FUNCTION_WORDS.has(w), w).toBe(false);
    // 'said' is a common word; 'zaid' is not, and has the same shape (<w>): in 'style' both are one key, in 'common' not
    expect(common.has('said') && !common.has('zaid') && tokenShape('said') === tokenShape('zaid')).toBe(true);
    const keys = (text: string, sparse: 'style' | 'common') =>
      [
        ...extract(normalise(text), {
          buckets: W.buckets,
          lexicon: { ai: new Map(), human: new Map() },
          zlib: false,
          dense: false,
          sparse,
          commonWords: common,
        }).idx,
      ].join();
    expect(keys('She said it twice.', 'style')).toBe(keys('She zaid it twice.', 'style'));
    expect(keys('She said it twice.', 'common')).not.toBe(keys('She zaid it twice.', 'common'));
    // two words outside the list with the same shape are still one key
    expect(keys('She zaid it twice.', 'common')).toBe(keys('She blif it twice.', 'common'));
  });

  it("reads paragraphs with the weights' paragraph model where they carry one, and the document score without it", () => {
    // a paragraph model whose every weight leans AI: the paragraphs, and so the sentences inside them, must follow it
    const W = weightsJson as unknown as WeightsJson;
    const leansAi = { ...W.doc, bias: 12 };
    const plain = createDetector(W, null);
    const withPara = createDetector({ ...W, para: leansAi }, null);
    const text = `${LONG_PROSE}\n\n${LONG_PROSE}`;
    const a = plain.detect(text);
    const b = withPara.detect(text);
    expect(b.score).toBe(a.score);
    expect(b.sentences.length).toBe(a.sentences.length);
    expect(Math.min(...b.sentences.map((x) => x.score))).toBeGreaterThan(Math.max(...a.sentences.map((x) => x.score)));
  });

  it("moves the 'ai' threshold with length: shorter texts need a higher score", () => {
    const t = thresholds;
    expect(t.aiLengthSlope).toBeGreaterThan(0);
    expect(aiThreshold(t, 400)).toBe(t.ai);
    const at = [60, 150, 300, 400, 800, 1500].map((n) => aiThreshold(t, n));
    for (let i = 1; i < at.length; i++) expect(at[i]).toBeLessThan(at[i - 1]);
    expect(at[at.length - 1]).toBeGreaterThan(t.human);
    // the verdict follows: a score that is 'ai' at 800 words is not at 150
    const base = { aiShare: 0, humanShare: 0, sentenceCount: 10 };
    const score = (aiThreshold(t, 800) + t.ai) / 2;
    expect(decideVerdict({ ...base, score, wordCount: 800 })).toBe('ai');
    expect(decideVerdict({ ...base, score, wordCount: 150 })).toBe('uncertain');
    // without the slope (weights before 2.4.0) the threshold is the same at every length
    expect(aiThreshold({ ai: t.ai }, 100)).toBe(t.ai);
  });

  it('is fast enough on a 1,000-word document', () => {
    const words = LONG_PROSE.split(' ');
    const doc = Array.from({ length: 1000 }, (_, i) => words[i % words.length]).join(' ');
    detect(doc);
    const t0 = performance.now();
    for (let i = 0; i < 5; i++) detect(doc);
    // generous bound for a loaded CI machine; the bench reports the real figure
    expect((performance.now() - t0) / 5).toBeLessThan(250);
  });
});

const dataPresent = existsSync(detectionDataDir()) && hasDetectionData();
describe.skipIf(!dataPresent)('detector on dataset samples (needs ../shared/datasets/detection)', () => {
  it('does not call held-out human texts AI and ranks AI texts above human texts', () => {
    const samples = loadDetectionData().filter((s) => isHeldOut(s, 0.2) && s.text.split(/\s+/).length >= 150);
    const pick = (src: string, label: 0 | 1, n: number) =>
      samples
        .filter((s) => s.source === src && s.label === label)
        .filter((_, i) => i % 7 === 0)
        .slice(0, n);
    const humans = ['l2r_data', 'outfox', 'fast_detect_gpt'].flatMap((s) => pick(s, 0, 15));
    const ais = ['l2r_data', 'outfox', 'fast_detect_gpt'].flatMap((s) => pick(s, 1, 15));
    expect(humans.length).toBeGreaterThan(20);
    const hs = humans.map((s) => detect(s.text));
    const as = ais.map((s) => detect(s.text));
    expect(hs.filter((r) => r.verdict === 'ai').length).toBe(0);
    const mean = (a: DetectionResult[]) => a.reduce((x, r) => x + r.score, 0) / a.length;
    expect(mean(as)).toBeGreaterThan(mean(hs) + 0.2);
  }, 60_000);

  it('ranks GPT-3.5/GPT-4 stories above human stories (fast-detect-gpt writing, a genre never trained on)', () => {
    // The statistical form of the fixture pair above: short stories are a held-out genre, so every text here is
    // unseen in training. Every second human story (about 1,000) and every GPT-3.5/GPT-4 continuation (292).
    const all = loadDetectionData().filter((s) => s.source === 'fast_detect_gpt' && s.domain === 'writing' && s.text.split(/\s+/).length >= 150);
    const humans = all.filter((s) => s.label === 0).filter((_, i) => i % 2 === 0);
    const ais = all.filter((s) => s.label === 1 && /^gpt-(3\.5-turbo|4)$/.test(s.generator));
    expect(humans.length).toBeGreaterThan(900);
    expect(ais.length).toBeGreaterThan(250);
    const hs = humans.map((s) => detect(s.text));
    const as = ais.map((s) => detect(s.text));
    let wins = 0;
    for (const a of as) for (const h of hs) wins += a.score > h.score ? 1 : a.score === h.score ? 0.5 : 0;
    // 0.802 with 2.3.0 on this slice (2.2.0: 0.822, 2.1.0: 0.834), 0.79 with 2.0.0
    expect(wins / (as.length * hs.length)).toBeGreaterThanOrEqual(0.8);
    const median = (rs: DetectionResult[]) => rs.map((r) => r.score).sort((x, y) => x - y)[Math.floor(rs.length / 2)];
    // the fixture pair's assertions, over the slice: the typical human story below 0.5, the typical GPT story 0.3 above it
    expect(median(hs)).toBeLessThan(0.5);
    expect(median(as)).toBeGreaterThan(median(hs) + 0.3);
    expect(hs.filter((r) => r.verdict === 'ai').length).toBe(0);
  }, 120_000);
});
if (!dataPresent) {
  console.warn('detector.test: ../shared/datasets/detection absent — dataset-backed cases skipped (fixtures still run)');
}
