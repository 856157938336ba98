import { describe, expect, it } from 'vitest';
import { orderFingerprint } from '../../src/orders/fingerprint.js';

interface FingerprintInput {
  userId: number;
  productId: number;
  regionPropertyId: number;
  quantity: number;
  fieldValues: { fieldId: number; value: string }[];
}

/** The fingerprint of a person's order line, from its parts. */
function print(input: FingerprintInput): string {
  return orderFingerprint(input.userId, [
    {
      product: { id: input.productId, title: 'any title' },
      region: { regionPropertyId: input.regionPropertyId, title: null, price: 1 },
      quantity: input.quantity,
      fields: input.fieldValues.map((field) => ({ ...field, title: 'any title' })),
    },
  ]);
}

const base: FingerprintInput = {
  userId: 1,
  productId: 103,
  regionPropertyId: 5003,
  quantity: 2,
  fieldValues: [
    { fieldId: 7, value: 'buyer@example.com' },
    { fieldId: 8, value: '09121234567' },
  ],
};

describe('orderFingerprint', () => {
  it('is a sha256 hex digest', () => {
    expect(print(base)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is the hash stored for open orders before the order line became one type, so an upgrade cannot let one be placed twice', () => {
    expect(print(base)).toBe('ed8390e38d0a7e93655320dcf8fa6ad2bb6af31d69609d88cf8ad8c4e0f7f07a');
  });

  it('ignores titles and prices, which do not make another order', () => {
    const line = { product: { id: 103, title: 'A' }, region: { regionPropertyId: 5003, title: 'US', price: 5 }, quantity: 2, fields: [] };
    expect(orderFingerprint(1, [line])).toBe(orderFingerprint(1, [{ ...line, product: { id: 103, title: 'B' }, region: { ...line.region, price: 9 } }]));
  });

  it('covers every line of a cart, whatever their order, and tells a cart from any one of its lines', () => {
    const play = { product: { id: 101, title: 'A' }, region: { regionPropertyId: 5001, title: null, price: 5 }, quantity: 1, fields: [] };
    const steam = { product: { id: 104, title: 'B' }, region: { regionPropertyId: 5004, title: null, price: 7 }, quantity: 2, fields: [] };
    expect(orderFingerprint(1, [play, steam])).toBe(orderFingerprint(1, [steam, play]));
    expect(orderFingerprint(1, [play, steam])).not.toBe(orderFingerprint(1, [play]));
    expect(orderFingerprint(1, [play, steam])).not.toBe(orderFingerprint(1, [play, { ...steam, quantity: 3 }]));
    expect(orderFingerprint(1, [play, steam])).not.toBe(orderFingerprint(2, [play, steam]));
  });

  it('ignores the order of the fields and surrounding spaces in their values', () => {
    const shuffled = {
      ...base,
      fieldValues: [
        { fieldId: 8, value: ' 09121234567' },
        { fieldId: 7, value: 'buyer@example.com  ' },
      ],
    };
    expect(print(shuffled)).toBe(print(base));
  });

  it('differs when the person, product, region, quantity or a value differs', () => {
    const variants: FingerprintInput[] = [
      { ...base, userId: 2 },
      { ...base, productId: 104 },
      { ...base, regionPropertyId: 5004 },
      { ...base, quantity: 3 },
      { ...base, fieldValues: [{ fieldId: 7, value: 'other@example.com' }, { fieldId: 8, value: '09121234567' }] },
    ];
    const prints = new Set([base, ...variants].map(print));
    expect(prints.size).toBe(variants.length + 1);
  });

  it('does not confuse a value with the boundary between two fields', () => {
    const a = { ...base, fieldValues: [{ fieldId: 1, value: 'a,2' }] };
    const b = { ...base, fieldValues: [{ fieldId: 1, value: 'a' }, { fieldId: 2, value: '' }] };
    expect(print(a)).not.toBe(print(b));
  });
});
