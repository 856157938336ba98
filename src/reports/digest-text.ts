import type { OrderRow } from '../db/order-row.js';
import { formatId, formatNumber } from '../text/format.js';
import type { PersonFigures } from '../db/report-queries.js';
import { type ReaderView, showAmount, showDay } from '../text/presentation.js';
import { costCentreWords } from '../domain/cost-centre.js';
import type { CostCentreSpend } from './cost-centre-spend.js';
import { oneLineOf } from './purpose-words.js';
import type { Runway } from '../runway/forecast.js';
import { runwayLine } from '../runway/runway-text.js';
import { lines, reportPlainText, type Report, type ReportPart, type ReportTable } from '../text/rich/report.js';

/** What a digest reports on one local day, read once and rendered per administrator. */
export interface DigestFacts {
  /** The day, as YYYY-MM-DD in the configured zone. */
  day: string;
  /** A moment of that day (its local midnight), from which the heading names it in the reader's calendar. */
  dayStart: number;
  people: PersonFigures[];
  /** The day's spend per cost centre; null (or absent) when no order of the day named one. */
  costCentres?: CostCentreSpend | null;
  returned: OrderRow[];
  needingAction: OrderRow[];
  /** Null when the provider could not be asked. */
  balance: number | null;
  /** Exceptions in this month's wallet statement; null (or absent) when not known. */
  walletExceptions?: number | null;
  /** How long the balance lasts at the recent pace; null (or absent) when not known. */
  runway?: Runway | null;
  /** Codes not handed over that expire soon; null (or absent) when not known. */
  expiring?: { count: number; lastDay: number } | null;
}

/** Lists stay short enough for one message; /export has everything. */
const MAX_PEOPLE = 20;
const MAX_ORDERS = 8;
/** Under Telegram's 4096 characters even with long names and product titles. */
const MAX_LENGTH = 4_000;

/** The digest as plain text, as it has always been sent: cut under Telegram's 4,096 characters. */
export function digestText(facts: DigestFacts, v: ReaderView & { describePerson: (id: number) => string }): string {
  return reportPlainText(digestReport(facts, v));
}

/**
 * The digest described once: the day's spend per person and per cost
 * centre as tables, the returned orders and those needing action each as
 * a table in an expandable block; in plain text the same lines as always.
 */
export function digestReport(facts: DigestFacts, v: ReaderView & { describePerson: (id: number) => string }): Report {
  const { t, locale } = v;
  const amount = (value: number) => showAmount(v, value);
  const orderWords = (order: OrderRow) => ({
    id: formatId(order.id, locale),
    person: v.describePerson(order.userId),
    product: order.lines.map((line) => line.product.title).join(locale === 'fa' ? '، ' : ', '),
    amount: amount(order.totalAmount),
    state: t(`track-state-${order.state}`),
  });
  const more = (count: number, shown: number) => (count > shown ? t('digest-more', { count: formatNumber(count - shown, locale) }) : null);
  const ordersTable = (orders: readonly OrderRow[]): ReportTable => {
    const words = orders.slice(0, MAX_ORDERS).map(orderWords);
    return {
      kind: 'table',
      header: ['order', 'person', 'product', 'amount', 'state'].map((column) => t(`digest-col-${column}`)),
      rows: words.map((w) => [`#${w.id}`, w.person, w.product, w.amount, w.state]),
      align: ['start', 'start', 'start', 'end', 'start'],
      plain: words.map((w) => t('digest-order-line', w)),
    };
  };
  const orderList = (orders: readonly OrderRow[], none: string, some: string): ReportPart[] =>
    orders.length === 0
      ? [lines('', t(none))]
      : [lines(''), { kind: 'details', summary: t(some, { count: formatNumber(orders.length, locale) }), parts: [ordersTable(orders), lines(more(orders.length, MAX_ORDERS))] }];

  const people = [...facts.people].sort((a, b) => b.spend - a.spend);
  const spend = people.reduce((sum, p) => sum + p.spend, 0);
  const count = people.reduce((sum, p) => sum + p.orders, 0);
  const parts: ReportPart[] = [{ kind: 'heading', text: t('digest-title', { day: showDay(v, facts.dayStart) }) }];
  if (count === 0) parts.push(lines(t('digest-no-orders')));
  else {
    // A batch is many orders from one Confirm: the count says how many of the day's orders came that way.
    const batches = people.reduce((sum, p) => sum + p.batches, 0);
    const inBatches = people.reduce((sum, p) => sum + p.batchOrders, 0);
    const totals = { count, orders: formatNumber(count, locale), spend: amount(spend) };
    parts.push(
      lines(
        batches === 0
          ? t('digest-orders', totals)
          : t('digest-orders-batches', { ...totals, batchCount: batches, batches: formatNumber(batches, locale), inBatches: formatNumber(inBatches, locale) }),
      ),
    );
    const shown = people.slice(0, MAX_PEOPLE).filter((p) => p.orders > 0);
    parts.push({
      kind: 'table',
      header: [t('digest-col-person'), t('digest-col-orders'), t('digest-col-spend')],
      rows: shown.map((p) => [v.describePerson(p.userId), formatNumber(p.orders, locale), amount(p.spend)]),
      align: ['start', 'end', 'end'],
      plain: shown.map((p) => t('digest-person-line', { person: v.describePerson(p.userId), count: p.orders, orders: formatNumber(p.orders, locale), spend: amount(p.spend) })),
    });
    parts.push(lines(more(people.length, MAX_PEOPLE)));
    if (facts.costCentres) parts.push(lines('', t('digest-cost-centres')), costCentreTable(facts.costCentres, v));
  }
  parts.push(...orderList(facts.returned, 'digest-no-returned', 'digest-returned'));
  parts.push(...orderList(facts.needingAction, 'digest-no-action', 'digest-action'));
  parts.push(
    lines(
      '',
      facts.balance === null ? t('digest-balance-unknown') : t('digest-balance', { balance: amount(facts.balance) }),
      runwayLine(v, facts.runway),
      // Open exceptions are repeated every day until they leave the month: nobody forgets a debit nobody placed.
      facts.walletExceptions ? t('digest-wallet-exceptions', { count: formatNumber(facts.walletExceptions, locale) }) : null,
      // Only when there are some: a provider that writes no expiry would otherwise add a line of nothing every day.
      facts.expiring?.count ? t('digest-expiring', { date: showDay(v, facts.expiring.lastDay), count: formatNumber(facts.expiring.count, locale) }) : null,
    ),
  );
  const text = reportPlainText({ parts, rtl: false });
  return { parts, rtl: locale === 'fa', plainText: text.length <= MAX_LENGTH ? text : `${text.slice(0, text.lastIndexOf('\n', MAX_LENGTH - 2))}\n…` };
}

/** The day's spend per cost centre, one row each, largest first, the rest folded into one row. */
function costCentreTable(spend: CostCentreSpend, v: ReaderView): ReportTable {
  const { t, locale } = v;
  const figures = (row: { orders: number; spend: number }) => ({ count: row.orders, orders: formatNumber(row.orders, locale), spend: showAmount(v, row.spend) });
  const named = spend.rows.map((row) => ({ centre: row.centre === null ? t('digest-no-cost-centre') : oneLineOf(costCentreWords(row.centre)), ...figures(row) }));
  const folded = spend.folded ? { centres: formatNumber(spend.folded.centres, locale), ...figures(spend.folded) } : null;
  return {
    kind: 'table',
    header: [t('digest-col-cost-centre'), t('digest-col-orders'), t('digest-col-spend')],
    rows: [
      ...named.map((row) => [row.centre, row.orders, row.spend]),
      ...(folded ? [[t('digest-row-folded', { centres: folded.centres }), folded.orders, folded.spend]] : []),
    ],
    align: ['start', 'end', 'end'],
    plain: [...named.map((row) => t('digest-cost-centre-line', row)), ...(folded ? [t('digest-cost-centres-folded', folded)] : [])],
  };
}
