/** The velocity limits: orders and reveals per hour, provider reads per minute, waiting approvals. */
export const VELOCITY_KINDS = ['orders', 'reveals', 'reads', 'pending'] as const;
export type VelocityKind = (typeof VELOCITY_KINDS)[number];

/** A step-up enrolment: waiting for its first right code, for another administrator's approval, or in force. */
export const STEP_UP_STATES = ['enrolling', 'waiting', 'active'] as const;

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
  /**
   * Approving someone's order (the approval request at this revision) or batch: money moves on the approver's word.
   * `card`: the card in the administrators' group whose Approve asked for the code, which then shows the outcome.
   */
  | { kind: 'approve'; approvalId: number; revision: number; card?: { chatId: number; messageId: number } }
  | { kind: 'approve-batch'; batchId: number; card?: { chatId: number; messageId: number } }
  /** Letting another person's authenticator take effect. */
  | { kind: 'step-up-approve'; personId: number }
  /** Giving someone a role that may order. */
  | { kind: 'staff'; verb: 'add' | 'role'; personId: number; role: 'staff' };
