import { describe, expect, it } from 'vitest';
import { FRESH_GENRES, HELD_OUT_GENRES, isEvalOnly, readCorpus } from '../../scripts/ai2026/corpus';
import { genreFamily } from '../../scripts/detector-trainer';
import type { Sample } from '../../scripts/detector-data';

// The assistant corpus's genre split (datasets/ai-2026/README.md): held-out and fresh genres never reach training,
// and every training genre belongs to a genre family (an unlisted one would silently get no training weight).
describe('assistant corpus split', () => {
  const records = readCorpus();
  const asSample = (genre: string) => ({ source: 'ai2026', genre, group: `ai2026:${genre}` }) as Sample;

  it('keeps the held-out and the fresh (round 2) genres out of training', () => {
    const fresh = records.filter((r) => FRESH_GENRES.has(r.genre));
    expect(fresh.length).toBeGreaterThanOrEqual(300);
    expect(new Set(fresh.map((r) => r.genre)).size).toBe(FRESH_GENRES.size);
    for (const g of [...FRESH_GENRES, ...HELD_OUT_GENRES]) expect(isEvalOnly(asSample(g)), g).toBe(true);
    expect(isEvalOnly(asSample('cover-letter'))).toBe(false);
  });

  it('puts every training genre in a genre family', () => {
    const training = [...new Set(records.map((r) => r.genre))].filter((g) => !isEvalOnly(asSample(g)));
    expect(training.length).toBeGreaterThanOrEqual(40);
    expect(training.filter((g) => genreFamily(g).startsWith('other:'))).toEqual([]);
  });
});
