import type { InlineKeyboard } from 'grammy';
import { describe, expect, it } from 'vitest';
import { ACTION, data, numericValue, parseData } from '../../../../src/bot/conversations/order/actions.js';
import { chooseProduct, chooseQuantity, newDraft, type Draft } from '../../../../src/bot/conversations/order/draft.js';
import {
  categoryView,
  editView,
  fieldView,
  productListView,
  quantityView,
  regionView,
  type ViewContext,
} from '../../../../src/bot/conversations/order/views.js';
import { summaryView } from '../../../../src/bot/conversations/order/summary-view.js';
import { createI18n } from '../../../support/i18n-plugin.js';
import { CONTRACT_LIMITS } from '../../../../src/provider/schemas.js';
import { field, productWith, region } from './fixtures.js';

/** Telegram's limit, in bytes of UTF-8. */
const MAX_CALLBACK_DATA_BYTES = 64;
const LARGEST_ID = Number.MAX_SAFE_INTEGER;
const SMALLEST_ID = Number.MIN_SAFE_INTEGER;

const i18n = createI18n('fa');
const view: ViewContext = {
  t: (key, variables) => i18n.t('fa', key, variables),
  locale: 'fa',
  amountUnit: 'IRR',
  sandbox: true,
  perItemLimit: CONTRACT_LIMITS.maxQuantityPerItem,
  timeZone: 'UTC',
  monthCalendar: 'gregorian',
};

function callbackData(keyboard: InlineKeyboard | undefined): string[] {
  return (keyboard?.inline_keyboard ?? []).flat().flatMap((button) => ('callback_data' in button ? [button.callback_data] : []));
}

/** A product whose every id is as large as the provider's integers allow, with many optional fields. */
const hugeProduct = productWith(
  [region(LARGEST_ID, 1_000), region(SMALLEST_ID, 0), region(LARGEST_ID - 1, 1_000)],
  Array.from({ length: 12 }, (_, index) => field(LARGEST_ID - index, { required: false })),
  LARGEST_ID,
);

function everyView(): string[] {
  const lastPage = { page: LARGEST_ID - 1, pageCount: LARGEST_ID, total: LARGEST_ID };
  const categories = categoryView(
    view,
    { items: [{ id: LARGEST_ID, title: 'x'.repeat(200), productCount: LARGEST_ID }, { id: SMALLEST_ID, title: 'y', productCount: 1 }], ...lastPage },
    null,
  );
  const products = productListView(
    view,
    'heading',
    { items: [{ id: LARGEST_ID, title: 'z'.repeat(200), categoryId: LARGEST_ID, isAvailable: true, priceFrom: LARGEST_ID, priceTo: LARGEST_ID, stockTotal: 1 }], ...lastPage },
    null,
  );
  let draft: Draft = { ...chooseProduct(newDraft(), hugeProduct), regionPropertyId: LARGEST_ID, step: 'quantity' };
  const quantity = quantityView(view, draft, null);
  draft = chooseQuantity(draft, CONTRACT_LIMITS.maxQuantityPerItem);
  const fields = fieldView(view, draft, null);
  const summary = summaryView(view, { ...draft, step: 'summary' }, { balance: LARGEST_ID }, null);
  const edit = editView(view, draft);
  return [categories, products, regionView(view, hugeProduct, null), quantity, fields, summary, edit].flatMap((out) =>
    callbackData(out.keyboard),
  );
}

describe('callback data of the order menu', () => {
  it('fits in 64 bytes on every button of every view, even with the largest ids', () => {
    const all = everyView();
    expect(all.length).toBeGreaterThan(30);
    for (const value of all) expect(Buffer.byteLength(value, 'utf8'), value).toBeLessThanOrEqual(MAX_CALLBACK_DATA_BYTES);
  });

  it('carries the largest and smallest ids back unchanged', () => {
    for (const id of [LARGEST_ID, SMALLEST_ID, 0]) {
      const pressed = parseData(data(ACTION.product, id));
      expect(pressed).toEqual({ action: ACTION.product, value: String(id) });
      expect(numericValue(pressed!)).toBe(id);
    }
  });

  it('reads every id a view put on a button', () => {
    const ids = everyView()
      .map((value) => parseData(value)!)
      .filter((pressed) => pressed.value !== null && /^-?[0-9]+$/.test(pressed.value));
    expect(ids.length).toBeGreaterThan(5);
    for (const pressed of ids) expect(numericValue(pressed)).toBe(Number(pressed.value));
  });

  it('parses an action without a value', () => {
    expect(parseData(data(ACTION.confirm))).toEqual({ action: 'ok', value: null });
  });

  it('ignores data of other features and numbers beyond the safe range', () => {
    expect(parseData('lang:fa')).toBeNull();
    expect(parseData(undefined)).toBeNull();
    expect(numericValue({ action: ACTION.product, value: '90071992547409930' })).toBeNull();
    expect(numericValue({ action: ACTION.product, value: '12e3' })).toBeNull();
  });
});

describe('the edit menu of a line', () => {
  it('clips a long question title on its button to one line of a phone', () => {
    const product = productWith([region(1, 5)], [field(1, { title: 'شماره تلفن همراه گیرنده برای ارسال پیامک کد فعال‌سازی' }), field(2)], 7);
    const draft = chooseQuantity({ ...chooseProduct(newDraft(), product), regionPropertyId: 1, step: 'quantity' }, 1);
    const labels = (editView(view, draft).keyboard?.inline_keyboard ?? []).flat().map((button) => button.text);
    expect(labels).toContain('Field 2');
    const long = labels.find((label) => label.startsWith('شماره تلفن'))!;
    expect(long.length).toBeLessThanOrEqual(30);
    expect(long.endsWith('…')).toBe(true);
  });
});
