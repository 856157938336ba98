import { deliveryKey } from './delivery-keys.js';
import type { JsonValue } from '../provider/schemas.js';

/**
 * One card of a delivery as a batch's file of codes lists it and the
 * expiry reminders read it: the code, its PIN, serial and expiry where the
 * delivery names them, and every other value kept in `other` (as
 * `key=value`), so that a shape nobody foresaw loses nothing.
 */
interface DeliveryCard {
  code: string | null;
  pin: string | null;
  serial: string | null;
  expiry: string | null;
  other: string[];
}

const isObject = (value: JsonValue): value is { [key: string]: JsonValue } => typeof value === 'object' && value !== null && !Array.isArray(value);

const scalarText = (value: JsonValue): string | null =>
  value === null ? null : typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : null;

/** A card from one object: known keys to their columns, the rest (nested values flattened with dotted keys) to `other`. */
function cardOf(object: { [key: string]: JsonValue }): DeliveryCard {
  const card: DeliveryCard = { code: null, pin: null, serial: null, expiry: null, other: [] };
  const visit = (value: JsonValue, path: string, key: string) => {
    const text = scalarText(value);
    if (text !== null) {
      // Which key means a code, a PIN, a serial or an expiry is the delivery key table's knowledge, not this file's.
      const column = deliveryKey(key)?.column;
      if (column && card[column] === null) card[column] = text;
      else card.other.push(`${path}=${text}`);
      return;
    }
    if (Array.isArray(value)) value.forEach((item, index) => visit(item, `${path}[${index}]`, key));
    else if (isObject(value)) for (const [inner, v] of Object.entries(value)) visit(v, `${path}.${inner}`, inner);
  };
  for (const [key, value] of Object.entries(object)) visit(value, key, key);
  return card;
}

/** The list of cards inside a delivery, if it has one: an array of objects or strings, at the top or under one key. */
function cardList(delivery: JsonValue): JsonValue[] | null {
  if (Array.isArray(delivery)) return delivery;
  if (!isObject(delivery)) return null;
  const lists = Object.values(delivery).filter((value): value is JsonValue[] => Array.isArray(value) && value.length > 0 && value.every((item) => isObject(item) || typeof item === 'string'));
  return lists.length === 1 ? lists[0]! : null;
}

/**
 * The cards of one item's delivery, whatever its shape: `{code, pin}`,
 * `{codes: ["…"]}`, `{giftCards: [{cardNumber, pinCode, expireDate}]}`,
 * `[{card_number: …}]`, or a bare string. The fields beside a list (an
 * expiry for all of them, instructions) are added to every card.
 */
export function deliveryCards(delivery: JsonValue | undefined): DeliveryCard[] {
  if (delivery === undefined || delivery === null) return [];
  const text = scalarText(delivery);
  if (text !== null) return [{ code: text, pin: null, serial: null, expiry: null, other: [] }];
  const list = cardList(delivery);
  if (list === null) return isObject(delivery) ? [cardOf(delivery)] : [];
  const shared = isObject(delivery) ? cardOf(Object.fromEntries(Object.entries(delivery).filter(([, value]) => value !== list))) : null;
  return list.map((item) => {
    const card = typeof item === 'string' ? { code: item, pin: null, serial: null, expiry: null, other: [] } : isObject(item) ? cardOf(item) : cardOf({ value: item });
    if (!shared) return card;
    return {
      code: card.code ?? shared.code,
      pin: card.pin ?? shared.pin,
      serial: card.serial ?? shared.serial,
      expiry: card.expiry ?? shared.expiry,
      other: [...card.other, ...shared.other],
    };
  });
}
