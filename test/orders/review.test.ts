import { describe, expect, it } from 'vitest';
import { reviewMismatches } from '../../src/db/review-store.js';

describe('telling a provider order apart from the order under review', () => {
  const order = { lines: [{ product: { id: 101, title: 'Google Play 10 USD' }, region: { regionPropertyId: 5001, title: null, price: 1 }, quantity: 3, fields: [] }] };
  const item = { id: 1, productId: 101, regionPropertyId: 5001, quantity: 1, totalAmount: 1, delivery: null };

  it('accepts the same product and region split over several items adding up to the quantity', () => {
    expect(reviewMismatches(order, { items: [item, { ...item, quantity: 2 }] })).toEqual([]);
  });

  it('accepts items whose region the provider does not say', () => {
    expect(reviewMismatches(order, { items: [{ ...item, regionPropertyId: null, quantity: 3 }] })).toEqual([]);
  });

  it('rejects another region', () => {
    expect(reviewMismatches(order, { items: [{ ...item, regionPropertyId: 5002, quantity: 3 }] })).toEqual(['region']);
  });

  it('rejects a provider order without items', () => {
    expect(reviewMismatches(order, { items: [] })).toEqual(['no-items']);
  });
});
