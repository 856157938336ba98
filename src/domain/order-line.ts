/** An answer to one of a product's required fields, with the field's title for the records. */
export interface FieldAnswer {
  fieldId: number;
  title: string;
  /** Empty once erased. */
  value: string;
  /** Set when the retention pass erased the answer: the days after settling it was kept (src/safeguards/retention/answers.ts). */
  erasedAfterDays?: number;
}

/**
 * One product of an order, as the staff member confirmed it: the one type
 * that intents, approval requests, placement, the POST body and the
 * fingerprint all take (see orders/order-line.ts). An order is a list of
 * these, one per product, and the orders and approvals tables keep that
 * list as JSON in this very shape, so adding a part to a line is one edit
 * here (give it a default where older rows lack it).
 */
export interface OrderLine {
  product: { id: number; title: string };
  /** The region chosen and its unit price at the summary that was confirmed. */
  region: { regionPropertyId: number; title: string | null; price: number };
  quantity: number;
  /** Answers to the product's fields; optional fields left empty are not here. */
  fields: FieldAnswer[];
}

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

/** "Title (Region)": how a line's product is named wherever one line is shown. */
export function lineLabel(line: Pick<OrderLine, 'product' | 'region'>): string {
  return line.region.title ? `${line.product.title} (${line.region.title})` : line.product.title;
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
  items: readonly { productId: number; regionPropertyId: number | null; quantity: number }[],
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

/**
 * What an order holds, product by product, for messages that name it in
 * one line (see formatGoods): "Title (Region)" and the quantity of each
 * line. The terse lists (the feed, the digest, the audit) leave the regions
 * out.
 */
export function goodsOf(
  lines: readonly Pick<OrderLine, 'product' | 'region' | 'quantity'>[],
  options: { regions: boolean } = { regions: true },
): { product: string; quantity: number }[] {
  return lines.map((line) => ({ product: options.regions ? lineLabel(line) : line.product.title, quantity: line.quantity }));
}
