import { describe, expect, it } from 'vitest';
import { twMerge } from 'tailwind-merge';
import { classTokens, groupsOf } from '../../scripts/tw-groups';
import { TW_GROUPS } from '../../src/client/lib/tw-groups';
import { cn } from '../../src/client/lib/utils';

describe('cn() with the class groups the app uses', () => {
  const tokens = classTokens();

  it('lists the group of every class written in src/client (else run `npm run gen:tw-groups`)', () => {
    const missing = groupsOf(tokens).filter((g) => !TW_GROUPS.includes(g));
    expect(missing).toEqual([]);
    expect(TW_GROUPS.length).toBeLessThan(379);
  });

  it("merges the app's classes exactly as the full tailwind-merge does", () => {
    // each class against every other of its first-word family (p-, text-, bg-…) and with a variant
    const byFamily = new Map<string, string[]>();
    for (const t of tokens) {
      const base = t.split(':').pop()!.replace(/^[!-]/, '');
      const family = base.split('-')[0];
      byFamily.set(family, [...(byFamily.get(family) ?? []), t]);
    }
    let compared = 0;
    for (const list of byFamily.values()) {
      for (const a of list) {
        for (const b of list) {
          expect(cn(a, b), `${a} ${b}`).toBe(twMerge(a, b));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
    // conflicts across families
    for (const [a, b] of [
      ['p-4', 'px-2'],
      ['px-2', 'p-4'],
      ['text-sm', 'text-red-500'],
      ['border', 'border-0'],
      ['rounded-md', 'rounded-full'],
      ['inline-flex', 'hidden'],
      ['h-9 w-9', 'size-4'],
      ['hover:bg-muted', 'hover:bg-primary'],
    ]) {
      expect(cn(a, b)).toBe(twMerge(a, b));
    }
  });
});
