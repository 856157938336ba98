import { InlineKeyboard } from 'grammy';
import type { PageOf } from '../../db/paging.js';
import type { OrderRow } from '../../orders/order-repo.js';
import { formatNumber } from '../../text/format.js';
import { plain } from '../../text/formatted.js';
import type { Outgoing } from '../send.js';
import { listData, trackData, type ListRef } from './callback-data.js';
import { orderButtonLabel, type TrackingView } from './order-view.js';

/** Whose orders a page shows, as the person looking at it sees it. */
export type ListAudience = { kind: 'own' } | { kind: 'everyone' } | { kind: 'person'; userId: number };

/** One button per order, newest first; Previous/Next keep the same audience. */
export function orderListView(v: TrackingView, audience: ListAudience, page: PageOf<OrderRow>): Outgoing {
  const ref = (n: number): ListRef => ({ page: n, userId: audience.kind === 'person' ? audience.userId : null });
  const id = audience.kind === 'person' ? (v.describePerson?.(audience.userId) ?? String(audience.userId)) : '';
  if (page.total === 0) return { text: plain(v.t(`orders-none-${audience.kind}`, { id })) };

  const keyboard = new InlineKeyboard();
  for (const row of page.items) {
    const label = orderButtonLabel(v, row, audience.kind === 'everyone');
    keyboard.text(label, trackData(row.id, { kind: 'list', list: ref(page.page) })).row();
  }
  if (page.page > 1) keyboard.text(v.t('btn-prev'), listData(ref(page.page - 1)));
  if (page.page < page.pageCount) keyboard.text(v.t('btn-next'), listData(ref(page.page + 1)));

  const title = v.t(`orders-title-${audience.kind}`, {
    id,
    page: formatNumber(page.page, v.locale),
    pages: formatNumber(page.pageCount, v.locale),
  });
  return { text: plain(title), keyboard };
}
