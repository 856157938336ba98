import { describe, expect, it } from 'vitest';
import { statementChartInput, type ChartStacking } from '../../../src/bot/statement/statement-chart-input.js';
import { drawSpendChart } from '../../../src/chart/spend-chart.js';
import type { LedgerEntry, LedgerOrder } from '../../../src/db/ledger-store.js';
import type { CostCentreName } from '../../../src/domain/cost-centre.js';
import { computeStatement } from '../../../src/ledger/statement.js';
import { readMonth } from '../../../src/reports/export-range.js';
import { translatorFor, type Locale } from '../../../src/text/i18n.js';
import { createLocalPeriods } from '../../../src/text/local-periods.js';
import type { ReaderView } from '../../../src/text/presentation.js';
import { decodePng } from '../../support/png-pixels.js';

const HOUR = 3_600_000;
const periods = createLocalPeriods('UTC', 'gregorian');
const month = readMonth('2026-11', { timeZone: 'UTC', periods, now: Date.UTC(2026, 10, 25) })!;
const PERSIAN_CENTRE = 'بازاریابی نوروز';
const CENTRES = new Map<number, CostCentreName>([
  [1, { name: 'Support team', code: 'SUP-01' }],
  [2, { name: PERSIAN_CENTRE, code: null }],
  // Retired, and sharing its name with an active one: told apart by its code.
  [3, { name: 'Support team', code: 'OLD-9' }],
]);

function entry(id: number, at: number, amount: number, providerOrderId: number): LedgerEntry {
  return { id, type: 'DEBIT', amount, balanceAfter: null, providerOrderId, description: null, createdAt: new Date(at).toISOString(), at, seenAt: at, baseline: false, verdict: null, judgedAt: null };
}

/** A month of debits: one order per spec, on its day, each by its person for its cost centre; and one debit placed elsewhere. */
function statementOf(specs: { day: number; amount: number; userId: number; costCentreId: number | null }[]) {
  const orders: LedgerOrder[] = specs.map((spec, index) => ({
    id: index + 1,
    userId: spec.userId,
    totalAmount: spec.amount,
    state: 'completed',
    providerOrderId: 500 + index,
    placedAt: month.from + spec.day * 24 * HOUR + HOUR,
    finishedAt: null,
    batchId: null,
    products: ['Apple 25'],
    costCentreId: spec.costCentreId,
    purposeNote: null,
  }));
  const entries = [...orders.map((order, index) => entry(index + 1, order.placedAt + 60_000, order.totalAmount, order.providerOrderId)), entry(99, month.from + 5 * 24 * HOUR, 700, 9_999)];
  return computeStatement({ from: month.from, to: month.to, entries, before: null, placed: orders, named: orders, entriesOfPlaced: entries.slice(0, -1), copyFrom: 0, syncedAt: month.to, now: month.to + HOUR });
}

function chartOf(statement: ReturnType<typeof statementOf>, locale: Locale, stacking?: ChartStacking) {
  const v: ReaderView = { t: translatorFor(locale), locale, timeZone: 'UTC', monthCalendar: 'gregorian', amountUnit: 'IRR', sandbox: false };
  return statementChartInput(v, statement, month, { periods, describePerson: (id) => `Person ${id}`, costCentres: CENTRES }, stacking);
}

const totals = (input: ReturnType<typeof chartOf>) => input.series.map((series) => [series.name, series.values.reduce((sum, value) => sum + value, 0)]);

describe("the statement's chart per cost centre", () => {
  const month1 = statementOf([
    { day: 0, amount: 1_000, userId: 7, costCentreId: 1 },
    { day: 2, amount: 3_000, userId: 8, costCentreId: 1 },
    { day: 2, amount: 2_500, userId: 7, costCentreId: 2 },
    { day: 3, amount: 5_000, userId: 7, costCentreId: null },
    { day: 4, amount: 200, userId: 8, costCentreId: 3 },
  ]);

  it('stacks each debit on its order’s cost centre, largest first, orders of none together, and the debits placed elsewhere apart', () => {
    expect(totals(chartOf(month1, 'en', 'cost-centre'))).toEqual([
      ['No cost centre', 5_000],
      ['Support team (SUP-01)', 4_000],
      [PERSIAN_CENTRE, 2_500],
      ['Placed elsewhere', 700],
      ['Support team (OLD-9)', 200],
    ]);
    const input = chartOf(month1, 'en', 'cost-centre');
    const support = input.series.find((series) => series.name === 'Support team (SUP-01)')!;
    expect(support.values.slice(0, 3)).toEqual([1_000, 0, 3_000]);
  });

  it('stacks per person unless asked, as before', () => {
    expect(totals(chartOf(month1, 'en'))).toEqual([
      ['Person 7', 8_500],
      ['Person 8', 3_200],
      ['Placed elsewhere', 700],
    ]);
  });

  it('names the orders of no cost centre in Persian for a Persian reader, and draws the Persian name in the legend', async () => {
    const input = chartOf(month1, 'fa', 'cost-centre');
    expect(input.series.map((series) => series.name)).toEqual(['بدون مرکز هزینه', 'Support team (SUP-01)', PERSIAN_CENTRE, 'ثبت‌شده در جای دیگر', 'Support team (OLD-9)']);
    const drawn = await drawSpendChart(input);
    expect(drawn.layout.legendNames).toContain(PERSIAN_CENTRE);
    expect(drawn.svg).toContain(PERSIAN_CENTRE);
    expect(decodePng(drawn.png).width).toBe(1200);
  });

  it('folds the smallest cost centres into "others" past eight series, as per person', async () => {
    const many = new Map<number, CostCentreName>(Array.from({ length: 10 }, (_, i) => [i + 1, { name: `مرکز ${i + 1}`, code: null }]));
    const statement = statementOf(Array.from({ length: 10 }, (_, i) => ({ day: i, amount: 1_000 * (10 - i), userId: 7, costCentreId: i + 1 })));
    const v: ReaderView = { t: translatorFor('en'), locale: 'en', timeZone: 'UTC', monthCalendar: 'gregorian', amountUnit: 'IRR', sandbox: false };
    const input = statementChartInput(v, statement, month, { periods, describePerson: () => 'Ali', costCentres: many }, 'cost-centre');
    expect(input.series).toHaveLength(11);
    const drawn = await drawSpendChart(input);
    expect(drawn.series.map((series) => series.name)).toEqual(['مرکز 1', 'مرکز 2', 'مرکز 3', 'مرکز 4', 'مرکز 5', 'مرکز 6', 'مرکز 7', 'Others']);
  });
});
