import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { OrderRow } from '../db/order-store.js';
import type { Settings } from '../settings/settings-view.js';
import type { LocalPeriods } from '../text/local-periods.js';
import { SendForbiddenError, SendRejectedError, type OutgoingMessage, type SendMessage } from '../text/send-port.js';
import type { ClaimedReminder, CodeExpiryStore, ReminderOutcome } from '../db/code-expiry-store.js';
import { reminderHorizon } from './expiry-days.js';
import { EXPIRY_REMIND_DAYS } from './expiry-settings.js';

/** A pass runs this often, and once at start: a reminder is due by the day, so an hour late is nobody's loss. */
export const EXPIRY_REMINDER_EVERY_MS = 3_600_000;

/** Cards that stopped working this long ago are forgotten: nothing is reminded or counted of them any more. */
const FORGET_EXPIRED_AFTER_MS = 30 * 86_400_000;

interface ExpiryReminderDeps {
  store: Omit<CodeExpiryStore, 'record' | 'markHandedOver' | 'countExpiring'>;
  settings: Pick<Settings, 'read'>;
  periods: LocalPeriods;
  orderOf: (orderId: number) => Promise<OrderRow | null>;
  /** Through the outbox's connection: Telegram's answers come back as errors, and the pass decides what to do. */
  send: SendMessage;
  /** Reads again who is on the staff (another instance may have removed someone), before anyone is written to. */
  freshen?: () => Promise<void>;
  /** Whether the person may still be sent codes: on the staff, and not a viewer. Nobody else hears of them. */
  mayReceiveCodes: (userId: number) => boolean;
  /** The reminder in its reader's language (src/expiry/reminder-text.ts). */
  message: (order: OrderRow, reminder: ClaimedReminder) => OutgoingMessage;
  clock: Clock;
  logger: Logger;
  /** Orders looked at per pass; the rest wait for the next. */
  batchSize?: number;
}

interface ExpiryReminderRun {
  sent: number;
  withheld: number;
  undeliverable: number;
  /** Given back for a later pass: Telegram asked to wait, or could not be reached. */
  retried: number;
}

/**
 * One pass of the expiry reminders: the orders with cards due (not handed
 * over, not reminded, still working, and within the set days counted in
 * local days) get one reminder each, to the orderer's private chat. Each
 * order's due cards are claimed in the database before the message goes
 * (compare-and-swap: a second pass or instance finds them claimed), so a
 * reminder goes at most once; a crash between the claim and the send loses
 * that reminder rather than sending it twice. Nothing here reads a code.
 */
export function createExpiryReminderPass(deps: ExpiryReminderDeps): () => Promise<ExpiryReminderRun> {
  const { store, clock, logger } = deps;
  const batchSize = deps.batchSize ?? 50;

  async function finish(claim: ClaimedReminder, outcome: ReminderOutcome): Promise<ReminderOutcome> {
    if (!(await store.finishReminder(claim, outcome))) logger.warn({ orderId: claim.orderId }, 'expiry reminder claim lost before its outcome was recorded');
    return outcome;
  }

  /** What became of one claimed reminder; 'retried' stops the pass: Telegram is not taking messages now. */
  async function remind(claim: ClaimedReminder): Promise<keyof ExpiryReminderRun> {
    const log = { orderId: claim.orderId, cards: claim.cards.length };
    const order = await deps.orderOf(claim.orderId);
    if (!order || !deps.mayReceiveCodes(claim.userId)) {
      logger.info(log, 'expiry reminder withheld: the orderer may no longer see codes');
      return finish(claim, 'withheld');
    }
    try {
      await deps.send(claim.userId, deps.message(order, claim));
    } catch (error) {
      if (error instanceof SendForbiddenError || error instanceof SendRejectedError) {
        logger.warn({ ...log, error: error.name }, 'expiry reminder refused by Telegram');
        return finish(claim, 'undeliverable');
      }
      logger.warn({ ...log, error: error instanceof Error ? error.name : 'non-error thrown' }, 'expiry reminder will be tried again');
      await store.releaseReminder(claim);
      return 'retried';
    }
    logger.info(log, 'expiry reminder sent');
    return finish(claim, 'sent');
  }

  return async () => {
    const run: ExpiryReminderRun = { sent: 0, withheld: 0, undeliverable: 0, retried: 0 };
    const now = clock.now();
    // Whatever the setting, so that the table holds the cards still worth a word and a month of the rest.
    await store.prune(now - FORGET_EXPIRED_AFTER_MS);
    const days = deps.settings.read(EXPIRY_REMIND_DAYS);
    if (days === null) return run;
    const window = { now, horizon: reminderHorizon(now, days, deps.periods) };
    const due = await store.dueOrders(window, batchSize);
    if (due.length === 0) return run;
    await deps.freshen?.();
    for (const orderId of due) {
      const claim = await store.claimReminder(orderId, window);
      if (!claim) continue;
      const outcome = await remind(claim);
      run[outcome] += 1;
      if (outcome === 'retried') break;
    }
    logger.info({ ...run }, 'expiry reminders done');
    return run;
  };
}
