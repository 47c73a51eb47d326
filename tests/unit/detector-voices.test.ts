import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detect, thresholds } from '../../src/engines/detector/index';
import { detectionDataDir, hasDetectionData, wordCount, type Sample } from '../../scripts/detector-data';
import { CORPUS_PATH, isEvalOnly, loadAllSamples, mixedParts } from '../../scripts/ai2026/corpus';

// Held-out examples only: every document here is of a genre the shipped model never trained on (or of the human
// test split), so these checks fail if the model stops generalising, not only if it forgets its training data.
const present = existsSync(CORPUS_PATH) && existsSync(detectionDataDir()) && hasDetectionData();

describe.skipIf(!present)('detector on held-out genres of each voice (needs ../shared/datasets)', () => {
  const all = present ? loadAllSamples().filter((s) => isEvalOnly(s) && wordCount(s.text) >= 150) : [];
  // a fixed, evenly spread subset keeps the test fast
  const every = (xs: Sample[], n: number) => xs.filter((_, i) => i % Math.max(1, Math.floor(xs.length / n)) === 0).slice(0, n);
  const voice = (v: string) =>
    every(
      all.filter((s) => s.source === 'ai2026' && s.voice === v),
      40,
    );
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

  it('calls default-voice documents AI and held-out human documents not AI', () => {
    const ai = voice('default').map((s) => detect(s.text));
    const humans = every(
      all.filter((s) => s.label === 0),
      120,
    ).map((s) => detect(s.text));
    expect(ai.length).toBeGreaterThanOrEqual(30);
    // the eval measures 21 % of them 'ai' (target 85 %, missed; docs/detector.md): most of the rest are "Can't tell"
    expect(ai.filter((r) => r.verdict === 'ai').length / ai.length).toBeGreaterThanOrEqual(0.12);
    expect(ai.filter((r) => r.verdict === 'human')).toHaveLength(0);
    expect(humans.filter((r) => r.verdict === 'ai')).toHaveLength(0);
    expect(mean(ai.map((r) => r.score))).toBeGreaterThan(mean(humans.map((r) => r.score)) + 0.4);
  }, 120_000);

  it('scores documents asked to sound human above held-out human documents on average', () => {
    const styled = voice('styled').map((s) => detect(s.text).score);
    const humans = every(
      all.filter((s) => s.label === 0),
      120,
    ).map((s) => detect(s.text).score);
    expect(styled.length).toBeGreaterThanOrEqual(20);
    expect(mean(styled)).toBeGreaterThan(mean(humans) + 0.2);
  }, 120_000);

  it('scores an AI edit of a human text above the human original', () => {
    const pairs = voice('polished').map((s) => [detect(s.text).score, detect(s.original!).score]);
    expect(pairs.length).toBeGreaterThanOrEqual(15);
    expect(pairs.filter(([edit, orig]) => edit > orig).length / pairs.length).toBeGreaterThanOrEqual(0.7);
  }, 120_000);

  it('highlights the assistant-written sentences of mixed documents above their human sentences', () => {
    // all held-out mixed documents of 150+ words, as the eval counts them: sentence AUROC 0.745 (target 0.85, missed;
    // 0.661 before runs of short paragraphs were read as one block)
    const pos: number[] = [];
    const neg: number[] = [];
    const mixed = all.filter((s) => s.source === 'ai2026' && s.voice === 'mixed');
    expect(mixed.length).toBeGreaterThanOrEqual(40);
    for (const s of mixed) {
      for (const t of detect(s.text).sentences) {
        const mid = (t.start + t.end) / 2;
        ((s.aiSpans ?? []).some(([a, b]) => mid >= a && mid < b) ? pos : neg).push(t.score);
      }
    }
    let above = 0;
    for (const p of pos) for (const n of neg) above += p > n ? 1 : p === n ? 0.5 : 0;
    expect(above / (pos.length * neg.length)).toBeGreaterThanOrEqual(0.72);
  }, 120_000);

  it('scores the assistant-written paragraphs of mixed documents above their human paragraphs', () => {
    // Paragraph level only: inside mixed documents the sentence highlights do not yet separate the two (sentence
    // AUROC 0.745, target 0.85; see docs/detector.md, "What fails").
    const ai: number[] = [];
    const human: number[] = [];
    for (const s of voice('mixed')) {
      const parts = mixedParts(s);
      ai.push(...parts.ai.map((t) => detect(t).score));
      human.push(...parts.human.map((t) => detect(t).score));
    }
    expect(ai.length).toBeGreaterThan(15);
    expect(mean(ai)).toBeGreaterThan(mean(human) + 0.15);
    expect(thresholds.sentenceAi).toBeGreaterThan(thresholds.sentenceHuman);
  }, 120_000);
});
