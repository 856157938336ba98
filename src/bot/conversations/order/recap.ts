import { formatGoods, formatNumber } from '../../../text/format.js';
import type { PlacedRecap } from './place.js';
import type { ViewContext } from './views.js';
import { showAmount } from '../../../text/presentation.js';

const MINUTE = 60_000;

/**
 * The lines under "Order A… is placed": what was ordered and charged (and,
 * plainly, when the provider charged another amount than the one confirmed), how
 * long delivery usually takes here (so nobody wonders after two minutes
 * whether something went wrong), and how to check on it.
 */
export function placedRecap(v: ViewContext, recap: PlacedRecap, typicalMs: number | null): string {
  return [
    ...(recap.goods.length > 1 ? goodsLines(v, recap.goods) : [v.t('recap-order', { goods: formatGoods(recap.goods, v.locale) })]),
    recap.amount === recap.confirmed
      ? v.t('recap-charged', { amount: showAmount(v, recap.amount) })
      : v.t('recap-charged-other-amount', { charged: showAmount(v, recap.amount), confirmed: showAmount(v, recap.confirmed) }),
    typicalDeliveryLine(v, typicalMs),
    v.t('recap-check', { reference: recap.reference }),
  ].join('\n');
}

function typicalDeliveryLine(v: ViewContext, typicalMs: number | null): string {
  if (typicalMs === null) return v.t('recap-typical-unknown');
  if (typicalMs < MINUTE) return v.t('recap-typical-under-a-minute');
  return v.t('recap-typical-minutes', { minutes: Math.round(typicalMs / MINUTE) });
}

/** The products of an order of several, one a line under a count ("Products: 3"). */
export function goodsLines(v: ViewContext, goods: PlacedRecap['goods']): string[] {
  return [v.t('recap-lines', { count: formatNumber(goods.length, v.locale) }), ...goods.map((line) => v.t('recap-line', { product: line.product, quantity: formatNumber(line.quantity, v.locale) }))];
}
