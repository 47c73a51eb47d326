import { describe, expect, it } from 'vitest';
import { formatCompact, formatDate, formatDay, formatNumber, percentage } from '@/shared/format';

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

describe('formatting', () => {
  it('formats numbers, compact numbers and dates', () => {
    expect(formatNumber(1_234_567)).toBe('1,234,567');
    expect(formatCompact(1_500)).toBe('1.5K');
    expect(formatCompact(2_000_000)).toBe('2M');
    expect(formatDate('2026-11-23T23:30:00Z')).toBe('Nov 23, 2026');
    expect(formatDate('not a date')).toBe('');
    expect(formatDay('2026-01-05')).toBe('Jan 5');
  });
});
