import { describe, expect, it } from 'vitest';
import { hashtagPrompt, parseModelHashtags } from '../../src/engines/hashtags/prompt';
import { PLATFORM_LIMITS } from '../../src/engines/hashtags';

describe('hashtag prompt', () => {
  it('names the platform, the count and the length limit, sends the text, and never asks for "trending" tags', () => {
    const msgs = hashtagPrompt('Solar panels on the roof.', 'linkedin', 4);
    const system = msgs[0]!.content;
    expect(system).toContain(PLATFORM_LIMITS.linkedin.label);
    expect(system).toContain('Give 4 hashtags');
    expect(system).toContain(`at most ${PLATFORM_LIMITS.linkedin.maxTagLength} characters`);
    expect(system.toLowerCase()).not.toContain('trend');
    expect(msgs[1]).toEqual({ role: 'user', content: 'Solar panels on the roof.' });
  });
});

describe('parseModelHashtags', () => {
  it('normalises to CamelCase and strips numbering, bullets and commas', () => {
    const tags = parseModelHashtags('1. #solar_panels\n- Home batteries\n* #GreenEnergy, #EV', 'instagram', 10).map((h) => h.tag);
    expect(tags).toEqual(['#SolarPanels', '#HomeBatteries', '#GreenEnergy', '#EV']);
  });

  it('drops empty, letterless, too long and duplicate tags, and stops at the count', () => {
    const long = '#' + 'A'.repeat(PLATFORM_LIMITS.x.maxTagLength);
    const tags = parseModelHashtags(`#\n#2024\n${long}\n#Solar\n#SOLAR\n#solar\n#Wind\n#Hydro\n#Tidal`, 'x', 3).map((h) => h.tag);
    expect(tags).toEqual(['#Solar', '#Wind', '#Hydro']);
  });

  it('skips tags the caller already has and keeps within the total character limit', () => {
    expect(parseModelHashtags('#Solar\n#Wind', 'instagram', 5, new Set(['#solar'])).map((h) => h.tag)).toEqual(['#Wind']);
    const many = Array.from({ length: 30 }, (_, i) => `#Topic${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}Word`).join(
      '\n',
    );
    const tags = parseModelHashtags(many, 'x', 30);
    const total = tags.map((h) => h.tag).join(' ').length;
    expect(total).toBeLessThanOrEqual(PLATFORM_LIMITS.x.maxTotalChars);
    expect(tags.length).toBeGreaterThan(0);
  });

  it('ranks in the model order, best first', () => {
    const tags = parseModelHashtags('#One\n#Two', 'instagram', 2);
    expect(tags[0]!.score).toBe(1);
    expect(tags[1]!.score).toBeLessThan(1);
  });
});
