import type { SpendChartInput } from '../../chart/spend-chart.js';
import type { Statement } from '../../ledger/statement.js';
import type { DayRange } from '../../reports/export-range.js';
import { formatNumber } from '../../text/format.js';
import type { LocalPeriods } from '../../text/local-periods.js';
import { showAmountUnit, showDay, type ReaderView } from '../../text/presentation.js';
import { spendPerDay } from './statement-chart-data.js';

/**
 * The month's chart as the reader reads the statement: its title names the
 * span's days and the unit of its amounts (the axis shows bare numbers), the
 * days under the bars are numbered in the title's calendar, and every
 * number is in the reader's digits and separators, as in the messages.
 */
export function statementChartInput(
  v: ReaderView,
  statement: Statement,
  month: DayRange,
  deps: { periods: LocalPeriods; describePerson: (telegramId: number) => string },
): SpendChartInput {
  const data = spendPerDay(statement, { periods: deps.periods, view: v, describePerson: deps.describePerson, elsewhere: v.t('statement-chart-elsewhere') });
  const span = { from: showDay(v, month.from), to: showDay(v, month.to - 1) };
  const unit = showAmountUnit(v);
  return {
    ...data,
    title: unit === '' ? v.t('statement-chart-title', span) : v.t('statement-chart-title-unit', { ...span, unit }),
    othersName: v.t('statement-chart-others'),
    noSpendText: v.t('statement-chart-no-spend'),
    valueLabel: (value) => formatNumber(value, v.locale),
    direction: v.locale === 'fa' ? 'rtl' : 'ltr',
  };
}
