import type { FormattedString } from '@grammyjs/parse-mode';
import type { AdminRecipient } from '../alerts/admin-alerts.js';
import type { Clock } from '../clock.js';
import type { OrderRow } from '../db/order-store.js';
import type { ProviderClient } from '../provider/client.js';
import type { OrderDetail } from '../provider/schemas.js';
import { plain } from '../text/formatted.js';
import type { Locale, Translate } from '../text/i18n.js';
import type { OutgoingButton } from '../text/send-port.js';
import type { DetailHandover } from '../tracking/detail-handover.js';
import { findRefund } from '../tracking/find-refund.js';
import type { NotificationRow } from '../db/notification-store.js';
import { adminText, deliveryFooter, deliveryHeading, staffMessage, type AdminEvent, type TextContext } from './notification-texts.js';
import { copyButtonRows, linesWithoutCodes, renderDelivery } from './render-delivery.js';
import { lineLabel } from '../orders/order-line.js';
import { createLocalPeriods } from '../text/local-periods.js';
import { cardExpiries, type CardExpiry } from './card-expiries.js';
import { handedOverButton } from './handed-over-button.js';
import { problemButton } from './problem-button.js';
import { type Presentation, readerViewOf } from '../text/presentation.js';

interface NotificationPlannerDeps {
  provider: Pick<ProviderClient, 'getOrder' | 'listTransactions'>;
  translate: (locale: Locale) => Translate;
  localeOf: (userId: number) => Locale;
  adminRecipients: () => AdminRecipient[];
  /** The detail the sweep read when it found the order completed: the codes without a second read. */
  handover?: DetailHandover;
  clock: Clock;
  /** How the deployment shows amounts and times, and whether messages carry the SANDBOX badge; each recipient reads it in their language. */
  presentation: Presentation;
  /** Names the orderer in administrators' alerts; their ID when not given. */
  describePerson?: (telegramId: number) => string;
  /** When the batch's file of codes went out (epoch ms), null while it has not; absent, batch orders are never told one by one. */
  batchFileSentAt?: (batchId: number) => Promise<number | null>;
  /** Keeps a batch order's delivery detail for its file of codes (src/batches/batch-details.ts). */
  keepBatchDetail?: (orderId: number, detail: OrderDetail) => void;
}

export interface Outgoing {
  chatId: number;
  text: FormattedString;
  buttons?: OutgoingButton[][];
  protect: boolean;
  /** A blocked administrator is skipped; a blocked staff member makes the notification undeliverable. */
  toAdmin: boolean;
}

/** `expiries`: the delivery's cards that carry an expiry, remembered for their reminder once the codes may go to the orderer. */
export type Plan = { kind: 'send'; messages: Outgoing[]; alert?: AdminEvent; expiries?: CardExpiry[] } | { kind: 'not-ready'; why: string };

interface NotificationPlanner {
  /** The words of a message in the reader's language, zone and amount unit. */
  contextFor(locale: Locale): TextContext;
  /** What a notification row sends, and to whom; 'not-ready' while the provider has no delivery to show yet. */
  planFor(row: NotificationRow, order: OrderRow): Promise<Plan>;
}

/** What the orderer of a batch is not told order by order; administrators' alerts still go out. */
export const QUIET_IN_BATCH: ReadonlySet<NotificationRow['kind']> = new Set(['delivered', 'failed', 'cancelled', 'refunded', 'interrupted', 'not_placed']);

/** Turns an outbox row into the messages it sends and the alert it raises, reading the provider where the row needs it. */
export function createNotificationPlanner(deps: NotificationPlannerDeps): NotificationPlanner {
  const { provider, clock } = deps;
  // Only days: an expiry written as a bare date ends at a local midnight.
  const periods = createLocalPeriods(deps.presentation.timeZone);

  const contextFor = (locale: Locale): TextContext => ({
    ...readerViewOf(deps.presentation, locale, deps.translate(locale)),
    ...(deps.describePerson ? { describePerson: deps.describePerson } : {}),
  });

  const toOrderer = (order: OrderRow, text: FormattedString, protect = false): Outgoing => ({
    chatId: order.chatId,
    text,
    protect,
    toAdmin: false,
  });

  /**
   * Whether the batch's file carries (or will carry) this news: the file goes
   * out once every order of the batch is settled, so news enqueued before it
   * went out is in it, even when the file overtook this message (the batch
   * runner and this sender run apart); news of an order that ended after
   * the file (it waited for a person) is not.
   */
  async function inBatchFile(row: NotificationRow, batchId: number): Promise<boolean> {
    const sentAt = (await deps.batchFileSentAt?.(batchId)) ?? null;
    return sentAt === null || row.createdAt.getTime() <= sentAt;
  }

  async function planFor(row: NotificationRow, order: OrderRow): Promise<Plan> {
    // A batch's orders are told in its one progress message and its one file of codes, not a message each;
    // one that ends after the file went out (it waited for a person) is told on its own.
    if (order.batchId !== null && QUIET_IN_BATCH.has(row.kind) && (await inBatchFile(row, order.batchId))) {
      // The codes the sweep read go to the batch's file instead of a message: kept for it, not read again.
      const detail = row.kind === 'delivered' ? deps.handover?.get(order) : null;
      if (detail) deps.keepBatchDetail?.(order.id, detail);
      return { kind: 'send', messages: [] };
    }
    const ctx = contextFor(deps.localeOf(order.userId));
    switch (row.kind) {
      case 'delivered': {
        const reference = order.providerOrderId ?? order.providerReference;
        if (reference === null) return { kind: 'not-ready', why: 'order has no provider id' };
        // Both halves of the identity are checked: another order's codes must never reach this chat.
        const detail =
          deps.handover?.get(order) ??
          (await provider.getOrder(reference, {
            priority: 'background',
            known: { orderId: order.providerOrderId, orderReference: order.providerReference },
          }));
        if (detail.items.every((item) => item.delivery === null)) return { kind: 'not-ready', why: `no delivery yet (${detail.status})` };
        // A completed order is final: what came is sent now, and a line that came without codes is named, never left out in silence.
        const missing = linesWithoutCodes(order.lines, detail);
        const parts = renderDelivery(detail, {
          ...ctx,
          heading: deliveryHeading(order, ctx, detail.amount),
          footer: deliveryFooter(order, ctx, missing),
          lines: order.lines,
        });
        const expiries = cardExpiries(detail, periods);
        // Codes that expire can be marked handed over from the delivery's last message, the one that says how to see them again;
        // a code that does not work is reported from there too.
        const messages = parts.map((part, index) => {
          const rows: OutgoingButton[][] = copyButtonRows(part.copies);
          if (expiries.length > 0 && index === parts.length - 1) rows.push([handedOverButton(ctx.t, order.id)]);
          if (index === parts.length - 1) rows.push([problemButton(ctx.t, order.id)]);
          return { ...toOrderer(order, part.text, true), buttons: rows };
        });
        const plan: Plan = { kind: 'send', messages, ...(expiries.length > 0 ? { expiries } : {}) };
        return missing.length === 0 ? plan : { ...plan, alert: { kind: 'lines-undelivered', products: missing.map(lineLabel) } };
      }
      case 'failed':
      case 'cancelled':
      case 'refunded': {
        const refund = await findRefund(provider, order);
        return { kind: 'send', messages: [toOrderer(order, staffMessage(row.kind, order, ctx, refund))] };
      }
      case 'action_required':
      case 'unrecognised':
        return { kind: 'send', messages: [toOrderer(order, staffMessage(row.kind, order, ctx))], alert: { kind: row.kind } };
      case 'needs_review': {
        // The staff member was told at Confirm that the provider accepted it; administrators sort it out.
        if (order.acceptedOrderId !== null && order.providerOrderId === null) {
          return { kind: 'send', messages: [], alert: { kind: 'accepted-unrecorded' } };
        }
        // Reconciliation recorded what it found when it made this decision.
        const alert: AdminEvent = { kind: 'needs_review', candidates: order.reviewCandidates };
        return { kind: 'send', messages: [toOrderer(order, staffMessage(row.kind, order, ctx))], alert };
      }
      case 'adopted': {
        // Administrators hear of every adoption reconciliation made on its own, with its proof.
        const messages = [toOrderer(order, staffMessage(row.kind, order, ctx))];
        return order.adoptionProof ? { kind: 'send', messages, alert: { kind: 'adopted', proof: order.adoptionProof } } : { kind: 'send', messages };
      }
      case 'interrupted':
      case 'not_placed':
        return { kind: 'send', messages: [toOrderer(order, staffMessage(row.kind, order, ctx))] };
      case 'stale': {
        const since = (order.postedAt ?? order.createdAt).getTime();
        const event: AdminEvent = { kind: 'stale', minutes: Math.floor((clock.now() - since) / 60_000) };
        const messages = deps.adminRecipients().map((admin) => ({
          chatId: admin.telegramId,
          text: plain(adminText(event, order, contextFor(admin.locale))),
          protect: false,
          toAdmin: true,
        }));
        return { kind: 'send', messages };
      }
    }
  }

  return { contextFor, planFor };
}
