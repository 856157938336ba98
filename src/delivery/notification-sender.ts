import type { AdminAlerts, AdminRecipient } from '../alerts/admin-alerts.js';
import type { Locale, Translate } from '../text/i18n.js';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import {
  SendForbiddenError,
  SendRateLimitedError,
  SendRejectedError,
  type SendMessage,
} from '../text/send-port.js';
import type { OrderRow } from '../db/order-store.js';
import type { OrderDetail } from '../provider/schemas.js';
import type { ProviderClient } from '../provider/client.js';
import { alertOrderMismatch } from '../alerts/order-mismatch.js';
import { describeProviderFailure, ProviderError, ProviderOrderMismatchError } from '../provider/errors.js';
import { startRepeating, type Repeating } from '../repeat.js';
import type { DetailHandover } from '../tracking/detail-handover.js';
import { createNotificationPlanner, type Outgoing, type Plan } from './notification-plan.js';
import { leasedOutbox, type NotificationRow, type NotificationStore } from '../db/notification-store.js';
import { adminText, type AdminEvent } from './notification-texts.js';
import { takeTurnsByChat } from './chat-turns.js';
import type { CardExpiry } from './card-expiries.js';
import type { Presentation } from '../text/presentation.js';

export interface NotificationSenderDeps {
  /** The outbox: its rows, their leases, and the orders they announce. */
  notifications: NotificationStore;
  /**
   * Brings this instance's copies of who is staff, and in which role, up to
   * date before each message is checked: with several instances, another
   * may have removed someone since, and codes go only to people still
   * allowed them.
   */
  freshen?: () => Promise<void>;
  provider: Pick<ProviderClient, 'getOrder' | 'listTransactions'>;
  send: SendMessage;
  translate: (locale: Locale) => Translate;
  localeOf: (userId: number) => Locale;
  /** Whether the person is still on the staff: nobody else hears from the bot. */
  isStaff: (userId: number) => boolean;
  /** Whether the orderer may still be sent codes (a viewer may not); everyone on the staff when not given. */
  mayReceiveCodes?: (userId: number) => boolean;
  adminRecipients: () => AdminRecipient[];
  alerts: AdminAlerts;
  /** The detail the sweep read when it found the order completed: the codes without a second read. */
  handover?: DetailHandover;
  clock: Clock;
  random: () => number;
  logger: Logger;
  /** How the deployment shows amounts and times, and whether messages carry the SANDBOX badge. */
  presentation: Presentation;
  /** Names the orderer in administrators' alerts; their ID when not given. */
  describePerson?: (telegramId: number) => string;
  /** Whether a batch's file of codes has gone out (see notification-plan.ts). */
  batchFileSentAt?: (batchId: number) => Promise<number | null>;
  /** Keeps a batch order's delivery detail for its file of codes. */
  keepBatchDetail?: (orderId: number, detail: OrderDetail) => void;
  /** Unique per process: the lease owner written on claimed rows. */
  owner: string;
  /**
   * Told of each message carrying codes that Telegram accepted, so that it
   * can be taken out of the chat later (src/safeguards/retention/code-messages.ts).
   * A failure here is logged and never holds up the delivery.
   */
  onCodesSent?: (sent: { chatId: number; messageId: number; orderId: number; sentAt: number }) => Promise<void>;
  /**
   * Told of a delivery's cards that carry an expiry, right before the codes
   * go to the orderer, so that a reminder can come before they expire
   * (src/expiry/). Only positions and moments, never a code; a failure here
   * is logged and never holds up the delivery.
   */
  onExpiringCards?: (delivery: { orderId: number; userId: number; cards: readonly CardExpiry[]; at: number }) => Promise<void>;
  /** Told once a notification has gone out (metrics: delivery lag); only observes. */
  onSent?: (sent: { kind: string; createdAt: number; sentAt: number }) => void;
  /** How long a claim holds; renewed before each message. Default two minutes. */
  leaseMs?: number;
  batchSize?: number;
  retryBaseMs?: number;
  retryCapMs?: number;
}

interface SenderRun {
  sent: number;
  retried: number;
  undeliverable: number;
}

interface NotificationSender {
  runOnce(): Promise<SenderRun>;
}

type Outcome = keyof SenderRun | 'lost';

/** After this many attempts without a readable delivery, administrators hear of it. */
const DELIVERY_MISSING_ALERT_AFTER = 5;

/** Exponential backoff with equal jitter: half the ceiling fixed, half random. */
export function retryDelayMs(attempt: number, random: () => number, baseMs = 5_000, capMs = 300_000): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Safe for logs and last_error: the failure's class and cause, never a payload or the key. */
function describeError(error: unknown): string {
  if (error instanceof ProviderError) return describeProviderFailure(error).slice(0, 300);
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 200);
  return 'non-error thrown';
}

/**
 * Delivers the outbox (src/db/order-writes.ts, enqueueNotification) to Telegram. Codes live only
 * in memory: the detail the sweep has just read is handed over in process,
 * and read fresh from the provider when it is not there (after a restart,
 * or once it has aged out). Each message Telegram accepts is counted on the row
 * (parts_sent), so a retry, in this process or another one after a crash,
 * resumes after it; a crash between Telegram's answer and that write sends
 * one message again (at least once, never lost). The row is marked sent
 * after its last message.
 */
export function createNotificationSender(deps: NotificationSenderDeps): NotificationSender {
  const { send, clock, logger } = deps;
  const store = leasedOutbox(deps.notifications, { owner: deps.owner, leaseMs: deps.leaseMs ?? 120_000 });
  const batchSize = deps.batchSize ?? 20;
  let pausedUntil = 0;

  const { contextFor, planFor } = createNotificationPlanner(deps);

  function alertAdmins(key: string, event: AdminEvent, order: OrderRow): Promise<void> {
    return deps.alerts.alert(key, (locale) => adminText(event, order, contextFor(locale)));
  }

  async function retryLater(row: NotificationRow, why: string): Promise<Outcome> {
    const delay = retryDelayMs(row.attempts + 1, deps.random, deps.retryBaseMs, deps.retryCapMs);
    const kept = await store.reschedule(row.id, clock.now() + delay, { countAttempt: true, lastError: why });
    logger.warn({ notificationId: row.id, orderId: row.orderId, kind: row.kind, attempt: row.attempts + 1, delayMs: delay, why }, 'notification will be retried');
    return kept ? 'retried' : 'lost';
  }

  async function onSendError(row: NotificationRow, order: OrderRow, error: unknown): Promise<Outcome> {
    const log = { notificationId: row.id, orderId: row.orderId, kind: row.kind };
    const codes = row.kind === 'delivered';
    if (error instanceof SendRateLimitedError) {
      const until = clock.now() + error.retryAfterMs;
      pausedUntil = Math.max(pausedUntil, until);
      logger.warn({ ...log, retryAfterMs: error.retryAfterMs }, 'Telegram rate limit: notification waits');
      return (await store.reschedule(row.id, until, { countAttempt: false, lastError: 'Telegram 429' })) ? 'retried' : 'lost';
    }
    if (error instanceof SendForbiddenError || error instanceof SendRejectedError) {
      const blocked = error instanceof SendForbiddenError;
      const reason = blocked ? 'blocked by the staff member' : `rejected by Telegram: ${error.message}`.slice(0, 200);
      const marked = await store.markUndeliverable(row.id, clock.now(), reason, blocked ? 'blocked' : 'telegram');
      if (blocked) logger.warn(log, 'staff member blocked the bot: notification undeliverable');
      else logger.error({ ...log, reason }, 'Telegram refused a notification: undeliverable');
      const event: AdminEvent = blocked ? { kind: 'blocked', codes } : { kind: 'rejected', codes, reason: error.message };
      await alertAdmins(`undeliverable:${row.id}`, event, order);
      return marked ? 'undeliverable' : 'lost';
    }
    return retryLater(row, describeError(error));
  }

  async function recordCodes(chatId: number, messageId: number, orderId: number): Promise<void> {
    if (!deps.onCodesSent) return;
    try {
      await deps.onCodesSent({ chatId, messageId, orderId, sentAt: clock.now() });
    } catch (error) {
      logger.warn({ orderId, messageId, error: describeError(error) }, 'a message carrying codes could not be recorded for removal');
    }
  }

  async function recordExpiries(order: OrderRow, cards: readonly CardExpiry[]): Promise<void> {
    if (!deps.onExpiringCards || cards.length === 0) return;
    try {
      await deps.onExpiringCards({ orderId: order.id, userId: order.userId, cards, at: clock.now() });
    } catch (error) {
      logger.warn({ orderId: order.id, cards: cards.length, error: describeError(error) }, 'expiring cards could not be recorded for their reminder');
    }
  }

  async function deliver(row: NotificationRow, order: OrderRow, messages: Outgoing[]): Promise<Outcome> {
    // The same order renders the same messages again, so the count on the row says where to go on.
    const start = Math.min(row.partsSent, messages.length);
    for (let index = start; index < messages.length; index++) {
      const message = messages[index];
      if (!message) continue;
      if (!(await store.renew(row.id, clock.now()))) return 'lost';
      try {
        const sent = await send(message.chatId, {
          text: message.text,
          ...(message.buttons && message.buttons.length > 0 ? { buttons: message.buttons } : {}),
          ...(message.protect ? { protectContent: true } : {}),
        });
        if (row.kind === 'delivered' && !message.toAdmin) await recordCodes(message.chatId, sent.messageId, row.orderId);
      } catch (error) {
        if (!(message.toAdmin && (error instanceof SendForbiddenError || error instanceof SendRejectedError))) {
          return onSendError(row, order, error);
        }
        logger.warn({ notificationId: row.id, adminId: message.chatId, error: describeError(error) }, 'an administrator could not be told');
      }
      if (!(await store.recordParts(row.id, index + 1, clock.now()))) {
        logger.warn({ notificationId: row.id, part: index + 1 }, 'lease lost during a split notification; its new owner goes on');
        return 'lost';
      }
    }
    const sentAt = clock.now();
    if (!(await store.markSent(row.id, sentAt, { kind: row.kind, messages: messages.length }))) {
      logger.warn({ notificationId: row.id }, 'notification sent after its lease was lost');
    }
    deps.onSent?.({ kind: row.kind, createdAt: row.createdAt.getTime(), sentAt });
    logger.info(
      { notificationId: row.id, orderId: row.orderId, kind: row.kind, messages: messages.length, ...(start > 0 ? { resumedAfter: start } : {}) },
      'notification sent',
    );
    return 'sent';
  }

  async function handle(row: NotificationRow, order: OrderRow | null): Promise<Outcome> {
    if (!order) return (await store.markUndeliverable(row.id, clock.now(), 'order not found', 'order-missing')) ? 'undeliverable' : 'lost';
    let plan: Plan;
    try {
      plan = await planFor(row, order);
    } catch (error) {
      // Nothing is sent; administrators hear of it and the provider is asked again later.
      if (error instanceof ProviderOrderMismatchError) await alertOrderMismatch({ alerts: deps.alerts, translate: deps.translate }, error);
      return retryLater(row, describeError(error));
    }
    if (plan.kind === 'not-ready') {
      if (row.attempts + 1 >= DELIVERY_MISSING_ALERT_AFTER) {
        await alertAdmins(`delivery-missing:${order.id}`, { kind: 'delivery-missing', attempts: row.attempts + 1 }, order);
      }
      return retryLater(row, plan.why);
    }
    if (!(await store.renew(row.id, clock.now()))) return 'lost';
    // Right before the check, not once a pass: the provider reads above can take seconds, and another instance may remove someone meanwhile.
    await deps.freshen?.();
    // Someone removed from the staff gets nothing more from the bot, codes included; administrators can reveal them.
    if (plan.messages.some((m) => !m.toAdmin) && !deps.isStaff(order.userId)) {
      const marked = await store.markUndeliverable(row.id, clock.now(), 'the person who ordered is no longer on the staff', 'removed');
      logger.warn({ notificationId: row.id, orderId: order.id, kind: row.kind }, 'orderer no longer on the staff: notification withheld');
      await alertAdmins(`not-staff:${row.id}`, { kind: 'not-staff', codes: row.kind === 'delivered' }, order);
      return marked ? 'undeliverable' : 'lost';
    }
    // Made a viewer after ordering: the news still reaches them, the codes do not.
    if (row.kind === 'delivered' && deps.mayReceiveCodes && !deps.mayReceiveCodes(order.userId)) {
      const marked = await store.markUndeliverable(row.id, clock.now(), 'the person who ordered is now a viewer', 'viewer');
      logger.warn({ notificationId: row.id, orderId: order.id }, 'orderer is a viewer now: codes withheld');
      await alertAdmins(`viewer-codes:${row.id}`, { kind: 'viewer-codes' }, order);
      return marked ? 'undeliverable' : 'lost';
    }
    // Administrators hear of trouble even when the staff member cannot be reached.
    if (plan.alert) await alertAdmins(`order:${order.id}:${row.kind}`, plan.alert, order);
    // Before the messages, whose button marks these cards handed over; a retried delivery records nothing twice.
    if (plan.expiries) await recordExpiries(order, plan.expiries);
    return deliver(row, order, plan.messages);
  }

  /** One row, whatever happens: an unexpected failure is tried again later. */
  async function handleSafely(row: NotificationRow, order: OrderRow | null): Promise<Outcome> {
    let outcome: Outcome;
    try {
      outcome = await handle(row, order);
    } catch (error) {
      logger.error({ notificationId: row.id, error: describeError(error) }, 'notification failed unexpectedly');
      try {
        outcome = await retryLater(row, describeError(error));
      } catch {
        // The lease runs out and another run picks the row up again.
        outcome = 'lost';
      }
    }
    // Codes are kept in memory only for a delivery that is still to be tried again.
    if (row.kind === 'delivered' && outcome !== 'retried') deps.handover?.drop(row.orderId);
    return outcome;
  }

  return {
    async runOnce() {
      const run: SenderRun = { sent: 0, retried: 0, undeliverable: 0 };
      if (clock.now() < pausedUntil) return run;
      const rows = await store.claimDue(clock.now(), batchSize);
      await takeTurnsByChat(rows, {
        orderOf: (orderId) => store.orderOf(orderId),
        release: (id) => store.release(id),
        snooze: (id, at) => store.reschedule(id, at, { countAttempt: false, lastError: 'waits its turn in the chat' }),
        handle: async (row, order) => {
          const outcome = await handleSafely(row, order);
          if (outcome !== 'lost') run[outcome] += 1;
        },
        pausedUntil: () => pausedUntil,
        clock,
      });
      return run;
    },
  };
}

/**
 * Runs the sender every `everyMs` (from the end of one run to the start of
 * the next), and at once when the sweep has written a completed order whose
 * detail it handed over: those codes do not wait for the next turn.
 */
export function startNotificationSender(deps: NotificationSenderDeps & { everyMs: number }): Repeating {
  const sender = createNotificationSender(deps);
  const repeating = startRepeating({
    name: 'notification sender',
    everyMs: deps.everyMs,
    task: async () => {
      await sender.runOnce();
    },
    clock: deps.clock,
    logger: deps.logger,
    immediately: true,
  });
  const stopListening = deps.handover?.onWritten(() => repeating.wake());
  return {
    async stop() {
      stopListening?.();
      await repeating.stop();
    },
  };
}
