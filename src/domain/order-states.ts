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
