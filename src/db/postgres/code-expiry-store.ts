import { and, asc, count, eq, isNull, lt, min } from 'drizzle-orm';
import {
  claimWhere,
  dueWhere,
  expiringWhere,
  HANDED_OVER_ACTION,
  reminderOf,
  type CodeExpiryStore,
} from '../../expiry/code-expiry-store.js';
import type { PgDb } from './open.js';
import { appendAudit } from './order-writes.js';
import { codeExpiries } from './schema.js';

const cardColumns = {
  userId: codeExpiries.userId,
  itemIndex: codeExpiries.itemIndex,
  cardIndex: codeExpiries.cardIndex,
  productId: codeExpiries.productId,
  expiresAt: codeExpiries.expiresAt,
};

/**
 * As the SQLite store. A reminder's claim is one UPDATE over the order's
 * due rows: a second instance claiming the same order at the same moment
 * waits for the first one's row locks, then finds the rows no longer due
 * (PostgreSQL checks the condition again on the rows it waited for) and
 * claims nothing. No money moves here, so the money lock is not taken.
 */
export function createPostgresCodeExpiryStore(deps: { db: PgDb }): CodeExpiryStore {
  const { db } = deps;
  return {
    async record({ orderId, userId, cards, at }) {
      if (cards.length === 0) return;
      await db
        .insert(codeExpiries)
        .values(cards.map((card) => ({ orderId, userId, ...card, expiresAt: new Date(card.expiresAt), recordedAt: new Date(at) })))
        .onConflictDoNothing();
    },
    async markHandedOver(orderId, actorId, at) {
      return db.transaction(async (tx) => {
        const marked = await tx
          .update(codeExpiries)
          .set({ handedOverAt: new Date(at) })
          .where(and(eq(codeExpiries.orderId, orderId), isNull(codeExpiries.handedOverAt)))
          .returning({ id: codeExpiries.id });
        const [total] = await tx.select({ n: count() }).from(codeExpiries).where(eq(codeExpiries.orderId, orderId));
        if (marked.length > 0) await appendAudit(tx, new Date(at), { actorId, action: HANDED_OVER_ACTION, orderId, amount: null, facts: { cards: marked.length } });
        return { marked: marked.length, cards: total?.n ?? 0 };
      });
    },
    async dueOrders(window, limit) {
      const rows = await db
        .select({ orderId: codeExpiries.orderId })
        .from(codeExpiries)
        .where(dueWhere(codeExpiries, window))
        .groupBy(codeExpiries.orderId)
        .orderBy(asc(min(codeExpiries.expiresAt)), asc(codeExpiries.orderId))
        .limit(limit);
      return rows.map((row) => row.orderId);
    },
    async claimReminder(orderId, window) {
      const claimed = await db
        .update(codeExpiries)
        .set({ reminderState: 'sending', remindedAt: new Date(window.now) })
        .where(and(eq(codeExpiries.orderId, orderId), dueWhere(codeExpiries, window)))
        .returning(cardColumns);
      return reminderOf(orderId, window.now, claimed);
    },
    async finishReminder(claim, outcome) {
      const done = await db.update(codeExpiries).set({ reminderState: outcome }).where(claimWhere(codeExpiries, claim)).returning({ id: codeExpiries.id });
      return done.length > 0;
    },
    async releaseReminder(claim) {
      const done = await db.update(codeExpiries).set({ reminderState: null, remindedAt: null }).where(claimWhere(codeExpiries, claim)).returning({ id: codeExpiries.id });
      return done.length > 0;
    },
    async countExpiring(window) {
      const [row] = await db.select({ n: count() }).from(codeExpiries).where(expiringWhere(codeExpiries, window));
      return row?.n ?? 0;
    },
    async prune(before) {
      const gone = await db.delete(codeExpiries).where(lt(codeExpiries.expiresAt, new Date(before))).returning({ id: codeExpiries.id });
      return gone.length;
    },
  };
}
