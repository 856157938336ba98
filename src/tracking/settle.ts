import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { OrderRow } from '../db/order-store.js';
import { canTransition, isFinal, localStateFor, notificationFor } from '../domain/order-lifecycle.js';
import { nextCheckDelayMs } from './backoff.js';
import { planFollowUp } from './follow-up.js';
import type { OrderLeaseStore } from '../db/order-lease-store.js';

interface ClaimedWritesDeps {
  leases: OrderLeaseStore;
  clock: Clock;
  random: () => number;
  logger: Logger;
  /** Lease owner: every write is checked against it. */
  owner: string;
  /** An order still open this long after it was sent is reported to administrators once. */
  staleMs: number;
}

/** What the sweep writes on an order it holds the lease of. */
interface ClaimedWrites {
  /** Applies what the provider says now; returns whether anything changed. */
  settle(order: OrderRow, status: string): Promise<boolean>;
  /** Nothing new from the provider: keeps the schedule going and reports the order stale once, if it is. */
  keepFollowing(order: OrderRow, options?: { slow?: boolean; counted?: boolean }): Promise<void>;
  /** The provider asked everyone to wait: the order in hand is given back, due again once the wait is over. */
  giveBack(order: OrderRow, retryAfterMs: number): Promise<void>;
}

/**
 * The sweep's writes on a claimed order: a state change and its
 * notification, or the next check of the follow-up schedule, in one
 * transaction each and only while the lease is still ours.
 */
export function createClaimedWrites(deps: ClaimedWritesDeps): ClaimedWrites {
  const { leases, clock, random, logger, owner, staleMs } = deps;

  /** Applies what the provider says now; returns whether anything changed. */
  async function settle(order: OrderRow, status: string): Promise<boolean> {
    const now = clock.now();
    const checkCount = order.checkCount + 1;
    const seen = localStateFor(status);
    const to = canTransition(order.state, seen) ? seen : order.state;
    if (to !== seen) logger.warn({ orderId: order.id, from: order.state, to: seen }, 'provider state not allowed from here; kept');
    const statusChanged = status !== order.providerStatus;
    const follow = planFollowUp({ order, state: to, checkCount, now, staleMs, random });
    const kind = to !== order.state ? notificationFor(to) : null;
    const written = await leases.writeClaimed({
      order,
      owner,
      now,
      checkCount,
      nextCheckAt: follow.nextCheckAt,
      set: {
        ...(statusChanged ? { providerStatus: status } : {}),
        ...(isFinal(to) ? { finishedAt: new Date(now) } : {}),
        ...follow.set,
      },
      move: {
        to,
        audit: { actorId: null, action: `order.${to}`, facts: { providerStatus: status, was: order.providerStatus } },
      },
      notify: [...(kind ? [kind] : []), ...follow.notify],
    });
    if (!written) {
      logger.warn({ orderId: order.id }, 'lease lost before the result was written; left to its new owner');
      return false;
    }
    const reference = order.providerReference;
    // One line per event, named for what happened: a new provider status within the same local state is not a state change.
    if (to !== order.state) {
      logger.info({ orderId: order.id, reference, from: order.state, to, providerStatus: status }, 'order state changed');
    } else if (statusChanged) {
      logger.info({ orderId: order.id, reference, state: to, from: order.providerStatus, to: status }, 'provider status changed');
    }
    if (written.enqueued.includes('stale')) logger.info({ orderId: order.id, reference, state: to }, 'order reported stale');
    return statusChanged || to !== order.state;
  }

  /** Nothing new from the provider: keeps the schedule going and reports the order stale once, if it is. */
  async function keepFollowing(order: OrderRow, options: { slow?: boolean; counted?: boolean } = {}): Promise<void> {
    const now = clock.now();
    const checkCount = order.checkCount + (options.counted === false ? 0 : 1);
    const follow = planFollowUp({ order, state: order.state, checkCount, now, staleMs, random });
    const nextCheckAt = options.slow ? now + nextCheckDelayMs({ checkCount, pace: 'slow', random }) : follow.nextCheckAt;
    const written = await leases.writeClaimed({ order, owner, now, checkCount, nextCheckAt, set: follow.set, notify: follow.notify });
    if (written?.enqueued.includes('stale')) {
      logger.info({ orderId: order.id, reference: order.providerReference, state: order.state }, 'order reported stale');
    }
  }

  /** The provider asked everyone to wait: the order in hand is given back, due again once the wait is over. */
  async function giveBack(order: OrderRow, retryAfterMs: number): Promise<void> {
    await leases.reschedule({
      id: order.id,
      owner,
      nextCheckAt: Math.max(order.nextCheckAt?.getTime() ?? 0, clock.now() + retryAfterMs),
      checkCount: order.checkCount,
    });
  }

  return { settle, keepFollowing, giveBack };
}
