import { describe, expect, it } from 'vitest';
import { scaleTicks, valueScale } from '../../src/chart/value-scale.js';

describe('the value axis', () => {
  it('steps by a round whole number to a top at or above the highest day', () => {
    expect(valueScale(0)).toEqual({ max: 0, step: 1 });
    expect(valueScale(1)).toEqual({ max: 1, step: 1 });
    expect(valueScale(3)).toEqual({ max: 3, step: 1 });
    expect(valueScale(7)).toEqual({ max: 8, step: 2 });
    expect(valueScale(11_000_000)).toEqual({ max: 12_500_000, step: 2_500_000 });
    expect(valueScale(1_000)).toEqual({ max: 1_000, step: 200 });
    expect(scaleTicks(valueScale(7))).toEqual([0, 2, 4, 6, 8]);
  });
});
