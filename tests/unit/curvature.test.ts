import { describe, expect, it } from 'vitest';
import { analyticCurvature, combineWithEngine, CURVATURE_CENTRE, curvatureToProbability } from '../../src/engines/detector/curvature';
import { promptLogprobs, ScorerError } from '../../src/server/services/detector-scorer';

const ln = Math.log;

describe('analyticCurvature (Fast-DetectGPT analytic discrepancy over top-k)', () => {
  it('two candidates 3:1, the likely one observed: (1-p)/sqrt(p(1-p)) = 1/sqrt(3)', () => {
    // mu = .75 ln .75 + .25 ln .25 = -0.562335; var = .75*.25*(ln 3)^2 = 0.226303; (ln .75 - mu)/sqrt(var) = 0.57735
    const r = analyticCurvature({ token_logprobs: [ln(0.75)], top_logprobs: [{ a: ln(0.75), b: ln(0.25) }] });
    expect(r).not.toBeNull();
    expect(r!.tokens).toBe(1);
    expect(r!.curvature).toBeCloseTo(0.57735, 5);
    expect(r!.curvature).toBeCloseTo(1 / Math.sqrt(3), 10);
  });

  it('the unlikely one observed reads negative: -p/sqrt(p(1-p)) = -sqrt(3)', () => {
    const r = analyticCurvature({ token_logprobs: [ln(0.25)], top_logprobs: [{ a: ln(0.75), b: ln(0.25) }] });
    expect(r!.curvature).toBeCloseTo(-Math.sqrt(3), 10);
  });

  it('three candidates 1/2, 1/4, 1/4 with the first observed: curvature exactly 1', () => {
    // mu = -1.5 ln 2; E[logp^2] = 2.5 (ln 2)^2; var = 0.25 (ln 2)^2; (−ln 2 + 1.5 ln 2) / (0.5 ln 2) = 1
    const r = analyticCurvature({ token_logprobs: [ln(0.5)], top_logprobs: [{ a: ln(0.5), b: ln(0.25), c: ln(0.25) }] });
    expect(r!.curvature).toBeCloseTo(1, 10);
  });

  it("renormalises the top-k: 0.3 and 0.1 weigh as 3:1 (values stay the model's own log-probabilities)", () => {
    // weights .75/.25; obs - mu = .25 (ln .3 - ln .1) = .25 ln 3; var = .1875 (ln 3)^2 -> 1/sqrt(3) again.
    // Without renormalising, mu = .3 ln .3 + .1 ln .1 and the result would be about -1.49.
    const r = analyticCurvature({ token_logprobs: [ln(0.3)], top_logprobs: [{ a: ln(0.3), b: ln(0.1) }] });
    expect(r!.curvature).toBeCloseTo(1 / Math.sqrt(3), 10);
  });

  it('sums over tokens and skips positions without data', () => {
    const top = { a: ln(0.75), b: ln(0.25) };
    const r = analyticCurvature({
      token_logprobs: [null, ln(0.75), ln(0.25), null, ln(0.5)],
      top_logprobs: [null, top, top, top, null],
    });
    // (.25 ln 3 - .75 ln 3) / sqrt(2 * .1875 (ln 3)^2) = -0.5 / sqrt(0.375) = -sqrt(2/3)
    expect(r!.tokens).toBe(2);
    expect(r!.curvature).toBeCloseTo(-Math.sqrt(2 / 3), 10);
  });

  it('is undefined (null) with no usable token or no spread', () => {
    expect(analyticCurvature({ token_logprobs: [], top_logprobs: [] })).toBeNull();
    expect(analyticCurvature({ token_logprobs: [null, null], top_logprobs: [null, { a: -1 }] })).toBeNull();
    // one candidate, or equal candidates: zero variance
    expect(analyticCurvature({ token_logprobs: [-0.1], top_logprobs: [{ a: -0.1 }] })).toBeNull();
    expect(analyticCurvature({ token_logprobs: [ln(0.5)], top_logprobs: [{ a: ln(0.5), b: ln(0.5) }] })).toBeNull();
    expect(analyticCurvature({ token_logprobs: [-1], top_logprobs: [{}] })).toBeNull();
  });
});

describe('curvatureToProbability', () => {
  it('is the logistic sigmoid(2 (c - 1.5))', () => {
    expect(CURVATURE_CENTRE).toBe(1.5);
    expect(curvatureToProbability(1.5)).toBeCloseTo(0.5, 12);
    expect(curvatureToProbability(0)).toBeCloseTo(1 / (1 + Math.exp(3)), 12); // 0.0474
    expect(curvatureToProbability(3)).toBeCloseTo(1 / (1 + Math.exp(-3)), 12); // 0.9526
    expect(curvatureToProbability(2)).toBeCloseTo(0.731059, 6);
    expect(curvatureToProbability(-100)).toBeGreaterThanOrEqual(0);
    expect(curvatureToProbability(100)).toBeLessThanOrEqual(1);
  });
});

describe('combineWithEngine', () => {
  it('averages the two in logit space with equal weights', () => {
    expect(combineWithEngine(0.5, 0.5)).toBeCloseTo(0.5, 12);
    expect(combineWithEngine(0.9, 0.9)).toBeCloseTo(0.9, 12);
    // opposite logits cancel
    expect(combineWithEngine(0.8, 0.2)).toBeCloseTo(0.5, 12);
    // logit(.99) = 4.59512; half of it -> sigmoid(2.29756) = 0.90867: one confident side alone is not 'ai'
    expect(combineWithEngine(0.5, 0.99)).toBeCloseTo(0.90867, 5);
    // logit(.9) = 2.197225, logit(.2) = -1.386294 -> mean 0.405465 = logit(0.6)
    expect(combineWithEngine(0.9, 0.2)).toBeCloseTo(0.6, 10);
    expect(combineWithEngine(0.2, 0.9)).toBeCloseTo(0.6, 10);
  });

  it('stays finite at 0 and 1', () => {
    expect(combineWithEngine(0, 1)).toBeCloseTo(0.5, 9);
    const top = combineWithEngine(1, 1);
    expect(top).toBeLessThan(1);
    expect(top).toBeGreaterThan(0.99999);
    expect(Number.isFinite(combineWithEngine(0, 0))).toBe(true);
  });
});

describe('promptLogprobs (scorer answer validation)', () => {
  const top = { a: -0.1, b: -2 };
  const lp = { token_logprobs: [null, -0.1, -2, -0.5], top_logprobs: [null, top, top, { x: -0.5 }], text_offset: [0, 3, 7, 13] };

  it('keeps usage.prompt_tokens tokens and drops the generated one', () => {
    const r = promptLogprobs({ choices: [{ logprobs: lp }], usage: { prompt_tokens: 3 } }, 'one two three');
    expect(r.token_logprobs).toEqual([null, -0.1, -2]);
    expect(r.top_logprobs).toEqual([null, top, top]);
  });

  it('without usage, keeps the tokens that start inside the text; without offsets, all but the last', () => {
    expect(promptLogprobs({ choices: [{ logprobs: lp }] }, 'one two three').token_logprobs).toEqual([null, -0.1, -2]);
    const { text_offset: _, ...noOffsets } = lp;
    expect(promptLogprobs({ choices: [{ logprobs: noOffsets }] }, 'x').token_logprobs).toEqual([null, -0.1, -2]);
  });

  it.each([
    ['no choices', {}],
    ['no logprobs', { choices: [{ text: 'hi', logprobs: null }] }],
    ['token_logprobs not a list', { choices: [{ logprobs: { token_logprobs: 'x', top_logprobs: [] } }] }],
    ['a string log-probability', { choices: [{ logprobs: { token_logprobs: [null, '-1'], top_logprobs: [null, { a: -1 }] } }] }],
    ['lengths that differ', { choices: [{ logprobs: { token_logprobs: [null, -1], top_logprobs: [null] } }] }],
    ['a top-k map with a non-number', { choices: [{ logprobs: { token_logprobs: [null, -1], top_logprobs: [null, { a: 'x' }] } }] }],
    ['a top-k list instead of a map', { choices: [{ logprobs: { token_logprobs: [null, -1], top_logprobs: [null, [-1]] } }] }],
    ['null', null],
  ])('refuses %s', (_name, data) => {
    expect(() => promptLogprobs(data, 'text')).toThrow(ScorerError);
  });
});
