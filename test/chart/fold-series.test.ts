import { describe, expect, it } from 'vitest';
import { foldIntoOthers, MOST_SERIES } from '../../src/chart/fold-series.js';

const flat = (name: string, total: number, days = 3) => ({ name, values: [total, ...Array<number>(days - 1).fill(0)] });

describe('folding the smallest series into "others"', () => {
  it('leaves eight series or fewer as they are', () => {
    const series = Array.from({ length: MOST_SERIES }, (_, i) => flat(`p${i}`, i));
    expect(foldIntoOthers(series, 'Others')).toEqual(series);
    expect(foldIntoOthers([], 'Others')).toEqual([]);
  });

  it('keeps the seven biggest by total in their own order and sums the rest day by day into the named last series', () => {
    const series = [
      { name: 'small a', values: [1, 0, 2] },
      { name: 'big 1', values: [50, 50, 0] },
      { name: 'big 2', values: [0, 90, 0] },
      { name: 'small b', values: [0, 3, 0] },
      { name: 'big 3', values: [40, 0, 0] },
      { name: 'big 4', values: [0, 0, 30] },
      { name: 'big 5', values: [20, 0, 0] },
      { name: 'big 6', values: [0, 10, 0] },
      { name: 'big 7', values: [0, 0, 9] },
      { name: 'small c', values: [4, 0, 4] },
    ];
    const folded = foldIntoOthers(series, 'سایرین');
    expect(folded.map((entry) => entry.name)).toEqual(['big 1', 'big 2', 'big 3', 'big 4', 'big 5', 'big 6', 'big 7', 'سایرین']);
    expect(folded.at(-1)!.values).toEqual([5, 3, 6]);
    const sum = (list: typeof series) => list.reduce((total, entry) => total + entry.values.reduce((a, b) => a + b, 0), 0);
    expect(sum(folded)).toBe(sum(series));
  });

  it('keeps the earlier of two equal totals, and reads a missing day as nothing spent', () => {
    const series = [...Array.from({ length: 8 }, (_, i) => flat(`same ${i}`, 5)), { name: 'short', values: [1] }];
    const folded = foldIntoOthers(series, 'Others');
    expect(folded.map((entry) => entry.name)).toEqual(['same 0', 'same 1', 'same 2', 'same 3', 'same 4', 'same 5', 'same 6', 'Others']);
    expect(folded.at(-1)!.values).toEqual([6, 0, 0]);
  });
});
