import type { LedgerOrder } from '../../db/ledger-store.js';
import type { Statement } from '../../ledger/statement.js';
import type { LocalPeriods } from '../../text/local-periods.js';
import { showDayOfMonth, type ReaderView } from '../../text/presentation.js';

interface SpendPerDay {
  /** The day of the month of each day of the span, in the reader's calendar and digits: those of the title's days (showDay). */
  dayLabels: string[];
  /** Spend per day of each person or cost centre (or of orders placed elsewhere), largest total first. */
  series: { name: string; values: number[] }[];
}

/** Which series a giftdesk order's debit is stacked in: the same key, the same series; the name is the legend's. */
export type SeriesOf = (order: LedgerOrder) => { key: string; name: string };

/**
 * What the month's chart shows: every debit of the span on the local day it
 * happened, stacked by `seriesOf` (who placed the giftdesk order, or the
 * cost centre it was for), or as "placed elsewhere". Refunds are not taken
 * off: the chart shows spending as it happened, the statement's figures what
 * came back.
 */
export function spendPerDay(
  statement: Statement,
  deps: { periods: LocalPeriods; view: Pick<ReaderView, 'locale' | 'timeZone'>; seriesOf: SeriesOf; elsewhere: string },
): SpendPerDay {
  const starts: number[] = [];
  for (let day = deps.periods.startOfDay(statement.from); day < statement.to; day = deps.periods.startOfNextDay(day)) starts.push(day);
  // The span is the deployment's month (MONTH_CALENDAR); its days are named as the title names its first and last.
  const dayLabels = starts.map((start) => showDayOfMonth(deps.view, start));
  const dayOf = (at: number): number => {
    // Days are few (at most 31): the last start at or before the moment.
    let index = 0;
    while (index + 1 < starts.length && starts[index + 1]! <= at) index += 1;
    return index;
  };
  const bySeries = new Map<string, { name: string; values: number[] }>();
  for (const { entry, match } of statement.rows) {
    if (entry.at === null || (match.kind !== 'order' && match.kind !== 'elsewhere')) continue;
    // A key of its own, so that no person or cost centre can share a series with the orders placed elsewhere.
    const { key, name } = match.kind === 'order' ? deps.seriesOf(match.order) : { key: '\u0000elsewhere', name: deps.elsewhere };
    const series = bySeries.get(key) ?? bySeries.set(key, { name, values: new Array<number>(starts.length).fill(0) }).get(key)!;
    series.values[dayOf(entry.at)]! += entry.amount;
  }
  const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
  const series = [...bySeries.values()].sort((a, b) => total(b.values) - total(a.values));
  return { dayLabels, series };
}
