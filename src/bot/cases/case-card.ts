import type { OrderRow } from '../../db/order-row.js';
import { entryPathText } from '../../delivery/render-delivery.js';
import { lineLabel } from '../../orders/order-line.js';
import { clip } from '../../text/clip.js';
import type { ReaderView } from '../../text/presentation.js';

type Lines = Pick<OrderRow, 'lines'>;

/**
 * Where a card of an order stands in its delivery. A case keeps the card as
 * the order counts them, one per unit of each line in turn (card 4 of
 * "Google × 1, Free Fire × 3" is Free Fire's third); the delivery of an
 * order of several products lists each product under its own number (the
 * order's lines, in the order they were posted) and numbers that product's
 * cards from 1. This is the one place that turns the first into the second.
 * The delivery puts each of the provider's items under its line by what
 * the item is, never by where the provider listed it
 * (src/delivery/delivery-lines.ts), so "Card 2.3" here is the card its
 * copy button called "2.3".
 */
export interface CardPlace {
  /** The product's number in the delivery (1 for the first line). */
  product: number;
  /** The product as the delivery names it: "Title (Region)". */
  label: string;
  /** The card's number among that product's cards. */
  n: number;
  /** How many cards that product delivered. */
  of: number;
}

/** How many cards an order delivers: one per unit of each line. */
export const cardCountOf = (order: Lines): number => order.lines.reduce((sum, line) => sum + line.quantity, 0);

/** Whether the delivery groups the order's cards under product headings (an order of several products). */
export const severalProducts = (order: Lines): boolean => order.lines.length > 1;

/** The product and that product's card number of the order's card `card` (1-based), or null past its last card. */
export function cardPlace(order: Lines, card: number): CardPlace | null {
  let left = card;
  for (const [index, line] of order.lines.entries()) {
    if (left <= line.quantity) return left >= 1 ? { product: index + 1, label: lineLabel(line), n: left, of: line.quantity } : null;
    left -= line.quantity;
  }
  return null;
}

/** Every card of an order with its place, in the order's own count (1..N). */
export function cardPlaces(order: Lines): { card: number; place: CardPlace }[] {
  const all: { card: number; place: CardPlace }[] = [];
  for (let card = 1; card <= cardCountOf(order); card += 1) all.push({ card, place: cardPlace(order, card)! });
  return all;
}

/** A product's name where it sits inside a sentence: long catalog titles clipped. */
export const productName = (place: CardPlace): string => clip(place.label, 60);

/**
 * A card as its copy button in the delivery reads it: "2.3" (product 2,
 * card 3), "۲-۳" in Persian; for a button that names one card of several products.
 */
export const cardPath = (v: Pick<ReaderView, 'locale'>, place: CardPlace): string => entryPathText([place.product, place.n], v.locale);
