import { describe, expect, it } from 'vitest';
import {
  answerField,
  back,
  chooseCategory,
  chooseProduct,
  chooseQuantity,
  chooseRegion,
  editStep,
  isComplete,
  maxQuantity,
  newDraft,
  searchProducts,
  type Draft,
} from '../../../../src/bot/conversations/order/draft.js';
import { field, productWith, region } from './fixtures.js';

const multiRegion = productWith([region(1, 5), region(2, 20)], [field(7), field(8)]);
const singleRegion = productWith([region(9, 30)]);

/** A draft at the summary of `multiRegion`: region 1, quantity 2, both fields answered. */
function atSummary(): Draft {
  let draft = chooseProduct(chooseCategory(newDraft(), 3), multiRegion);
  draft = chooseRegion(draft, 1);
  draft = chooseQuantity(draft, 2);
  draft = answerField(draft, 7, 'a');
  return answerField(draft, 8, 'b');
}

describe('the order draft', () => {
  describe('Back', () => {
    it('stays at the category step, the first one', () => {
      expect(back(newDraft()).step).toBe('category');
    });

    it('goes from the product list to the categories and forgets the search', () => {
      const draft = back(searchProducts(newDraft(), 'steam'));
      expect(draft.step).toBe('category');
      expect(draft.search).toBeNull();
    });

    it('goes from the region to the product list', () => {
      expect(back(chooseProduct(chooseCategory(newDraft(), 3), multiRegion)).step).toBe('product');
    });

    it('goes from the quantity to the region when the product has a region choice', () => {
      const draft = chooseRegion(chooseProduct(newDraft(), multiRegion), 2);
      expect(draft.step).toBe('quantity');
      expect(back(draft).step).toBe('region');
    });

    it('goes from the quantity to the product list when the product has one region', () => {
      expect(back(chooseProduct(newDraft(), singleRegion)).step).toBe('product');
    });

    it('goes from the first field to the quantity', () => {
      const draft = chooseQuantity(chooseRegion(chooseProduct(newDraft(), multiRegion), 1), 1);
      expect(draft).toMatchObject({ step: 'field', fieldIndex: 0 });
      expect(back(draft).step).toBe('quantity');
    });

    it('goes from a later field to the one before it', () => {
      const draft = answerField(chooseQuantity(chooseRegion(chooseProduct(newDraft(), multiRegion), 1), 1), 7, 'a');
      expect(draft).toMatchObject({ step: 'field', fieldIndex: 1 });
      expect(back(draft)).toMatchObject({ step: 'field', fieldIndex: 0 });
    });

    it('goes from the summary to the last field', () => {
      expect(back(atSummary())).toMatchObject({ step: 'field', fieldIndex: 1 });
    });

    it('goes from the summary to the quantity when the product has no fields', () => {
      const draft = chooseQuantity(chooseProduct(newDraft(), singleRegion), 1);
      expect(draft.step).toBe('summary');
      expect(back(draft).step).toBe('quantity');
    });

    it('goes from the Edit menu to the summary', () => {
      expect(back({ ...atSummary(), step: 'edit' }).step).toBe('summary');
    });

    it('returns to the summary while changing one answer from it', () => {
      const editing = editStep(atSummary(), { kind: 'field', index: 0 });
      const draft = back(editing);
      expect(draft.step).toBe('summary');
      expect(draft.editing).toBe(false);
      expect(draft.fieldValues).toEqual({ '7': 'a', '8': 'b' });
    });
  });

  describe('Edit', () => {
    it('returns to the summary after a new quantity', () => {
      const draft = chooseQuantity(editStep(atSummary(), { kind: 'quantity' }), 4);
      expect(draft).toMatchObject({ step: 'summary', quantity: 4, editing: false });
    });

    it('returns to the summary after a new answer, keeping the other answers', () => {
      const draft = answerField(editStep(atSummary(), { kind: 'field', index: 0 }), 7, 'changed');
      expect(draft).toMatchObject({ step: 'summary', fieldValues: { '7': 'changed', '8': 'b' } });
    });

    it('returns to the summary when the same region is chosen again, keeping the quantity', () => {
      const draft = chooseRegion(editStep(atSummary(), { kind: 'region' }), 1);
      expect(draft).toMatchObject({ step: 'summary', quantity: 2, editing: false });
    });

    it('asks the quantity again after a different region, then returns to the summary', () => {
      const changed = chooseRegion(editStep(atSummary(), { kind: 'region' }), 2);
      expect(changed).toMatchObject({ step: 'quantity', quantity: null, regionPropertyId: 2 });
      const draft = chooseQuantity(changed, 3);
      expect(draft).toMatchObject({ step: 'summary', quantity: 3, fieldValues: { '7': 'a', '8': 'b' } });
    });

    it('does not go back to a summary without a quantity after a different region', () => {
      const changed = chooseRegion(editStep(atSummary(), { kind: 'region' }), 2);
      const draft = back(changed);
      expect(draft.step).toBe('region');
      expect(back(chooseRegion(draft, 2)).step).not.toBe('summary');
    });

    it('starts the choice again from the product list when the product is changed', () => {
      const draft = editStep(atSummary(), { kind: 'product' });
      expect(draft).toMatchObject({ step: 'product', editing: false });
    });
  });

  describe('choosing a product', () => {
    it('skips the region step for a product with one region', () => {
      const draft = chooseProduct(newDraft(), singleRegion);
      expect(draft).toMatchObject({ step: 'quantity', regionPropertyId: 9 });
    });

    it('asks for the region when there is a choice', () => {
      expect(chooseProduct(newDraft(), multiRegion)).toMatchObject({ step: 'region', regionPropertyId: null });
    });

    it('forgets the region, quantity and answers of the previous product', () => {
      const draft = chooseProduct(atSummary(), singleRegion);
      expect(draft).toMatchObject({ quantity: null, fieldValues: {}, fieldIndex: 0, regionPropertyId: 9 });
    });
  });

  it('limits the quantity by the region stock and the per-item limit', () => {
    const draft = chooseRegion(chooseProduct(newDraft(), multiRegion), 1);
    expect(maxQuantity(draft, 10)).toBe(5);
    expect(maxQuantity(chooseRegion(draft, 2), 10)).toBe(10);
  });

  it('is complete only with a region, a quantity and every required answer', () => {
    expect(isComplete(atSummary())).toBe(true);
    const { ['8']: _dropped, ...partial } = atSummary().fieldValues;
    expect(isComplete({ ...atSummary(), fieldValues: partial })).toBe(false);
    expect(isComplete({ ...atSummary(), quantity: null })).toBe(false);
  });
});
