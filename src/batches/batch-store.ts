import type { OrderLine } from '../orders/order-line.js';
import type { OrderRow } from '../orders/order-repo.js';

/**
 * A batch's life:
 * - 'draft': checked and summarised, waiting for the orderer's one Confirm;
 * - 'waiting-approval': confirmed, above the approval threshold as a whole: an administrator decides;
 * - 'running': orders are being placed one after another, from `nextIndex`;
 * - 'held': placing stopped at `nextIndex` and waits: for the orderer (a price change,
 *   the balance, a refusal: Continue or Stop) or for reconciliation (an unknown outcome);
 * - 'placed': every order was sent; deliveries are still coming;
 * - 'done': every order reached a final state and the file of codes went out;
 * - 'stopped': the orderer (or a refusal) stopped it; orders not yet sent never will be;
 * - 'cancelled': never confirmed (a draft left, or replaced), or refused by an administrator.
 */
export const BATCH_STATES = ['draft', 'waiting-approval', 'running', 'held', 'placed', 'done', 'stopped', 'cancelled'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

/** Why a batch is held: what the orderer is asked, or what it waits for. */
export const BATCH_HOLD_REASONS = ['price-changed', 'stock', 'funds', 'paused', 'access', 'limit', 'approval', 'unknown-outcome', 'provider', 'velocity'] as const;
export type BatchHoldReason = (typeof BATCH_HOLD_REASONS)[number];

export type BatchSource = 'quantity' | 'file';

/** One order of the batch as confirmed: its lines (one product each) and the file's rows it came from. */
export interface BatchOrderPlan {
  lines: OrderLine[];
  /** Spreadsheet row numbers (a file batch), so that codes can be matched back to the rows; empty for a quantity batch. */
  rows: number[];
}

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
  setProgressMessage(id: number, messageId: number, at: Date): Promise<void>;
  setProgressEdited(id: number, at: Date): Promise<void>;
  setFileSent(id: number, at: Date): Promise<void>;
  /** The person's batches, newest first. */
  listForUser(requesterId: number, limit: number): Promise<BatchRecord[]>;
  /** The orders placed for this batch (orders.batch_id), by their index in the plan. */
  orders(batchId: number): Promise<OrderRow[]>;
}
