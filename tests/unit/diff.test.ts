import { describe, expect, it } from 'vitest';
import { diffWords } from '../../src/client/features/writing/diff';

describe('word diff', () => {
  it('rebuilds both texts from its parts', () => {
    const a = 'We met in order to plan the launch, due to the fact that it was late.';
    const b = 'We met to plan the launch, because it was late.';
    const parts = diffWords(a, b);
    expect(
      parts
        .filter((p) => p.kind !== 'added')
        .map((p) => p.text)
        .join(''),
    ).toBe(a);
    expect(
      parts
        .filter((p) => p.kind !== 'removed')
        .map((p) => p.text)
        .join(''),
    ).toBe(b);
    expect(parts.some((p) => p.kind === 'removed' && p.text.includes('order'))).toBe(true);
    expect(parts.some((p) => p.kind === 'added' && p.text.includes('because'))).toBe(true);
  });

  it('marks identical texts as unchanged', () => {
    expect(diffWords('same text', 'same text')).toEqual([{ kind: 'same', text: 'same text' }]);
  });
});
