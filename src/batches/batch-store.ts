import type { OrderRow } from '../db/order-store.js';

export { BATCH_HOLD_REASONS, BATCH_STATES, type BatchHoldReason, type BatchOrderPlan, type BatchSource, type BatchState } from '../domain/batches.js';
import type { BatchHoldReason, BatchOrderPlan, BatchSource, BatchState } from '../domain/batches.js';

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
  createdAt: Date;
  updatedAt: Date;
}

export interface NewBatch {
  key: string;
  requesterId: number;
  chatId: number;
  source: BatchSource;
  fileHash: string | null;
  fileName: string | null;
  plan: BatchOrderPlan[];
  total: number;
}

/** A state change, applied only while the batch is in one of `from` (compare-and-swap). */
export interface BatchMove {
  from: readonly BatchState[];
  to: BatchState;
  heldReason?: BatchHoldReason | null;
  /** Recorded with the move out of 'waiting-approval'. */
  approvedBy?: number;
  at: Date;
}

/** The confirm key of the batch's order at `index`: a double tap, a replay or a restart finds the same order. */
export const batchConfirmKey = (batchKey: string, index: number): string => `${batchKey}:${index}`;

/**
 * Where batches are kept. Only the instance holding the background work
 * places a batch's orders, so no lease is needed beyond the state and the
 * cursor's compare-and-swap; every write bumps `updatedAt`.
 */
export interface BatchStore {
  create(batch: NewBatch, now: Date): Promise<BatchRecord>;
  get(id: number): Promise<BatchRecord | null>;
  /** The newest batch of this person made from a file with this hash since `since`, whatever its state but 'cancelled'. */
  sameFile(requesterId: number, fileHash: string, since: Date): Promise<BatchRecord | null>;
  /** Null when the batch was not in one of `move.from` (someone else moved it first). */
  move(id: number, move: BatchMove): Promise<BatchRecord | null>;
  /** Moves the cursor from `index` to `index + 1`; null when it was not at `index`. */
  advance(id: number, index: number, at: Date): Promise<BatchRecord | null>;
  /**
   * Replaces the plan and total (Continue at a new price) while the cursor
   * is still at `expectedIndex` and the batch is held; false otherwise.
   */
  setPlan(id: number, change: { plan: BatchOrderPlan[]; total: number; expectedIndex: number }, at: Date): Promise<boolean>;
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
