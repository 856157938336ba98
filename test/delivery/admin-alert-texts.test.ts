import { describe, expect, it } from 'vitest';
import { adminText, type TextContext } from '../../src/delivery/notification-texts.js';
import type { OrderRow } from '../../src/db/order-store.js';
import type { Locale } from '../../src/text/i18n.js';
import { createI18n } from '../support/i18n-plugin.js';

const i18n = createI18n('en');
const context = (locale: Locale): TextContext => ({
  t: (key, vars) => i18n.t(locale, key, vars),
  locale,
  amountUnit: 'IRR',
  timeZone: 'Asia/Tehran',
  monthCalendar: 'gregorian',
  sandbox: false,
  describePerson: () => 'Sam (@sam)',
});

/** Confirmed at 1,225,000 a card, charged 3,000,000 for two. */
const order = {
  id: 12,
  providerReference: 'A100234',
  lines: [{ product: { id: 101, title: 'Google Play 10 USD' }, region: { regionPropertyId: 5001, title: 'US', price: 1_225_000 }, quantity: 2, fields: [] }],
  totalAmount: 3_000_000,
  userId: 11,
} as unknown as OrderRow;

describe("administrators' alert of an amount charged other than the one confirmed", () => {
  it('names the order, who ordered, both amounts, and that the charged one counts', () => {
    const text = adminText({ kind: 'charged-other-amount', confirmed: 2_450_000 }, order, context('en'));
    expect(text).toContain('the provider charged 3,000,000 IRR for order A100234');
    expect(text).toContain('Sam (@sam)');
    expect(text).toContain('but 2,450,000 IRR was confirmed');
    expect(text).toContain('counts toward the limits');
  });

  it('reads in Persian with Persian digits for the amounts', () => {
    const text = adminText({ kind: 'charged-other-amount', confirmed: 2_450_000 }, order, context('fa'));
    expect(text).toContain('۳٬۰۰۰٬۰۰۰');
    expect(text).toContain('۲٬۴۵۰٬۰۰۰');
  });
});
