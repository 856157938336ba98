import { InlineKeyboard } from 'grammy';
import type { OrderRow } from '../../db/order-row.js';
import { formatNumber } from '../../text/format.js';
import type { ReaderView } from '../../text/presentation.js';
import { orderName } from '../order-views/order-view.js';
import { caseData } from './case-data.js';
import { cardCountOf, cardPath, cardPlaces, productName, severalProducts } from './case-card.js';

const PER_ROW = 3;

/**
 * "Which card?", for an order of several cards, numbered as its delivery
 * numbered them. One product: "Card 1".."Card N". Several products: the
 * question lists them as the delivery's headings do ("2. Free Fire (Global)
 * × 3") and each product's cards get a row of their own, labelled as their
 * copy buttons were ("Card 2.3": product 2, card 3). The data still carries
 * the order's own count of the card, as cases have always stored it.
 */
export function cardPicker(v: Pick<ReaderView, 'locale' | 't'>, order: Pick<OrderRow, 'id' | 'providerReference' | 'lines'>): { text: string; keyboard: InlineKeyboard } {
  const keyboard = new InlineKeyboard();
  const all = () => keyboard.row().text(v.t('btn-case-all-cards'), caseData({ kind: 'card', orderId: order.id, card: null }));
  if (!severalProducts(order)) {
    for (let n = 1; n <= cardCountOf(order); n += 1) {
      keyboard.text(v.t('btn-case-card', { n: formatNumber(n, v.locale) }), caseData({ kind: 'card', orderId: order.id, card: n }));
      if (n % PER_ROW === 0) keyboard.row();
    }
    all();
    return { text: v.t('case-ask-card', { order: orderName(order) }), keyboard };
  }
  const products: string[] = [];
  for (const { card, place } of cardPlaces(order)) {
    if (place.n === 1) {
      if (place.product > 1) keyboard.row();
      products.push(v.t('case-ask-card-product', { index: formatNumber(place.product, v.locale), product: productName(place), quantity: formatNumber(place.of, v.locale) }));
    } else if ((place.n - 1) % PER_ROW === 0) keyboard.row();
    keyboard.text(v.t('btn-case-product-card', { path: cardPath(v, place) }), caseData({ kind: 'card', orderId: order.id, card }));
  }
  all();
  return { text: [v.t('case-ask-card-of-products', { order: orderName(order) }), ...products].join('\n'), keyboard };
}
