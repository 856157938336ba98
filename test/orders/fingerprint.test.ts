import { describe, expect, it } from 'vitest';
import { orderFingerprint, type FingerprintInput } from '../../src/orders/fingerprint.js';

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
    expect(orderFingerprint(base)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ignores the order of the fields and surrounding spaces in their values', () => {
    const shuffled = {
      ...base,
      fieldValues: [
        { fieldId: 8, value: ' 09121234567' },
        { fieldId: 7, value: 'buyer@example.com  ' },
      ],
    };
    expect(orderFingerprint(shuffled)).toBe(orderFingerprint(base));
  });

  it('differs when the person, product, region, quantity or a value differs', () => {
    const variants: FingerprintInput[] = [
      { ...base, userId: 2 },
      { ...base, productId: 104 },
      { ...base, regionPropertyId: 5004 },
      { ...base, quantity: 3 },
      { ...base, fieldValues: [{ fieldId: 7, value: 'other@example.com' }, { fieldId: 8, value: '09121234567' }] },
    ];
    const prints = new Set([base, ...variants].map(orderFingerprint));
    expect(prints.size).toBe(variants.length + 1);
  });

  it('does not confuse a value with the boundary between two fields', () => {
    const a = { ...base, fieldValues: [{ fieldId: 1, value: 'a,2' }] };
    const b = { ...base, fieldValues: [{ fieldId: 1, value: 'a' }, { fieldId: 2, value: '' }] };
    expect(orderFingerprint(a)).not.toBe(orderFingerprint(b));
  });
});
