import { describe, expect, it } from 'vitest';
import { statementChartInput } from '../../../src/bot/statement/statement-chart-input.js';
import { spendChartSvg } from '../../../src/chart/spend-chart.js';
import type { LedgerEntry, LedgerOrder } from '../../../src/db/ledger-store.js';
import { computeStatement } from '../../../src/ledger/statement.js';
import { readMonth } from '../../../src/reports/export-range.js';
import { formatNumber } from '../../../src/text/format.js';
import { translatorFor, type Locale } from '../../../src/text/i18n.js';
import { createLocalPeriods, type MonthCalendar } from '../../../src/text/local-periods.js';
import { showDay, type ReaderView } from '../../../src/text/presentation.js';

const TIME_ZONE = 'Asia/Tehran';
const HOUR = 3_600_000;

function entry(id: number, at: number, amount: number, providerOrderId: number): LedgerEntry {
  return { id, type: 'DEBIT', amount, balanceAfter: null, providerOrderId, description: null, createdAt: new Date(at).toISOString(), at, seenAt: at, baseline: false, verdict: null, judgedAt: null };
}

function order(providerOrderId: number, totalAmount: number, placedAt: number): LedgerOrder {
  return { id: providerOrderId, userId: 7, totalAmount, state: 'completed', providerOrderId, placedAt, finishedAt: placedAt, batchId: null, products: ['Apple 25'], costCentreId: null, purposeNote: null };
}

/** The chart of /statement for Azar 1405 (22 Nov – 21 Dec 2026) in a deployment counting Persian months, one debit of 1,250,000 on its first day. */
function chartOf(locale: Locale, amountUnit: ReaderView['amountUnit'], monthCalendar: MonthCalendar = 'persian') {
  const periods = createLocalPeriods(TIME_ZONE, monthCalendar);
  const month = readMonth(monthCalendar === 'persian' ? '1405-09' : '2026-11', { timeZone: TIME_ZONE, periods, now: Date.UTC(2026, 10, 25) })!;
  const at = month.from + 10 * HOUR;
  const statement = computeStatement({
    from: month.from,
    to: month.to,
    entries: [entry(1, at, 1_250_000, 501)],
    before: null,
    placed: [order(501, 1_250_000, at - 60_000)],
    named: [order(501, 1_250_000, at - 60_000)],
    entriesOfPlaced: [entry(1, at, 1_250_000, 501)],
    copyFrom: 0,
    syncedAt: month.to,
    now: month.to + HOUR,
  });
  const v: ReaderView = { t: translatorFor(locale), locale, timeZone: TIME_ZONE, monthCalendar, amountUnit, sandbox: false };
  return { input: statementChartInput(v, statement, month, { periods, describePerson: () => 'Ali' }), month, v };
}

describe('the statement chart as the reader reads the statement', () => {
  it('numbers an English reader\'s days by the Gregorian calendar of its title, in a deployment counting Persian months', () => {
    const { input, month, v } = chartOf('en', 'IRR');
    expect(input.title).toContain(`${showDay(v, month.from)} – ${showDay(v, month.to - 1)}`);
    expect(input.title).toContain('22 Nov 2026');
    // Azar 1405 runs from 22 November to 21 December: the days under the bars are those the title names.
    expect(input.dayLabels).toHaveLength(30);
    expect(input.dayLabels.slice(0, 3)).toEqual(['22', '23', '24']);
    expect(input.dayLabels.slice(8, 11)).toEqual(['30', '1', '2']);
    expect(input.dayLabels.at(-1)).toBe('21');
  });

  it('numbers a Persian reader\'s days by the Persian calendar of its title, in a deployment counting Gregorian months', () => {
    const { input } = chartOf('fa', 'ریال', 'gregorian');
    // November 2026 runs from 10 Aban to 9 Azar 1405.
    expect(input.title).toContain('۱۰ آبان ۱۴۰۵');
    expect(input.dayLabels.slice(0, 2)).toEqual(['۱۰', '۱۱']);
    expect(input.dayLabels.at(-1)).toBe('۹');
  });

  it('names the unit of its amounts in the title, in the reader\'s language', () => {
    expect(chartOf('en', { en: 'IRR', fa: 'ریال' }).input.title).toMatch(/^Spend per day in IRR, /);
    expect(chartOf('fa', { en: 'IRR', fa: 'ریال' }).input.title).toMatch(/^هزینهٔ هر روز به ریال، /);
    // Where the deployment names no unit, none is made up.
    expect(chartOf('en', '').input.title).toMatch(/^Spend per day, /);
  });

  it('writes a Persian reader\'s axis with the digits and separators of the messages', async () => {
    const { input } = chartOf('fa', 'ریال');
    const { svg } = await spendChartSvg(input);
    const ticks = [...svg.matchAll(/>\u2068([^<]*)\u2069</g)].map((match) => match[1]!).filter((text) => /[0-9۰-۹]/.test(text));
    expect(ticks.length).toBeGreaterThan(2);
    for (const tick of ticks) {
      expect(tick).not.toMatch(/[0-9,]/);
      expect(tick).toBe(formatNumber(Number(tick.replace(/[٬]/g, '').replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)))), 'fa'));
    }
    expect(ticks).toContain(formatNumber(1_000_000, 'fa'));
  });
});
