import type { OrderLine } from './order-line.js';

/**
 * A batch's life:
 * - 'draft': checked and summarised, waiting for the orderer's one Confirm;
 * - 'waiting-approval': confirmed, above the approval threshold as a whole: an administrator decides;
 * - 'running': orders are being placed one after another, from `nextIndex`;
 * - 'held': placing stopped at `nextIndex` and waits: for the orderer (a price change,
 *   the balance, a refusal: Continue or Stop), for reconciliation (an unknown outcome),
 *   or for an administrator to show a product they hid ('product-hidden': Stop, or it goes on once shown);
 * - 'placed': every order was sent; deliveries are still coming;
 * - 'done': every order reached a final state and the file of codes went out;
 * - 'stopped': the orderer (or a refusal) stopped it; orders not yet sent never will be;
 * - 'cancelled': never confirmed (a draft left, or replaced), or refused by an administrator;
 * - 'expired': waited for an administrator past its deadline (APPROVAL_EXPIRY_MINUTES); nothing was ordered.
 */
export const BATCH_STATES = ['draft', 'waiting-approval', 'running', 'held', 'placed', 'done', 'stopped', 'cancelled', 'expired'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

/** Why a batch is held: what the orderer is asked, or what it waits for. */
export const BATCH_HOLD_REASONS = ['price-changed', 'stock', 'funds', 'paused', 'access', 'limit', 'approval', 'unknown-outcome', 'provider', 'velocity', 'product-hidden'] as const;
export type BatchHoldReason = (typeof BATCH_HOLD_REASONS)[number];

export type BatchSource = 'quantity' | 'file';

/** One order of the batch as confirmed: its lines (one product each) and the file's rows it came from. */
export interface BatchOrderPlan {
  lines: OrderLine[];
  /** Spreadsheet row numbers (a file batch), so that codes can be matched back to the rows; empty for a quantity batch. */
  rows: number[];
  /** The cost centre the order is placed for (its row's, or the one asked for the batch); absent or null: none. */
  costCentreId?: number | null;
}

/** Units over the whole batch. */
export const planUnits = (plan: readonly BatchOrderPlan[]): number => plan.reduce((sum, order) => sum + order.lines.reduce((s, line) => s + line.quantity, 0), 0);

/** The confirm key of the batch's order at `index`: a double tap, a replay or a restart finds the same order. */
export const batchConfirmKey = (batchKey: string, index: number): string => `${batchKey}:${index}`;
