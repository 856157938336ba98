import type { NotificationKind } from './notification-kinds.js';
import type { OrderState } from './order-states.js';

/**
 * The local order lifecycle in one place: what each provider state means
 * locally, which local moves are allowed, what entering a state announces
 * and how closely an order in that state is followed.
 */

/** Local states a provider status can put an order in. */
type ProviderDrivenState = Extract<
  OrderState,
  'in_progress' | 'completed' | 'failed' | 'cancelled' | 'refunded' | 'action_required' | 'unrecognised'
>;

/**
 * THE provider -> local map (contract.md, "Order states"). Any name not here
 * is 'unrecognised': followed slowly, announced once, never resubmitted.
 */
export const PROVIDER_STATE_MAP: Readonly<Record<string, ProviderDrivenState>> = {
  PREPARING: 'in_progress',
  PROCESSING: 'in_progress',
  COMPLETED: 'completed',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
  REFUNDED: 'refunded',
  ACTION_REQUIRED: 'action_required',
};

export function localStateFor(providerStatus: string): ProviderDrivenState {
  // Case and stray spaces are not a new state; the spelling is kept as sent in provider_status.
  const key = providerStatus.trim().toUpperCase();
  return Object.hasOwn(PROVIDER_STATE_MAP, key) ? (PROVIDER_STATE_MAP[key] as ProviderDrivenState) : 'unrecognised';
}

export const FINAL_STATES = [
  'completed',
  'failed',
  'cancelled',
  'refunded',
  'rejected',
  'not_placed',
] as const satisfies readonly OrderState[];

export function isFinal(state: OrderState): boolean {
  return (FINAL_STATES as readonly OrderState[]).includes(state);
}

/** States the poller claims and checks on a schedule (needs_review waits for a person). */
export const FOLLOWED_STATES = [
  'in_progress',
  'action_required',
  'unrecognised',
  'unknown',
] as const satisfies readonly OrderState[];

export function isFollowed(state: OrderState): boolean {
  return (FOLLOWED_STATES as readonly OrderState[]).includes(state);
}

/** States the provider's status puts an order in; the poller audits a move into one as `order.<state>`. */
export const PROVIDER_DRIVEN: readonly OrderState[] = [
  'in_progress',
  'completed',
  'failed',
  'cancelled',
  'refunded',
  'action_required',
  'unrecognised',
];

/**
 * Allowed moves. The provider-driven states may repeat themselves (PREPARING
 * -> PROCESSING stays in_progress; one unknown name may follow another), and
 * a person at the provider may put an ACTION_REQUIRED order back in progress.
 * An unknown outcome may turn out to be an order that is already final.
 */
const TRANSITIONS: Readonly<Record<OrderState, readonly OrderState[]>> = {
  intent: ['placing', 'not_placed'],
  // needs_review: the provider accepted the order but it could not be recorded as placed.
  // not_placed: the last check before the POST (under the claim) stopped it; nothing was sent.
  placing: ['in_progress', 'rejected', 'unknown', 'needs_review', 'not_placed'],
  unknown: [...PROVIDER_DRIVEN, 'not_placed', 'needs_review'],
  in_progress: PROVIDER_DRIVEN,
  action_required: PROVIDER_DRIVEN,
  unrecognised: PROVIDER_DRIVEN,
  // An administrator picks the order (adopt) or rules that none was placed.
  needs_review: [...PROVIDER_DRIVEN, 'not_placed'],
  completed: [],
  failed: [],
  cancelled: [],
  refunded: [],
  rejected: [],
  not_placed: [],
};

export function canTransition(from: OrderState, to: OrderState): boolean {
  return TRANSITIONS[from].includes(to);
}

const NOTIFICATION_ON_ENTER: Partial<Record<OrderState, NotificationKind>> = {
  completed: 'delivered',
  failed: 'failed',
  cancelled: 'cancelled',
  refunded: 'refunded',
  action_required: 'action_required',
  unrecognised: 'unrecognised',
};

/**
 * What the provider putting an order in `state` announces, if anything. The
 * outbox keeps one row per order and kind, so re-entering a state never
 * announces it twice. Reconciliation's own verdicts (adopted, not_placed,
 * needs_review) are announced by reconciliation, not by this table.
 */
export function notificationFor(state: OrderState): NotificationKind | null {
  return NOTIFICATION_ON_ENTER[state] ?? null;
}

/**
 * How closely an order is followed: 'fast' while the provider is working on
 * it, 'slow' while it waits for a person or says something we do not know,
 * 'reconcile' while its outcome is unknown, null when nobody polls it.
 */
export type FollowPace = 'fast' | 'slow' | 'reconcile';

export function followPaceFor(state: OrderState): FollowPace | null {
  switch (state) {
    case 'in_progress':
      return 'fast';
    case 'action_required':
    case 'unrecognised':
      return 'slow';
    case 'unknown':
      return 'reconcile';
    default:
      return null;
  }
}
