import { describe, expect, it } from 'vitest';
import { camelCaseTag, generateHashtags, PLATFORM_LIMITS, PLATFORMS } from '../../src/engines/hashtags';
import { extractKeyphrases, type Keyphrase } from '../../src/engines/keywords';

const kp = (phrase: string, score = 1, kind: Keyphrase['kind'] = 'phrase'): Keyphrase => ({
  phrase,
  key: phrase,
  score,
  frequency: 1,
  firstPosition: 0,
  positions: [],
  words: phrase.split(' ').length,
  kind,
});

describe('camelCaseTag', () => {
  it('joins words with capitals, keeping acronyms and inner capitals', () => {
    expect(camelCaseTag(['neural', 'networks'])).toBe('NeuralNetworks');
    expect(camelCaseTag(['GMDH', 'method'])).toBe('GMDHMethod');
    expect(camelCaseTag(['iPhone', 'sales'])).toBe('iPhoneSales');
    expect(camelCaseTag(['rule-based', 'models'])).toBe('RuleBasedModels');
    expect(camelCaseTag(["Prince's", 'tour'])).toBe('PrinceTour');
    expect(camelCaseTag(['café', 'culture'])).toBe('CaféCulture');
    expect(camelCaseTag(['2024'])).toBeNull();
  });
});

describe('generateHashtags', () => {
  const list = [
    kp('solar panels', 1),
    kp('won', 0.9, 'verb'),
    kp('Solar Panels', 0.85),
    kp('battery storage', 0.8),
    kp('an extraordinarily long keyphrase about renewable energy', 0.7),
    kp('grid', 0.6),
    kp('electricity bills', 0.5),
  ];

  it('keeps the ranking, skips verbs, duplicates and over-long tags', () => {
    const r = generateHashtags(list, { platform: 'instagram' });
    expect(r.hashtags.map((h) => h.tag)).toEqual(['#SolarPanels', '#BatteryStorage', '#Grid', '#ElectricityBills']);
    expect(r.hashtags[0]!.words).toEqual(['solar', 'panels']);
  });

  it('respects each platform’s count, tag length and total length', () => {
    const many = Array.from({ length: 60 }, (_, i) => kp(`topic number${String.fromCharCode(97 + (i % 26))}${i}`, 1 - i / 100));
    for (const p of PLATFORMS) {
      const lim = PLATFORM_LIMITS[p];
      const r = generateHashtags(many, { platform: p, count: 100 });
      expect(r.hashtags.length).toBeLessThanOrEqual(lim.maxTags);
      expect(r.hashtags.length).toBeGreaterThan(0);
      for (const h of r.hashtags) expect(h.tag.length).toBeLessThanOrEqual(lim.maxTagLength);
      expect(r.hashtags.map((h) => h.tag).join(' ').length).toBeLessThanOrEqual(lim.maxTotalChars);
      expect(generateHashtags(many, { platform: p }).hashtags.length).toBe(Math.min(lim.defaultTags, r.hashtags.length));
    }
    expect(generateHashtags(many, { platform: 'x' }).hashtags.length).toBe(2);
  });

  it('works end to end from text', () => {
    const text = 'Electric cars are changing city traffic. Electric cars need charging stations, and charging stations need power from the grid.';
    const tags = generateHashtags(extractKeyphrases(text).keyphrases, { platform: 'linkedin' }).hashtags.map((h) => h.tag);
    expect(tags).toContain('#ElectricCars');
    expect(tags).toContain('#ChargingStations');
    expect(tags.length).toBeLessThanOrEqual(3);
  });
});

describe('vague single nouns', () => {
  it('leaves out a lone general noun such as "number" but keeps it inside a phrase', () => {
    const r = generateHashtags([kp('number', 0.9), kp('phone number', 0.8), kp('charging stations', 0.7)], { platform: 'instagram' });
    expect(r.hashtags.map((h) => h.tag)).toEqual(['#PhoneNumber', '#ChargingStations']);
  });
});
