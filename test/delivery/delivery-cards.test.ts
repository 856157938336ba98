import { describe, expect, it } from 'vitest';
import { deliveryCards } from '../../src/delivery/delivery-cards.js';

describe('the cards of a delivery, whatever its shape', () => {
  it('reads the sandbox shape, with the instructions beside the list kept on every card', () => {
    const cards = deliveryCards({ cards: [{ code: 'AAAA-1', pin: '1234' }, { code: 'AAAA-2', pin: '5678', serial: 'S-2' }], instructions: 'Redeem in the store' });
    expect(cards).toEqual([
      { code: 'AAAA-1', pin: '1234', serial: null, expiry: null, other: ['instructions=Redeem in the store'] },
      { code: 'AAAA-2', pin: '5678', serial: 'S-2', expiry: null, other: ['instructions=Redeem in the store'] },
    ]);
  });

  it('reads giftCards[].cardNumber / pinCode / expireDate', () => {
    const cards = deliveryCards({ giftCards: [{ cardNumber: 'HX-9002', pinCode: '1000', expireDate: '2027-12-31' }] });
    expect(cards).toEqual([{ code: 'HX-9002', pin: '1000', serial: null, expiry: '2027-12-31', other: [] }]);
  });

  it('reads snake_case, a bare list of codes and a bare string', () => {
    expect(deliveryCards([{ card_number: 'C-1', pin_code: '9', serial_number: 'SN', expiration_date: '2028-01-01' }])).toEqual([
      { code: 'C-1', pin: '9', serial: 'SN', expiry: '2028-01-01', other: [] },
    ]);
    expect(deliveryCards({ codes: ['X-1', 'X-2'] }).map((card) => card.code)).toEqual(['X-1', 'X-2']);
    expect(deliveryCards('ONLY-CODE')).toEqual([{ code: 'ONLY-CODE', pin: null, serial: null, expiry: null, other: [] }]);
  });

  it('keeps what it does not know, nested, instead of dropping it', () => {
    const [card] = deliveryCards({ voucherCode: 'V-1', redeem: { url: 'https://example.com/r', note: 'once' }, batchNo: 7 });
    expect(card?.code).toBe('V-1');
    expect(card?.other).toEqual(['redeem.url=https://example.com/r', 'redeem.note=once', 'batchNo=7']);
  });

  it('has no cards where nothing was delivered', () => {
    expect(deliveryCards(null)).toEqual([]);
    expect(deliveryCards(undefined)).toEqual([]);
  });
});
