import { createHash } from 'node:crypto';
import type { OrderLine } from './order-line.js';

/**
 * Identifies "the same order by the same person": used to refuse placing it
 * again while an earlier attempt's outcome is unknown. The canonical form
 * fixes key order, sorts fields by id and trims values, so the same input
 * typed twice gives the same hash. Its shape is that of the stored hashes of
 * open orders: changing it would let an order open before an upgrade be
 * placed again after it. Several lines are hashed in product order, so the
 * same cart put together in another order is the same order.
 */
export function orderFingerprint(userId: number, lines: readonly Pick<OrderLine, 'product' | 'region' | 'quantity' | 'fields'>[]): string {
  const [only] = lines;
  // One product: the hash open orders were stored with before orders had lines.
  const canonical =
    lines.length === 1 && only
      ? JSON.stringify(['order-v1', userId, ...lineParts(only)])
      : JSON.stringify(['order-v2', userId, [...lines].sort((a, b) => a.product.id - b.product.id).map(lineParts)]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** A line in canonical form: product, region, quantity, and the answers sorted by field with values trimmed. */
function lineParts(line: Pick<OrderLine, 'product' | 'region' | 'quantity' | 'fields'>) {
  const fields = [...line.fields]
    .map((field) => [field.fieldId, field.value.trim()] as const)
    .sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return [line.product.id, line.region.regionPropertyId, line.quantity, fields] as const;
}
