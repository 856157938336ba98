import { describe, expect, it } from 'vitest';
import { answerText } from '../../../../src/bot/conversations/order/answer-text.js';
import { chooseProduct, chooseQuantity, newDraft, type Draft } from '../../../../src/bot/conversations/order/draft.js';
import { type Translate } from '../../../../src/text/i18n.js';
import { createI18n } from '../../../support/i18n-plugin.js';
import { field, productWith, region } from './fixtures.js';

const i18n = createI18n('en');
const t: Translate = (key, variables) => i18n.t('en', key, variables);
const PER_ITEM_LIMIT = 10;

const withFields = productWith([region(1, 4)], [field(7, { type: 'email' }), field(8, { minLength: 3 })]);
const atQuantity = (): Draft => chooseProduct(newDraft(), withFields);
const atFirstField = (): Draft => chooseQuantity(atQuantity(), 1);

describe('a typed answer in the order conversation', () => {
  it('searches the catalog at the category step', () => {
    const { draft, notice } = answerText(newDraft(), 'category', '  steam  ', PER_ITEM_LIMIT, t);
    expect(draft).toMatchObject({ step: 'product', search: 'steam', categoryId: null });
    expect(notice).toBeNull();
  });

  it('searches again from a product list', () => {
    const { draft } = answerText({ ...newDraft(), step: 'product', categoryId: 3 }, 'product', 'netflix', PER_ITEM_LIMIT, t);
    expect(draft).toMatchObject({ step: 'product', search: 'netflix' });
  });

  it('ignores blank text at the category step', () => {
    const before = newDraft();
    expect(answerText(before, 'category', '   ', PER_ITEM_LIMIT, t)).toEqual({ draft: before, notice: null });
  });

  it('takes a quantity in Persian digits', () => {
    const { draft, notice } = answerText(atQuantity(), 'quantity', '۳', PER_ITEM_LIMIT, t);
    expect(draft).toMatchObject({ quantity: 3, step: 'field' });
    expect(notice).toBeNull();
  });

  it('refuses a quantity above the stock, naming the largest one allowed', () => {
    const { draft, notice } = answerText(atQuantity(), 'quantity', '5', PER_ITEM_LIMIT, t);
    expect(draft.step).toBe('quantity');
    expect(notice).toBe('You can order at most 4 of this product.');
  });

  it('refuses zero and words as a quantity', () => {
    expect(answerText(atQuantity(), 'quantity', '0', PER_ITEM_LIMIT, t).notice).toBe('The quantity must be at least 1.');
    expect(answerText(atQuantity(), 'quantity', 'two', PER_ITEM_LIMIT, t).notice).toBe('Please send a whole number, like 2.');
  });

  it('stores a valid field answer in its normalised form and moves to the next field', () => {
    const { draft, notice } = answerText(atFirstField(), 'field', ' Buyer@Example.COM ', PER_ITEM_LIMIT, t);
    expect(notice).toBeNull();
    expect(draft).toMatchObject({ step: 'field', fieldIndex: 1, fieldValues: { '7': 'buyer@example.com' } });
  });

  it('says why a field answer was refused and asks again', () => {
    const { draft, notice } = answerText(atFirstField(), 'field', 'not-an-email', PER_ITEM_LIMIT, t);
    expect(draft.fieldIndex).toBe(0);
    expect(draft.fieldValues).toEqual({});
    expect(notice).toBe('That is not an e-mail address: it needs a name, an @ and a domain, like name@example.com. Please send it again.');
  });

  it('names the minimum length when an answer is too short', () => {
    const second = answerText(atFirstField(), 'field', 'a@b.io', PER_ITEM_LIMIT, t).draft;
    expect(answerText(second, 'field', 'ab', PER_ITEM_LIMIT, t).notice).toBe(
      'That is too short: at least 3 characters. Please send it again.',
    );
  });

  it('points to the buttons at steps that take no text', () => {
    const draft = { ...atFirstField(), step: 'summary' as const };
    expect(answerText(draft, 'summary', 'yes', PER_ITEM_LIMIT, t)).toEqual({ draft, notice: 'Please use the buttons above, or Cancel.' });
    expect(answerText(draft, 'region', 'EU', PER_ITEM_LIMIT, t).notice).toBe('Please use the buttons above, or Cancel.');
  });
});
