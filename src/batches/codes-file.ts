import type { OrderRow } from '../db/order-store.js';
import { ProviderNotFoundError, ProviderOrderMismatchError } from '../provider/errors.js';
import type { OrderDetail } from '../provider/schemas.js';
import { UTF8_BOM, csvLine, type CsvValue } from '../text/csv.js';
import type { Translate } from '../text/i18n.js';
import { isLive } from './batch-orders.js';
import type { BatchRecord } from '../db/batch-store.js';
import { deliveryCards } from '../delivery/delivery-cards.js';

/** Reads one order's detail from the provider; throws when it cannot (the file then waits for the next pass). */
export type ReadDetail = (order: OrderRow) => Promise<OrderDetail | null>;

export interface CodesFile {
  content: Buffer;
  fileName: string;
  /** Cards written (codes, or a line saying none came). */
  cards: number;
}

/**
 * One order's detail, or a note where the provider will never give it
 * (gone, or another order's answer): the line then says so instead of the
 * whole file waiting forever. Other failures are thrown: the file is tried
 * again later.
 */
async function readOrNote(order: OrderRow, readDetail: ReadDetail): Promise<{ detail: OrderDetail | null; unread: boolean }> {
  try {
    return { detail: await readDetail(order), unread: false };
  } catch (error) {
    if (error instanceof ProviderNotFoundError || error instanceof ProviderOrderMismatchError) return { detail: null, unread: true };
    throw error;
  }
}

/**
 * The batch's one file of codes: a line per card, with the order it came
 * from, the product and region, the code, PIN, serial and expiry where the
 * delivery names them, whatever else it carried, and for a batch made from
 * a file the spreadsheet row and that row's own answers, so that each code
 * can be matched to its recipient. Orders that did not complete get one
 * line with their state and no code. Built in memory only: it holds cash.
 */
export async function buildCodesFile(batch: BatchRecord, orders: readonly OrderRow[], readDetail: ReadDetail, t: Translate): Promise<CodesFile> {
  const header = [
    t('batch-file-col-order'),
    t('batch-file-col-reference'),
    t('batch-file-col-state'),
    t('batch-file-col-product'),
    t('batch-file-col-region'),
    t('batch-file-col-code'),
    t('batch-file-col-pin'),
    t('batch-file-col-serial'),
    t('batch-file-col-expiry'),
    t('batch-file-col-other'),
    t('batch-file-col-row'),
    t('batch-file-col-answers'),
  ];
  const lines: string[] = [UTF8_BOM + csvLine(header)];
  let cards = 0;
  const live = orders.filter(isLive).sort((a, b) => (a.batchIndex ?? 0) - (b.batchIndex ?? 0) || a.id - b.id);
  for (const order of live) {
    const plan = batch.plan[order.batchIndex ?? -1];
    const rows = plan && plan.rows.length > 0 ? plan.rows.join(' ') : '';
    const reference = order.providerReference ?? order.providerOrderId?.toString() ?? '';
    const { detail, unread } = order.state === 'completed' ? await readOrNote(order, readDetail) : { detail: null, unread: false };
    for (const line of order.lines) {
      const answers = line.fields.map((field) => `${field.title}: ${field.value}`).join('; ');
      // The state in the reader's words, as /orders shows it: a Persian file says تکمیل‌شده, not completed.
      const base: CsvValue[] = [(order.batchIndex ?? 0) + 1, reference, t(`track-state-${order.state}`)];
      const product: CsvValue[] = [line.product.title, line.region.title ?? ''];
      const found = detail?.items.filter((item) => item.productId === line.product.id).flatMap((item) => deliveryCards(item.delivery)) ?? [];
      if (found.length === 0) {
        lines.push(csvLine([...base, ...product, '', '', '', '', unread ? t('batch-file-codes-unread') : '', rows, answers]));
        cards += 1;
        continue;
      }
      for (const card of found) {
        lines.push(csvLine([...base, ...product, card.code, card.pin, card.serial, card.expiry, card.other.join('; '), rows, answers]));
        cards += 1;
      }
    }
  }
  return { content: Buffer.from(lines.join(''), 'utf8'), fileName: `giftdesk-batch-${batch.id}-codes.csv`, cards };
}
