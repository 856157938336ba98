import { describe, expect, it } from 'vitest';
import { cardExpiries, expiryMoment } from '../../src/delivery/card-expiries.js';
import type { JsonValue, OrderDetail } from '../../src/provider/schemas.js';
import { createLocalPeriods } from '../../src/text/local-periods.js';

const tehran = createLocalPeriods('Asia/Tehran');
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function detail(...items: { productId: number; delivery: JsonValue | null }[]): OrderDetail {
  return {
    orderId: 9001,
    orderReference: 'A100234',
    amount: 1,
    status: 'COMPLETED',
    createdAt: null,
    items: items.map((item, index) => ({ id: index + 1, productId: item.productId, regionPropertyId: null, quantity: 1, totalAmount: 1, delivery: item.delivery })),
  };
}

describe('the expiry of delivered cards', () => {
  it('reads a bare date as valid through that local day, and a moment as that moment', () => {
    // 22 November ends at midnight in Tehran: 20:30 UTC.
    expect(iso(expiryMoment('2027-11-22', tehran))).toBe('2027-11-22T20:30:00.000Z');
    expect(iso(expiryMoment(' 2027-11-22T10:00:00+03:30 ', tehran))).toBe('2027-11-22T06:30:00.000Z');
    expect(iso(expiryMoment('2027-11-22T10:00:00Z', createLocalPeriods('UTC')))).toBe('2027-11-22T10:00:00.000Z');
    for (const unreadable of ['2027-02-30', 'soon', '22/11/2027', '']) expect(expiryMoment(unreadable, tehran)).toBeNull();
  });

  it('finds each card’s expiry whatever the delivery calls it, by item and card position, and never a code', () => {
    const found = cardExpiries(
      detail(
        { productId: 101, delivery: { cards: [{ code: 'C-1', expiresAt: '2027-11-22' }, { code: 'C-2', expiresAt: '2027-11-23' }, { code: 'C-3' }], instructions: 'Redeem' } },
        { productId: 102, delivery: { giftCards: [{ cardNumber: 'G-1', pinCode: '11' }, { cardNumber: 'G-2' }], expiry_date: '2027-12-31T23:59:59Z' } },
        { productId: 103, delivery: 'BARE-CODE' },
        { productId: 104, delivery: null },
        { productId: 105, delivery: { code: 'X', validUntil: 'next year' } },
      ),
      tehran,
    );
    expect(found).toEqual([
      { itemIndex: 0, cardIndex: 0, productId: 101, expiresAt: Date.parse('2027-11-22T20:30:00Z') },
      { itemIndex: 0, cardIndex: 1, productId: 101, expiresAt: Date.parse('2027-11-23T20:30:00Z') },
      // An expiry beside the list belongs to every card of it.
      { itemIndex: 1, cardIndex: 0, productId: 102, expiresAt: Date.parse('2027-12-31T23:59:59Z') },
      { itemIndex: 1, cardIndex: 1, productId: 102, expiresAt: Date.parse('2027-12-31T23:59:59Z') },
    ]);
    expect(JSON.stringify(found)).not.toMatch(/C-\d|G-\d|BARE|"X"/);
  });
});
