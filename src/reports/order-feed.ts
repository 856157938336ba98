import { and, asc, eq, gt, inArray, lte, max } from 'drizzle-orm';
import { z } from 'zod';
import type { AdminRecipient } from '../alerts/admin-alerts.js';
import type { Clock } from '../clock.js';
import { createAppStateRepo } from '../db/app-state-repo.js';
import type { Db } from '../db/open.js';
import { auditLog, orders, type OrderState } from '../db/schema.js';
import { PROVIDER_DRIVEN } from '../orders/order-states.js';
import type { Logger } from '../logger.js';
import { defineSetting } from '../settings/settings-store.js';
import type { Settings } from '../settings/settings-view.js';
import { type AmountUnit, formatAmount, formatGoods, formatId, formatNumber, localDigits } from '../text/format.js';
import type { Locale, Translate } from '../text/i18n.js';
import { goodsOf } from '../orders/order-line.js';

/** Whether administrators get a line for every order placed (and for one that then fails); off unless they turn it on. */
export const orderFeedSetting = defineSetting('feed.orders', z.boolean(), false);

/** The last audit row the feed has looked at, so that a restart neither repeats nor skips orders. */
const CURSOR_KEY = 'feed.orders.cursor';
/** Lines sent per run: a burst of orders reaches administrators over a few runs instead of one flood. */
const BATCH = 20;

/**
 * An order is placed when the provider accepted our POST or, after an
 * unknown outcome, when it proved to exist: both are audit rows, so the
 * feed follows the audit trail and needs no hook in the order service.
 */
const PLACED_ACTIONS = ['order.placed', 'order.adopted'];

/**
 * A placed order that then ends without codes, or waits for a person at the
 * provider, gets a second line: otherwise the feed's last word on it is
 * "ordered". Each is the audit row of the poller's move into that state.
 */
const FOLLOW_UP_KEYS: Readonly<Partial<Record<OrderState, string>>> = {
  failed: 'feed-failed',
  cancelled: 'feed-cancelled',
  refunded: 'feed-refunded',
  action_required: 'feed-action-required',
};
const FOLLOW_UP_ACTIONS = Object.keys(FOLLOW_UP_KEYS).map((state) => `order.${state}`);
/** Audit actions of a move into a state the provider reports (src/tracking/settle.ts writes `order.<state>`). */
const PROVIDER_MOVE_ACTIONS = PROVIDER_DRIVEN.map((state) => `order.${state}`);

export interface OrderFeed {
  /** Sends the lines for orders placed, and for placed orders that failed or wait for a person, since the last run. */
  run(): Promise<void>;
}

export function createOrderFeed(deps: {
  db: Db;
  settings: Pick<Settings, 'read'>;
  recipients: () => AdminRecipient[];
  sendText: (chatId: number, text: string) => Promise<void>;
  translate: (locale: Locale) => Translate;
  describePerson: (id: number) => string;
  amountUnit: AmountUnit;
  clock: Clock;
  logger: Logger;
}): OrderFeed {
  const { db } = deps;
  const state = createAppStateRepo({ db, clock: deps.clock });
  const latestAuditId = () => db.select({ id: max(auditLog.id) }).from(auditLog).get()?.id ?? 0;
  // Set when the feed is built, before any update is taken: an order placed before the first run is not skipped.
  if (state.get<number>(CURSOR_KEY) === null) state.set(CURSOR_KEY, latestAuditId());

  /** The lines one audit row stands for: "ordered", a follow-up, or both for an order adopted already failed. */
  function lineKeys(action: string, auditId: number, order: { id: number; state: OrderState }): string[] {
    if (!PLACED_ACTIONS.includes(action)) {
      const followUp = FOLLOW_UP_KEYS[action.slice('order.'.length) as OrderState];
      return followUp ? [followUp] : [];
    }
    if (action !== 'order.adopted') return ['feed-line'];
    // Adoption writes no row of the state it finds the order in: unless a later move speaks
    // for itself, the state now is the one it was adopted in.
    const movedSince = db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.orderId, order.id), gt(auditLog.id, auditId), inArray(auditLog.action, PROVIDER_MOVE_ACTIONS)))
      .limit(1)
      .get();
    const adoptedIn = movedSince ? undefined : FOLLOW_UP_KEYS[order.state];
    return adoptedIn ? ['feed-line', adoptedIn] : ['feed-line'];
  }

  return {
    async run() {
      const newest = latestAuditId();
      const cursor = state.get<number>(CURSOR_KEY) ?? newest;
      // Off: keep up with the trail, so that turning it on starts from now, not from history.
      if (!deps.settings.read(orderFeedSetting)) {
        if (cursor !== newest) state.set(CURSOR_KEY, newest);
        return;
      }
      const rows = db
        .select({ auditId: auditLog.id, action: auditLog.action, order: orders })
        .from(auditLog)
        .innerJoin(orders, eq(auditLog.orderId, orders.id))
        .where(and(gt(auditLog.id, cursor), lte(auditLog.id, newest), inArray(auditLog.action, [...PLACED_ACTIONS, ...FOLLOW_UP_ACTIONS])))
        .orderBy(asc(auditLog.id))
        .limit(BATCH)
        .all();
      for (const { auditId, action, order } of rows) {
        for (const key of lineKeys(action, auditId, order)) {
          for (const admin of deps.recipients()) {
            const t = deps.translate(admin.locale);
            const line = t(key, {
              person: deps.describePerson(order.userId),
              goods: formatGoods(goodsOf(order.lines, { regions: false }), admin.locale),
              amount: formatAmount(order.totalAmount, admin.locale, deps.amountUnit),
              id: formatId(order.id, admin.locale),
            });
            await deps.sendText(admin.telegramId, line).catch((error: unknown) =>
              deps.logger.warn({ adminId: admin.telegramId, orderId: order.id, err: error instanceof Error ? error.name : String(error) }, 'feed line not delivered'),
            );
          }
        }
        // After the send: a crash in between repeats one line rather than losing it.
        state.set(CURSOR_KEY, auditId);
      }
      if (rows.length < BATCH) state.set(CURSOR_KEY, newest);
    },
  };
}
