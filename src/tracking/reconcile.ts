import type { Clock } from '../clock.js';
import type { AppStateStore } from '../db/app-state-store.js';
import type { AdoptionProof, ReviewCandidate } from '../domain/order-states.js';
import type { NotificationKind } from '../domain/notification-kinds.js';
import { planFollowUp } from './follow-up.js';
import { ProviderOrderTakenError, type ClaimedWrite, type ClaimedWriteResult, type OrderLeaseStore } from '../db/order-lease-store.js';
import type { Logger } from '../logger.js';
import type { ProviderClient } from '../provider/client.js';
import type { OrderDetail } from '../provider/schemas.js';
import { combineSamples, currentOffset, flightOf, marginOf } from './flight-proof.js';
import type { OrderRow } from '../db/order-store.js';
import { isFinal, localStateFor, notificationFor } from '../domain/order-lifecycle.js';
import type { ProviderHistory } from '../provider/history.js';
import { examineCandidates, RECONCILE, rivalsFor, searchCandidates, windowOf, type Examined, type Rival } from './reconcile-search.js';


interface ReconcileDeps {
  leases: OrderLeaseStore;
  /** Where the provider's measured clock offset is kept between checks. */
  appState: AppStateStore;
  provider: Pick<ProviderClient, 'getOrder'>;
  /** The pages of this run, shared with the poller. */
  history: ProviderHistory;
  clock: Clock;
  random: () => number;
  logger: Logger;
  /** The lease owner that claimed the order. */
  owner: string;
  staleMs: number;
}

type ReconcileVerdict = 'adopted' | 'not_placed' | 'needs_review' | 'pending';

interface ReconcileResult {
  /** Null when the lease or the state changed under us and nothing was written. */
  verdict: ReconcileVerdict | null;
  order: OrderRow | null;
  detailsFetched: number;
}

type Decision =
  | { verdict: 'adopted'; adopted: OrderDetail }
  | { verdict: 'needs_review'; named: ReviewCandidate[]; why: string }
  | { verdict: 'not_placed' }
  | { verdict: 'pending' };

const listIds = (candidates: readonly ReviewCandidate[]): string => {
  const ids = candidates.map((candidate) => candidate.orderId);
  return `${ids.slice(0, 10).join(', ')}${ids.length > 10 ? ' and more' : ''}`;
};

/**
 * The verdict from what the search found. "Not placed" only when the whole
 * window of history and transactions was read and shows no candidate at
 * all, and never for an order the provider's answer accepted; adoption only
 * of a single match proven ours (created inside the POST's flight, its
 * debit in the wallet) that nothing else found could contest.
 */
function decide(input: {
  examined: Examined;
  covered: boolean;
  rivals: readonly Rival[];
  graceOver: boolean;
  accepted?: boolean;
}): Decision {
  const { examined, covered, rivals, graceOver } = input;
  const { confirmed, undebited, unproven, contested, open, named } = examined;
  // A number another local order holds may be ours all the same: a person decides, at once.
  if (contested.length > 0) {
    const held = contested.map((c) => `${c.candidate.orderId} (held by local order ${c.heldBy})`).join(', ');
    return { verdict: 'needs_review', named, why: `candidate ${held}` };
  }
  // A match the flight does not prove will not become proof by waiting: a person decides, at once.
  if (unproven.length > 0) return { verdict: 'needs_review', named, why: `not proven by the POST's flight: candidates ${listIds(named)}` };
  const only = confirmed.length === 1 && open.length === 0 && undebited.length === 0 ? confirmed[0] : undefined;
  if (only && rivals.length === 0) return { verdict: 'adopted', adopted: only.detail };
  if (only) {
    // An order still being sent settles within its timeout and then links or frees the candidate.
    if (!graceOver && rivals.every((rival) => rival.state === 'placing')) return { verdict: 'pending' };
    const ids = rivals.map((rival) => rival.id).join(', ');
    return { verdict: 'needs_review', named, why: `candidate ${only.detail.orderId} could also be local order ${ids}` };
  }
  if (confirmed.length > 0) return { verdict: 'needs_review', named, why: `candidates ${listIds(named)}` };
  if (open.length > 0 || undebited.length > 0) {
    // The wallet may show a debit late, and an unreadable order may become readable.
    return graceOver ? { verdict: 'needs_review', named, why: `not ruled out: candidates ${listIds(named)}` } : { verdict: 'pending' };
  }
  if (!graceOver) return { verdict: 'pending' };
  if (input.accepted) return { verdict: 'needs_review', named: [], why: 'the provider accepted the order but it is not found' };
  // A time the pages did not reach may hide the order: only a person may call that "not placed".
  return covered ? { verdict: 'not_placed' } : { verdict: 'needs_review', named: [], why: 'history did not reach the time of the order' };
}

/**
 * An order POST whose outcome is unknown may or may not have created an
 * order. The order history and the wallet's debits around the time it was
 * sent tell: exactly one matching provider order created inside the POST's
 * flight (on the measured provider clock) whose debit the wallet shows, and
 * that no other open local order could also claim, is adopted, and
 * administrators are told why; no candidate at all in a window read whole,
 * after a grace period long enough for a slow provider to show it, means it
 * was not placed and ordering again is safe; anything else goes to an
 * administrator.
 */
export async function reconcileClaimed(deps: ReconcileDeps, order: OrderRow): Promise<ReconcileResult> {
  const { leases, provider, clock, logger } = deps;
  const window = windowOf(order);
  const found = await searchCandidates(leases, deps.history, order, window);
  const offset = await currentOffset(deps.appState, combineSamples(found.samples), clock.now());
  const examined = await examineCandidates(provider, order, window, found, offset);
  const { detailsFetched } = examined;
  const single = examined.confirmed.length === 1 && examined.open.length === 0 ? examined.confirmed[0] : undefined;
  const rivals = single ? await rivalsFor(leases, order, single.bounds) : [];

  const now = clock.now();
  const checkCount = order.checkCount + 1;
  const base = { order, owner: deps.owner, now, checkCount };
  const graceOver = checkCount >= RECONCILE.minChecks && now - window.anchor >= RECONCILE.graceMs;
  const decision = decide({ examined, covered: found.covered, rivals, graceOver, accepted: order.acceptedOrderId !== null });
  const verdict: ReconcileVerdict = decision.verdict;

  let write: ClaimedWrite;
  if (decision.verdict === 'adopted') {
    const adopted = decision.adopted;
    const state = localStateFor(adopted.status);
    // The adopted order starts its own follow-up from the first, quick checks.
    const follow = planFollowUp({ order, state, checkCount: 0, now, staleMs: deps.staleMs, random: deps.random });
    const kind = notificationFor(state);
    const quoted = order.totalAmount;
    if (adopted.amount !== quoted) {
      logger.warn({ orderId: order.id, quoted, charged: adopted.amount }, 'adopted order was charged a different amount');
    }
    const flight = flightOf(order);
    const proof: AdoptionProof | null = flight && {
      providerOrderId: adopted.orderId,
      providerCreatedAt: adopted.createdAt ?? '',
      flightFrom: flight.from,
      flightTo: flight.to,
      marginMs: marginOf(offset),
      measured: offset.measured,
      debitAmount: Math.abs(adopted.amount),
    };
    write = {
      ...base,
      checkCount: 0,
      nextCheckAt: follow.nextCheckAt,
      set: {
        providerOrderId: adopted.orderId,
        providerReference: adopted.orderReference,
        providerStatus: adopted.status,
        // What the provider charged is what the records and the audit trail show.
        totalAmount: adopted.amount,
        adoptionProof: proof,
        ...(isFinal(state) ? { finishedAt: new Date(now) } : {}),
        ...follow.set,
      },
      move: {
        to: state,
        audit: {
          actorId: null,
          action: 'order.adopted',
          facts: { providerOrder: adopted.orderId, status: adopted.status, quoted: adopted.amount === quoted ? null : quoted, proof: 'flight-and-debit' },
        },
      },
      notify: ['adopted', ...(kind ? [kind] : []), ...follow.notify] satisfies NotificationKind[],
    };
  } else if (decision.verdict === 'needs_review') {
    write = {
      ...base,
      nextCheckAt: null,
      set: { reviewCandidates: decision.named },
      move: { to: 'needs_review', audit: { actorId: null, action: 'order.needs_review', facts: { note: decision.why } } },
      notify: ['needs_review'],
    };
  } else if (decision.verdict === 'not_placed') {
    write = {
      ...base,
      nextCheckAt: null,
      set: { finishedAt: new Date(now) },
      move: {
        to: 'not_placed',
        audit: { actorId: null, action: 'order.not_placed', facts: { cause: 'no-provider-order', checks: checkCount } },
      },
      notify: ['not_placed'],
    };
  } else {
    const follow = planFollowUp({ order, state: 'unknown', checkCount, now, staleMs: deps.staleMs, random: deps.random });
    write = { ...base, nextCheckAt: follow.nextCheckAt, set: follow.set, notify: follow.notify };
  }

  let written: ClaimedWriteResult | null;
  try {
    written = await leases.writeClaimed(write);
  } catch (error) {
    // Another process adopted the same provider order between our search and this write.
    if (verdict === 'adopted' && error instanceof ProviderOrderTakenError) {
      logger.warn({ orderId: order.id }, 'candidate order was adopted elsewhere; will search again');
      return { verdict: null, order: null, detailsFetched };
    }
    throw error;
  }
  if (!written) {
    logger.warn({ orderId: order.id }, 'lease lost during reconciliation; nothing written');
    return { verdict: null, order: null, detailsFetched };
  }
  const after = written.order;
  if (verdict !== 'pending') {
    logger.info(
      { orderId: order.id, reference: after.providerReference, from: order.state, to: after.state, providerStatus: after.providerStatus, verdict },
      'unknown order reconciled',
    );
  } else if (written.enqueued.includes('stale')) {
    logger.info({ orderId: order.id, state: order.state }, 'order reported stale');
  }
  return { verdict, order: after, detailsFetched };
}
