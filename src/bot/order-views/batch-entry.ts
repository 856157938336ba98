import type { BatchListEntry } from '../../db/order-list-entries.js';
import { formatId, formatNumber } from '../../text/format.js';
import { personOf, type TrackingView } from './order-view.js';
import { showAmount, showDateTime } from '../../text/presentation.js';

/** A batch's place in /orders: how many orders and units, their total, where the batch stands, when its last order was made. */
export function batchListEntry(v: TrackingView, entry: BatchListEntry, n: number, showOrderer: boolean): string {
  const text = v.t('orders-entry-batch', {
    n: formatNumber(n, v.locale),
    id: formatId(entry.batchId, v.locale),
    orders: formatNumber(entry.orders, v.locale),
    units: formatNumber(entry.units, v.locale),
    state: v.t(`batch-state-${entry.state}`),
    amount: showAmount(v, entry.total),
    when: showDateTime(v, entry.latestAt.getTime()),
  });
  return showOrderer ? `${text} · ${v.t('orders-by', { id: personOf(v, entry.userId) })}` : text;
}

/** Short enough for a phone's button, as an order's is. */
export function batchButtonLabel(v: TrackingView, entry: BatchListEntry, n: number): string {
  return v.t('orders-button-batch', { n: formatNumber(n, v.locale), id: formatId(entry.batchId, v.locale), orders: formatNumber(entry.orders, v.locale) });
}
