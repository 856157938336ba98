import { and, asc, desc, eq, gte, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { batches, orders } from '../db/schema.js';
import type { BatchStore, NewBatch } from './batch-store.js';

/** A new batch's row, the same on both databases: a draft, its cursor at the first order. */
export function newBatchRow(batch: NewBatch) {
  const { key, requesterId, chatId, source, fileHash, fileName, plan, total } = batch;
  return { key, requesterId, chatId, source, fileHash, fileName, plan, total, state: 'draft' as const, heldReason: null, nextIndex: 0 };
}

/** The batches the runner still works on (see BatchStore.unsettled): the same condition on both databases. */
const unsettledWhere = or(inArray(batches.state, ['running', 'held']), and(inArray(batches.state, ['placed', 'stopped']), isNull(batches.fileSentAt)));

/**
 * Batches on SQLite. Every change is one UPDATE whose WHERE holds the
 * compare-and-swap (the state, the cursor) and which returns the row as it
 * became: SQLite runs it as one atomic statement, so of two moves from the
 * same state only the first finds the row. A move writes the hold reason
 * given, and clears it when none is given.
 */
export function createSqliteBatchStore(deps: { db: Db }): BatchStore {
  const { db } = deps;
  const stamp = (id: number, set: Partial<typeof batches.$inferInsert>) => db.update(batches).set(set).where(eq(batches.id, id)).run();

  return {
    create: async (batch, now) =>
      db
        .insert(batches)
        .values({ ...newBatchRow(batch), createdAt: now, updatedAt: now })
        .returning()
        .get(),

    get: async (id) => db.select().from(batches).where(eq(batches.id, id)).get() ?? null,

    sameFile: async (requesterId, fileHash, since) =>
      db
        .select()
        .from(batches)
        .where(and(eq(batches.requesterId, requesterId), eq(batches.fileHash, fileHash), ne(batches.state, 'cancelled'), gte(batches.createdAt, since)))
        .orderBy(desc(batches.id))
        .limit(1)
        .get() ?? null,

    move: async (id, move) =>
      db
        .update(batches)
        .set({ state: move.to, heldReason: move.heldReason ?? null, ...(move.approvedBy === undefined ? {} : { approvedBy: move.approvedBy }), updatedAt: move.at })
        .where(and(eq(batches.id, id), inArray(batches.state, [...move.from])))
        .returning()
        .get() ?? null,

    advance: async (id, index, at) =>
      db
        .update(batches)
        .set({ nextIndex: index + 1, updatedAt: at })
        .where(and(eq(batches.id, id), eq(batches.nextIndex, index)))
        .returning()
        .get() ?? null,

    setPlan: async (id, change, at) => {
      const changed = db
        .update(batches)
        .set({ plan: change.plan, total: change.total, updatedAt: at })
        .where(and(eq(batches.id, id), eq(batches.state, 'held'), eq(batches.nextIndex, change.expectedIndex)))
        .returning({ id: batches.id })
        .get();
      return changed !== undefined;
    },

    inStates: async (states) =>
      states.length === 0 ? [] : db.select().from(batches).where(inArray(batches.state, [...states])).orderBy(asc(batches.id)).all(),

    unsettled: async () => db.select().from(batches).where(unsettledWhere).orderBy(asc(batches.id)).all(),

    setProgressMessage: async (id, messageId, at) =>
      db
        .update(batches)
        .set({ progressMessageId: messageId, progressEditedAt: at, updatedAt: at })
        .where(and(eq(batches.id, id), isNull(batches.progressMessageId)))
        .returning({ id: batches.id })
        .get() !== undefined,
    setProgressEdited: async (id, at) => {
      stamp(id, { progressEditedAt: at, updatedAt: at });
    },
    setFileSent: async (id, at) => {
      stamp(id, { fileSentAt: at, updatedAt: at });
    },

    listForUser: async (requesterId, limit) =>
      db.select().from(batches).where(eq(batches.requesterId, requesterId)).orderBy(desc(batches.id)).limit(limit).all(),

    orders: async (batchId) =>
      db.select().from(orders).where(eq(orders.batchId, batchId)).orderBy(asc(orders.batchIndex), asc(orders.id)).all(),
  };
}
