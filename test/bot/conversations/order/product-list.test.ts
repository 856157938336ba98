import type { InlineKeyboard } from 'grammy';
import { describe, expect, it } from 'vitest';
import { productListView, type ViewContext } from '../../../../src/bot/conversations/order/views.js';
import { type Locale } from '../../../../src/text/i18n.js';
import { createI18n } from '../../../support/i18n-plugin.js';
import type { CatalogProduct } from '../../../../src/db/catalog-store.js';

const i18n = createI18n('en');
const viewIn = (locale: Locale): ViewContext => ({
  t: (key, variables) => i18n.t(locale, key, variables),
  locale,
  amountUnit: 'IRR',
  sandbox: false,
  perItemLimit: 10,
  timeZone: 'UTC',
  monthCalendar: 'gregorian',
});

const item = (over: Partial<CatalogProduct>): CatalogProduct => ({
  id: 1,
  title: 'Steam Wallet 20',
  categoryId: 3,
  isAvailable: true,
  priceFrom: null,
  priceTo: null,
  stockTotal: null,
  ...over,
});

function list(items: CatalogProduct[], locale: Locale = 'en') {
  const out = productListView(viewIn(locale), 'Steam: choose a product.', { items, page: 1, pageCount: 1, total: items.length }, null);
  const buttons = (out.keyboard as InlineKeyboard).inline_keyboard.flat().map((b) => b.text);
  return { lines: out.text.toString().split('\n').slice(2), buttons };
}

describe('product list', () => {
  it('says "from" the lowest price when the regions differ in price', () => {
    expect(list([item({ priceFrom: 900_000, priceTo: 2_450_000, stockTotal: 35 })]).lines).toEqual([
      '• Steam Wallet 20 — from 900,000 IRR · 35 in stock',
    ]);
  });

  it('shows one price without "from" when every region costs the same', () => {
    expect(list([item({ priceFrom: 1_250_000, priceTo: 1_250_000, stockTotal: 50 })]).lines).toEqual([
      '• Steam Wallet 20 — 1,250,000 IRR · 50 in stock',
    ]);
  });

  it('says only a few are left at five or fewer', () => {
    expect(list([item({ priceFrom: 100, priceTo: 100, stockTotal: 5 })]).lines[0]).toContain('only 5 left');
    expect(list([item({ priceFrom: 100, priceTo: 100, stockTotal: 6 })]).lines[0]).toContain('6 in stock');
  });

  it('marks a product with no stock as out of stock', () => {
    expect(list([item({ priceFrom: 100, priceTo: 100, stockTotal: 0 })]).lines[0]).toContain('out of stock');
  });

  it('shows the title alone while nothing is known of price or stock', () => {
    expect(list([item({})]).lines).toEqual(['• Steam Wallet 20']);
  });

  it('keeps each product button to about thirty characters and the full title in the text', () => {
    const title = 'PlayStation Network Card 100 USD (United States)';
    const { lines, buttons } = list([item({ title })]);
    expect(buttons[0]).toHaveLength(30);
    expect(title.startsWith(buttons[0]!.slice(0, -1))).toBe(true);
    expect(lines[0]).toContain(title);
  });

  it('writes the Persian list with Persian digits', () => {
    expect(list([item({ priceFrom: 900_000, priceTo: 2_450_000, stockTotal: 3 })], 'fa').lines).toEqual([
      '• Steam Wallet 20 — از ۹۰۰٬۰۰۰ IRR · فقط ۳ عدد مانده',
    ]);
  });
});
