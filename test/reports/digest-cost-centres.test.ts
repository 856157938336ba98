import { describe, expect, it } from 'vitest';
import { costCentreSpend } from '../../src/reports/cost-centre-spend.js';
import { digestText, type DigestFacts } from '../../src/reports/digest-text.js';
import { translatorFor, type Locale } from '../../src/text/i18n.js';
import type { ReaderView } from '../../src/text/presentation.js';

const DAY_START = Date.UTC(2026, 10, 20);

function facts(costCentres: DigestFacts['costCentres']): DigestFacts {
  return {
    day: '2026-11-20',
    dayStart: DAY_START,
    people: [{ userId: 7, orders: 12, spend: 12_000, failed: 0, refunded: 0, refundedAmount: 0, batches: 0, batchOrders: 0 }],
    costCentres,
    returned: [],
    needingAction: [],
    balance: 1_000_000,
  };
}

function text(locale: Locale, costCentres: DigestFacts['costCentres']): string[] {
  const v: ReaderView & { describePerson: (id: number) => string } = {
    t: translatorFor(locale),
    locale,
    timeZone: 'UTC',
    monthCalendar: 'gregorian',
    amountUnit: { en: 'IRR', fa: 'ریال' },
    sandbox: false,
    describePerson: () => 'Sara',
  };
  return digestText(facts(costCentres), v).split('\n');
}

/** Eleven cost centres of one order each, the n-th spending n × 100, and three orders of none. */
const ELEVEN = costCentreSpend(
  [...Array.from({ length: 11 }, (_, i) => ({ costCentreId: i + 1, orders: 1, spend: (i + 1) * 100 })), { costCentreId: null, orders: 3, spend: 250 }],
  new Map(Array.from({ length: 11 }, (_, i) => [i + 1, { name: i === 10 ? 'بازاریابی' : `Centre ${i + 1}`, code: i === 10 ? 'MKT-05' : null }])),
);

describe("the digest's spend per cost centre", () => {
  it('follows the people with a row per cost centre, largest first, and the smallest folded into one row', () => {
    const lines = text('en', ELEVEN);
    const start = lines.indexOf('Spend per cost centre:');
    expect(lines[start - 1]).toBe('');
    expect(lines.slice(start + 1, start + 10)).toEqual([
      '• بازاریابی (MKT-05): 1 order, 1,100 IRR',
      '• Centre 10: 1 order, 1,000 IRR',
      '• Centre 9: 1 order, 900 IRR',
      '• Centre 8: 1 order, 800 IRR',
      '• Centre 7: 1 order, 700 IRR',
      '• Centre 6: 1 order, 600 IRR',
      '• Centre 5: 1 order, 500 IRR',
      // Centres 4 to 1 (1,000) and the three orders of none (250), summed.
      '• 5 more cost centres: 7 orders, 1,250 IRR',
      '',
    ]);
  });

  it('names the orders of none, in Persian digits for a Persian reader', () => {
    const spend = costCentreSpend(
      [
        { costCentreId: null, orders: 2, spend: 2_500_000 },
        { costCentreId: 4, orders: 1, spend: 1_250_000 },
      ],
      new Map([[4, { name: 'بازاریابی', code: null }]]),
    );
    const lines = text('fa', spend);
    const start = lines.indexOf('هزینه به تفکیک مرکز هزینه:');
    expect(lines.slice(start + 1, start + 3)).toEqual(['• بدون مرکز هزینه: ۲ سفارش، ۲٬۵۰۰٬۰۰۰ ریال', '• بازاریابی: ۱ سفارش، ۱٬۲۵۰٬۰۰۰ ریال']);
  });

  it('is left out where no order of the day named a cost centre', () => {
    expect(text('en', null).join('\n')).not.toContain('cost centre');
    expect(text('en', undefined).join('\n')).not.toContain('cost centre');
  });
});
