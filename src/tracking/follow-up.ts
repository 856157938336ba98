import type { NotificationKind } from '../domain/notification-kinds.js';
import type { OrderState } from '../domain/order-states.js';
import type { OrderRow } from '../db/order-store.js';
import { followPaceFor } from '../domain/order-lifecycle.js';
import { nextCheckDelayMs } from './backoff.js';

interface FollowUpInput {
  order: Pick<OrderRow, 'postedAt' | 'createdAt' | 'staleReportedAt'>;
  /** The state the order is in after this check. */
  state: OrderState;
  /** Checks made, including this one. */
  checkCount: number;
  now: number;
  /** Open longer than this since it was sent: administrators are told once, and it is followed slowly. */
  staleMs: number;
  random: () => number;
}

interface FollowUp {
  /** Null when nobody follows the order in that state any more. */
  nextCheckAt: number | null;
  stale: boolean;
  /** Columns to set with this check (the stale report's time, the first time only). */
  set: { staleReportedAt?: Date };
  /** 'stale' the first time the order is found stale. */
  notify: NotificationKind[];
}

/** When to look next, and whether this check is the one that finds the order stale. */
export function planFollowUp(input: FollowUpInput): FollowUp {
  const pace = followPaceFor(input.state);
  if (pace === null) return { nextCheckAt: null, stale: false, set: {}, notify: [] };
  const openSince = (input.order.postedAt ?? input.order.createdAt).getTime();
  const stale = input.now - openSince >= input.staleMs;
  const delay = nextCheckDelayMs({ checkCount: input.checkCount, pace, stale, random: input.random });
  const firstTime = stale && input.order.staleReportedAt === null;
  return {
    nextCheckAt: input.now + delay,
    stale,
    set: firstTime ? { staleReportedAt: new Date(input.now) } : {},
    notify: firstTime ? ['stale'] : [],
  };
}
