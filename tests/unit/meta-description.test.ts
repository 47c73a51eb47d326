import { describe, expect, it } from 'vitest';
import {
  containsPhrase,
  extractMetaDescription,
  META_MAX_CHARS,
  META_MAX_PIXELS,
  META_MIN_CHARS,
  metaDescriptionChecks,
  metaDescriptionPrompt,
  parseMetaVariants,
  pixelWidth,
} from '../../src/engines/meta-description';

const ARTICLE =
  'Solar panels convert sunlight into electricity for homes and businesses. Modern solar panels reach an efficiency of more than twenty percent, ' +
  'and the cost of solar panels has fallen sharply over the last decade. Homeowners who install solar panels can cut their electricity bills ' +
  'and sell surplus power back to the grid. Battery storage lets a household keep solar energy for the evening, when demand peaks.';

describe('pixelWidth', () => {
  it('uses Arial widths at 13 px', () => {
    expect(pixelWidth('')).toBe(0);
    // 'i' is narrow (222/1000 em), 'W' wide (944/1000 em)
    expect(pixelWidth('i'.repeat(100))).toBe(Math.round(22.2 * 13));
    expect(pixelWidth('W'.repeat(10))).toBe(Math.round(9.44 * 13));
    expect(pixelWidth('W'.repeat(80))).toBeGreaterThan(META_MAX_PIXELS);
    expect(pixelWidth('hello', 14)).toBeGreaterThan(pixelWidth('hello', 13));
  });
});

describe('metaDescriptionChecks', () => {
  it('checks length, pixel width and the focus keyphrase (stemmed)', () => {
    const ok = 'Solar panels turn sunlight into cheaper electricity: see how efficient modern panels are and how battery storage keeps power.';
    expect(metaDescriptionChecks(ok, 'battery storage')).toMatchObject({ length: ok.length, withinLength: true, hasFocus: true });
    expect(metaDescriptionChecks(ok, null).hasFocus).toBe(false);
    // 130 characters of a wide letter do not fit the pixel limit
    expect(metaDescriptionChecks('m'.repeat(130), null)).toMatchObject({ tooLong: true, withinLength: false });
    expect(metaDescriptionChecks('short', null)).toMatchObject({ tooShort: true, withinLength: false });
    expect(metaDescriptionChecks('a'.repeat(META_MAX_CHARS + 1), null)).toMatchObject({ tooLong: true });
    // within 158 characters but too wide
    expect(metaDescriptionChecks('W'.repeat(140), null)).toMatchObject({ tooLong: true, withinLength: false });
    expect(containsPhrase('Cheap solar panel installation.', 'solar panels')).toBe(true);
    expect(containsPhrase('Solar energy and panels.', 'solar panels')).toBe(false);
  });
});

describe('extractMetaDescription', () => {
  it('builds a description of 120–158 characters from the text that contains the focus keyphrase', () => {
    const r = extractMetaDescription(ARTICLE, { focus: 'battery storage' });
    expect(r.focus).toBe('battery storage');
    expect(r.checks.withinLength).toBe(true);
    expect(r.checks.hasFocus).toBe(true);
    expect(r.description.length).toBeGreaterThanOrEqual(META_MIN_CHARS);
    expect(r.description.length).toBeLessThanOrEqual(META_MAX_CHARS);
    expect(pixelWidth(r.description)).toBeLessThanOrEqual(META_MAX_PIXELS);
    // extractive: made of the text's own words
    for (const w of r.description.replace('…', '').split(/\s+/)) expect(ARTICLE).toContain(w);
  });

  it('uses the top extracted keyphrase without a focus, and is deterministic', () => {
    const r = extractMetaDescription(ARTICLE);
    expect(r.focus).toBe('solar panels');
    expect(r.checks.hasFocus).toBe(true);
    expect(extractMetaDescription(ARTICLE)).toEqual(r);
  });

  it('cuts a single long sentence at a boundary with an ellipsis', () => {
    const long =
      'Our guide explains how rooftop solar panels work, what they cost to install, which incentives and tax credits apply in each state, how to pick an installer, and what maintenance the panels need over twenty years.';
    const r = extractMetaDescription(long);
    expect(r.description.endsWith('…')).toBe(true);
    expect(r.checks.withinLength).toBe(true);
  });

  it('says when a text is too short for the range', () => {
    const r = extractMetaDescription('Solar panels save money.');
    expect(r.description).toBe('Solar panels save money.');
    expect(r.checks.tooShort).toBe(true);
    expect(extractMetaDescription('').description).toBe('');
  });
});

describe('language model variants', () => {
  it('asks for the limits and the focus keyphrase, and parses numbered lines', () => {
    const m = metaDescriptionPrompt('text', 'solar panels');
    expect(m[0]!.content).toContain('"solar panels"');
    expect(m[0]!.content).toContain(`${META_MIN_CHARS}–${META_MAX_CHARS}`);
    const out = parseMetaVariants(
      '1. "Solar panels cut your electricity bills: see how they work."\n\n2) Option 2: Learn what solar panels cost in 2025 and more.\n- x\n',
    );
    expect(out).toEqual(['Solar panels cut your electricity bills: see how they work.', 'Learn what solar panels cost in 2025 and more.']);
  });
});
