import { describe, expect, it } from 'vitest';
import { TOOLS, type Tool } from '@/shared/catalogue';
import { featurableTools, toolOfTheDay, toolOfTheDayAction } from '@/shared/tool-of-the-day';

const at = (iso: string) => new Date(iso);

describe('tool of the day', () => {
  it('is the same tool all UTC day and changes the next day', () => {
    const morning = toolOfTheDay(at('2026-11-23T00:00:00Z'));
    const night = toolOfTheDay(at('2026-11-23T23:59:59.999Z'));
    const next = toolOfTheDay(at('2026-11-24T00:00:00Z'));
    expect(morning).not.toBeNull();
    expect(night?.id).toBe(morning?.id);
    expect(next?.id).not.toBe(morning?.id);
  });

  it('follows the UTC date, not the local clock', () => {
    // 23:30 in UTC-5 on the 23rd is already the 24th in UTC
    const utc24 = toolOfTheDay(at('2026-11-24T04:30:00Z'));
    expect(toolOfTheDay(at('2026-11-24T12:00:00Z'))?.id).toBe(utc24?.id);
  });

  it('features every live tool once per cycle', () => {
    const pool = featurableTools();
    const seen = new Set<string>();
    for (let i = 0; i < pool.length; i++) seen.add(toolOfTheDay(new Date(Date.UTC(2026, 0, 1 + i)), pool)!.id);
    expect(seen.size).toBe(pool.length);
  });

  it('picks only live, released tools, optionally only those open to free accounts', () => {
    const pool = featurableTools();
    expect(pool.length).toBeGreaterThan(0);
    expect(pool.every((t) => t.live && !t.comingSoon)).toBe(true);
    const free = featurableTools(
      { freeOnly: true },
      TOOLS.map((t) => ({ ...t, live: true })),
    );
    expect(free.every((t) => t.requiredRole.includes('free'))).toBe(true);
    expect(free.some((t) => t.id === 'essay_writer')).toBe(false);
  });

  it('is null for an empty catalogue', () => {
    expect(toolOfTheDay(new Date(), [])).toBeNull();
  });

  it("offers 'Try It Now' to a role in requiredRole, otherwise 'Upgrade to Unlock' with the lowest plan", () => {
    const essay = TOOLS.find((t) => t.id === 'essay_writer') as Tool;
    expect(toolOfTheDayAction(essay, 'pro')).toEqual({ kind: 'try', label: 'Try It Now', href: '/tools/essay-writer' });
    expect(toolOfTheDayAction(essay, 'free')).toEqual({
      kind: 'upgrade',
      label: 'Upgrade to Unlock',
      href: '/pricing',
      note: 'Available with Pro plan or higher',
    });
    // staff are not limited by plan
    expect(toolOfTheDayAction(essay, 'admin').kind).toBe('try');
    const detector = TOOLS.find((t) => t.id === 'ai_content_detector') as Tool;
    expect(toolOfTheDayAction(detector, 'free').kind).toBe('try');
  });
});
