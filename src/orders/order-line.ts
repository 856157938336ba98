import type { PlaceOrderBody } from '../provider/schemas.js';
import type { OrderLine } from '../domain/order-line.js';

export type { FieldAnswer, OrderLine } from '../domain/order-line.js';
// The rules every order's lines keep are the domain's, also where the stores save them.
export { assertOrderLines, goodsOf, itemsMismatch, lineLabel, linesTotal, lineTotal } from '../domain/order-line.js';

/** The line of this product, if the order has one (a product appears once per order). */
export function lineOf(lines: readonly OrderLine[], productId: number): OrderLine | null {
  return lines.find((line) => line.product.id === productId) ?? null;
}

/**
 * The body of POST /orders for these lines: every product in `products[]`,
 * and the answers in `requiredFields` keyed by product id (the spec's shape,
 * which is why a product appears once per order).
 */
export function placeOrderBody(lines: readonly OrderLine[]): PlaceOrderBody {
  const body: PlaceOrderBody = {
    products: lines.map((line) => ({ productId: line.product.id, regionPropertyId: line.region.regionPropertyId, quantity: line.quantity })),
  };
  const answered = lines.filter((line) => line.fields.length > 0);
  if (answered.length > 0) {
    body.requiredFields = Object.fromEntries(
      answered.map((line) => [String(line.product.id), line.fields.map((field) => ({ fieldId: field.fieldId, value: field.value.trim() }))]),
    );
  }
  return body;
}

/** The same goods: the same products, regions and quantities, whatever the prices and answers. */
export function sameGoods(a: readonly OrderLine[], b: readonly OrderLine[]): boolean {
  const key = (lines: readonly OrderLine[]) =>
    lines
      .map((line) => `${line.product.id}:${line.region.regionPropertyId}:${line.quantity}`)
      .sort()
      .join(',');
  return key(a) === key(b);
}
