import { parseOrderLookup, type OrderLookup } from '../orders/order-lookup.js';
import { normaliseDigits } from '../text/digits.js';
import { parsePersonWord, type PersonWord } from './person-word.js';

/**
 * What someone typed after /orders:
 *   nothing                  the recent orders (their own; everyone's for administrators and viewers)
 *   <telegram id>|@username  one person's orders
 *   #<our number>|A<digits>  one order, by our number or the provider's reference
 *   anything else            orders whose product title contains the words
 * A lone number is a person, as it always was for administrators; staff look
 * up nobody, so the feature reads theirs as the provider's order number.
 */
export type OrdersCommand =
  | { kind: 'recent' }
  | { kind: 'person'; person: PersonWord }
  | { kind: 'order'; lookup: Exclude<OrderLookup, { kind: 'provider-id' }> }
  | { kind: 'product'; text: string }
  | { kind: 'usage' };

/** Long enough for any product name people type; longer is a paste gone wrong. */
const MAX_PRODUCT_CHARS = 64;
/** One letter matches half the catalog. */
const MIN_PRODUCT_CHARS = 2;

export function parseOrdersCommand(match: string): OrdersCommand {
  const text = normaliseDigits(match).trim().replace(/\s+/g, ' ');
  if (text === '') return { kind: 'recent' };
  if (text.startsWith('@')) {
    const person = parsePersonWord(text);
    return person ? { kind: 'person', person } : { kind: 'usage' };
  }
  if (text.startsWith('#')) {
    const lookup = parseOrderLookup(text);
    return lookup?.kind === 'local' ? { kind: 'order', lookup } : { kind: 'usage' };
  }
  if (/^[0-9]+$/.test(text)) {
    const person = parsePersonWord(text);
    return person ? { kind: 'person', person } : { kind: 'usage' };
  }
  const lookup = parseOrderLookup(text);
  if (lookup?.kind === 'reference') return { kind: 'order', lookup };
  const chars = Array.from(text).length;
  if (chars < MIN_PRODUCT_CHARS || chars > MAX_PRODUCT_CHARS) return { kind: 'usage' };
  return { kind: 'product', text };
}
