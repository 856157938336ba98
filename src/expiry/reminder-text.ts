import { handedOverButton } from '../delivery/handed-over-button.js';
import { referenceOf } from '../delivery/notification-texts.js';
import { lineLabel, lineOf } from '../orders/order-line.js';
import type { OrderRow } from '../db/order-row.js';
import { formatNumber } from '../text/format.js';
import { joinLines } from '../text/formatted.js';
import type { OutgoingMessage } from '../text/send-port.js';
import type { ClaimedReminder } from '../db/code-expiry-store.js';
import { lastWorkingMoment } from './expiry-days.js';
import { showDay, type ReaderView } from '../text/presentation.js';

type ReminderView = ReaderView;

/**
 * The one reminder of an order's cards due to expire: which order, which
 * products, the last day they work in the reader's calendar and digits,
 * how to see them again (/track), and the button that marks them handed
 * over. Only our own records reach Fluent; the codes are not read for it.
 */
export function reminderMessage(order: OrderRow, reminder: ClaimedReminder, view: ReminderView): OutgoingMessage {
  const { t, locale } = view;
  const reference = referenceOf(order);
  const productIds = [...new Set(reminder.cards.map((card) => card.productId))];
  const lines = productIds.map((id) => lineOf(order.lines, id)).filter((line) => line !== null);
  const goods = (lines.length > 0 ? lines : order.lines).map(lineLabel).join(locale === 'fa' ? '، ' : ', ');
  const days = reminder.cards.map((card) => showDay(view, lastWorkingMoment(card.expiresAt)));
  // Cards come earliest first: the first date is the one to act by.
  const sameDay = days.every((day) => day === days[0]);
  const count = reminder.cards.length;
  const vars = { count, cards: formatNumber(count, locale), reference, goods, date: days[0] ?? '' };
  return {
    text: joinLines(t(sameDay ? 'expiry-reminder' : 'expiry-reminder-first', vars), t('expiry-reminder-how', { reference })),
    buttons: [[handedOverButton(t, order.id)]],
  };
}
