import { describe, expect, it } from 'vitest';
import { splitQuantity } from '../../src/batches/split-quantity.js';

describe('splitting a quantity into orders', () => {
  it('fills orders to the maximum, the rest last', () => {
    expect(splitQuantity(35, 10)).toEqual([10, 10, 10, 5]);
    expect(splitQuantity(200, 10)).toEqual(new Array(20).fill(10));
    expect(splitQuantity(7, 10)).toEqual([7]);
    expect(splitQuantity(1, 1)).toEqual([1]);
  });

  it('keeps every unit: the parts add up to the quantity', () => {
    for (const [quantity, max] of [[99, 7], [1_000, 3], [11, 10]] as const) {
      const parts = splitQuantity(quantity, max);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(quantity);
      expect(Math.max(...parts)).toBeLessThanOrEqual(max);
    }
  });

  it('refuses quantities and maximums that are not positive whole numbers', () => {
    for (const [quantity, max] of [[0, 10], [-5, 10], [2.5, 10], [Number.NaN, 10], [10, 0], [10, -1], [10, 1.5], [Number.POSITIVE_INFINITY, 10]]) {
      expect(() => splitQuantity(quantity!, max!)).toThrow(RangeError);
    }
  });
});
