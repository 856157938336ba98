import { describe, expect, it } from 'vitest';
import { describePlaceResult, placeResultText } from '../../../../src/bot/conversations/order/place.js';
import { placedRecap } from '../../../../src/bot/conversations/order/recap.js';
import { createI18n } from '../../../support/i18n-plugin.js';
import type { OrderRow } from '../../../../src/db/order-store.js';
import type { OrderState } from '../../../../src/domain/order-states.js';

const i18n = createI18n('en');
const t = (key: string, vars?: Record<string, string | number>) => i18n.t('en', key, vars);
const fa = (key: string, vars?: Record<string, string | number>) => i18n.t('fa', key, vars);

function order(state: OrderState, reference: string | null = 'A100234'): OrderRow {
  const line = { product: { id: 101, title: 'Google Play 10 USD' }, region: { regionPropertyId: 5001, title: 'US', price: 1_250_000 }, quantity: 2, fields: [] };
  return { id: 7, state, providerReference: reference, providerStatus: 'PREPARING', lines: [line], totalAmount: 2_500_000 } as unknown as OrderRow;
}

function text(result: Parameters<typeof describePlaceResult>[0], translate = t): string {
  return placeResultText(translate, describePlaceResult(result));
}

describe('what a confirmation tells the staff member', () => {
  it('names the placed order and its state in words', () => {
    expect(text({ kind: 'placed', order: order('in_progress') })).toBe(
      'Order A100234 is placed (In progress). I will send the codes here as soon as the provider delivers them.',
    );
  });

  it('says where a repeated confirmation of a placed order stands', () => {
    expect(text({ kind: 'already-confirmed', order: order('completed') })).toContain('A100234: Completed');
  });

  it('says plainly when a repeated confirmation belongs to an order that was not placed', () => {
    expect(text({ kind: 'already-confirmed', order: order('not_placed', null) })).toMatch(/was not placed\. Send \/order/);
  });

  it('passes on the provider reason of a refusal it has no words for, marked as the provider’s own words', () => {
    expect(text({ kind: 'rejected', order: order('rejected', null), providerMessage: 'فیلد نامعتبر', reason: 'invalid' })).toBe(
      'The provider refused the order. The provider said: “فیلد نامعتبر”',
    );
    expect(text({ kind: 'rejected', order: order('rejected', null), providerMessage: 'Invalid field', reason: 'invalid' }, fa)).toBe(
      'تأمین‌کننده سفارش را رد کرد. پاسخ خود تأمین‌کننده: «Invalid field»',
    );
  });

  it('says the wallet is short, in its own words, then what the provider said as the provider’s', () => {
    const said = text({ kind: 'rejected', order: order('rejected', null), providerMessage: 'موجودی کافی نیست', reason: 'insufficient-funds' });
    expect(said).toMatch(/^The wallet does not hold enough.*Nothing was charged.* The provider said: “موجودی کافی نیست”$/);
    const persian = text({ kind: 'rejected', order: order('rejected', null), providerMessage: 'Insufficient balance', reason: 'insufficient-funds' }, fa);
    expect(persian).toMatch(/^موجودی کیف پول برای این سفارش کافی نیست.* پاسخ خود تأمین‌کننده: «Insufficient balance»$/);
  });

  it('says nothing was sent when the provider could not be reached at all', () => {
    expect(text({ kind: 'rejected', order: order('rejected', null), providerMessage: null, reason: 'unreachable' })).toMatch(
      /could not be reached, so the order was not sent and nothing was charged/,
    );
  });
});

describe('the recap under a placed order', () => {
  const view = (locale: 'en' | 'fa') => ({
    t: (key: string, vars?: Record<string, string | number>) => i18n.t(locale, key, vars),
    locale,
    amountUnit: 'IRR',
    timeZone: 'UTC',
    monthCalendar: 'gregorian' as const,
    sandbox: false,
    perItemLimit: 10,
  });
  const recap = { reference: 'A100234', goods: [{ product: 'Google Play 10 USD (US)', quantity: 2 }] };

  it('lists each line of an order of several products', () => {
    const lines = [
      { product: 'Google Play 10 USD (US)', quantity: 2 },
      { product: 'Steam 20 USD', quantity: 1 },
    ];
    const said = placedRecap(view('en'), { ...recap, goods: lines, amount: 3_000_000, confirmed: 3_000_000 }, null);
    expect(said).toContain('• Google Play 10 USD (US) × 2\n• Steam 20 USD × 1');
    expect(placedRecap(view('fa'), { ...recap, goods: lines, amount: 3_000_000, confirmed: 3_000_000 }, null)).toContain('× ۲');
  });

  it('says what was charged when it is what was confirmed', () => {
    const said = placedRecap(view('en'), { ...recap, amount: 2_500_000, confirmed: 2_500_000 }, null);
    expect(said).toContain('Charged: 2,500,000 IRR');
    expect(said).not.toMatch(/confirmed/);
  });

  it('says plainly when the provider charged another amount than the one confirmed', () => {
    const said = placedRecap(view('en'), { ...recap, amount: 3_000_000, confirmed: 2_500_000 }, null);
    expect(said).toContain('Charged: 3,000,000 IRR, not the 2,500,000 IRR you confirmed');
    expect(said).toContain('Administrators have been told');
  });

  it('says it in Persian with Persian digits', () => {
    const said = placedRecap(view('fa'), { ...recap, amount: 3_000_000, confirmed: 2_500_000 }, null);
    const charged = said.split('\n').find((line) => line.startsWith('⚠️'))!;
    expect(charged).toContain('۳٬۰۰۰٬۰۰۰');
    expect(charged).toContain('۲٬۵۰۰٬۰۰۰');
    expect(charged).not.toMatch(/[0-9]/);
  });
});
