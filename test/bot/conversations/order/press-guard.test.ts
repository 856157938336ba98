import { describe, expect, it } from 'vitest';
import { ACTION, data, parseData } from '../../../../src/bot/conversations/order/actions.js';
import { chooseProduct, chooseQuantity, chooseRegion, newDraft, resumeIncomplete, type Draft } from '../../../../src/bot/conversations/order/draft.js';
import { acceptsPress } from '../../../../src/bot/conversations/order/press-guard.js';
import { field, productWith, region } from './fixtures.js';

const context = { perItemLimit: 10, confirmOffered: true };
const press = (action: Parameters<typeof data>[0], value?: string | number) => parseData(data(action, value))!;

/** One region (no region step), two fields, at the Edit menu of a complete summary. */
function atEdit(): Draft {
  const draft = chooseQuantity(chooseProduct(newDraft(), productWith([region(1, 5)], [field(7), field(8, { required: false })])), 2);
  return { ...draft, fieldValues: { '7': 'a' }, step: 'edit' };
}

describe('presses checked against the draft', () => {
  it('accepts the Edit menu targets the menu lists', () => {
    for (const value of ['p', 'q', 'f0', 'f1']) expect(acceptsPress(atEdit(), press(ACTION.editTarget, value), context), value).toBe(true);
  });

  it('refuses an edit target for a field the product lacks', () => {
    expect(acceptsPress(atEdit(), press(ACTION.editTarget, 'f2'), context)).toBe(false);
    expect(acceptsPress(atEdit(), press(ACTION.editTarget, 'f999'), context)).toBe(false);
  });

  it('refuses a region edit for a product with one region', () => {
    expect(acceptsPress(atEdit(), press(ACTION.editTarget, 'r'), context)).toBe(false);
  });

  it('refuses an edit target before the summary was reached', () => {
    const atQuantity = chooseProduct(newDraft(), productWith([region(1, 5)], [field(7)]));
    expect(acceptsPress({ ...atQuantity, step: 'edit' }, press(ACTION.editTarget, 'f0'), context)).toBe(false);
    expect(acceptsPress(atQuantity, press(ACTION.editTarget, 'q'), context)).toBe(false);
  });

  it('takes a favourite or a team pick only on a fresh order, and the star only where a product is chosen', () => {
    expect(acceptsPress(newDraft(), press(ACTION.favourite, 12), context)).toBe(true);
    expect(acceptsPress(newDraft(), press(ACTION.pick, 3), context)).toBe(true);
    expect(acceptsPress(newDraft(), press(ACTION.favourite, 'x'), context)).toBe(false);
    expect(acceptsPress(newDraft(), press(ACTION.pick, 0), context)).toBe(false);
    // Over an order that already has a line, a favourite would replace it: not offered, so refused.
    const adding: Draft = { ...atEdit(), step: 'category' };
    expect(acceptsPress(adding, press(ACTION.favourite, 12), context)).toBe(false);
    const atQuantity = chooseProduct(newDraft(), productWith([region(1, 5)], []));
    expect(acceptsPress(atQuantity, press(ACTION.star), context)).toBe(true);
    expect(acceptsPress(atQuantity, press(ACTION.star, 'team'), context)).toBe(true);
    expect(acceptsPress(atQuantity, press(ACTION.star, 'other'), context)).toBe(false);
    expect(acceptsPress(atQuantity, press(ACTION.favourite, 12), context)).toBe(false);
    expect(acceptsPress(newDraft(), press(ACTION.star), context)).toBe(false);
  });

  it('refuses Confirm when the summary on screen offers none', () => {
    const summary: Draft = { ...atEdit(), step: 'summary' };
    expect(acceptsPress(summary, press(ACTION.confirm), context)).toBe(true);
    expect(acceptsPress(summary, press(ACTION.confirm), { ...context, confirmOffered: false })).toBe(false);
  });

  it('refuses Confirm for a draft with a required answer missing', () => {
    const summary: Draft = { ...atEdit(), step: 'summary', fieldValues: {} };
    expect(acceptsPress(summary, press(ACTION.confirm), context)).toBe(false);
  });

  it('refuses a button that the current step does not show', () => {
    const atQuantity = chooseProduct(newDraft(), productWith([region(1, 5)], [field(7)]));
    expect(acceptsPress(atQuantity, press(ACTION.confirm), context)).toBe(false);
    expect(acceptsPress(atQuantity, press(ACTION.skip), context)).toBe(false);
    expect(acceptsPress(atQuantity, press(ACTION.quantity, 2), context)).toBe(true);
    expect(acceptsPress(atQuantity, press(ACTION.quantity, 6), context)).toBe(false);
    expect(acceptsPress(atQuantity, { action: 'zz', value: null }, context)).toBe(false);
  });

  it('refuses a region that is out of stock or not the product\'s', () => {
    const atRegion = chooseProduct(newDraft(), productWith([region(1, 5), region(2, 0)]));
    expect(acceptsPress(atRegion, press(ACTION.region, 1), context)).toBe(true);
    expect(acceptsPress(atRegion, press(ACTION.region, 2), context)).toBe(false);
    expect(acceptsPress(atRegion, press(ACTION.region, 3), context)).toBe(false);
  });

  it('refuses Skip on a required field', () => {
    const atField = { ...atEdit(), step: 'field' as const, fieldIndex: 0 };
    expect(acceptsPress(atField, press(ACTION.skip), context)).toBe(false);
    expect(acceptsPress({ ...atField, fieldIndex: 1 }, press(ACTION.skip), context)).toBe(true);
  });
});

describe('a summary reached with something missing', () => {
  it('goes to the first required field without an answer, and comes back to the summary after it', () => {
    const draft: Draft = { ...atEdit(), step: 'summary', fieldValues: {} };
    expect(resumeIncomplete(draft)).toMatchObject({ step: 'field', fieldIndex: 0, editing: true });
  });

  it('goes to the region step when no region is chosen', () => {
    const draft = chooseProduct(newDraft(), productWith([region(1, 5), region(2, 5)]));
    expect(resumeIncomplete({ ...draft, step: 'summary' })).toMatchObject({ step: 'region' });
  });

  it('leaves a complete draft as it is', () => {
    const draft = chooseRegion(chooseProduct(newDraft(), productWith([region(1, 5), region(2, 5)])), 2);
    const complete = chooseQuantity(draft, 1);
    expect(resumeIncomplete(complete)).toBe(complete);
  });
});
