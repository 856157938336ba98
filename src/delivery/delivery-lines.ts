import type { OrderItem } from '../provider/schemas.js';

/** What identifies an order line (src/domain/order-line.ts): its product, which an order holds once (assertOrderLines). */
type LineIdentity = { product: { id: number } };
type ItemIdentity = Pick<OrderItem, 'id' | 'productId'>;

/** One line of the order, in the order it was posted, with the provider's items that deliver it. */
export interface DeliveredLine<L, I> {
  line: L;
  /** The line's number wherever its cards are named: 1 for the first line posted. */
  number: number;
  /** Its items (several when the provider split the line), by item id: never by where the answer listed them. */
  items: I[];
}

/** The provider's items put with the order's lines; `unmatched`: items no line asked for, by item id. */
export interface DeliveryLines<L, I> {
  lines: DeliveredLine<L, I>[];
  unmatched: I[];
}

/**
 * Which of the order's lines each item of the provider's detail delivers:
 * by what the item is (its product), never by its place in the answer,
 * which the provider does not promise to keep. The delivery's numbering ("2.3": line 2, card 3) and a
 * case's ("Card 2.3", src/bot/cases/case-card.ts) both start from the
 * order's lines in the order they were posted, so this is the one place an
 * item learns its number. An order holds each product once
 * (assertOrderLines), so the product alone decides the line. The item's
 * region is not compared: the spec does not show the detail's items, and a
 * provider that names the region otherwise than the POST did (or not at
 * all) must not make a delivered line read as one that came without codes.
 * An item whose product no line has is left unmatched rather than guessed.
 */
export function deliveryLines<L extends LineIdentity, I extends ItemIdentity>(lines: readonly L[], items: readonly I[]): DeliveryLines<L, I> {
  const byId = [...items].sort((a, b) => a.id - b.id);
  const matches = (line: L, item: I) => item.productId === line.product.id;
  const matched = lines.map((line, index) => ({ line, number: index + 1, items: byId.filter((item) => matches(line, item)) }));
  return { lines: matched, unmatched: byId.filter((item) => !lines.some((line) => matches(line, item))) };
}
