/**
 * The batch an order offers when more was asked than one order may hold: a
 * button rather than a command to type, which is hard on a phone. Pressed,
 * it opens what `/batch <product> <quantity> [region]` opens (the batch's
 * summary, to confirm), or, for a product whose orders each need their own
 * answers, sends what `/batch template <product>` sends (the file to fill in).
 */
export type BatchOffer =
  | { kind: 'quantity'; productId: number; quantity: number; regionPropertyId: number | null }
  | { kind: 'file'; productId: number };

/** The offer's button data; the batches feature answers it. */
export const BATCH_OFFER_DATA = /^bo:(?:q:([0-9]{1,12}):([0-9]{1,9})(?::([0-9]{1,12}))?|f:([0-9]{1,12}))$/;

export function batchOfferData(offer: BatchOffer): string {
  if (offer.kind === 'file') return `bo:f:${offer.productId}`;
  return `bo:q:${offer.productId}:${offer.quantity}${offer.regionPropertyId === null ? '' : `:${offer.regionPropertyId}`}`;
}

/** The offer a press of BATCH_OFFER_DATA names. */
export function readBatchOffer(match: RegExpMatchArray): BatchOffer {
  const [, productText, quantityText, regionText, fileProductText] = match;
  if (fileProductText !== undefined) return { kind: 'file', productId: Number(fileProductText) };
  return { kind: 'quantity', productId: Number(productText), quantity: Number(quantityText), regionPropertyId: regionText === undefined ? null : Number(regionText) };
}
