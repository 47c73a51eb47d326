import { describe, expect, it } from 'vitest';
import { extractKeyphrases, porterStem, stemKey, yakeBaseline } from '../../src/engines/keywords';

const ABSTRACT =
  'Fuzzy polynomial neural networks: hybrid architectures of fuzzy modeling\n' +
  'We introduce a concept of fuzzy polynomial neural networks (FPNNs), a hybrid modeling architecture combining polynomial neural networks (PNNs) ' +
  'and fuzzy neural networks (FNNs). The development of the FPNNs dwells on the technologies of computational intelligence, namely fuzzy sets, ' +
  'neural networks, and genetic algorithms. The structure of the FPNN results from a synergistic usage of FNN and PNN. We exploit a group method ' +
  'of data handling (GMDH) to produce this dynamic topology of the network.';

describe('porterStem', () => {
  it('follows the published Porter examples', () => {
    const cases: [string, string][] = [
      ['caresses', 'caress'],
      ['ponies', 'poni'],
      ['agreed', 'agre'],
      ['hopping', 'hop'],
      ['filing', 'file'],
      ['happy', 'happi'],
      ['relational', 'relat'],
      ['generalizations', 'gener'],
      ['electrical', 'electr'],
      ['adoption', 'adopt'],
      ['controll', 'control'],
      ['networks', 'network'],
    ];
    for (const [w, s] of cases) expect(porterStem(w), w).toBe(s);
  });

  it('makes stem keys of phrases, hyphens and case ignored', () => {
    expect(stemKey('Neural Networks')).toBe('neural network');
    expect(stemKey('rule-based  models')).toBe(stemKey('rule based model'));
  });
});

describe('extractKeyphrases', () => {
  it('takes participles before a noun as modifiers, but not after an auxiliary', () => {
    const text = 'Electric cars are changing city traffic. Electric cars need charging stations, and charging stations need power from the grid.';
    const phrases = extractKeyphrases(text).keyphrases.map((k) => k.phrase);
    expect(phrases.slice(0, 3)).toEqual(['electric cars', 'charging stations', 'city traffic']);
    expect(phrases).not.toContain('changing city traffic');
  });

  it('ranks the topic noun phrases first, with frequencies and offsets into the text', () => {
    const { keyphrases } = extractKeyphrases(ABSTRACT, { max: 10 });
    const phrases = keyphrases.map((k) => k.phrase);
    expect(phrases.slice(0, 3)).toContain('fuzzy polynomial neural networks');
    expect(phrases).toContain('neural networks');
    expect(keyphrases[0]!.score).toBe(1);
    for (let i = 1; i < keyphrases.length; i++) expect(keyphrases[i]!.score).toBeLessThanOrEqual(keyphrases[i - 1]!.score);
    const nn = keyphrases.find((k) => k.phrase === 'neural networks')!;
    // "neural networks" occurs inside the longer phrases too: every occurrence is counted and located
    expect(nn.frequency).toBe(5);
    for (const p of nn.positions) expect(ABSTRACT.slice(p.start, p.end).toLowerCase()).toBe('neural networks');
    expect(nn.firstPosition).toBe(ABSTRACT.indexOf('neural networks'));
  });

  it('keeps acronyms in capitals and lower-cases a sentence-initial capital', () => {
    const { keyphrases } = extractKeyphrases(ABSTRACT, { max: 30 });
    expect(keyphrases.map((k) => k.phrase)).toContain('GMDH');
    expect(keyphrases.some((k) => k.phrase.startsWith('Fuzzy'))).toBe(false);
  });

  it('is deterministic and handles empty and wordless text', () => {
    expect(extractKeyphrases(ABSTRACT)).toEqual(extractKeyphrases(ABSTRACT));
    expect(extractKeyphrases('').keyphrases).toEqual([]);
    expect(extractKeyphrases('123 456 !!! ...').keyphrases).toEqual([]);
  });

  it('respects max and stays fast on a long text', () => {
    const long = Array.from({ length: 300 }, (_, i) => `Sentence ${i} talks about solar panels, wind turbines and battery storage number ${i}.`).join(' ');
    const t0 = performance.now();
    const { keyphrases } = extractKeyphrases(long, { max: 5 });
    expect(performance.now() - t0).toBeLessThan(3000);
    expect(keyphrases).toHaveLength(5);
    const phrases = keyphrases.map((k) => k.phrase);
    expect(phrases.slice(0, 3)).toEqual(['solar panels', 'wind turbines', 'battery storage number']);
    // "panels" never occurs outside "solar panels", so it is not listed apart
    expect(phrases).not.toContain('panels');
    expect(keyphrases[0]!.frequency).toBe(300);
  });
});

describe('yakeBaseline', () => {
  it('ranks n-grams without stop words at their ends, lower score first', () => {
    const r = yakeBaseline(ABSTRACT, 10);
    expect(r.length).toBe(10);
    for (let i = 1; i < r.length; i++) expect(r[i]!.score).toBeGreaterThanOrEqual(r[i - 1]!.score);
    for (const c of r) {
      expect(c.words[0]!.stop).toBe(false);
      expect(c.words[c.words.length - 1]!.stop).toBe(false);
    }
  });
});
