import type { OrderState } from './order-states.js';

/**
 * The order states whose money counts as spent: everything the provider
 * accepted or may have accepted. An order that failed, was cancelled or
 * refunded (the provider returns the money), was refused, or was never
 * placed no longer counts; an intent has not been sent yet. Reports and
 * spending limits count alike, so a summary and a limit never disagree.
 */
export const COUNTED_STATES = [
  'placing',
  'unknown',
  'needs_review',
  'in_progress',
  'action_required',
  'unrecognised',
  'completed',
] as const satisfies readonly OrderState[];

/** Final states in which the order did not deliver and the money came back. */
export const RETURNED_STATES = ['failed', 'cancelled', 'refunded'] as const satisfies readonly OrderState[];

/** Open orders that wait for a person: at the provider, or an administrator's decision. */
export const NEEDS_ACTION_STATES = ['action_required', 'needs_review', 'unrecognised'] as const satisfies readonly OrderState[];
