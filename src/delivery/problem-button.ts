import type { Translate } from '../text/i18n.js';
import type { OutgoingButton } from '../text/send-port.js';

/**
 * "Problem with this code", on a delivery's last message: the first of at
 * most three taps to a case (src/bot/cases/). Its data is the order's id
 * only, in the form src/bot/cases/case-data.ts reads (`cs:p:<order id>`);
 * who may press it is checked at the press.
 */
export const problemButton = (t: Translate, orderId: number): OutgoingButton => ({ text: t('btn-case-problem'), callbackData: `cs:p:${orderId}` });
