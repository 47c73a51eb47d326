import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HighlightedText, HighlightLegend } from '../../src/client/features/detector/HighlightedText';
import { sentenceTone } from '../../src/shared/detector-verdicts';

const TEXT = 'First sentence here. Second one follows.';
const tones = (html: string) => [...html.matchAll(/data-tone="(\w+)"/g)].map((m) => m[1]);

describe('sentence highlights', () => {
  it("tint a sentence by its band, so a 0.80 sentence between the engine's sentence bands is not red", () => {
    const html = renderToStaticMarkup(
      createElement(HighlightedText, {
        text: TEXT,
        sentences: [
          { start: 0, end: 20, score: 0.8, band: 'uncertain', reasons: [] },
          { start: 21, end: 40, score: 0.95, band: 'ai', reasons: ['Phrasing in this passage resembles AI-generated text'] },
        ],
      }),
    );
    expect(tones(html)).toEqual(['amber', 'red']);
    expect(html).toContain('Possibly AI · 80% AI probability');
    expect(html).toContain('Likely AI · 95% AI probability');
  });

  it('read a result saved before sentences had a band on the score colours (above 0.7 red, above 0.4 amber)', () => {
    expect(sentenceTone({ score: 0.8 })).toBe('red');
    expect(sentenceTone({ score: 0.7 })).toBe('amber');
    expect(sentenceTone({ score: 0.4 })).toBe('green');
    expect(sentenceTone({ score: 0.2, band: 'ai' })).toBe('red');
  });

  it("name the answer's sentence bands in the legend, and the score colours when it has none", () => {
    const now = renderToStaticMarkup(createElement(HighlightLegend, { bands: { ai: 0.882, human: 0.387 } }));
    expect(now).toContain('Likely AI (≥ 88%)');
    expect(now).toContain('Possibly AI (39%–88%)');
    const saved = renderToStaticMarkup(createElement(HighlightLegend, {}));
    expect(saved).toContain('Likely AI (&gt; 70%)');
    expect(saved).toContain('Possibly AI (40%–70%)');
  });
});
