import { InlineKeyboard } from 'grammy';
import type { PageOf } from '../../db/paging.js';
import { batchData } from '../../batches/batch-views.js';
import type { OrderListEntry } from '../../db/order-list-entries.js';
import type { OrderRow } from '../../db/order-row.js';
import { formatNumber } from '../../text/format.js';
import { bold, joinLines } from '../../text/formatted.js';
import type { Outgoing } from '../send.js';
import { listData, trackData, type ListRef } from './callback-data.js';
import { batchButtonLabel, batchListEntry } from './batch-entry.js';
import { orderButtonLabel, orderListEntry, type TrackingView } from './order-view.js';
import { showZone } from '../../text/presentation.js';

/** Whose orders a page shows, as the person looking at it sees it. */
export type ListAudience = { kind: 'own' } | { kind: 'everyone' } | { kind: 'person'; userId: number };

/**
 * The orders of a page, newest first: the details in the message, one
 * short numbered button per order (a phone shows about 30 characters of a
 * button); Previous/Next keep the same audience. A batch is one entry whose
 * button opens the batch, as /batch #id does.
 */
export function orderListView(v: TrackingView, audience: ListAudience, page: PageOf<OrderListEntry>): Outgoing {
  const ref = (n: number): ListRef => ({ page: n, userId: audience.kind === 'person' ? audience.userId : null });
  const id = audience.kind === 'person' ? (v.describePerson?.(audience.userId) ?? String(audience.userId)) : '';
  const badge = v.sandbox ? bold(v.t('sandbox-badge')) : null;
  if (page.total === 0) return { text: joinLines(badge, v.t(`orders-none-${audience.kind}`, { id })) };

  // Numbered within the page: the number only ties a button to its details above it.
  const first = 1;
  const keyboard = new InlineKeyboard();
  const entries: string[] = [];
  page.items.forEach((item, index) => {
    const n = first + index;
    if (item.kind === 'batch') {
      entries.push(batchListEntry(v, item, n, audience.kind === 'everyone'));
      keyboard.text(batchButtonLabel(v, item, n), batchData('sh', item.batchId)).row();
      return;
    }
    entries.push(orderListEntry(v, item.order, n, audience.kind === 'everyone'));
    keyboard.text(orderButtonLabel(v, item.order, n), trackData(item.order.id, { kind: 'list', list: ref(page.page) })).row();
  });
  if (page.page > 1) keyboard.text(v.t('btn-prev'), listData(ref(page.page - 1)));
  if (page.page < page.pageCount) keyboard.text(v.t('btn-next'), listData(ref(page.page + 1)));

  const title = v.t(`orders-title-${audience.kind}`, {
    id,
    page: formatNumber(page.page, v.locale),
    pages: formatNumber(page.pageCount, v.locale),
  });
  return {
    text: joinLines(badge, title, v.t('times-in-zone', { zone: showZone(v) }), '', entries.join('\n\n')),
    keyboard,
  };
}

/**
 * Orders found by what was typed after /orders (one order, or those of a
 * product): one page, newest first, each button opening the order below
 * the list, so the list stays for the next tap. `more` is how many older
 * matches are left out.
 */
export function foundOrdersView(v: TrackingView, title: string, rows: OrderRow[], options: { showOrderer: boolean; more: number }): Outgoing {
  const keyboard = new InlineKeyboard();
  const entries = rows.map((row, index) => {
    keyboard.text(orderButtonLabel(v, row, index + 1), trackData(row.id, { kind: 'new' })).row();
    return orderListEntry(v, row, index + 1, options.showOrderer);
  });
  return {
    text: joinLines(
      v.sandbox ? bold(v.t('sandbox-badge')) : null,
      title,
      v.t('times-in-zone', { zone: showZone(v) }),
      '',
      entries.join('\n\n'),
      options.more > 0 ? `\n${v.t('orders-matching-more', { count: options.more })}` : null,
    ),
    keyboard,
  };
}
