import type { OrderItem, PlaceOrderBody } from '../provider/schemas.js';
import { lineLabel, type OrderLine } from '../domain/order-line.js';

export { goodsOf, lineLabel, type FieldAnswer, type OrderLine } from '../domain/order-line.js';

export function lineTotal(line: Pick<OrderLine, 'region' | 'quantity'>): number {
  return line.region.price * line.quantity;
}

/**
 * Refuses what no order may be: no line at all, or a product twice (the
 * provider keys the answers by product, so a second line of it would take
 * the first one's answers). The conversation never builds either; this
 * holds the rule where the order is saved, whatever the caller.
 */
export function assertOrderLines(lines: readonly Pick<OrderLine, 'product'>[]): void {
  if (lines.length === 0) throw new Error('an order needs at least one line');
  const ids = lines.map((line) => line.product.id);
  if (new Set(ids).size !== ids.length) throw new Error('an order holds each product once');
}

/** What an order of these lines costs at the prices they hold. */
export function linesTotal(lines: readonly Pick<OrderLine, 'region' | 'quantity'>[]): number {
  return lines.reduce((sum, line) => sum + lineTotal(line), 0);
}

/** Units over all lines. */
function unitCount(lines: readonly Pick<OrderLine, 'quantity'>[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

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

/** What makes a provider order's items clearly not these lines (see itemsMismatch). */
export type ItemsMismatch = 'no-items' | 'product' | 'region' | 'quantity';

/**
 * How the items of a provider order differ from these lines: products the
 * order does not have (or lacks), a region other than the line's where the
 * item names one, or other quantities per product. Items of one product are
 * added up, since a provider may split a line into several items. The
 * amount is not compared: a price may change between the summary and the POST.
 */
export function itemsMismatch(
  lines: readonly Pick<OrderLine, 'product' | 'region' | 'quantity'>[],
  items: readonly Pick<OrderItem, 'productId' | 'regionPropertyId' | 'quantity'>[],
): ItemsMismatch[] {
  if (items.length === 0) return ['no-items'];
  const found: ItemsMismatch[] = [];
  const byProduct = new Map(lines.map((line) => [line.product.id, line]));
  const itemProducts = new Set(items.map((item) => item.productId));
  if (items.some((item) => !byProduct.has(item.productId)) || lines.some((line) => !itemProducts.has(line.product.id))) found.push('product');
  if (items.some((item) => item.regionPropertyId !== null && byProduct.has(item.productId) && item.regionPropertyId !== byProduct.get(item.productId)!.region.regionPropertyId)) {
    found.push('region');
  }
  const units = new Map<number, number>();
  for (const item of items) units.set(item.productId, (units.get(item.productId) ?? 0) + item.quantity);
  if (lines.some((line) => (units.get(line.product.id) ?? 0) !== line.quantity) || unitCount(items) !== unitCount(lines)) found.push('quantity');
  return found;
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

/** Names a product of these lines by its id ("Title (Region)"), null for a product the order does not have. */
export function productLabelIn(lines: readonly OrderLine[]): (productId: number) => string | null {
  return (productId) => {
    const line = lineOf(lines, productId);
    return line ? lineLabel(line) : null;
  };
}
