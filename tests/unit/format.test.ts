import { describe, expect, it } from 'vitest';
import { formatCompact, formatDate, formatDay, formatNumber, formatUtcDay, percentage, wholePercent } from '@/shared/format';

describe('percentage', () => {
  it('is 0 when the total is 0 or less', () => {
    expect(percentage(10, 0)).toBe(0);
    expect(percentage(10, -5)).toBe(0);
  });
  it('caps at 100', () => {
    expect(percentage(150, 100)).toBe(100);
    expect(percentage(100, 100)).toBe(100);
  });
  it('is the share otherwise, never negative', () => {
    expect(percentage(12_500, 50_000)).toBe(25);
    expect(percentage(-3, 10)).toBe(0);
    expect(percentage(Number.NaN, 10)).toBe(0);
  });
});

describe('wholePercent', () => {
  it('rounds a probability to a whole percent', () => {
    expect(wholePercent(0.954)).toBe('95%');
    expect(wholePercent(0.5)).toBe('50%');
  });
  it('never reads as certain when the probability is not', () => {
    expect(wholePercent(0.9957)).toBe('99%');
    expect(wholePercent(0.004)).toBe('1%');
    expect(wholePercent(1)).toBe('100%');
    expect(wholePercent(0)).toBe('0%');
  });
});

describe('formatting', () => {
  it('formats numbers, compact numbers and dates', () => {
    expect(formatNumber(1_234_567)).toBe('1,234,567');
    expect(formatCompact(1_500)).toBe('1.5K');
    expect(formatCompact(2_000_000)).toBe('2M');
    expect(formatDate('2026-11-23T23:30:00Z')).toBe('Nov 23, 2026');
    expect(formatDate('not a date')).toBe('');
    expect(formatDay('2026-01-05')).toBe('Jan 5');
  });

  it('groups digits as Intl does, without Intl', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 999_999.6, -1234, 1e15, 123_456_789]) {
      expect(formatNumber(n)).toBe(Math.round(n).toLocaleString('en-US'));
    }
    expect(formatNumber(-0.4)).toBe('0');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('∞');
  });

  it('gives a UTC day as a blog post shows it, the same in every time zone', () => {
    expect(formatUtcDay('2026-11-16T23:59:00Z')).toBe('16 Nov 2026');
    expect(formatUtcDay('2026-01-01T00:00:00-05:00')).toBe('1 Jan 2026');
    expect(formatUtcDay('not a date')).toBe('');
  });
});
