import { and, asc, count, eq, gt, isNull, lt, lte, min } from 'drizzle-orm';
import { appendAuditRow } from './audit-trail.js';
import type { ReminderState } from './code-expiries-table.js';
import type { Database } from './seam/database.js';

/** A delivered card that carries an expiry, by its place in the provider's detail (src/delivery/card-expiries.ts). */
export interface ExpiringCard {
  /** The item's position in the detail (0-based), and the card's among the item's cards. */
  itemIndex: number;
  cardIndex: number;
  productId: number;
  /** The first moment the card no longer works (ms since the epoch). */
  expiresAt: number;
}

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
const HANDED_OVER_ACTION = 'codes.handed_over';

/**
 * Expiry dates of delivered cards and their reminders.
 * A reminder is claimed by compare-and-swap before it is sent (its state
 * moves from none to 'sending' in one statement), so two passes, two
 * instances or a restart never send one twice; a claim left by a crash
 * stays, and that reminder is lost rather than sent twice. A second
 * instance claiming the same order at the same moment waits for the first
 * one's row locks on PostgreSQL, then finds the rows no longer due and
 * claims nothing. No money moves here, so the money lock is not taken.
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

/** Claimed rows as a reminder; null when none was claimed. Every card of an order has the same orderer. */
function reminderOf(orderId: number, claimedAt: number, rows: readonly { userId: number; itemIndex: number; cardIndex: number; productId: number; expiresAt: Date }[]): ClaimedReminder | null {
  const first = rows[0];
  if (!first) return null;
  const cards = rows
    .map((row) => ({ itemIndex: row.itemIndex, cardIndex: row.cardIndex, productId: row.productId, expiresAt: row.expiresAt.getTime() }))
    .sort((a, b) => a.expiresAt - b.expiresAt || a.itemIndex - b.itemIndex || a.cardIndex - b.cardIndex);
  return { orderId, userId: first.userId, claimedAt, cards };
}

export function createCodeExpiryStore(deps: { database: Database }): CodeExpiryStore {
  const { database } = deps;
  const { q, tables } = database;
  const { codeExpiries } = tables;
  const cardColumns = {
    userId: codeExpiries.userId,
    itemIndex: codeExpiries.itemIndex,
    cardIndex: codeExpiries.cardIndex,
    productId: codeExpiries.productId,
    expiresAt: codeExpiries.expiresAt,
  };
  /** What the due cards of a window match. */
  const dueWhere = (window: DueWindow) =>
    and(isNull(codeExpiries.handedOverAt), isNull(codeExpiries.reminderState), gt(codeExpiries.expiresAt, new Date(window.now)), lte(codeExpiries.expiresAt, new Date(window.horizon)));
  /** Cards still working at `now` that stop by `horizon` and were not handed over, reminded or not. */
  const expiringWhere = (window: DueWindow) => and(isNull(codeExpiries.handedOverAt), gt(codeExpiries.expiresAt, new Date(window.now)), lte(codeExpiries.expiresAt, new Date(window.horizon)));
  /** A claim's rows: the order's, still 'sending' under this very claim. */
  const claimWhere = (claim: ClaimedReminder) =>
    and(eq(codeExpiries.orderId, claim.orderId), eq(codeExpiries.reminderState, 'sending'), eq(codeExpiries.remindedAt, new Date(claim.claimedAt)));

  return {
    async record({ orderId, userId, cards, at }) {
      if (cards.length === 0) return;
      await q
        .insert(codeExpiries)
        .values(cards.map((card) => ({ orderId, userId, ...card, expiresAt: new Date(card.expiresAt), recordedAt: new Date(at) })))
        .onConflictDoNothing();
    },
    markHandedOver: (orderId, actorId, at) =>
      database.transaction(async (tx) => {
        const marked = await tx
          .update(codeExpiries)
          .set({ handedOverAt: new Date(at) })
          .where(and(eq(codeExpiries.orderId, orderId), isNull(codeExpiries.handedOverAt)))
          .returning({ id: codeExpiries.id });
        const [total] = await tx.select({ n: count() }).from(codeExpiries).where(eq(codeExpiries.orderId, orderId));
        if (marked.length > 0) await appendAuditRow(tx, tables, new Date(at), { actorId, action: HANDED_OVER_ACTION, orderId, amount: null, facts: { cards: marked.length } });
        return { marked: marked.length, cards: total?.n ?? 0 };
      }),
    async dueOrders(window, limit) {
      const rows = await q
        .select({ orderId: codeExpiries.orderId })
        .from(codeExpiries)
        .where(dueWhere(window))
        .groupBy(codeExpiries.orderId)
        .orderBy(asc(min(codeExpiries.expiresAt)), asc(codeExpiries.orderId))
        .limit(limit);
      return rows.map((row) => row.orderId);
    },
    async claimReminder(orderId, window) {
      const claimed = await q
        .update(codeExpiries)
        .set({ reminderState: 'sending', remindedAt: new Date(window.now) })
        .where(and(eq(codeExpiries.orderId, orderId), dueWhere(window)))
        .returning(cardColumns);
      return reminderOf(orderId, window.now, claimed);
    },
    async finishReminder(claim, outcome) {
      const done = await q.update(codeExpiries).set({ reminderState: outcome }).where(claimWhere(claim)).returning({ id: codeExpiries.id });
      return done.length > 0;
    },
    async releaseReminder(claim) {
      const done = await q.update(codeExpiries).set({ reminderState: null, remindedAt: null }).where(claimWhere(claim)).returning({ id: codeExpiries.id });
      return done.length > 0;
    },
    async countExpiring(window) {
      const [row] = await q.select({ n: count() }).from(codeExpiries).where(expiringWhere(window));
      return row?.n ?? 0;
    },
    async prune(before) {
      const gone = await q.delete(codeExpiries).where(lt(codeExpiries.expiresAt, new Date(before))).returning({ id: codeExpiries.id });
      return gone.length;
    },
  };
}
