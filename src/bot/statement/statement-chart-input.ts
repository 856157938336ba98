import type { SpendChartInput } from '../../chart/spend-chart.js';
import { costCentreWords, type CostCentreName } from '../../domain/cost-centre.js';
import type { Statement } from '../../ledger/statement.js';
import type { DayRange } from '../../reports/export-range.js';
import { oneLineOf } from '../../reports/purpose-words.js';
import { formatNumber } from '../../text/format.js';
import type { LocalPeriods } from '../../text/local-periods.js';
import { showAmountUnit, showDay, type ReaderView } from '../../text/presentation.js';
import { spendPerDay, type SeriesOf } from './statement-chart-data.js';

/** What the month's bars are stacked by: who placed each order (the default), or the cost centre it was for. */
export const CHART_STACKINGS = ['person', 'cost-centre'] as const;
export type ChartStacking = (typeof CHART_STACKINGS)[number];

/**
 * The series an order's debit goes to. Per person, people of the same name
 * share one, as they always have. Per cost centre, by its id (a retired one
 * and an active one may share a name; the code tells them apart), and the
 * orders that named none together.
 */
function seriesOf(v: ReaderView, stacking: ChartStacking, deps: { describePerson: (telegramId: number) => string; costCentres: ReadonlyMap<number, CostCentreName> }): SeriesOf {
  if (stacking === 'person') {
    return (order) => {
      const name = deps.describePerson(order.userId);
      return { key: `person:${name}`, name };
    };
  }
  const none = { key: 'centre:none', name: v.t('statement-chart-no-cost-centre') };
  return (order) => {
    const centre = order.costCentreId === null ? undefined : deps.costCentres.get(order.costCentreId);
    return centre ? { key: `centre:${order.costCentreId}`, name: oneLineOf(costCentreWords(centre)) } : none;
  };
}

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
  deps: { periods: LocalPeriods; describePerson: (telegramId: number) => string; costCentres?: ReadonlyMap<number, CostCentreName> },
  stacking: ChartStacking = 'person',
): SpendChartInput {
  const data = spendPerDay(statement, {
    periods: deps.periods,
    view: v,
    seriesOf: seriesOf(v, stacking, { describePerson: deps.describePerson, costCentres: deps.costCentres ?? new Map() }),
    elsewhere: v.t('statement-chart-elsewhere'),
  });
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
