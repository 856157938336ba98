import type { Translate } from '../text/i18n.js';
import type { OutgoingButton } from '../text/send-port.js';

/**
 * "Mark handed over", on a delivery whose cards expire and on their
 * reminder: the orderer says the codes have reached whoever they were
 * for, and no reminder comes for them. Its data (`oh:<order id>`, beside
 * the prefixes of src/bot/order-views/callback-data.ts) carries the order
 * only: who may press it is checked at the press.
 */
export const HANDED_OVER_PATTERN = /^oh:([0-9]{1,15})$/;

export const handedOverData = (orderId: number): string => `oh:${orderId}`;

export function parseHandedOver(data: string | undefined): number | null {
  const match = data === undefined ? null : HANDED_OVER_PATTERN.exec(data);
  return match ? Number(match[1]) : null;
}

export const handedOverButton = (t: Translate, orderId: number): OutgoingButton => ({ text: t('expiry-mark-button'), callbackData: handedOverData(orderId) });
