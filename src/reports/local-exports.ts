import { auditDetailText } from '../db/audit-log.js';
import type { CsvValue } from '../text/csv.js';
import type { DayRange } from './export-range.js';
import { formatLocalDateTime } from './local-dates.js';
import type { ReportQueries } from '../db/report-queries.js';
import { lineTotal } from '../orders/order-line.js';
import type { ReaderView } from '../text/presentation.js';
import type { CostCentreName } from '../domain/cost-centre.js';

/** What every export needs to write its rows in the reader's language and the configured zone. */
export type ExportContext = Pick<ReaderView, 't' | 'timeZone'> & {
  /** A person's name as the bot knows it; the id alone until names are kept. */
  describePerson: (id: number) => string;
};

export interface Table {
  header: string[];
  /** Pulled one row at a time; a database export arrives page by page. */
  rows: Iterable<CsvValue[]> | AsyncIterable<CsvValue[]>;
}

/** "Created (Asia/Tehran)": the zone travels with the file, so a reader elsewhere is not misled. */
const timeHeader = (c: ExportContext, key: string) => c.t(key, { zone: c.timeZone });

/**
 * Orders created in the range. Never a code, and not the end customer's
 * field values either: the file goes to accounting, not to support. The
 * orders of a batch stay a row each (each was charged on its own) and
 * carry the batch's id, so a sheet can add a batch up.
 */
export function ordersTable(queries: Pick<ReportQueries, 'ordersCreated'>, range: DayRange, c: ExportContext, costCentres: ReadonlyMap<number, CostCentreName> = new Map()): Table {
  // One translation per state, not one per row.
  const states = new Map<string, string>();
  const stateLabel = (state: string) => states.get(state) ?? states.set(state, c.t(`track-state-${state}`)).get(state)!;
  // Every cost centre, retired ones too, read once before the file: an order names one by id.
  const centre = (id: number | null) => (id === null ? undefined : costCentres.get(id));
  return {
    header: [
      c.t('export-col-id'),
      c.t('export-col-reference'),
      timeHeader(c, 'export-col-created'),
      c.t('export-col-person-id'),
      c.t('export-col-person'),
      c.t('export-col-line'),
      c.t('export-col-product'),
      c.t('export-col-region'),
      c.t('export-col-quantity'),
      c.t('export-col-unit-price'),
      c.t('export-col-line-amount'),
      c.t('export-col-amount'),
      c.t('export-col-state'),
      c.t('export-col-provider-state'),
      // Last, so that sheets made from the columns before it keep reading them where they were.
      c.t('export-col-batch'),
      // What the order was for (empty where it was not asked), after the batch for the same reason.
      c.t('export-col-cost-centre'),
      c.t('export-col-cost-centre-code'),
      c.t('export-col-note'),
    ],
    rows: (async function* () {
      // A row per line, so that accounting sees each product's amount; the
      // order's own amount (what was charged) stands on its first row only,
      // so that the column adds up to the wallet's spending.
      for await (const order of queries.ordersCreated(range)) {
        for (const [index, line] of order.lines.entries()) {
          yield [
            order.id,
            order.providerReference ?? order.acceptedReference,
            formatLocalDateTime(order.createdAt.getTime(), c.timeZone),
            order.userId,
            c.describePerson(order.userId),
            index + 1,
            line.product.title,
            line.region.title,
            line.quantity,
            line.region.price,
            lineTotal(line),
            index === 0 ? order.totalAmount : null,
            stateLabel(order.state),
            order.providerStatus,
            // The batch the order was one of; empty for an order of its own.
            order.batchId,
            centre(order.costCentreId)?.name ?? null,
            centre(order.costCentreId)?.code ?? null,
            order.purposeNote,
          ];
        }
      }
    })(),
  };
}

/** The audit trail in the range; its details are written free of codes and secrets (audit-log.ts). */
export function auditTable(queries: Pick<ReportQueries, 'auditBetween'>, range: DayRange, c: ExportContext): Table {
  return {
    header: [
      timeHeader(c, 'export-col-time'),
      c.t('export-col-actor-id'),
      c.t('export-col-actor'),
      c.t('export-col-action'),
      c.t('export-col-order'),
      c.t('export-col-amount'),
      c.t('export-col-detail'),
    ],
    rows: (async function* () {
      for await (const row of queries.auditBetween(range)) {
        yield [
          formatLocalDateTime(row.at.getTime(), c.timeZone),
          row.actorId,
          row.actorId === null ? c.t('export-actor-system') : c.describePerson(row.actorId),
          row.action,
          row.orderId,
          row.amount,
          auditDetailText(row.detail),
        ];
      }
    })(),
  };
}

/** Per person for the range, counted as spending limits count. */
export async function summaryTable(queries: Pick<ReportQueries, 'figuresByPerson'>, range: DayRange, c: ExportContext): Promise<Table> {
  const figures = await queries.figuresByPerson(range);
  return {
    header: [
      c.t('export-col-person-id'),
      c.t('export-col-person'),
      c.t('export-col-orders'),
      c.t('export-col-spend'),
      c.t('export-col-failed'),
      c.t('export-col-refunded'),
      c.t('export-col-refunded-amount'),
    ],
    rows: figures.map((f) => [f.userId, c.describePerson(f.userId), f.orders, f.spend, f.failed, f.refunded, f.refundedAmount]),
  };
}
