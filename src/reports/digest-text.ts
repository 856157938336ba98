import type { OrderRow } from '../db/order-row.js';
import { formatId, formatNumber } from '../text/format.js';
import type { PersonFigures } from '../db/report-queries.js';
import { type ReaderView, showAmount, showDay } from '../text/presentation.js';
import { costCentreWords } from '../domain/cost-centre.js';
import type { CostCentreSpend } from './cost-centre-spend.js';
import { oneLineOf } from './purpose-words.js';
import type { Runway } from '../runway/forecast.js';
import { runwayText } from '../runway/runway-text.js';

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

export function digestText(facts: DigestFacts, v: ReaderView & { describePerson: (id: number) => string }): string {
  const { t, locale } = v;
  const amount = (value: number) => showAmount(v, value);
  const orderLine = (order: OrderRow) =>
    t('digest-order-line', {
      id: formatId(order.id, locale),
      person: v.describePerson(order.userId),
      product: order.lines.map((line) => line.product.title).join(locale === 'fa' ? '، ' : ', '),
      amount: amount(order.totalAmount),
      state: t(`track-state-${order.state}`),
    });
  const more = (count: number, shown: number) => (count > shown ? t('digest-more', { count: formatNumber(count - shown, locale) }) : null);

  const people = [...facts.people].sort((a, b) => b.spend - a.spend);
  const spend = people.reduce((sum, p) => sum + p.spend, 0);
  const count = people.reduce((sum, p) => sum + p.orders, 0);
  const lines: (string | null)[] = [t('digest-title', { day: showDay(v, facts.dayStart) })];
  if (count === 0) lines.push(t('digest-no-orders'));
  else {
    // A batch is many orders from one Confirm: the count says how many of the day's orders came that way.
    const batches = people.reduce((sum, p) => sum + p.batches, 0);
    const inBatches = people.reduce((sum, p) => sum + p.batchOrders, 0);
    const totals = { count, orders: formatNumber(count, locale), spend: amount(spend) };
    lines.push(
      batches === 0
        ? t('digest-orders', totals)
        : t('digest-orders-batches', { ...totals, batchCount: batches, batches: formatNumber(batches, locale), inBatches: formatNumber(inBatches, locale) }),
    );
    for (const p of people.slice(0, MAX_PEOPLE)) {
      if (p.orders === 0) continue;
      lines.push(t('digest-person-line', { person: v.describePerson(p.userId), count: p.orders, orders: formatNumber(p.orders, locale), spend: amount(p.spend) }));
    }
    lines.push(more(people.length, MAX_PEOPLE));
    if (facts.costCentres) lines.push('', ...costCentreLines(facts.costCentres, v));
  }
  lines.push('', facts.returned.length === 0 ? t('digest-no-returned') : t('digest-returned', { count: formatNumber(facts.returned.length, locale) }));
  lines.push(...facts.returned.slice(0, MAX_ORDERS).map(orderLine), more(facts.returned.length, MAX_ORDERS));
  lines.push('', facts.needingAction.length === 0 ? t('digest-no-action') : t('digest-action', { count: formatNumber(facts.needingAction.length, locale) }));
  lines.push(...facts.needingAction.slice(0, MAX_ORDERS).map(orderLine), more(facts.needingAction.length, MAX_ORDERS));
  lines.push('', facts.balance === null ? t('digest-balance-unknown') : t('digest-balance', { balance: amount(facts.balance) }));
  if (facts.runway) lines.push(runwayText(v, facts.runway));
  // Open exceptions are repeated every day until they leave the month: nobody forgets a debit nobody placed.
  if (facts.walletExceptions) lines.push(t('digest-wallet-exceptions', { count: formatNumber(facts.walletExceptions, locale) }));
  // Only when there are some: a provider that writes no expiry would otherwise add a line of nothing every day.
  if (facts.expiring?.count) lines.push(t('digest-expiring', { date: showDay(v, facts.expiring.lastDay), count: formatNumber(facts.expiring.count, locale) }));
  const text = lines.filter((line) => line !== null).join('\n');
  return text.length <= MAX_LENGTH ? text : `${text.slice(0, text.lastIndexOf('\n', MAX_LENGTH - 2))}\n…`;
}

/** The day's spend per cost centre, one row each, largest first, the rest folded into one row. */
function costCentreLines(spend: CostCentreSpend, v: ReaderView): string[] {
  const { t, locale } = v;
  const figures = (row: { orders: number; spend: number }) => ({ count: row.orders, orders: formatNumber(row.orders, locale), spend: showAmount(v, row.spend) });
  return [
    t('digest-cost-centres'),
    ...spend.rows.map((row) =>
      t('digest-cost-centre-line', { centre: row.centre === null ? t('digest-no-cost-centre') : oneLineOf(costCentreWords(row.centre)), ...figures(row) }),
    ),
    ...(spend.folded ? [t('digest-cost-centres-folded', { centres: formatNumber(spend.folded.centres, locale), ...figures(spend.folded) })] : []),
  ];
}
