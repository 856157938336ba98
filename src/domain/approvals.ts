import type { VelocityKind } from './safeguards.js';

export const APPROVAL_STATES = [
  'pending', // waiting for an administrator
  'approving', // an administrator pressed Approve: price, stock, balance and pause are being checked
  'approved', // the order was handed to the order service (its confirm key is this approval's)
  'rejected',
  'expired',
  'withdrawn', // the orderer withdrew it while it waited (a price changed, say): nothing is ever placed for it
] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/** The states a request ends in: no button on any copy of it may act any more, and nothing reads its answers to place an order. */
export const SETTLED_APPROVAL_STATES = ['approved', 'rejected', 'expired', 'withdrawn'] as const satisfies readonly ApprovalState[];
export const isSettledApproval = (state: ApprovalState): boolean => (SETTLED_APPROVAL_STATES as readonly ApprovalState[]).includes(state);

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
  | { kind: 'velocity'; limit: VelocityKind; value: number | null }
  /** A cost centre's monthly budget (src/budgets); null lifts it. `before` and `name` as they were when it was asked, for the cards. */
  | { kind: 'budget'; centreId: number; name: string; before: number | null; value: number | null }
  /** Closing a month of the wallet statement (src/ledger/month-close.ts): `month` is the local date its span starts. Always waits for a second administrator while dual control is in force. */
  | { kind: 'month-close'; month: string; from: number; to: number }
  /** The administrators' group bound (the chat where the request was made) or unbound; `title` as it was when asked, for the cards. */
  | { kind: 'admin-group'; verb: 'bind' | 'unbind'; chatId: number; title: string; forum: boolean };

/** A message that carries a request's Confirm and Refuse, so that every copy loses them once it is decided. */
export interface RequestCard {
  chatId: number;
  messageId: number;
}
