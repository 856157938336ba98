/**
 * The values the schema's enumerated and JSON columns hold: the lists the
 * CHECK constraints are built from and the shapes stored as JSON. Plain
 * TypeScript, no table: code that only needs a state or a kind reads it here.
 */

export const STAFF_ROLES = ['admin', 'staff', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ORDER_STATES = [
  'intent', // saved before the POST; nothing sent yet
  'placing', // the POST is in flight
  'unknown', // the POST's outcome is unknown: being reconciled
  'rejected', // the provider definitely refused it (4xx)
  'not_placed', // reconciliation found no order: safe to order again
  'in_progress', // accepted by the provider, not final yet
  'action_required', // needs a person at the provider; never resubmitted
  'unrecognised', // the provider reports a state we do not know
  'completed',
  'failed',
  'cancelled',
  'refunded',
  'needs_review', // several possible matches: an administrator decides
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * A provider order that may be an unknown-outcome order, as reconciliation
 * saw it when it handed the order to administrators. Never a code.
 */
export interface ReviewCandidate {
  orderId: number;
  reference: string | null;
  status: string | null;
  amount: number;
  createdAt: string | null;
}

/**
 * What proved an automatic adoption: the provider's time of the order,
 * read on our clock with the measured offset, lies inside the POST's flight,
 * and the wallet shows its debit.
 */
export interface AdoptionProof {
  providerOrderId: number;
  providerCreatedAt: string;
  flightFrom: number;
  flightTo: number;
  /** Half the width of the provider-clock offset range used (ms). */
  marginMs: number;
  /** Whether that offset was measured (else the default margin was used). */
  measured: boolean;
  debitAmount: number;
}

export const NOTIFICATION_KINDS = [
  'delivered', // COMPLETED: the codes go to the chat that ordered
  'failed',
  'cancelled',
  'refunded',
  'action_required',
  'unrecognised', // a provider state nobody told us about
  'interrupted', // the process stopped during the POST: the outcome is being checked
  'adopted', // an unknown outcome turned out to be a placed order
  'not_placed', // an unknown outcome turned out to be no order: safe to order again
  'needs_review', // several candidates: administrators decide
  'stale', // still open after POLL_STALE_MINUTES: administrators are told
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const APPROVAL_STATES = [
  'pending', // waiting for an administrator
  'approving', // an administrator pressed Approve: price, stock, balance and pause are being checked
  'approved', // the order was handed to the order service (its confirm key is this approval's)
  'rejected',
  'expired',
] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/** A privileged change waiting for a second administrator (dual control), and how it ended. */
export const ADMIN_REQUEST_STATES = [
  'pending', // waiting for another administrator's Confirm or Refuse
  'confirmed', // a second administrator confirmed: the change was applied
  'refused',
  'expired',
] as const;
export type AdminRequestState = (typeof ADMIN_REQUEST_STATES)[number];

/**
 * What a dual-control request changes, as stored: validated when asked for
 * and again when confirmed (src/safeguards/dual-control/admin-change.ts). `personId` null is
 * the team default; `reset` puts a person back on the default.
 */
export type AdminChange =
  | { kind: 'role'; verb: 'add' | 'role'; personId: number; role: 'admin' }
  | { kind: 'rule'; personId: number | null; rule: 'order' | 'day' | 'month' | 'approval'; value: number | null; reset: boolean }
  /** Step-up confirmation on or off for everyone (src/safeguards/step-up). */
  | { kind: 'step-up'; enabled: boolean }
  /** The order total above which placing asks for a code; null: no order does. */
  | { kind: 'step-up-orders'; above: number | null }
  /** A velocity limit for everyone (src/safeguards/velocity); null lifts it. */
  | { kind: 'velocity'; limit: VelocityKind; value: number | null };

/** The velocity limits: orders and reveals per hour, provider reads per minute, waiting approvals. */
export const VELOCITY_KINDS = ['orders', 'reveals', 'reads', 'pending'] as const;
export type VelocityKind = (typeof VELOCITY_KINDS)[number];

/** A message that carries a request's Confirm and Refuse, so that every copy loses them once it is decided. */
export interface RequestCard {
  chatId: number;
  messageId: number;
}

/** An answer to one of a product's required fields, with the field's title for the records. */
export interface FieldAnswer {
  fieldId: number;
  title: string;
  /** Empty once erased. */
  value: string;
  /** Set when the retention pass erased the answer: the days after settling it was kept (src/safeguards/retention/answers.ts). */
  erasedAfterDays?: number;
}

/**
 * One product of an order, as the staff member confirmed it: the one type
 * that intents, approval requests, placement, the POST body and the
 * fingerprint all take (see orders/order-line.ts). An order is a list of
 * these, one per product, and the orders and approvals tables keep that
 * list as JSON in this very shape, so adding a part to a line is one edit
 * here (give it a default where older rows lack it).
 */
export interface OrderLine {
  product: { id: number; title: string };
  /** The region chosen and its unit price at the summary that was confirmed. */
  region: { regionPropertyId: number; title: string | null; price: number };
  quantity: number;
  /** Answers to the product's fields; optional fields left empty are not here. */
  fields: FieldAnswer[];
}

/** A step-up enrolment: waiting for its first right code, for another administrator's approval, or in force. */
export const STEP_UP_STATES = ['enrolling', 'waiting', 'active'] as const;
export type StepUpState = (typeof STEP_UP_STATES)[number];

/**
 * The one action a step-up code was asked for: what the prompt restated,
 * run when the right code comes and for nothing else.
 */
export type StepUpAction =
  | { kind: 'reveal'; orderId: number }
  | { kind: 'export'; args: string }
  | { kind: 'dual-confirm'; requestId: number }
  | { kind: 'step-up-off' }
  /** Placing the order on the summary with this confirm key, of this total (src/safeguards/step-up/order-step-up.ts). */
  | { kind: 'order'; confirmKey: string; total: number }
  /** Raising or lifting the order amount above which a code is asked. */
  | { kind: 'step-up-orders'; above: number | null }
  /** Approving someone's order (the approval request at this revision) or batch: money moves on the approver's word. */
  | { kind: 'approve'; approvalId: number; revision: number }
  | { kind: 'approve-batch'; batchId: number }
  /** Letting another person's authenticator take effect. */
  | { kind: 'step-up-approve'; personId: number }
  /** Giving someone a role that may order. */
  | { kind: 'staff'; verb: 'add' | 'role'; personId: number; role: 'staff' };

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
 * - 'cancelled': never confirmed (a draft left, or replaced), or refused by an administrator.
 */
export const BATCH_STATES = ['draft', 'waiting-approval', 'running', 'held', 'placed', 'done', 'stopped', 'cancelled'] as const;
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
}
