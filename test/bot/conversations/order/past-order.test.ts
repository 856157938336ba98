import { describe, expect, it } from 'vitest';
import { cartLines } from '../../../../src/bot/conversations/order/cart.js';
import { cartFromPastOrder, draftFromPastOrder, pastOrderOf, type PastLine } from '../../../../src/bot/conversations/order/past-order.js';
import { field, productWith, region } from './fixtures.js';

const past: PastLine = { title: 'Product 500', productId: 500, regionPropertyId: 7, quantity: 3, fieldValues: { '1': 'sam@example.com' }, unitPrice: 1_000 };

describe('a past order as the start of a new one', () => {
  it('goes straight to the summary with the same region, quantity and answers', () => {
    const { draft, change } = draftFromPastOrder(past, productWith([region(7), region(8)], [field(1)]));
    expect(change).toBeNull();
    expect(draft).toMatchObject({ step: 'summary', regionPropertyId: 7, quantity: 3, fieldValues: { '1': 'sam@example.com' } });
  });

  it('starts at the categories when the product is gone', () => {
    expect(draftFromPastOrder(past, null)).toMatchObject({ draft: { step: 'category' }, change: { kind: 'product-gone' } });
  });

  it('asks for a region when the one ordered is no longer offered', () => {
    const { draft, change } = draftFromPastOrder(past, productWith([region(8), region(9)], [field(1)]));
    expect(change).toEqual({ kind: 'region-gone' });
    expect(draft.step).toBe('region');
  });

  it('asks a required question the past order has no answer to, and counts a new optional one as skipped', () => {
    const { draft, change } = draftFromPastOrder(past, productWith([region(7)], [field(1), field(2), field(3, { required: false })]));
    expect(change).toEqual({ kind: 'fields-changed' });
    expect(draft.step).toBe('field');
    expect(draft.fieldValues).toEqual({ '1': 'sam@example.com', '3': '' });
  });

  it('reads every stored line: product, region, quantity, answers by field id and the price then', () => {
    const line = (id: number, fields: { fieldId: number; title: string; value: string }[]) => ({
      product: { id, title: `Product ${id}` },
      region: { regionPropertyId: 7, title: 'US', price: 1_000 },
      quantity: 2,
      fields,
    });
    const row = { id: 9, providerReference: null, lines: [line(500, [{ fieldId: 1, title: 'E-mail', value: 'a@b.co' }]), line(501, [])], costCentreId: null, purposeNote: null };
    expect(pastOrderOf(row)).toEqual({
      name: '#9',
      lines: [
        { productId: 500, title: 'Product 500', regionPropertyId: 7, quantity: 2, fieldValues: { '1': 'a@b.co' }, unitPrice: 1_000 },
        { productId: 501, title: 'Product 501', regionPropertyId: 7, quantity: 2, fieldValues: {}, unitPrice: 1_000 },
      ],
    });
    // What it was for travels with it: the new order is for the same cost centre, with the same note.
    expect(pastOrderOf({ ...row, costCentreId: 4, purposeNote: 'Team lunch' }).purpose).toEqual({ costCentreId: 4, note: 'Team lunch' });
    expect(pastOrderOf({ ...row, costCentreId: 4, purposeNote: null }).purpose).toEqual({ costCentreId: 4, note: null });
  });
});

describe('a past order of several lines as the start of a new one', () => {
  const line = (productId: number, fieldValues: Record<string, string> = {}): PastLine => ({ productId, title: `Product ${productId}`, regionPropertyId: 7, quantity: 2, fieldValues, unitPrice: 1_000 });
  const order = { name: 'A7', lines: [line(500, { '1': 'sam@example.com' }), line(501), line(502)] };

  it('puts every line in the cart, in the same order, at the summary', () => {
    const { draft, changes } = cartFromPastOrder(order, [productWith([region(7)], [field(1)], 500), productWith([region(7)], [], 501), productWith([region(7)], [], 502)]);
    expect(changes).toEqual([]);
    expect(draft.step).toBe('summary');
    expect(cartLines(draft).map((l) => [l.product.id, l.quantity])).toEqual([[500, 2], [501, 2], [502, 2]]);
    expect(cartLines(draft)[0]!.fieldValues).toEqual({ '1': 'sam@example.com' });
  });

  it('leaves a gone product out, names its line, and asks the region of a line whose region is gone', () => {
    const { draft, changes } = cartFromPastOrder(order, [null, productWith([region(8), region(9)], [], 501), productWith([region(7)], [], 502)]);
    expect(changes).toEqual([{ index: 0, change: { kind: 'product-gone' } }, { index: 1, change: { kind: 'region-gone' } }]);
    expect(draft).toMatchObject({ step: 'region', product: { id: 501 } });
    expect(draft.cart!.map((l) => l.product.id)).toEqual([502]);
  });

  it('starts at the categories when every product is gone', () => {
    expect(cartFromPastOrder(order, [null, null, null]).draft.step).toBe('category');
  });
});
