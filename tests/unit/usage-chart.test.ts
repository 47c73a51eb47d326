import { describe, expect, it } from 'vitest';
import { axisTicks, dayRange, niceCeiling, rankSeries, stackBars } from '@/client/components/charts/scale';

describe('chart scaling', () => {
  it('rounds the axis up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(-4)).toBe(1);
    expect(niceCeiling(1)).toBe(1);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(13)).toBe(20);
    expect(niceCeiling(2_100)).toBe(2_500);
    expect(niceCeiling(2_500)).toBe(2_500);
    expect(niceCeiling(4_999)).toBe(5_000);
    expect(niceCeiling(50_001)).toBe(100_000);
    expect(niceCeiling(0.3)).toBeCloseTo(0.5);
  });

  it('never puts the tallest bar above the axis', () => {
    for (const max of [3, 99, 101, 12_345, 987_654]) expect(niceCeiling(max)).toBeGreaterThanOrEqual(max);
  });

  it('spaces ticks evenly from 0 to the ceiling', () => {
    expect(axisTicks(2_000)).toEqual([0, 500, 1_000, 1_500, 2_000]);
  });

  it('lists every UTC day of the window, oldest first', () => {
    expect(dayRange(3, new Date('2026-03-01T22:00:00Z'))).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(dayRange(0, new Date())).toEqual([]);
  });

  it('stacks segments in series order and skips zeros', () => {
    const series = [
      { key: 'a', label: 'A', color: '#000' },
      { key: 'b', label: 'B', color: '#111' },
    ];
    const bars = stackBars(
      [
        { label: 'd1', values: { a: 10, b: 5 } },
        { label: 'd2', values: { b: 7 } },
        { label: 'd3', values: {} },
      ],
      series,
    );
    expect(bars[0]).toEqual({
      label: 'd1',
      total: 15,
      segments: [
        { key: 'a', value: 10, y0: 0, y1: 10 },
        { key: 'b', value: 5, y0: 10, y1: 15 },
      ],
    });
    expect(bars[1].segments).toEqual([{ key: 'b', value: 7, y0: 0, y1: 7 }]);
    expect(bars[2]).toEqual({ label: 'd3', total: 0, segments: [] });
  });

  it('ranks series by total and merges the tail into "other"', () => {
    expect(rankSeries({ x: 1, y: 3, z: 2, w: 0 }, 5)).toEqual({ keys: ['y', 'z', 'x'], merged: [] });
    expect(rankSeries({ a: 5, b: 4, c: 3, d: 2 }, 3)).toEqual({ keys: ['a', 'b', 'other'], merged: ['c', 'd'] });
  });
});
