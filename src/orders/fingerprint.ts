import { createHash } from 'node:crypto';
import type { OrderLine } from './order-line.js';

/**
 * Identifies "the same order by the same person": used to refuse placing it
 * again while an earlier attempt's outcome is unknown. The canonical form
 * fixes key order, sorts fields by id and trims values, so the same input
 * typed twice gives the same hash. Its shape is that of the stored hashes of
 * open orders: changing it would let an order open before an upgrade be
 * placed again after it.
 */
export function orderFingerprint(userId: number, line: Pick<OrderLine, 'product' | 'region' | 'quantity' | 'fields'>): string {
  const fields = [...line.fields]
    .map((field) => [field.fieldId, field.value.trim()] as const)
    .sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  const canonical = JSON.stringify(['order-v1', userId, line.product.id, line.region.regionPropertyId, line.quantity, fields]);
  return createHash('sha256').update(canonical).digest('hex');
}
