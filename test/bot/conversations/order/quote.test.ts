import { describe, expect, it } from 'vitest';
import { chooseProduct, chooseQuantity, chooseRegion, newDraft, type Draft } from '../../../../src/bot/conversations/order/draft.js';
import { hasChanges, refreshQuote } from '../../../../src/bot/conversations/order/quote.js';
import { field, productWith, region } from './fixtures.js';

/** Region 1 (stock 5, price 1,000), quantity 3, the one field answered. */
function atSummary(): Draft {
  let draft = chooseProduct(newDraft(), productWith([region(1, 5, 1_000), region(2, 20, 2_000)], [field(7)]));
  draft = chooseQuantity(chooseRegion(draft, 1), 3);
  return { ...draft, fieldValues: { '7': 'hello' }, step: 'summary' };
}

describe('a fresh read of the product at the summary', () => {
  it('reports nothing when price and stock still hold', () => {
    const fresh = productWith([region(1, 4, 1_000), region(2, 0, 2_000)], [field(7)]);
    const { changes, draft } = refreshQuote(atSummary(), fresh);
    expect(hasChanges(changes)).toBe(false);
    expect(draft.product).toEqual(fresh);
    expect(draft.step).toBe('summary');
  });

  it('reports a new price as old and new, and carries the new one into the draft', () => {
    const { changes, draft } = refreshQuote(atSummary(), productWith([region(1, 5, 1_200)], [field(7)]));
    expect(changes.price).toEqual({ from: 1_000, to: 1_200 });
    expect(draft.product?.regionProperties[0]?.price).toBe(1_200);
  });

  it('reports a stock that no longer covers the quantity', () => {
    const { changes } = refreshQuote(atSummary(), productWith([region(1, 2, 1_000)], [field(7)]));
    expect(changes.stock).toEqual({ from: 5, to: 2 });
  });

  it('sends the staff member back to choose a region when theirs is gone, keeping their answers', () => {
    const { changes, draft } = refreshQuote(atSummary(), productWith([region(2, 20, 2_000), region(3, 20, 2_000)], [field(7)]));
    expect(changes.regionGone).toBe('R1');
    expect(draft).toMatchObject({ step: 'region', regionPropertyId: null, quantity: null, editing: true, fieldValues: { '7': 'hello' } });
  });

  it('asks only the quantity when the one region left is another', () => {
    const { draft } = refreshQuote(atSummary(), productWith([region(2, 20, 2_000)], [field(7)]));
    expect(draft).toMatchObject({ step: 'quantity', regionPropertyId: 2, quantity: null });
  });
});
