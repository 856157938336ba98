import type { PlaceOrderBody } from '../provider/schemas.js';

/** An answer to one of a product's required fields, with the field's title for the records. */
export interface FieldAnswer {
  fieldId: number;
  title: string;
  value: string;
}

/**
 * One product of an order, as the staff member confirmed it: the one type
 * that intents, approval requests, placement, the POST body and the
 * fingerprint all take. An order with several products is a list of these.
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

/** How the orders and approvals tables keep a line: one column per part, the answers as JSON. */
export interface StoredLine {
  productId: number;
  productTitle: string;
  regionPropertyId: number;
  regionTitle: string | null;
  quantity: number;
  unitPrice: number;
  fieldValues: string;
}

export function storedLine(line: OrderLine): StoredLine {
  return {
    productId: line.product.id,
    productTitle: line.product.title,
    regionPropertyId: line.region.regionPropertyId,
    regionTitle: line.region.title,
    quantity: line.quantity,
    unitPrice: line.region.price,
    fieldValues: JSON.stringify(line.fields),
  };
}

export function lineFromStored(row: StoredLine): OrderLine {
  return {
    product: { id: row.productId, title: row.productTitle },
    region: { regionPropertyId: row.regionPropertyId, title: row.regionTitle, price: row.unitPrice },
    quantity: row.quantity,
    fields: JSON.parse(row.fieldValues) as FieldAnswer[],
  };
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
