import type { CsvValue } from '../../text/csv.js';
import { formatLocalDateTime } from '../../reports/local-dates.js';
import type { Table } from '../../reports/local-exports.js';
import type { LedgerEntry, LedgerOrder } from '../../db/ledger-store.js';
import type { EntryMatch, Statement, StatementException } from '../../ledger/statement.js';
import type { CostCentreName } from '../../domain/cost-centre.js';
import { awaitingText, exceptionText, type StatementView } from './statement-text.js';

/** The exceptions about a transaction, by its id; the others are about an order with no transaction. */
function exceptionsByEntry(exceptions: readonly StatementException[]): Map<number, StatementException[]> {
  const byEntry = new Map<number, StatementException[]>();
  for (const exception of exceptions) {
    if (!('entry' in exception)) continue;
    const list = byEntry.get(exception.entry.id) ?? [];
    list.push(exception);
    byEntry.set(exception.entry.id, list);
  }
  return byEntry;
}

const orderOf = (match: EntryMatch): LedgerOrder | null => ('order' in match ? match.order : null);

/**
 * The statement for the accountant: every transaction of the span with what
 * it was matched to (a giftdesk order and its person, a refund, a top-up, an
 * order placed elsewhere) and its exceptions, then the exceptions about
 * giftdesk orders that no transaction stands for. Opening and closing are
 * the first and last balance columns; the chat message carries the totals.
 */
export function statementTable(v: StatementView, statement: Statement, costCentres: ReadonlyMap<number, CostCentreName> = new Map()): Table {
  const { t } = v;
  const byEntry = exceptionsByEntry(statement.exceptions);
  const orderCells = (order: LedgerOrder | null): CsvValue[] =>
    order === null ? [null, null, null, null, null] : [order.id, order.batchId, order.userId, v.describePerson(order.userId), order.totalAmount];
  /** What the order was for, as /export orders writes it: the cost centre's name and code (a retired one's too) and the note; empty for a row of no order. */
  const purposeCells = (order: LedgerOrder | null): CsvValue[] => {
    const centre = order?.costCentreId == null ? undefined : costCentres.get(order.costCentreId);
    return [centre?.name ?? null, centre?.code ?? null, order?.purposeNote ?? null];
  };
  // The case number last of all, so that a spreadsheet reading the columns before it by place still finds them there.
  // Every case of the order (one per card reported): "3" or "3, 4", the column's title naming them numbers.
  const caseCell = (order: LedgerOrder | null): CsvValue => (order === null ? null : (statement.caseOf.get(order.id)?.join(', ') || null));
  const entryCells = (entry: LedgerEntry): CsvValue[] => [
    entry.id,
    entry.at === null ? entry.createdAt : formatLocalDateTime(entry.at, v.timeZone),
    entry.type,
    entry.amount,
    entry.balanceAfter,
    entry.providerOrderId,
    entry.description,
  ];
  function* rows(): Generator<CsvValue[]> {
    for (const { entry, match } of statement.rows) {
      const notes = (byEntry.get(entry.id) ?? []).map((exception) => exceptionText(v, exception)).join(' | ');
      yield [...entryCells(entry), t(`statement-match-${match.kind}`), ...orderCells(orderOf(match)), notes || null, ...purposeCells(orderOf(match)), caseCell(orderOf(match))];
    }
    for (const exception of statement.exceptions) {
      if ('entry' in exception) continue;
      yield [null, null, null, null, null, exception.order.providerOrderId, null, t(`statement-match-none`), ...orderCells(exception.order), exceptionText(v, exception), ...purposeCells(exception.order), caseCell(exception.order)];
    }
    for (const order of statement.awaitingDebit) {
      yield [null, null, null, null, null, order.providerOrderId, null, t('statement-match-awaiting-debit'), ...orderCells(order), awaitingText(v, order), ...purposeCells(order), caseCell(order)];
    }
  }
  return {
    header: [
      t('export-col-transaction'),
      t('export-col-time', { zone: v.timeZone }),
      t('export-col-type'),
      t('export-col-amount'),
      t('export-col-balance-after'),
      t('export-col-provider-order'),
      t('export-col-description'),
      t('statement-col-matched'),
      t('export-col-id'),
      t('export-col-batch'),
      t('export-col-person-id'),
      t('export-col-person'),
      t('statement-col-confirmed'),
      t('statement-col-exception'),
      // Last, so that sheets made from the columns before them keep reading them where they were; named as in /export orders.
      t('export-col-cost-centre'),
      t('export-col-cost-centre-code'),
      t('export-col-note'),
      t('statement-col-case'),
    ],
    rows: rows(),
  };
}
