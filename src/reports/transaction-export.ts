import type { ProviderClient } from '../provider/client.js';
import { CONTRACT_LIMITS, type Transaction } from '../provider/schemas.js';
import { transactionMoment as momentOf } from '../provider/transaction-shape.js';
import type { CsvValue } from '../text/csv.js';
import type { DayRange } from './export-range.js';
import { formatLocalDateTime } from './local-dates.js';
import type { ExportContext, Table } from './local-exports.js';
import type { ReportQueries } from '../db/report-queries.js';

interface TransactionTable extends Table {
  /** True when the pages ran out of budget before reaching back to the range's start. */
  cut: boolean;
}

/**
 * The wallet's transactions in the range, read from the provider page by
 * page (newest first, as the contract has it) until a page reaches back
 * past the range's start, and never more than `maxPages` pages: an export
 * must not spend the request budget staff orders need. The first page is
 * asked for as the waiting administrator's; the rest wait behind staff.
 * A transaction that maps to a local order carries its person.
 */
export async function transactionsTable(
  deps: {
    provider: Pick<ProviderClient, 'listTransactions'>;
    queries: Pick<ReportQueries, 'orderByProviderId'>;
    maxPages: number;
  },
  range: DayRange,
  c: ExportContext,
): Promise<TransactionTable> {
  const pageSize = CONTRACT_LIMITS.maxPageSize;
  const found: { transaction: Transaction; at: number }[] = [];
  let cut = true;
  let previousFirstId: number | null = null;
  // The provider may serve fewer than asked: the largest page seen is the served size (as in followPages).
  let servedSize = 0;
  for (let page = 1; page <= deps.maxPages; page += 1) {
    const { items } = await deps.provider.listTransactions({ page, pageSize }, { priority: page === 1 ? 'interactive' : 'background' });
    // A provider that ignores `page` serves the same page again: that is the end, not more history.
    if (items.length === 0 || items[0]!.id === previousFirstId) {
      cut = false;
      break;
    }
    previousFirstId = items[0]!.id;
    servedSize = Math.max(servedSize, items.length);
    let reachedStart = false;
    for (const transaction of items) {
      const at = momentOf(transaction);
      if (at === null) continue;
      if (at < range.from) reachedStart = true;
      else if (at < range.to) found.push({ transaction, at });
    }
    if (reachedStart || items.length < servedSize) {
      cut = false;
      break;
    }
  }
  found.sort((a, b) => a.at - b.at || a.transaction.id - b.transaction.id);
  return {
    header: [
      c.t('export-col-transaction'),
      c.t('export-col-time', { zone: c.timeZone }),
      c.t('export-col-type'),
      c.t('export-col-amount'),
      c.t('export-col-balance-after'),
      c.t('export-col-provider-order'),
      c.t('export-col-id'),
      c.t('export-col-person-id'),
      c.t('export-col-person'),
      c.t('export-col-description'),
    ],
    rows: await mapInTurn(found, async ({ transaction, at }): Promise<CsvValue[]> => {
      const local = transaction.orderId === null ? null : await deps.queries.orderByProviderId(transaction.orderId);
      return [
        transaction.id,
        formatLocalDateTime(at, c.timeZone),
        transaction.type,
        transaction.amount,
        transaction.balanceAfter,
        transaction.orderId,
        local?.id,
        local?.userId,
        local ? c.describePerson(local.userId) : null,
        transaction.description,
      ];
    }),
    cut,
  };
}

/** One look-up at a time: an export must not take every pooled connection the bot's updates need. */
async function mapInTurn<T, R>(items: readonly T[], map: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (const item of items) out.push(await map(item));
  return out;
}
