import { describe, expect, it } from 'vitest';
import { transactionDetailView } from '../../../src/bot/order-views/transaction-view.js';
import type { TrackingView } from '../../../src/bot/order-views/order-view.js';
import { translatorFor, type Locale } from '../../../src/text/i18n.js';

const view = (locale: Locale): TrackingView => ({
  t: translatorFor(locale),
  locale,
  amountUnit: { en: 'IRR', fa: 'ریال' },
  timeZone: 'Asia/Tehran',
  monthCalendar: 'gregorian',
  sandbox: false,
});

const debit = { id: 4321, type: 'DEBIT', amount: 1_250_000, balanceAfter: 8_750_000, orderId: 9001, description: null, createdAt: '2026-11-21T10:00:00Z' };

describe('a wallet transaction on its own', () => {
  it('names its number, amounts and time in Persian digits, the Persian calendar and the zone', () => {
    const text = transactionDetailView(view('fa'), debit, null, 1).text.text;
    expect(text).toContain('۴۳۲۱');
    expect(text).toContain('۱٬۲۵۰٬۰۰۰ ریال');
    expect(text).toContain('تاریخ: ۳۰ آبان ۱۴۰۵، ۱۳:۳۰ (وقت عادی ایران)');
    expect(text).not.toMatch(/[0-9]/);
  });

  it('names the zone of its time in English too', () => {
    expect(transactionDetailView(view('en'), debit, null, 1).text.text).toContain('Date: 21 Nov 2026, 13:30 (Iran Standard Time)');
  });
});
