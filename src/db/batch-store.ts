import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { BatchHoldReason, BatchOrderPlan, BatchSource, BatchState } from '../domain/batches.js';
import type { OrderRow } from './order-row.js';
import { oweExpiryNews } from './expiry-news-store.js';
import type { Database } from './seam/database.js';

export type { BatchHoldReason, BatchOrderPlan, BatchSource, BatchState } from '../domain/batches.js';

export interface BatchRecord {
  id: number;
  /** Random, chosen with the summary: order `i`'s confirm key is `batchConfirmKey(key, i)`. */
  key: string;
  requesterId: number;
  chatId: number;
  source: BatchSource;
  /** SHA-256 of the file's bytes: the same file sent again is recognised. Null for a quantity batch. */
  fileHash: string | null;
  fileName: string | null;
  /** The orders, in the order they are placed. */
  plan: BatchOrderPlan[];
  /** The sum of every order at its confirmed prices: what limits and approval judged. */
  total: number;
  state: BatchState;
  heldReason: BatchHoldReason | null;
  /** The index in `plan` of the next order to send; `plan.length` once all were sent. */
  nextIndex: number;
  /** The one message that shows progress, edited in place; null until it is sent. */
  progressMessageId: number | null;
  progressEditedAt: Date | null;
  /** When the file of codes was last sent (after `done`, or on request). */
  fileSentAt: Date | null;
  /** The administrator who approved the batch as a whole: its orders are not judged against the approval threshold again. */
  approvedBy: number | null;
  /** While it waits for an administrator, when it expires: fixed at Confirm, so a restart neither forgets it nor gives it more time. */
  approvalExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What a batch is created with; the rest of its record starts at its defaults. */
export type NewBatch = Pick<BatchRecord, 'key' | 'requesterId' | 'chatId' | 'source' | 'fileHash' | 'fileName' | 'plan' | 'total'>;

/** A state change, applied only while the batch is in one of `from` (compare-and-swap). */
export interface BatchMove {
  from: readonly BatchState[];
  to: BatchState;
  heldReason?: BatchHoldReason | null;
  /** Recorded with the move out of 'waiting-approval'. */
  approvedBy?: number;
  /** Recorded with the move into 'waiting-approval': when it expires unless decided. */
  approvalExpiresAt?: Date;
  /**
   * Only while the batch's approval deadline is later than this: an
   * Approve or Refuse pressed after it changes nothing, even before the
   * expiry sweep moved the batch. A batch without a deadline is not held to one.
   */
  beforeDeadline?: Date;
  at: Date;
}

/**
 * Where batches are kept. Only the instance holding the background work
 * places a batch's orders, so no lease is needed beyond the state and the
 * cursor's compare-and-swap; every write bumps `updatedAt`. Each
 * compare-and-swap is one UPDATE whose WHERE names the state or the cursor
 * expected and which returns the row as it became: one atomic statement on
 * SQLite; on PostgreSQL its row lock makes a second connection's statement
 * wait, then re-read the row and find it moved. So of two moves from the
 * same state exactly one returns the row. A move writes the hold reason
 * given, and clears it when none is given. No money moves here, so the
 * money lock is not taken.
 */
export interface BatchStore {
  create(batch: NewBatch, now: Date): Promise<BatchRecord>;
  get(id: number): Promise<BatchRecord | null>;
  /** The newest batch of this person made from a file with this hash since `since`, whatever its state but 'cancelled'. */
  sameFile(requesterId: number, fileHash: string, since: Date, exceptId?: number): Promise<BatchRecord | null>;
  /** Null when the batch was not in one of `move.from` (someone else moved it first), or its deadline passed where `move.beforeDeadline` asks. */
  move(id: number, move: BatchMove): Promise<BatchRecord | null>;
  /** Moves the cursor from `index` to `index + 1`; null when it was not at `index`. */
  advance(id: number, index: number, at: Date): Promise<BatchRecord | null>;
  /**
   * Every batch waiting for an administrator whose deadline is `now` or
   * earlier, moved to 'expired' by one conditional UPDATE and returned as it
   * became, oldest first: a batch approved, refused or stopped meanwhile is
   * not among them, and of two sweeps at once (or a sweep and a press)
   * exactly one moves each batch. Each one's news (its cards, its orderer)
   * is owed in the same transaction (expiry-news-store.ts).
   */
  expireDue(now: Date): Promise<BatchRecord[]>;
  /**
   * Replaces the plan and total (Continue at a new price) while the cursor
   * is still at `expectedIndex` and the batch is held; false otherwise.
   */
  setPlan(id: number, change: { plan: BatchOrderPlan[]; total: number; expectedIndex: number }, at: Date): Promise<boolean>;
  /** Replaces a draft's plan (the cost centre asked for the whole batch), while it is still a draft; null otherwise. */
  setDraftPlan(id: number, plan: BatchOrderPlan[], at: Date): Promise<BatchRecord | null>;
  /** Batches in these states, oldest first: what the runner works on. */
  inStates(states: readonly BatchState[]): Promise<BatchRecord[]>;
  /**
   * What the runner works on, oldest first: running and held batches, and
   * placed or stopped ones whose file has not gone out yet (settled ones
   * are never read again).
   */
  unsettled(): Promise<BatchRecord[]>;
  /** Records the progress message while none is recorded; false when another was recorded first (that one stays). */
  setProgressMessage(id: number, messageId: number, at: Date): Promise<boolean>;
  setProgressEdited(id: number, at: Date): Promise<void>;
  setFileSent(id: number, at: Date): Promise<void>;
  /** The person's batches, newest first. */
  listForUser(requesterId: number, limit: number): Promise<BatchRecord[]>;
  /** The orders placed for this batch (orders.batch_id), by their index in the plan. */
  orders(batchId: number): Promise<OrderRow[]>;
}

export function createBatchStore(deps: { database: Database }): BatchStore {
  const { q, tables } = deps.database;
  const { batches, orders } = tables;
  const one = <T>(rows: T[]): T | null => rows[0] ?? null;
  const stamp = async (id: number, set: Partial<typeof batches.$inferInsert>) => {
    await q.update(batches).set(set).where(eq(batches.id, id));
  };
  /** The batches the runner still works on (see BatchStore.unsettled). */
  const unsettledWhere = or(inArray(batches.state, ['running', 'held']), and(inArray(batches.state, ['placed', 'stopped']), isNull(batches.fileSentAt)));

  return {
    async create(batch, now) {
      const { key, requesterId, chatId, source, fileHash, fileName, plan, total } = batch;
      // A draft, its cursor at the first order.
      const [row] = await q
        .insert(batches)
        .values({ key, requesterId, chatId, source, fileHash, fileName, plan, total, state: 'draft', heldReason: null, nextIndex: 0, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('the new batch was not returned');
      return row;
    },

    get: async (id) => one(await q.select().from(batches).where(eq(batches.id, id))),

    sameFile: async (requesterId, fileHash, since, exceptId) =>
      one(
        await q
          .select()
          .from(batches)
          .where(
            and(
              eq(batches.requesterId, requesterId),
              eq(batches.fileHash, fileHash),
              ne(batches.state, 'cancelled'),
              gte(batches.createdAt, since),
              exceptId === undefined ? undefined : ne(batches.id, exceptId),
            ),
          )
          .orderBy(desc(batches.id))
          .limit(1),
      ),

    move: async (id, move) =>
      one(
        await q
          .update(batches)
          .set({
            state: move.to,
            heldReason: move.heldReason ?? null,
            ...(move.approvedBy === undefined ? {} : { approvedBy: move.approvedBy }),
            ...(move.approvalExpiresAt === undefined ? {} : { approvalExpiresAt: move.approvalExpiresAt }),
            updatedAt: move.at,
          })
          .where(
            and(
              eq(batches.id, id),
              inArray(batches.state, [...move.from]),
              move.beforeDeadline === undefined ? undefined : or(isNull(batches.approvalExpiresAt), gt(batches.approvalExpiresAt, move.beforeDeadline)),
            ),
          )
          .returning(),
      ),

    async expireDue(now) {
      const expired = await deps.database.transaction(async (tx) => {
        const moved = await tx
          .update(batches)
          .set({ state: 'expired', heldReason: null, updatedAt: now })
          .where(and(eq(batches.state, 'waiting-approval'), lte(batches.approvalExpiresAt, now)))
          .returning();
        // With the move: a process that stops before the news is out leaves it owed to the next pass.
        for (const batch of moved) await oweExpiryNews(tx, tables, 'batch', batch.id, now);
        return moved;
      });
      // Oldest first, as everything else here: RETURNING promises no order.
      return expired.sort((a, b) => a.id - b.id);
    },

    advance: async (id, index, at) =>
      one(
        await q
          .update(batches)
          .set({ nextIndex: index + 1, updatedAt: at })
          .where(and(eq(batches.id, id), eq(batches.nextIndex, index)))
          .returning(),
      ),

    async setPlan(id, change, at) {
      const changed = await q
        .update(batches)
        .set({ plan: change.plan, total: change.total, updatedAt: at })
        .where(and(eq(batches.id, id), eq(batches.state, 'held'), eq(batches.nextIndex, change.expectedIndex)))
        .returning({ id: batches.id });
      return changed.length > 0;
    },

    async setDraftPlan(id, plan, at) {
      return one(await q.update(batches).set({ plan, updatedAt: at }).where(and(eq(batches.id, id), eq(batches.state, 'draft'))).returning());
    },

    inStates: async (states) => (states.length === 0 ? [] : q.select().from(batches).where(inArray(batches.state, [...states])).orderBy(asc(batches.id))),

    unsettled: async () => q.select().from(batches).where(unsettledWhere).orderBy(asc(batches.id)),

    async setProgressMessage(id, messageId, at) {
      const set = await q
        .update(batches)
        .set({ progressMessageId: messageId, progressEditedAt: at, updatedAt: at })
        .where(and(eq(batches.id, id), isNull(batches.progressMessageId)))
        .returning({ id: batches.id });
      return set.length > 0;
    },
    setProgressEdited: (id, at) => stamp(id, { progressEditedAt: at, updatedAt: at }),
    setFileSent: (id, at) => stamp(id, { fileSentAt: at, updatedAt: at }),

    listForUser: async (requesterId, limit) => q.select().from(batches).where(eq(batches.requesterId, requesterId)).orderBy(desc(batches.id)).limit(limit),

    orders: async (batchId) => q.select().from(orders).where(eq(orders.batchId, batchId)).orderBy(asc(orders.batchIndex), asc(orders.id)),
  };
}
