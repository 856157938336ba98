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

/** "Title (Region)": how a line's product is named wherever one line is shown. */
export function lineLabel(line: Pick<OrderLine, 'product' | 'region'>): string {
  return line.region.title ? `${line.product.title} (${line.region.title})` : line.product.title;
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
