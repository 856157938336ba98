import { and, asc, desc, eq, gte, inArray, isNull, ne, or } from 'drizzle-orm';
import { newBatchRow } from '../../batches/batch-store-sqlite.js';
import type { BatchStore } from '../../batches/batch-store.js';
import type { PgDb } from './open.js';
import { batches, orders } from './schema.js';

/**
 * Batches on PostgreSQL: the same calls and results as on SQLite
 * (src/batches/batch-store-sqlite.ts). Each compare-and-swap is one UPDATE
 * whose WHERE names the state or the cursor expected: its row lock makes a
 * second connection's statement wait, then re-read the row and find it
 * moved, so of two moves from the same state exactly one returns the row.
 * No money moves here, so the money lock is not taken.
 */
export function createPostgresBatchStore(deps: { db: PgDb }): BatchStore {
  const { db } = deps;
  const stamp = async (id: number, set: Partial<typeof batches.$inferInsert>) => {
    await db.update(batches).set(set).where(eq(batches.id, id));
  };

  return {
    async create(batch, now) {
      const [row] = await db
        .insert(batches)
        .values({ ...newBatchRow(batch), createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('the new batch was not returned');
      return row;
    },

    get: async (id) => (await db.select().from(batches).where(eq(batches.id, id)))[0] ?? null,

    sameFile: async (requesterId, fileHash, since) =>
      (
        await db
          .select()
          .from(batches)
          .where(and(eq(batches.requesterId, requesterId), eq(batches.fileHash, fileHash), ne(batches.state, 'cancelled'), gte(batches.createdAt, since)))
          .orderBy(desc(batches.id))
          .limit(1)
      )[0] ?? null,

    move: async (id, move) =>
      (
        await db
          .update(batches)
          .set({ state: move.to, heldReason: move.heldReason ?? null, ...(move.approvedBy === undefined ? {} : { approvedBy: move.approvedBy }), updatedAt: move.at })
          .where(and(eq(batches.id, id), inArray(batches.state, [...move.from])))
          .returning()
      )[0] ?? null,

    advance: async (id, index, at) =>
      (
        await db
          .update(batches)
          .set({ nextIndex: index + 1, updatedAt: at })
          .where(and(eq(batches.id, id), eq(batches.nextIndex, index)))
          .returning()
      )[0] ?? null,

    async setPlan(id, change, at) {
      const changed = await db
        .update(batches)
        .set({ plan: change.plan, total: change.total, updatedAt: at })
        .where(and(eq(batches.id, id), eq(batches.state, 'held'), eq(batches.nextIndex, change.expectedIndex)))
        .returning({ id: batches.id });
      return changed.length > 0;
    },

    inStates: async (states) =>
      states.length === 0 ? [] : db.select().from(batches).where(inArray(batches.state, [...states])).orderBy(asc(batches.id)),

    unsettled: async () =>
      db
        .select()
        .from(batches)
        .where(or(inArray(batches.state, ['running', 'held']), and(inArray(batches.state, ['placed', 'stopped']), isNull(batches.fileSentAt))))
        .orderBy(asc(batches.id)),

    setProgressMessage: async (id, messageId, at) =>
      (
        await db
          .update(batches)
          .set({ progressMessageId: messageId, progressEditedAt: at, updatedAt: at })
          .where(and(eq(batches.id, id), isNull(batches.progressMessageId)))
          .returning({ id: batches.id })
      ).length > 0,
    setProgressEdited: (id, at) => stamp(id, { progressEditedAt: at, updatedAt: at }),
    setFileSent: (id, at) => stamp(id, { fileSentAt: at, updatedAt: at }),

    listForUser: (requesterId, limit) =>
      db.select().from(batches).where(eq(batches.requesterId, requesterId)).orderBy(desc(batches.id)).limit(limit),

    orders: (batchId) => db.select().from(orders).where(eq(orders.batchId, batchId)).orderBy(asc(orders.batchIndex), asc(orders.id)),
  };
}
