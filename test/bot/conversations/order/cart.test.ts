import { describe, expect, it } from 'vitest';
import { ACTION, data, parseData } from '../../../../src/bot/conversations/order/actions.js';
import {
  addAnother,
  backToCart,
  canAddLine,
  cartLines,
  currentIndex,
  lineIndexOfProduct,
  openLine,
  removeCurrent,
  resumeCart,
} from '../../../../src/bot/conversations/order/cart.js';
import { answerField, back, chooseProduct, chooseQuantity, draftTotal, newDraft, type Draft } from '../../../../src/bot/conversations/order/draft.js';
import { placeInputFrom } from '../../../../src/bot/conversations/order/place.js';
import { acceptsPress } from '../../../../src/bot/conversations/order/press-guard.js';
import { refreshCart } from '../../../../src/bot/conversations/order/quote.js';
import { canConfirm, summaryView } from '../../../../src/bot/conversations/order/summary-view.js';
import type { ViewContext } from '../../../../src/bot/conversations/order/views.js';
import { type Locale } from '../../../../src/text/i18n.js';
import { createI18n } from '../../../support/i18n-plugin.js';
import { field, productWith, region } from './fixtures.js';

const plain = (id: number, price = 1_000, stock = 10) => productWith([region(id * 10, stock, price)], [], id);
const asking = (id: number) => productWith([region(id * 10, 10, 2_000)], [field(1), field(2, { required: false })], id);

/** A complete line of `product` on screen at the summary, after the lines already in `draft`. */
function withLine(draft: Draft, product = plain(1), quantity = 1): Draft {
  let next = chooseQuantity(chooseProduct(draft, product), quantity);
  for (const f of product.requiredFields) next = answerField(next, f.fieldId, f.required ? 'x@y.z' : '');
  return next;
}

/** Three lines: products 1 (×1), 2 (×2, with questions) and 3 (×3); product 3 on screen. */
function threeLines(): Draft {
  return withLine(addAnother(withLine(addAnother(withLine(newDraft(), plain(1), 1)), asking(2), 2)), plain(3), 3);
}

const ids = (draft: Draft) => cartLines(draft).map((line) => [line.product.id, line.quantity]);

describe('the fresh reads of a cart', () => {
  it("give every line its own product's detail when the line on screen gains a question, and ask that question first", () => {
    // Product 1 on screen (opened to change it), products 2 and 3 finished.
    const draft = openLine(threeLines(), 0)!;
    const firstAsks = productWith([region(10, 10, 1_000)], [field(5)], 1);
    const refreshed = refreshCart(draft, [firstAsks, asking(2), plain(3)]);
    expect(refreshed.changes.asksMore).toEqual({ index: 0 });
    const byProduct = [refreshed.draft.product, ...(refreshed.draft.cart ?? []).map((line) => line.product)].map((product) => product?.id);
    expect(byProduct.sort()).toEqual([1, 2, 3]);
    expect(refreshed.draft.cart?.map((line) => [line.product.id, line.regionPropertyId, line.quantity])).toEqual([
      [2, 20, 2],
      [3, 30, 3],
    ]);
    const resumed = resumeCart(refreshed.draft);
    expect(resumed).toMatchObject({ step: 'field', product: { id: 1 } });
  });

  it('finds a finished line that gains a question, and a Confirm on it is not offered', () => {
    const draft = threeLines();
    const secondAsksMore = productWith([region(20, 10, 2_000)], [field(1), field(2, { required: false }), field(6)], 2);
    const refreshed = refreshCart(draft, [plain(1), secondAsksMore, plain(3)]);
    expect(refreshed.changes.asksMore).toEqual({ index: 1 });
    expect(resumeCart(refreshed.draft)).toMatchObject({ step: 'field', product: { id: 2 } });
  });
});

describe('the cart of an order', () => {
  it('keeps each finished line when another product is added, in the order added', () => {
    const draft = threeLines();
    expect(draft.step).toBe('summary');
    expect(ids(draft)).toEqual([[1, 1], [2, 2], [3, 3]]);
    expect(draftTotal(draft)).toBe(1_000 + 2 * 2_000 + 3 * 1_000);
  });

  it('adds another product from the categories, the cart kept, and goes back to the summary from there', () => {
    const adding = addAnother(withLine(newDraft()));
    expect(adding).toMatchObject({ step: 'category', product: null });
    expect(ids(adding)).toEqual([[1, 1]]);
    expect(backToCart(adding)).toMatchObject({ step: 'summary', product: { id: 1 } });
    expect(back(adding)).toMatchObject({ step: 'summary', product: { id: 1 } });
  });

  it('keeps the one cost centre and note of the whole order when another product is added, and places every line with them', () => {
    const purpose = { costCentreId: 4, costCentreName: 'Support', note: 'Nowruz gifts', done: true };
    const draft = withLine(addAnother({ ...withLine(newDraft()), purpose }), plain(2), 2);
    expect(draft.purpose).toEqual(purpose);
    const input = placeInputFrom(draft, { confirmKey: 'k', userId: 7, chatId: 7 });
    expect(input.lines).toHaveLength(2);
    expect(input.purpose).toEqual({ costCentreId: 4, note: 'Nowruz gifts' });
    expect(placeInputFrom(withLine(newDraft()), { confirmKey: 'k', userId: 7, chatId: 7 })).not.toHaveProperty('purpose');
  });

  it('a single product works as before: one line, nothing kept elsewhere', () => {
    const draft = withLine(newDraft());
    expect(ids(draft)).toEqual([[1, 1]]);
    expect(draft.cart).toEqual([]);
  });

  it('opens line N for change and puts the changed line back in its place', () => {
    const opened = openLine(threeLines(), 0)!;
    expect(opened).toMatchObject({ step: 'edit', product: { id: 1 } });
    expect(currentIndex(opened)).toBe(0);
    const changed = chooseQuantity({ ...opened, step: 'quantity', editing: true }, 4);
    expect(changed.step).toBe('summary');
    expect(ids(changed)).toEqual([[1, 4], [2, 2], [3, 3]]);
  });

  it('refuses a line number the order does not have', () => {
    expect(openLine(threeLines(), 3)).toBeNull();
    expect(openLine(threeLines(), -1)).toBeNull();
    expect(openLine(threeLines(), 1.5)).toBeNull();
  });

  it('removes a line and shows the summary with the line that took its place; the last line removed starts again', () => {
    const removed = removeCurrent(openLine(threeLines(), 1)!);
    expect(removed).toMatchObject({ step: 'summary', product: { id: 3 } });
    expect(ids(removed)).toEqual([[1, 1], [3, 3]]);
    const lastOfTwo = removeCurrent(openLine(removed, 1)!);
    expect(ids(lastOfTwo)).toEqual([[1, 1]]);
    const none = removeCurrent(openLine(lastOfTwo, 0)!);
    expect(none.step).toBe('category');
    expect(ids(none)).toEqual([]);
  });

  it('finds the line of a product already in the order', () => {
    expect(lineIndexOfProduct(threeLines(), 2)).toBe(1);
    expect(lineIndexOfProduct(threeLines(), 9)).toBeNull();
  });

  it('offers another product only below the most lines per order', () => {
    expect(canAddLine(threeLines(), 3)).toBe(false);
    expect(canAddLine(threeLines(), 4)).toBe(true);
  });

  it('places every line, skipped optional answers left out', () => {
    const input = placeInputFrom(threeLines(), { confirmKey: 'k', userId: 1, chatId: 1 });
    expect(input.lines.map((line) => [line.product.id, line.quantity])).toEqual([[1, 1], [2, 2], [3, 3]]);
    expect(input.lines[1]!.fields.map((f) => f.fieldId)).toEqual([1]);
  });

  it('re-quotes every line: a changed price is reported for its line only', () => {
    const fresh = [plain(1), { ...asking(2), regionProperties: [region(20, 10, 2_500)] }, plain(3)];
    const { draft, changes } = refreshCart(threeLines(), fresh);
    expect(changes.lines.map((c) => c.price)).toEqual([null, { from: 2_000, to: 2_500 }, null]);
    expect(draftTotal(draft)).toBe(1_000 + 2 * 2_500 + 3 * 1_000);
  });

  it('puts a line whose region is gone on screen to choose again', () => {
    const fresh = [plain(1), productWith([region(77), region(78)], [field(1), field(2, { required: false })], 2), plain(3)];
    const { draft, changes } = refreshCart(threeLines(), fresh);
    expect(changes.regionGone).toEqual({ index: 1, title: 'R20' });
    expect(draft).toMatchObject({ step: 'region', product: { id: 2 } });
  });

  it('does not confirm while any line is over its stock or the total over the wallet', () => {
    const draft = threeLines();
    expect(canConfirm(draft, { balance: 8_000 }, 10)).toBe(true);
    expect(canConfirm(draft, { balance: 7_999 }, 10)).toBe(false);
    const lowStock = { ...draft, cart: draft.cart!.map((line, i) => (i === 0 ? { ...line, product: plain(1, 1_000, 0) } : line)) };
    expect(canConfirm(lowStock, { balance: null }, 10)).toBe(false);
  });

  it('asks what a finished line lacks before the summary', () => {
    const draft = threeLines();
    const lacking = { ...draft, cart: draft.cart!.map((line, i) => (i === 1 ? { ...line, fieldValues: {} } : line)) };
    expect(resumeCart(lacking)).toMatchObject({ step: 'field', product: { id: 2 }, fieldIndex: 0 });
  });

  it('accepts Edit line N only for the lines shown, and the cart buttons only where they are offered', () => {
    const press = (action: Parameters<typeof data>[0], value?: string | number) => parseData(data(action, value))!;
    const context = { perItemLimit: 10, confirmOffered: true, maxLines: 5 };
    const draft = threeLines();
    expect(acceptsPress(draft, press(ACTION.editLine, 3), context)).toBe(true);
    for (const value of [0, 4, -1, 'x', '1e3']) expect(acceptsPress(draft, press(ACTION.editLine, value), context), String(value)).toBe(false);
    expect(acceptsPress(draft, press(ACTION.addLine), { ...context, maxLines: 3 })).toBe(false);
    expect(acceptsPress(draft, press(ACTION.removeLine), context)).toBe(false);
    expect(acceptsPress(openLine(draft, 0)!, press(ACTION.removeLine), context)).toBe(true);
    expect(acceptsPress(newDraft(), press(ACTION.toCart), context)).toBe(false);
    expect(acceptsPress(addAnother(draft), press(ACTION.toCart), context)).toBe(true);
    expect(data(ACTION.editLine, 99).length).toBeLessThanOrEqual(64);
  });
});

const i18n = createI18n('en');
const viewIn = (locale: Locale, maxLines = 5): ViewContext => ({
  t: (key, variables) => i18n.t(locale, key, variables),
  locale,
  amountUnit: 'IRR',
  sandbox: false,
  perItemLimit: 10,
  timeZone: 'UTC',
  monthCalendar: 'gregorian',
  maxLines,
});
const labels = (out: ReturnType<typeof summaryView>) => (out.keyboard?.inline_keyboard ?? []).flat().map((b) => b.text);

describe('the summary of a cart', () => {
  it('lists each line with its price and total, the order total against the wallet, one Edit button per line', () => {
    const out = summaryView(viewIn('en'), threeLines(), { balance: 10_000 }, null);
    expect(out.text.text).toContain('1. Product 1 (R10) × 1');
    expect(out.text.text).toContain('2,000 IRR each = 4,000 IRR');
    expect(out.text.text).toContain('Total: 8,000 IRR');
    expect(out.text.text).toContain('Wallet after: 2,000 IRR');
    expect(labels(out)).toEqual(['Confirm order', '➕ Add another product', '✏️ 1. Product 1', '✏️ 2. Product 2', '✏️ 3. Product 3', 'Cancel']);
    expect(out.keyboard!.inline_keyboard.flat().every((b) => 'callback_data' in b && Buffer.byteLength(b.callback_data) <= 64)).toBe(true);
  });

  it('at the line limit offers no "Add another product" and says why', () => {
    const out = summaryView(viewIn('en', 3), threeLines(), { balance: 10_000 }, null);
    expect(labels(out)).not.toContain('➕ Add another product');
    expect(out.text.text).toContain('An order holds at most 3 products');
  });

  it('marks a line whose price changed old -> new, and the total', () => {
    const { draft, changes } = refreshCart(threeLines(), [plain(1, 1_500), asking(2), plain(3)]);
    const out = summaryView(viewIn('en'), draft, { balance: 10_000, lineChanges: changes.lines }, null);
    expect(out.text.text).toContain('1,000 IRR → 1,500 IRR each = 1,500 IRR');
    expect(out.text.text).toContain('Total: 8,000 IRR → 8,500 IRR');
  });

  it('in Persian, with Persian digits, fits one message with ten lines of long answers', () => {
    let draft = withLine(newDraft(), asking(1));
    for (let id = 2; id <= 10; id += 1) draft = withLine(addAnother(draft), asking(id));
    draft = { ...draft, cart: draft.cart!.map((line) => ({ ...line, fieldValues: { '1': 'پاسخ '.repeat(500), '2': '' } })) };
    const out = summaryView(viewIn('fa', 10), draft, { balance: 100_000 }, null);
    expect(out.text.text.length).toBeLessThanOrEqual(4096);
    expect(out.text.text).toContain('۱۰. ');
  });

  it('in Persian fits one message with ten lines of 200-character titles, stock short on each, and a long notice', () => {
    let draft = withLine(newDraft(), asking(1), 2);
    for (let id = 2; id <= 10; id += 1) draft = withLine(addAnother(draft), asking(id), 2);
    const longTitle = 'کارت هدیهٔ بسیار طولانی '.repeat(10).slice(0, 200);
    draft = {
      ...addAnother(draft),
      cart: cartLines(draft).map((line) => ({
        ...line,
        product: { ...line.product, title: longTitle, regionProperties: line.product.regionProperties.map((r) => ({ ...r, title: 'منطقه '.repeat(40), stock: 1 })) },
        fieldValues: { '1': 'پاسخ '.repeat(500), '2': 'پاسخ '.repeat(500) },
      })),
    };
    const notice = 'اطلاعیه '.repeat(200);
    const out = summaryView(viewIn('fa', 10), draft, { balance: 100_000 }, notice);
    expect(out.text.text.length).toBeLessThanOrEqual(4096);
    expect(out.text.text).toContain('۱۰. ');
    expect(out.text.text.match(/حداکثر ۱ عدد/g)).toHaveLength(10);
    expect(out.text.text).toContain(longTitle.slice(0, 40));
    expect(out.text.text).not.toContain(longTitle.slice(0, 80));
  });

  it('keeps the "Edit line" buttons short: the number and a clipped title', () => {
    let draft = withLine(newDraft(), plain(1));
    draft = withLine(addAnother(draft), plain(2));
    draft = { ...addAnother(draft), cart: cartLines(draft).map((line) => ({ ...line, product: { ...line.product, title: 'Google Play 10 USD United States' } })) };
    for (const locale of ['en', 'fa'] as const) {
      const buttons = labels(summaryView(viewIn(locale), draft, { balance: 100_000 }, null)).filter((label) => label.startsWith('✏️'));
      expect(buttons).toHaveLength(2);
      for (const label of buttons) expect(label.length).toBeLessThanOrEqual(25);
    }
    expect(labels(summaryView(viewIn('en'), draft, { balance: 100_000 }, null))).toContain('✏️ 1. Google Play 10 US…');
  });
});
