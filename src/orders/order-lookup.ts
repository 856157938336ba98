import type { OrderLookup } from '../db/order-queries.js';
import { normaliseDigits } from '../text/digits.js';

export type { OrderLookup } from '../db/order-queries.js';

const SAFE_INTEGER = /^[0-9]{1,15}$/;
const REFERENCE = /^A[0-9]{1,30}$/i;

/**
 * Reads what a person typed after /track. Persian and Arabic digits count,
 * and a reference is accepted in either case. Null when it names nothing.
 */
export function parseOrderLookup(text: string): OrderLookup | null {
  const value = normaliseDigits(text.trim());
  if (value.startsWith('#')) {
    const id = value.slice(1).trim();
    return SAFE_INTEGER.test(id) && Number(id) > 0 ? { kind: 'local', id: Number(id) } : null;
  }
  if (SAFE_INTEGER.test(value) && Number(value) > 0) return { kind: 'provider-id', orderId: Number(value) };
  if (REFERENCE.test(value)) return { kind: 'reference', reference: `A${value.slice(1)}` };
  return null;
}
