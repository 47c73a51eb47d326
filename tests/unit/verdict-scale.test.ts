import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { VerdictScale } from '../../src/client/features/detector/VerdictScale';

const render = (byLength: boolean) =>
  renderToStaticMarkup(createElement(VerdictScale, { score: 0.9, bands: { ai: 0.8, human: 0.2, minWords: 50 }, wordCount: 300, byLength }));

describe('VerdictScale', () => {
  it("says the engine's 'AI' band is the one for this text's length", () => {
    expect(render(true)).toContain('“Likely AI-generated” from 80.00% at this length (shorter texts need a higher score); in between');
  });

  it("does not say so for a provider's bands, which do not depend on length", () => {
    const html = render(false);
    expect(html).toContain('“Likely AI-generated” from 80.00%; in between');
    expect(html).not.toContain('at this length');
  });
});
