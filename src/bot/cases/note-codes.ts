import { deliveryCards } from '../../delivery/delivery-cards.js';
import type { OrderRow } from '../../db/order-row.js';
import type { ProviderClient } from '../../provider/client.js';
import type { OrderDetail } from '../../provider/schemas.js';

/**
 * A delivered value shorter than this is not looked for in a note: a
 * two- or three-character PIN would match ordinary words and numbers, and
 * alone it is no card anyone can spend.
 */
const SHORTEST_LOOKED_FOR = 4;

/** Spaces, dashes (of every kind) and case do not make a code another one: "abcd-1234" typed as "ABCD 1234" is still the code. */
const comparable = (text: string): string => text.normalize('NFKC').toLowerCase().replace(/[\s\-\u2010-\u2015\u2212_.]/g, '');

/** The codes, PINs and serials of a delivery, as compared. */
function deliveredSecrets(detail: OrderDetail): string[] {
  return detail.items
    .flatMap((item) => deliveryCards(item.delivery ?? undefined))
    .flatMap((card) => [card.code, card.pin, card.serial])
    .filter((value): value is string => value !== null)
    .map(comparable)
    .filter((value) => value.length >= SHORTEST_LOOKED_FOR);
}

/** Whether a note carries one of the delivery's codes, PINs or serials. */
export function noteCarriesCode(note: string, detail: OrderDetail): boolean {
  const typed = comparable(note);
  return deliveredSecrets(detail).some((secret) => typed.includes(secret));
}

/**
 * What the check of a note found: clean; carrying a code; or unknown, when
 * the provider could not be asked for the order's codes (the note is then
 * not taken: a line not checked could carry a code to the administrators).
 */
export type NoteCheck = 'clean' | 'code' | 'unchecked';

/**
 * Reads the order's delivered codes from the provider, as /track's "Show
 * codes" does (giftdesk keeps none of them), and looks for them in the
 * note. Neither the codes nor the note are logged here.
 */
export async function checkNote(provider: Pick<ProviderClient, 'getOrder'>, order: OrderRow, note: string): Promise<NoteCheck> {
  if (order.providerOrderId === null) return 'unchecked';
  let detail: OrderDetail;
  try {
    // The client refuses another order's detail: only this order's codes are compared.
    detail = await provider.getOrder(order.providerOrderId, { priority: 'interactive', known: { orderReference: order.providerReference } });
  } catch {
    return 'unchecked';
  }
  return noteCarriesCode(note, detail) ? 'code' : 'clean';
}
