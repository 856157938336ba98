import { describe, expect, it } from 'vitest';
import { draftFromPastOrder, pastOrderOf, type PastOrder } from '../../../../src/bot/conversations/order/past-order.js';
import { field, productWith, region } from './fixtures.js';

const past: PastOrder = { name: 'A100', productId: 500, regionPropertyId: 7, quantity: 3, fieldValues: { '1': 'sam@example.com' }, unitPrice: 1_000 };

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

  it('reads the stored answers by field id and leaves out anything else', () => {
    const row = {
      id: 9,
      providerReference: null,
      productId: 500,
      regionPropertyId: 7,
      quantity: 1,
      unitPrice: 1_000,
      fieldValues: JSON.stringify([{ fieldId: 1, title: 'E-mail', value: 'a@b.co' }, { title: 'no id', value: 'x' }, 'junk']),
    };
    expect(pastOrderOf(row)).toEqual({ name: '#9', productId: 500, regionPropertyId: 7, quantity: 1, fieldValues: { '1': 'a@b.co' }, unitPrice: 1_000 });
    expect(pastOrderOf({ ...row, fieldValues: 'not json' }).fieldValues).toEqual({});
  });
});
