import type { Clock } from '../clock.js';
import type { AppStateStore } from '../db/app-state-store.js';
import type { Logger } from '../logger.js';
import type { OrderRow } from '../db/order-store.js';
import { FOLLOWED_STATES, isFinal, localStateFor } from '../domain/order-lifecycle.js';
import { createProviderHistory, type ProviderHistory } from '../provider/history.js';
import { readSweepPages, type PagesSeen } from './sweep-pages.js';
import { reconcileClaimed } from './reconcile.js';
import type { ProviderClient } from '../provider/client.js';
import { describeProviderFailure, ProviderError, ProviderNotFoundError, ProviderOrderMismatchError, ProviderRateLimitedError } from '../provider/errors.js';
import type { OrderDetail, OrderListEntry } from '../provider/schemas.js';
import type { DetailHandover } from './detail-handover.js';
import { inPool } from './in-pool.js';
import type { OrderLeaseStore } from '../db/order-lease-store.js';
import { createClaimedWrites } from './settle.js';
import { planSweep, probeIntervalMs, SWEEP, type Watched } from './sweep-plan.js';
import { createChangeRate, hasYoungOrder, nextSweepIntervalMs, youngestAgeMs } from './sweep-pace.js';

export type SweepSettings = { -readonly [K in keyof typeof SWEEP]: number };

export interface DeliveryPollerDeps {
  /** The orders followed: leases, the writes of their holder, the sweep's and reconciliation's reads. */
  leases: OrderLeaseStore;
  /** Where reconciliation keeps the provider's measured clock offset. */
  appState: AppStateStore;
  provider: Pick<ProviderClient, 'listOrders' | 'getOrder' | 'listTransactions'>;
  clock: Clock;
  random: () => number;
  logger: Logger;
  /** Lease owner: unique per process and start. */
  owner: string;
  /** An order still open this long after it was sent is reported to administrators once. */
  staleMs: number;
  /** How long a claim holds; longer than the work on one order takes. Default 60 s. */
  leaseMs?: number;
  /** The provider client's budget (requests per second): the sweep takes a share of it. Default 8. */
  requestsPerSecond?: number;
  /** Overrides of the sweep's pace and limits (src/tracking/sweep-plan.ts). */
  sweep?: Partial<SweepSettings>;
  /** Receives the detail of each order found completed, for the sender. */
  handover?: DetailHandover;
  /** Tells administrators of an order the provider answered 404 for several times in a row. */
  reportNotFound?: (order: OrderRow, misses: number) => Promise<void>;
  /** Told when the provider answered an order's detail with another order (administrators hear of it). */
  onOrderMismatch?: (error: ProviderOrderMismatchError) => Promise<void>;
}

interface PollRunResult {
  /** Open orders the sweep looked for in the history. */
  watched: number;
  /** History and wallet pages read (GET /orders, GET /wallet/transactions). */
  pagesRead: number;
  /** Orders whose provider status or local state changed. */
  changed: number;
  /** GET /orders/:id calls made. */
  detailsFetched: number;
  /** Unknown outcomes settled (adopted, not placed, or handed to an administrator). */
  reconciled: number;
  errors: number;
  /** When the next sweep is due (epoch ms); null when nothing was open to sweep. */
  nextAt: number | null;
}

interface DeliveryPoller {
  runOnce(): Promise<PollRunResult>;
}

const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_REQUESTS_PER_SECOND = 8;
/** Open orders the history can show: everything followed except unknown outcomes, which reconciliation handles. */
const WATCHED_STATES = FOLLOWED_STATES.filter((state) => state !== 'unknown');

/** A provider failure with its cause (code, status, host, elapsed time); anything else by name and message. */
export const describeSweepFailure = (error: unknown): string =>
  error instanceof ProviderError ? describeProviderFailure(error) : error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/**
 * Follows every open order with one sweep of the order history: the pages
 * are read newest first until every open order has been seen, each listed
 * status is compared with the stored one, and only orders whose status
 * changed are touched. A final status is confirmed by the order's detail
 * (the spec reads the outcome there), and a completed order's detail is
 * handed to the sender, so the codes cost one detail read. Orders the pages
 * do not show are read one by one on their own backoff. Each order is
 * claimed with a lease just before it is written, and a state change and
 * its notification are written in one transaction, so a crash anywhere
 * neither loses nor doubles an event.
 */
export function createDeliveryPoller(deps: DeliveryPollerDeps): DeliveryPoller {
  const { leases, provider, clock, random, logger, owner, staleMs } = deps;
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const settings: SweepSettings = { ...SWEEP, ...deps.sweep };
  const requestsPerSecond = deps.requestsPerSecond ?? DEFAULT_REQUESTS_PER_SECOND;
  /** Provider order id -> 404s in a row. Memory is enough: after a restart it counts again. */
  const notFound = new Map<number, number>();
  /** Sweeps in a row that changed nothing and met no new order; the pace slows after a few. */
  let quietSweeps = 0;
  /** Highest local id among the orders the last sweep watched: a higher one is a new order. */
  let newestWatchedId = 0;
  /** Order pages the last whole sweep needed to see every open order, and the page it saw each order on. */
  let pagesNeeded = 1;
  let seenInLastSweep: PagesSeen = new Map();
  /** Quiet single-page reads so far: picks the page of the next. */
  let probes = 0;
  const changes = createChangeRate(() => settings.changeWindowMs);

  const watchedOrders = (): Promise<Watched[]> => leases.watched(WATCHED_STATES);

  const claim = (id: number): Promise<OrderRow | null> => leases.claim({ id, owner, now: clock.now(), leaseMs });
  const { settle, keepFollowing, giveBack } = createClaimedWrites({ leases, clock, random, logger, owner, staleMs });

  /** `ahead`: before the history pages waiting at the limiter (after staff, in the same share): its codes are awaited. */
  async function readDetail(order: OrderRow, result: PollRunResult, ahead = false): Promise<OrderDetail> {
    if (order.providerOrderId === null) throw new Error(`order ${order.id} is ${order.state} without a provider order id`);
    result.detailsFetched++;
    // The client checks that the answer is this order (id and reference) and throws otherwise.
    const detail = await provider.getOrder(order.providerOrderId, {
      priority: 'background',
      ahead,
      known: { orderReference: order.providerReference },
    });
    notFound.delete(order.providerOrderId);
    // Handed over before the write, so that the sender, which may claim the row at once, finds it.
    if (localStateFor(detail.status) === 'completed') deps.handover?.put(order.id, detail);
    return detail;
  }

  /** Counts a change; codes just written are the sender's to send now. */
  function changedTo(status: string, result: PollRunResult): void {
    result.changed++;
    if (localStateFor(status) === 'completed') deps.handover?.written();
  }

  /** Runs the work on one claimed order; a rate limit ends the sweep, any other failure only this order's turn. */
  async function onClaimed(id: number, result: PollRunResult, work: (order: OrderRow) => Promise<void>, onFailure: (order: OrderRow, error: unknown) => Promise<void> | void): Promise<void> {
    const order = await claim(id);
    if (!order) return;
    try {
      await work(order);
    } catch (error) {
      result.errors++;
      deps.handover?.drop(order.id);
      if (error instanceof ProviderRateLimitedError) {
        await giveBack(order, error.retryAfterMs);
        throw error;
      }
      if (error instanceof ProviderOrderMismatchError) await deps.onOrderMismatch?.(error).catch(() => undefined);
      try {
        await onFailure(order, error);
      } catch (writeError) {
        // The lease runs out and the order is looked at again; the sweep goes on with the others.
        logger.error({ orderId: order.id, err: describeSweepFailure(writeError) }, 'could not record a failed check');
      }
    }
  }

  /** A listed order whose status changed: the work is done on the row as it is now, which may differ from the snapshot. */
  async function followListed(id: number, listed: string, result: PollRunResult): Promise<void> {
    await onClaimed(
      id,
      result,
      async (order) => {
        // Another process got there first.
        if (order.providerStatus === listed) return void (await leases.release({ id: order.id, owner }));
        const status = isFinal(localStateFor(listed)) ? (await readDetail(order, result, true)).status : listed;
        if (await settle(order, status)) changedTo(status, result);
      },
      (order, error) => {
        logger.warn({ orderId: order.id, state: order.state, err: describeSweepFailure(error) }, 'order check failed; the next sweep looks again');
        return keepFollowing(order, { counted: false });
      },
    );
  }

  /** An order the pages did not show: its detail, on its own backoff; an order the provider keeps denying is reported. */
  async function followAlone(id: number, result: PollRunResult): Promise<void> {
    await onClaimed(
      id,
      result,
      async (order) => {
        const { status } = await readDetail(order, result);
        if (await settle(order, status)) changedTo(status, result);
      },
      async (order, error) => {
        const misses = error instanceof ProviderNotFoundError && order.providerOrderId !== null ? (notFound.get(order.providerOrderId) ?? 0) + 1 : 0;
        if (misses > 0 && order.providerOrderId !== null) notFound.set(order.providerOrderId, misses);
        const lost = misses >= settings.notFoundAlertAfter;
        logger.warn({ orderId: order.id, state: order.state, err: describeSweepFailure(error), ...(misses > 0 ? { notFound: misses } : {}) }, 'order check failed; will retry');
        await keepFollowing(order, { slow: lost });
        if (lost) {
          logger.error({ orderId: order.id, reference: order.providerReference, misses }, 'the provider does not know this order; administrators told');
          await deps.reportNotFound?.(order, misses);
        }
      },
    );
  }

  /**
   * Reads the pages newest first until every open order has been seen. An
   * order whose status changed is acted on as soon as its page is read,
   * while the next page loads, so that its codes do not wait for the rest of
   * the history; the orders no page showed are read one by one at the end.
   * Pages surely needed load two at a time (sweep-pages.ts), within the
   * sweep's share, the finished orders' details going before them.
   */
  async function sweep(watched: Watched[], history: ProviderHistory, result: PollRunResult): Promise<void> {
    const wanted = new Set(watched.map((order) => order.providerOrderId));
    const byProviderId = new Map(watched.flatMap((order) => (order.providerOrderId === null ? [] : [[order.providerOrderId, order] as const])));
    const listed = new Map<number, string>();
    const actedOn = new Set<number>();
    // One page's changes at a time, in page order; a failure (a rate limit) stops the rest and ends the sweep below.
    let acting: Promise<void> = Promise.resolve();
    let actFailure: unknown = null;
    // A later page is a later read: an order pushed down by new ones is taken as last seen.
    const note = (items: readonly OrderListEntry[]) => {
      const changed: Watched[] = [];
      for (const entry of items) {
        listed.set(entry.orderId, entry.status);
        wanted.delete(entry.orderId);
        const order = byProviderId.get(entry.orderId);
        if (order && entry.status !== order.providerStatus && !actedOn.has(order.id)) changed.push(order);
      }
      if (changed.length === 0) return;
      for (const order of changed) actedOn.add(order.id);
      const seen = new Map(listed);
      acting = acting.then(() => (actFailure === null ? act(changed, seen, result) : undefined)).catch((error: unknown) => void (actFailure ??= error));
    };
    try {
      const open = watched.map((order) => order.providerOrderId);
      // Noted as they come, so that what was read before a failure still counts.
      const read = await readSweepPages({ history, maxPages: settings.maxPages, open, lastSeen: seenInLastSweep, onPage: (items) => (note(items), wanted.size === 0) });
      // The last page of the list is not handed to the callback.
      note(read.entries);
      pagesNeeded = Math.max(1, read.deepest);
      seenInLastSweep = read.seen;
    } catch (error) {
      if (error instanceof ProviderRateLimitedError) throw await acting.then(() => error);
      result.errors++;
      logger.warn({ err: describeSweepFailure(error) }, 'order history unavailable; orders not shown are read one by one');
    }
    await acting;
    if (actFailure !== null) throw actFailure;
    await act(watched.filter((order) => !actedOn.has(order.id)), listed, result);
  }

  /**
   * While nothing changes, one page instead of all: page 1 (the newest
   * orders, the ones people wait for) every other time, the older pages in
   * turn between. Orders the last whole sweep did not show are still read
   * one by one when due; the first change seen brings whole sweeps back.
   */
  async function probe(watched: Watched[], history: ProviderHistory, result: PollRunResult): Promise<void> {
    const turn = probes++;
    const number = pagesNeeded <= 1 || turn % 2 === 0 ? 1 : 2 + (Math.floor(turn / 2) % (pagesNeeded - 1));
    const listed = new Map<number, string>();
    try {
      for (const entry of (await history.orderPage(number)).items) listed.set(entry.orderId, entry.status);
    } catch (error) {
      if (error instanceof ProviderRateLimitedError) throw error;
      result.errors++;
      logger.warn({ err: describeSweepFailure(error), page: number }, 'order history page unavailable');
    }
    const inScope = watched.filter(
      (order) => order.providerOrderId !== null && (listed.has(order.providerOrderId) || !seenInLastSweep.has(order.providerOrderId)),
    );
    await act(inScope, listed, result);
  }

  async function act(watched: Watched[], listed: ReadonlyMap<number, string>, result: PollRunResult): Promise<void> {
    for (const providerOrderId of listed.keys()) notFound.delete(providerOrderId);
    const plan = planSweep({ watched, listed, now: clock.now(), staleMs, fallbackBatch: settings.fallbackBatch });
    for (const { order, listed: status } of plan.move) await followListed(order.id, status, result);
    await inPool(plan.confirm, settings.detailConcurrency, ({ order, listed: status }) => followListed(order.id, status, result));
    for (const order of plan.stale) {
      await onClaimed(order.id, result, async (claimed) => keepFollowing(claimed, { counted: false }), () => undefined);
    }
    for (const order of plan.fallback) await followAlone(order.id, result);
  }

  /** Unknown outcomes keep their own pace; they read the pages this sweep already has. */
  async function reconcileDue(history: ProviderHistory, result: PollRunResult): Promise<void> {
    const due = await leases.claimDue({ owner, now: clock.now(), leaseMs, limit: settings.reconcileBatch, states: ['unknown'] });
    for (const [index, order] of due.entries()) {
      try {
        const outcome = await reconcileClaimed({ leases, appState: deps.appState, provider, history, clock, random, logger, owner, staleMs }, order);
        result.detailsFetched += outcome.detailsFetched;
        if (outcome.verdict !== null && outcome.verdict !== 'pending') {
          result.reconciled++;
          result.changed++;
        }
      } catch (error) {
        result.errors++;
        if (error instanceof ProviderRateLimitedError) {
          for (const rest of due.slice(index)) await giveBack(rest, error.retryAfterMs);
          throw error;
        }
        logger.warn({ orderId: order.id, state: order.state, err: describeSweepFailure(error) }, 'order check failed; will retry');
        try {
          await keepFollowing(order);
        } catch (writeError) {
          logger.error({ orderId: order.id, err: describeSweepFailure(writeError) }, 'could not reschedule a failed check');
        }
      }
    }
  }

  return {
    async runOnce() {
      const startedAt = clock.now();
      const result: PollRunResult = { watched: 0, pagesRead: 0, changed: 0, detailsFetched: 0, reconciled: 0, errors: 0, nextAt: null };
      let pages = 0;
      const counted: Pick<ProviderClient, 'listOrders' | 'listTransactions'> = {
        listOrders: (q, o) => ((pages += 1), provider.listOrders(q, o)),
        listTransactions: (q, o) => ((pages += 1), provider.listTransactions(q, o)),
      };
      const history = createProviderHistory({ provider: counted });
      const watched = await watchedOrders();
      result.watched = watched.length;
      const newest = watched.reduce((max, order) => Math.max(max, order.id), 0);
      const youngestAge = youngestAgeMs(watched, startedAt);
      const young = hasYoungOrder(youngestAge, settings.youngOrderMs);
      const probing = quietSweeps >= settings.quietAfterSweeps && pagesNeeded > 1 && newest <= newestWatchedId && !young;
      try {
        if (watched.length > 0) await (probing ? probe : sweep)(watched, history, result);
        await reconcileDue(history, result);
      } catch (error) {
        if (!(error instanceof ProviderRateLimitedError)) throw error;
        logger.warn({ retryAfterMs: error.retryAfterMs }, 'provider rate limited; sweep ended early');
        result.pagesRead = pages;
        result.nextAt = clock.now() + error.retryAfterMs;
        return result;
      }
      result.pagesRead = pages;
      const quiet = result.changed === 0 && result.errors === 0 && newest <= newestWatchedId;
      quietSweeps = quiet ? quietSweeps + 1 : 0;
      newestWatchedId = Math.max(newestWatchedId, newest);
      changes.note(startedAt, result.changed);
      if (watched.length > 0) {
        const paceMs = nextSweepIntervalMs({ pagesRead: pages, requestsPerSecond, youngestAgeMs: youngestAge, changesPerMs: changes.perMs(startedAt), settings });
        // Quiet with more than one page and no young order: the next run reads a single page, at the quiet rate.
        // A single page that showed a change means more are likely on the pages not read: all of them at once.
        const interval =
          probing && !quiet ? 0 : quietSweeps >= settings.quietAfterSweeps && pagesNeeded > 1 && !young ? probeIntervalMs(settings.quietPagesPerSecond) : paceMs;
        result.nextAt = startedAt + interval;
      }
      return result;
    },
  };
}
