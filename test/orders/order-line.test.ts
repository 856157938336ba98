import { describe, expect, it } from 'vitest';
import { lineFromStored, lineTotal, placeOrderBody, storedLine, type OrderLine } from '../../src/orders/order-line.js';
import { placeOrderBodySchema } from '../../src/provider/schemas.js';

const netflix: OrderLine = {
  product: { id: 103, title: 'Netflix 30 USD' },
  region: { regionPropertyId: 5003, title: 'US', price: 3_700_000 },
  quantity: 2,
  fields: [
    { fieldId: 8, title: 'شماره موبایل گیرنده', value: ' 09121234567 ' },
    { fieldId: 7, title: 'ایمیل گیرنده', value: 'buyer@example.com' },
  ],
};
const googlePlay: OrderLine = { product: { id: 101, title: 'Google Play 10 USD' }, region: { regionPropertyId: 5001, title: null, price: 1_250_000 }, quantity: 1, fields: [] };

describe('the order line', () => {
  it('comes back whole from the columns it is stored in', () => {
    expect(lineFromStored(storedLine(netflix))).toEqual(netflix);
    expect(storedLine(netflix)).toMatchObject({ productId: 103, regionPropertyId: 5003, quantity: 2, unitPrice: 3_700_000 });
  });

  it('costs its unit price times its quantity', () => {
    expect(lineTotal(netflix)).toBe(7_400_000);
  });

  it('is posted as the provider takes it: every product in products[], answers trimmed and keyed by product', () => {
    const body = placeOrderBody([netflix, googlePlay]);
    expect(body).toEqual({
      products: [
        { productId: 103, regionPropertyId: 5003, quantity: 2 },
        { productId: 101, regionPropertyId: 5001, quantity: 1 },
      ],
      requiredFields: {
        '103': [
          { fieldId: 8, value: '09121234567' },
          { fieldId: 7, value: 'buyer@example.com' },
        ],
      },
    });
    expect(placeOrderBodySchema.parse(body)).toEqual(body);
  });

  it('sends no requiredFields when no line has answers', () => {
    expect(placeOrderBody([googlePlay])).toEqual({ products: [{ productId: 101, regionPropertyId: 5001, quantity: 1 }] });
  });
});
