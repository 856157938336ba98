import type { Clock } from '../clock.js';
import type { Db } from '../db/open.js';
import type { Logger } from '../logger.js';
import type { OrderRow } from '../orders/order-repo.js';
import { canTransition, isFinal, localStateFor, notificationFor } from '../orders/order-states.js';
import { createProviderHistory, readPages, type ProviderHistory } from '../orders/provider-history.js';
import { reconcileClaimed } from '../orders/reconcile.js';
import type { ProviderClient } from '../provider/client.js';
import { ProviderRateLimitedError } from '../provider/errors.js';
import { startRepeating } from '../scheduling/repeat.js';
import { planFollowUp } from './follow-up.js';
import { claimDueOrders, rescheduleClaimed, writeClaimed } from './order-leases.js';

export interface DeliveryPollerDeps {
  db: Db;
  provider: Pick<ProviderClient, 'listOrders' | 'getOrder' | 'listTransactions'>;
  clock: Clock;
  random: () => number;
  logger: Logger;
  /** Lease owner: unique per process and start. */
  owner: string;
  /** An order still open this long after it was sent is reported to administrators once. */
  staleMs: number;
  /** How long a claim holds; longer than a run takes. Default 60 s. */
  leaseMs?: number;
  /** Orders claimed per run. Default 20. */
  batch?: number;
  /** Pages of GET /orders read to learn the state of followed orders. Default 2. */
  historyPages?: number;
}

export interface PollRunResult {
  claimed: number;
  /** Orders whose provider status or local state changed. */
  changed: number;
  /** GET /orders/:id calls made. */
  detailsFetched: number;
  /** Unknown outcomes settled (adopted, not placed, or handed to an administrator). */
  reconciled: number;
  errors: number;
}

export interface DeliveryPoller {
  runOnce(): Promise<PollRunResult>;
}

const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_BATCH = 20;
const DEFAULT_HISTORY_PAGES = 2;

const describe = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/**
 * Follows every open order until it is final. One page of the order history
 * gives the status of many orders at once, so the detail of an order is read
 * only when its status changed or it is not on the pages read. A state change
 * and its notification are written in one transaction, so an event is
 * announced once however many times it is seen.
 */
export function createDeliveryPoller(deps: DeliveryPollerDeps): DeliveryPoller {
  const { db, provider, clock, random, logger, owner, staleMs } = deps;
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const batch = deps.batch ?? DEFAULT_BATCH;
  const historyPages = Math.max(1, deps.historyPages ?? DEFAULT_HISTORY_PAGES);

  /** Provider order id -> status, from the first pages, stopping once every wanted order was seen. */
  async function listedStatuses(history: ProviderHistory, wanted: Set<number>): Promise<Map<number, string>> {
    const statuses = new Map<number, string>();
    if (wanted.size === 0) return statuses;
    const missing = new Set(wanted);
    const read = await readPages((number) => history.orderPage(number), historyPages, (items) => {
      for (const entry of items) missing.delete(entry.orderId);
      return missing.size === 0;
    });
    for (const { entry } of read.entries) statuses.set(entry.orderId, entry.status);
    return statuses;
  }

  /** Applies what the provider says now; returns whether anything changed. */
  function settle(order: OrderRow, status: string): boolean {
    const now = clock.now();
    const checkCount = order.checkCount + 1;
    const seen = localStateFor(status);
    const to = canTransition(order.state, seen) ? seen : order.state;
    if (to !== seen) logger.warn({ orderId: order.id, from: order.state, to: seen }, 'provider state not allowed from here; kept');
    const statusChanged = status !== order.providerStatus;
    const follow = planFollowUp({ order, state: to, checkCount, now, staleMs, random });
    const kind = to !== order.state ? notificationFor(to) : null;
    const written = writeClaimed(db, {
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
        audit: { actorId: null, action: `order.${to}`, detail: `${order.providerStatus ?? '-'} -> ${status}` },
      },
      notify: [...(kind ? [kind] : []), ...follow.notify],
    });
    if (!written) {
      logger.warn({ orderId: order.id }, 'lease lost before the result was written; left to its new owner');
      return false;
    }
    const reference = order.providerReference;
    if (statusChanged || to !== order.state) {
      logger.info({ orderId: order.id, reference, from: order.state, to, providerStatus: status }, 'order state changed');
    }
    if (written.enqueued.includes('stale')) logger.info({ orderId: order.id, reference, state: to }, 'order reported stale');
    return statusChanged || to !== order.state;
  }

  /** After a failed check: try again later, and still tell administrators if it has been open too long. */
  function afterError(order: OrderRow): void {
    const now = clock.now();
    const checkCount = order.checkCount + 1;
    const follow = planFollowUp({ order, state: order.state, checkCount, now, staleMs, random });
    const written = writeClaimed(db, {
      order,
      owner,
      now,
      checkCount,
      nextCheckAt: follow.nextCheckAt,
      set: follow.set,
      notify: follow.notify,
    });
    if (written?.enqueued.includes('stale')) {
      logger.info({ orderId: order.id, reference: order.providerReference, state: order.state }, 'order reported stale');
    }
  }

  /** The provider asked everyone to wait: give the rest back, due again once the wait is over. */
  function giveBack(orders: readonly OrderRow[], retryAfterMs: number): void {
    const resumeAt = clock.now() + retryAfterMs;
    for (const order of orders) {
      rescheduleClaimed(db, {
        id: order.id,
        owner,
        nextCheckAt: Math.max(order.nextCheckAt?.getTime() ?? 0, resumeAt),
        checkCount: order.checkCount,
      });
    }
  }

  /** Reads the detail only when the history shows a change or does not show the order at all. */
  async function followOne(order: OrderRow, statuses: Map<number, string>, result: PollRunResult): Promise<void> {
    if (order.providerOrderId === null) throw new Error(`order ${order.id} is ${order.state} without a provider order id`);
    const listed = statuses.get(order.providerOrderId);
    let status: string;
    if (listed !== undefined && listed === order.providerStatus) {
      status = listed;
    } else {
      result.detailsFetched++;
      const detail = await provider.getOrder(order.providerOrderId, { priority: 'background' });
      if (detail.orderId !== order.providerOrderId) {
        throw new Error(`asked for provider order ${order.providerOrderId}, got ${detail.orderId}`);
      }
      status = detail.status;
    }
    if (settle(order, status)) result.changed++;
  }

  async function reconcileOne(order: OrderRow, history: ProviderHistory, result: PollRunResult): Promise<void> {
    const outcome = await reconcileClaimed({ db, provider, history, clock, random, logger, owner, staleMs }, order);
    result.detailsFetched += outcome.detailsFetched;
    if (outcome.verdict !== null && outcome.verdict !== 'pending') {
      result.reconciled++;
      result.changed++;
    }
  }

  return {
    async runOnce() {
      const result: PollRunResult = { claimed: 0, changed: 0, detailsFetched: 0, reconciled: 0, errors: 0 };
      const claimed = claimDueOrders(db, { owner, now: clock.now(), leaseMs, limit: batch });
      result.claimed = claimed.length;
      if (claimed.length === 0) return result;

      const history = createProviderHistory({ provider });
      const followed = claimed.filter((order) => order.state !== 'unknown');
      const unknown = claimed.filter((order) => order.state === 'unknown');
      const queue = [...followed, ...unknown];

      let statuses = new Map<number, string>();
      try {
        const wanted = new Set(followed.flatMap((order) => (order.providerOrderId === null ? [] : [order.providerOrderId])));
        statuses = await listedStatuses(history, wanted);
      } catch (error) {
        result.errors++;
        if (error instanceof ProviderRateLimitedError) {
          logger.warn({ retryAfterMs: error.retryAfterMs }, 'order history rate limited; run ended early');
          giveBack(queue, error.retryAfterMs);
          return result;
        }
        // Without the list every followed order is read one by one.
        logger.warn({ err: describe(error) }, 'order history unavailable; reading each order');
      }

      for (const [index, order] of queue.entries()) {
        try {
          if (order.state === 'unknown') await reconcileOne(order, history, result);
          else await followOne(order, statuses, result);
        } catch (error) {
          result.errors++;
          if (error instanceof ProviderRateLimitedError) {
            logger.warn({ orderId: order.id, retryAfterMs: error.retryAfterMs }, 'provider rate limited; run ended early');
            giveBack(queue.slice(index), error.retryAfterMs);
            return result;
          }
          logger.warn({ orderId: order.id, state: order.state, err: describe(error) }, 'order check failed; will retry');
          try {
            afterError(order);
          } catch (writeError) {
            // The lease runs out and the order is claimed again; the run goes on with the others.
            logger.error({ orderId: order.id, err: describe(writeError) }, 'could not reschedule a failed check');
          }
        }
      }
      return result;
    },
  };
}

/**
 * Runs the poller on a short tick. The tick is only how often due orders are
 * looked for: each order's own pace lives in orders.next_check_at.
 */
export function startDeliveryPoller(deps: DeliveryPollerDeps & { everyMs: number }): { stop(): Promise<void> } {
  const poller = createDeliveryPoller(deps);
  const repeating = startRepeating({
    name: 'delivery-poller',
    everyMs: deps.everyMs,
    clock: deps.clock,
    logger: deps.logger,
    immediately: true,
    task: async () => {
      const result = await poller.runOnce();
      if (result.claimed > 0) deps.logger.debug({ ...result }, 'delivery poller run');
    },
  });
  return { stop: () => repeating.stop() };
}
