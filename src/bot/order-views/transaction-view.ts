import { InlineKeyboard } from 'grammy';
import type { OrderRow } from '../../db/order-store.js';
import type { Page, Transaction } from '../../provider/schemas.js';
import { formatGoods, formatId, formatNumber } from '../../text/format.js';
import { bold, joinLines } from '../../text/formatted.js';
import type { Translate } from '../../text/i18n.js';
import type { Outgoing } from '../send.js';
import { trackData, transactionData, transactionsPageData } from './callback-data.js';
import { orderName, type TrackingView } from './order-view.js';
import { goodsOf } from '../../orders/order-line.js';
import { showAmount, showDateTime, showDateTimeWithZone, showZone } from '../../text/presentation.js';

const KNOWN_TYPES = new Set(['DEBIT', 'CREDIT']);

function transactionTypeWords(t: Translate, type: string): string {
  const name = type.trim().toUpperCase();
  return KNOWN_TYPES.has(name) ? t(`tx-type-${name.toLowerCase()}`) : type;
}

/** `alone` is a time with no list heading to name its zone: it names the zone itself. */
function when(v: TrackingView, iso: string | null, alone = false): string {
  if (!iso) return '—';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return alone ? showDateTimeWithZone(v, ms) : showDateTime(v, ms);
}

/**
 * The provider reports no total, so a full page may have a next one; a
 * page past the end says so and still offers the way back.
 */
export function transactionListView(v: TrackingView, page: Page<Transaction>): Outgoing {
  const keyboard = new InlineKeyboard();
  for (const tx of page.items) {
    const label = [transactionTypeWords(v.t, tx.type), showAmount(v, tx.amount), when(v, tx.createdAt)];
    keyboard.text(label.join(' · '), transactionData(tx.id, page.page)).row();
  }
  if (page.page > 1) keyboard.text(v.t('btn-prev'), transactionsPageData(page.page - 1));
  if (page.items.length > 0 && page.items.length >= page.pageSize) keyboard.text(v.t('btn-next'), transactionsPageData(page.page + 1));

  const badge = v.sandbox ? bold(v.t('sandbox-badge')) : null;
  if (page.items.length === 0) {
    return page.page > 1 ? { text: joinLines(badge, v.t('tx-no-more')), keyboard } : { text: joinLines(badge, v.t('tx-none')) };
  }
  return { text: joinLines(badge, v.t('tx-title', { page: formatNumber(page.page, v.locale) }), v.t('times-in-zone', { zone: showZone(v) })), keyboard };
}

/** `local` is our order behind the transaction, when it is one of ours. */
export function transactionDetailView(v: TrackingView, tx: Transaction, local: OrderRow | null, backToPage: number): Outgoing {
  const money = (n: number) => showAmount(v, n);
  let orderLine: string | null = null;
  if (tx.orderId !== null) {
    orderLine = local
      ? v.t('tx-order-ours', { orderId: formatId(tx.orderId, v.locale), name: orderName(local), id: formatId(local.id, v.locale) })
      : v.t('tx-order-not-ours', { orderId: formatId(tx.orderId, v.locale) });
  }
  const text = joinLines(
    v.sandbox ? bold(v.t('sandbox-badge')) : null,
    bold(v.t('tx-detail-title', { id: formatId(tx.id, v.locale) })),
    v.t('tx-type', { value: transactionTypeWords(v.t, tx.type) }),
    v.t('tx-amount', { value: money(tx.amount) }),
    tx.balanceAfter !== null ? v.t('tx-balance-after', { value: money(tx.balanceAfter) }) : null,
    orderLine,
    local ? v.t('tx-order-product', { value: formatGoods(goodsOf(local.lines), v.locale) }) : null,
    tx.description ? v.t('tx-description', { value: tx.description }) : null,
    v.t('tx-date', { value: when(v, tx.createdAt, true) }),
  );
  const keyboard = new InlineKeyboard();
  if (local) keyboard.text(v.t('btn-open-order', { name: orderName(local) }), trackData(local.id, { kind: 'new' })).row();
  keyboard.text(v.t('btn-back'), transactionsPageData(backToPage));
  return { text, keyboard };
}
