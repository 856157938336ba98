import { describe, expect, it } from 'vitest';
import { assertOrderLines, goodsOf, itemsMismatch, lineTotal, linesTotal, placeOrderBody, sameGoods, type OrderLine } from '../../src/orders/order-line.js';
import { placeOrderBodySchema } from '../../src/provider/schemas.js';
import { formatGoods } from '../../src/text/format.js';

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
  it('costs its unit price times its quantity, and an order the sum of its lines', () => {
    expect(lineTotal(netflix)).toBe(7_400_000);
    expect(linesTotal([netflix, googlePlay])).toBe(8_650_000);
  });

  it('names each line by its product and region with its own quantity, in the reader\'s digits', () => {
    expect(goodsOf([netflix, googlePlay])).toEqual([
      { product: 'Netflix 30 USD (US)', quantity: 2 },
      { product: 'Google Play 10 USD', quantity: 1 },
    ]);
    expect(goodsOf([netflix], { regions: false })).toEqual([{ product: 'Netflix 30 USD', quantity: 2 }]);
    expect(formatGoods(goodsOf([netflix, googlePlay]), 'en')).toBe('Netflix 30 USD (US) × 2, Google Play 10 USD × 1');
    expect(formatGoods(goodsOf([netflix, googlePlay]), 'fa')).toBe('Netflix 30 USD (US) × ۲، Google Play 10 USD × ۱');
  });

  it("tells a provider order's items apart from the lines: products, regions, quantities per product", () => {
    const lines = [netflix, googlePlay];
    expect(itemsMismatch(lines, [
      { productId: 101, regionPropertyId: 5001, quantity: 1 },
      { productId: 103, regionPropertyId: null, quantity: 1 },
      { productId: 103, regionPropertyId: 5003, quantity: 1 },
    ])).toEqual([]);
    expect(itemsMismatch(lines, [])).toEqual(['no-items']);
    expect(itemsMismatch(lines, [{ productId: 103, regionPropertyId: 5003, quantity: 2 }])).toEqual(['product', 'quantity']);
    expect(itemsMismatch(lines, [
      { productId: 103, regionPropertyId: 9999, quantity: 2 },
      { productId: 101, regionPropertyId: 5001, quantity: 1 },
    ])).toEqual(['region']);
    expect(itemsMismatch(lines, [
      { productId: 103, regionPropertyId: 5003, quantity: 1 },
      { productId: 101, regionPropertyId: 5001, quantity: 2 },
    ])).toEqual(['quantity']);
  });

  it('sees the same goods whatever the order of the lines, their prices or their answers', () => {
    const cheaper = { ...netflix, region: { ...netflix.region, price: 1 }, fields: [] };
    expect(sameGoods([netflix, googlePlay], [googlePlay, cheaper])).toBe(true);
    expect(sameGoods([netflix, googlePlay], [netflix])).toBe(false);
    expect(sameGoods([netflix], [{ ...netflix, quantity: 3 }])).toBe(false);
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

  it('refuses an order of no line, or of one product twice, wherever it is saved', () => {
    expect(() => assertOrderLines([])).toThrow(/at least one line/);
    expect(() => assertOrderLines([netflix, { ...netflix, quantity: 1 }])).toThrow(/each product once/);
    expect(() => assertOrderLines([netflix, googlePlay])).not.toThrow();
  });
});
