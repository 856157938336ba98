import { createHash } from 'node:crypto';

export interface FingerprintInput {
  userId: number;
  productId: number;
  regionPropertyId: number;
  quantity: number;
  fieldValues: readonly { fieldId: number; value: string }[];
}

/**
 * Identifies "the same order by the same person": used to refuse placing it
 * again while an earlier attempt's outcome is unknown. The canonical form
 * fixes key order, sorts fields by id and trims values, so the same input
 * typed twice gives the same hash.
 */
export function orderFingerprint(input: FingerprintInput): string {
  const fields = [...input.fieldValues]
    .map((field) => [field.fieldId, field.value.trim()] as const)
    .sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  const canonical = JSON.stringify([
    'order-v1',
    input.userId,
    input.productId,
    input.regionPropertyId,
    input.quantity,
    fields,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}
