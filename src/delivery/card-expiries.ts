import type { OrderDetail } from '../provider/schemas.js';
import { readDateText } from '../text/format.js';
import type { LocalPeriods } from '../text/local-periods.js';
import { deliveryCards } from './delivery-cards.js';

/** A delivered card that carries an expiry, by its place in the provider's detail; never its code. */
export interface CardExpiry {
  /** The item's position in the detail (0-based), and the card's among the item's cards. */
  itemIndex: number;
  cardIndex: number;
  productId: number;
  /** The first moment the card no longer works (ms since the epoch). */
  expiresAt: number;
}

/**
 * When a card written to expire on `text` stops working: a moment with its
 * offset is that moment; a bare date ('2027-11-22') is a card valid through
 * that day, so it stops at the next local midnight in TIME_ZONE (the
 * provider names no zone; the company's is the best reading). Null for a
 * text that is no date giftdesk can read.
 */
export function expiryMoment(text: string, periods: LocalPeriods): number | null {
  const date = readDateText(text);
  if (date === null) return null;
  if (date.kind === 'moment') return date.ms;
  return periods.startOfDayAfter(periods.startOfDate(date.year, date.month, date.day), 1);
}

/**
 * Every card of a delivery whose expiry can be read, whatever the
 * delivery's shape (the keys that mean an expiry are delivery-keys.ts's
 * knowledge): what a reminder needs, and nothing of the code.
 */
export function cardExpiries(detail: OrderDetail, periods: LocalPeriods): CardExpiry[] {
  return detail.items.flatMap((item, itemIndex) =>
    deliveryCards(item.delivery).flatMap((card, cardIndex) => {
      const expiresAt = card.expiry === null ? null : expiryMoment(card.expiry, periods);
      return expiresAt === null ? [] : [{ itemIndex, cardIndex, productId: item.productId, expiresAt }];
    }),
  );
}
