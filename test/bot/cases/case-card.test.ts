import { describe, expect, it } from 'vitest';
import { cardPicker } from '../../../src/bot/cases/card-picker.js';
import { cardPlace } from '../../../src/bot/cases/case-card.js';
import { caseSubject } from '../../../src/bot/cases/case-texts.js';
import type { OrderRow } from '../../../src/db/order-row.js';
import type { Locale } from '../../../src/text/i18n.js';
import { createI18n } from '../../support/i18n-plugin.js';

const i18n = createI18n('en');
const view = (locale: Locale) => ({ t: (key: string, variables?: Record<string, string | number>) => i18n.t(locale, key, variables), locale });

const line = (id: number, title: string, region: string, quantity: number): OrderRow['lines'][number] => ({
  product: { id, title },
  region: { regionPropertyId: id * 10, title: region, price: 1_000 },
  quantity,
  fields: [],
});
const order: Pick<OrderRow, 'id' | 'providerReference' | 'lines'> = { id: 7, providerReference: 'A100', lines: [line(101, 'Google Play 10 USD', 'US', 1), line(109, 'Free Fire 520', 'Global', 3)] };
const buttons = (keyboard: ReturnType<typeof cardPicker>['keyboard']) => keyboard.inline_keyboard.map((row) => row.map((b) => [b.text, 'callback_data' in b ? b.callback_data : '']));

describe("a case's card named as the delivery of several products numbers it", () => {
  it("turns the order's count of a card into its product and that product's number", () => {
    expect(cardPlace(order, 1)).toEqual({ product: 1, label: 'Google Play 10 USD (US)', n: 1, of: 1 });
    expect(cardPlace(order, 2)).toEqual({ product: 2, label: 'Free Fire 520 (Global)', n: 1, of: 3 });
    expect(cardPlace(order, 4)).toEqual({ product: 2, label: 'Free Fire 520 (Global)', n: 3, of: 3 });
    expect(cardPlace(order, 5)).toBeNull();
    expect(cardPlace(order, 0)).toBeNull();
  });

  it('says the subject in English and in Persian digits, and keeps the plain wording for one product', () => {
    expect(caseSubject(view('en'), 4, order)).toBe('card 3 of Free Fire 520 (Global) (product 2) in order A100');
    expect(caseSubject(view('fa'), 4, order)).toBe('کارت ۳ از Free Fire 520 (Global) (محصول ۲) در سفارش A100');
    expect(caseSubject(view('en'), 2, { ...order, lines: [line(101, 'Google Play 10 USD', 'US', 3)] })).toBe('card 2 of order A100');
    // An order no longer found is named by the stored number alone.
    expect(caseSubject(view('en'), 4, { id: 7, providerReference: 'A100' })).toBe('card 4 of order A100');
  });

  it("asks which card with each product's cards on their own row, labelled as their copy buttons, carrying the order's count", () => {
    const en = cardPicker(view('en'), order);
    expect(en.text).toBe('Which card of order A100 does not work? The cards are numbered as in the delivery, product by product:\n1. Google Play 10 USD (US) × 1\n2. Free Fire 520 (Global) × 3');
    expect(buttons(en.keyboard)).toEqual([
      [['Card 1.1', 'cs:c:7:1']],
      [['Card 2.1', 'cs:c:7:2'], ['Card 2.2', 'cs:c:7:3'], ['Card 2.3', 'cs:c:7:4']],
      [['All cards', 'cs:c:7:0']],
    ]);
    const fa = cardPicker(view('fa'), order);
    expect(fa.text).toContain('\n۲. Free Fire 520 (Global) × ۳');
    expect(buttons(fa.keyboard)[1]!.map(([text]) => text)).toEqual(['کارت ۲-۱', 'کارت ۲-۲', 'کارت ۲-۳']);
  });
});
