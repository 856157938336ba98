import { describe, expect, it } from 'vitest';
import { noteCarriesCode } from '../../../src/bot/cases/note-codes.js';
import type { OrderDetail } from '../../../src/provider/schemas.js';

const detail = (delivery: OrderDetail['items'][number]['delivery']): OrderDetail => ({
  orderId: 1,
  orderReference: 'A1',
  amount: 10,
  status: 'COMPLETED',
  createdAt: null,
  items: [{ id: 1, productId: 2, regionPropertyId: null, quantity: 2, totalAmount: 10, delivery }],
});

describe("a case's note checked for the order's codes", () => {
  const cards = detail({ cards: [{ code: 'ABCD-EFGH-1234', pin: '98765', serial: 'SN-0042-77' }, { code: 'WXYZ-5678-QRST', pin: '11', serial: '' }] });

  it('finds a code, PIN or serial whatever its case, spaces and dashes', () => {
    expect(noteCarriesCode('the shop refused abcd efgh 1234 twice', cards)).toBe(true);
    expect(noteCarriesCode('code: ABCDEFGH1234', cards)).toBe(true);
    expect(noteCarriesCode('wxyz-5678 qrst is used', cards)).toBe(true);
    expect(noteCarriesCode('pin 98 765 fails', cards)).toBe(true);
    expect(noteCarriesCode('serial sn 0042 77', cards)).toBe(true);
  });

  it('takes a line without one, and does not look for values too short to be a card', () => {
    expect(noteCarriesCode('The shop says the code was redeemed yesterday', cards)).toBe(false);
    // "11" (the second card's PIN) is in many an ordinary line.
    expect(noteCarriesCode('tried 11 times', cards)).toBe(false);
    expect(noteCarriesCode('anything', detail(null))).toBe(false);
    expect(noteCarriesCode('my code is xyz-123-456', detail('XYZ123456'))).toBe(true);
  });
});
