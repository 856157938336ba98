import { and, asc, count, eq, gt, isNull, lt, lte, min, type AnyColumn } from 'drizzle-orm';
import { appendAudit } from '../db/audit-log.js';
import type { Db } from '../db/open.js';
import { codeExpiries } from '../db/schema.js';
import type { ReminderState } from '../db/code-expiries-table.js';
import type { CardExpiry } from '../delivery/card-expiries.js';

/** A delivered card that carries an expiry, by its place in the provider's detail (src/delivery/card-expiries.ts). */
export type ExpiringCard = CardExpiry;

/** The cards of one order whose reminder a pass has claimed, and whom it goes to. */
export interface ClaimedReminder {
  orderId: number;
  userId: number;
  /** The claim's own time: finishing or releasing changes the rows only while they are still this claim. */
  claimedAt: number;
  /** Earliest expiry first. */
  cards: ExpiringCard[];
}

/** Due: not handed over, not yet reminded, still working at `now`, and stopping at or before `horizon`. */
export interface DueWindow {
  now: number;
  horizon: number;
}

export type ReminderOutcome = Exclude<ReminderState, 'sending'>;

/** What a press of "Mark handed over" changed: cards marked now, of the cards the order has. */
export interface HandedOver {
  marked: number;
  cards: number;
}

/** The audit action of the press, with the number of cards among its facts. */
export const HANDED_OVER_ACTION = 'codes.handed_over';

/**
 * Expiry dates of delivered cards and their reminders, on either database.
 * A reminder is claimed by compare-and-swap before it is sent (its state
 * moves from none to 'sending' in one statement), so two passes, two
 * instances or a restart never send one twice; a claim left by a crash
 * stays, and that reminder is lost rather than sent twice.
 */
export interface CodeExpiryStore {
  /** Remembers a delivery's expiring cards; a card already known is left as it is. */
  record(delivery: { orderId: number; userId: number; cards: readonly ExpiringCard[]; at: number }): Promise<void>;
  /** Marks every card of the order handed over, with an audit row when any was not yet, in one transaction. */
  markHandedOver(orderId: number, actorId: number, at: number): Promise<HandedOver>;
  /** Orders that have cards due for their reminder, soonest expiry first. */
  dueOrders(window: DueWindow, limit: number): Promise<number[]>;
  /** Claims the order's due cards for one reminder; null when none is due any more (claimed elsewhere, handed over). */
  claimReminder(orderId: number, window: DueWindow): Promise<ClaimedReminder | null>;
  /** Records what became of a claimed reminder; false when the claim is no longer this one. */
  finishReminder(claim: ClaimedReminder, outcome: ReminderOutcome): Promise<boolean>;
  /** Gives a claim back for a later pass (Telegram asked to wait, the network failed). */
  releaseReminder(claim: ClaimedReminder): Promise<boolean>;
  /** Cards not handed over that still work at `now` and stop at or before `horizon`, reminded or not. */
  countExpiring(window: DueWindow): Promise<number>;
  /** Forgets cards that stopped working before `before`. */
  prune(before: number): Promise<number>;
}

/** The columns the conditions below read: both databases' tables have them under the same names. */
interface ExpiryColumns {
  orderId: AnyColumn;
  expiresAt: AnyColumn;
  handedOverAt: AnyColumn;
  reminderState: AnyColumn;
  remindedAt: AnyColumn;
}

/** What the due cards of a window match. */
export const dueWhere = (t: ExpiryColumns, window: DueWindow) =>
  and(isNull(t.handedOverAt), isNull(t.reminderState), gt(t.expiresAt, new Date(window.now)), lte(t.expiresAt, new Date(window.horizon)));

/** Cards still working at `now` that stop by `horizon` and were not handed over, reminded or not. */
export const expiringWhere = (t: ExpiryColumns, window: DueWindow) =>
  and(isNull(t.handedOverAt), gt(t.expiresAt, new Date(window.now)), lte(t.expiresAt, new Date(window.horizon)));

/** A claim's rows: the order's, still 'sending' under this very claim. */
export const claimWhere = (t: ExpiryColumns, claim: ClaimedReminder) =>
  and(eq(t.orderId, claim.orderId), eq(t.reminderState, 'sending'), eq(t.remindedAt, new Date(claim.claimedAt)));

/** Claimed rows as a reminder; null when none was claimed. Every card of an order has the same orderer. */
export function reminderOf(orderId: number, claimedAt: number, rows: readonly { userId: number; itemIndex: number; cardIndex: number; productId: number; expiresAt: Date }[]): ClaimedReminder | null {
  const first = rows[0];
  if (!first) return null;
  const cards = rows
    .map((row) => ({ itemIndex: row.itemIndex, cardIndex: row.cardIndex, productId: row.productId, expiresAt: row.expiresAt.getTime() }))
    .sort((a, b) => a.expiresAt - b.expiresAt || a.itemIndex - b.itemIndex || a.cardIndex - b.cardIndex);
  return { orderId, userId: first.userId, claimedAt, cards };
}

const cardColumns = {
  userId: codeExpiries.userId,
  itemIndex: codeExpiries.itemIndex,
  cardIndex: codeExpiries.cardIndex,
  productId: codeExpiries.productId,
  expiresAt: codeExpiries.expiresAt,
};

/** The SQLite store: SQLite's single writer makes each claim one step. */
export function createSqliteCodeExpiryStore(deps: { db: Db }): CodeExpiryStore {
  const { db } = deps;
  return {
    async record({ orderId, userId, cards, at }) {
      if (cards.length === 0) return;
      db.insert(codeExpiries)
        .values(cards.map((card) => ({ orderId, userId, ...card, expiresAt: new Date(card.expiresAt), recordedAt: new Date(at) })))
        .onConflictDoNothing()
        .run();
    },
    async markHandedOver(orderId, actorId, at) {
      return db.transaction(
        (tx) => {
          const marked = tx
            .update(codeExpiries)
            .set({ handedOverAt: new Date(at) })
            .where(and(eq(codeExpiries.orderId, orderId), isNull(codeExpiries.handedOverAt)))
            .run().changes;
          const cards = tx.select({ n: count() }).from(codeExpiries).where(eq(codeExpiries.orderId, orderId)).get()?.n ?? 0;
          if (marked > 0) appendAudit(tx, new Date(at), { actorId, action: HANDED_OVER_ACTION, orderId, amount: null, facts: { cards: marked } });
          return { marked, cards };
        },
        { behavior: 'immediate' },
      );
    },
    async dueOrders(window, limit) {
      const rows = db
        .select({ orderId: codeExpiries.orderId })
        .from(codeExpiries)
        .where(dueWhere(codeExpiries, window))
        .groupBy(codeExpiries.orderId)
        .orderBy(asc(min(codeExpiries.expiresAt)), asc(codeExpiries.orderId))
        .limit(limit)
        .all();
      return rows.map((row) => row.orderId);
    },
    async claimReminder(orderId, window) {
      const claimed = db
        .update(codeExpiries)
        .set({ reminderState: 'sending', remindedAt: new Date(window.now) })
        .where(and(eq(codeExpiries.orderId, orderId), dueWhere(codeExpiries, window)))
        .returning(cardColumns)
        .all();
      return reminderOf(orderId, window.now, claimed);
    },
    async finishReminder(claim, outcome) {
      return db.update(codeExpiries).set({ reminderState: outcome }).where(claimWhere(codeExpiries, claim)).run().changes > 0;
    },
    async releaseReminder(claim) {
      return db.update(codeExpiries).set({ reminderState: null, remindedAt: null }).where(claimWhere(codeExpiries, claim)).run().changes > 0;
    },
    async countExpiring(window) {
      return db.select({ n: count() }).from(codeExpiries).where(expiringWhere(codeExpiries, window)).get()?.n ?? 0;
    },
    async prune(before) {
      return db.delete(codeExpiries).where(lt(codeExpiries.expiresAt, new Date(before))).run().changes;
    },
  };
}
