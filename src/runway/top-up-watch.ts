import type { Clock } from '../clock.js';
import type { LedgerEntry, LedgerStore } from '../db/ledger-store.js';
import type { TopUpRequest, TopUpStore } from '../db/top-up-store.js';
import type { Logger } from '../logger.js';
import { transactionDirection } from '../provider/transaction-shape.js';

/** A credit this much short of the amount asked still answers the request: fees and rounding on the way. */
export const TOP_UP_TOLERANCE = 0.01;

/** Whether a credit answers a request: a top-up (no order named) after it, of at least the amount less the tolerance. */
export function creditAnswers(request: Pick<TopUpRequest, 'amount' | 'createdAt'>, entry: Pick<LedgerEntry, 'type' | 'amount' | 'providerOrderId' | 'at' | 'seenAt'>): boolean {
  if (transactionDirection(entry) !== 'credit' || entry.providerOrderId !== null) return false;
  const at = entry.at ?? entry.seenAt;
  return at >= request.createdAt.getTime() && entry.amount >= Math.ceil(request.amount * (1 - TOP_UP_TOLERANCE));
}

export interface TopUpWatch {
  /** Looks at the local copy for credits that answer open requests; marks each received once and tells its requester. Never throws. */
  tick(): Promise<void>;
}

/**
 * Follows open top-up requests on the wallet's local copy (kept current by
 * the wallet watch): the oldest request takes the first credit that answers
 * it, and a credit answers one request only.
 */
export function createTopUpWatch(deps: {
  store: Pick<TopUpStore, 'open' | 'markReceived'>;
  ledger: Pick<LedgerStore, 'between'>;
  /** Tells the requester; `credit` is the transaction that answered, its balanceAfter the wallet then. */
  tell: (request: TopUpRequest, credit: LedgerEntry) => Promise<void>;
  clock: Clock;
  logger: Logger;
}): TopUpWatch {
  return {
    async tick() {
      try {
        const open = await deps.store.open();
        if (open.length === 0) return;
        const since = Math.min(...open.map((request) => request.createdAt.getTime()));
        const credits = (await deps.ledger.between(since, deps.clock.now() + 24 * 3_600_000)).filter((entry) => transactionDirection(entry) === 'credit' && entry.providerOrderId === null);
        const used = new Set<number>();
        for (const request of open) {
          const credit = credits.find((entry) => !used.has(entry.id) && creditAnswers(request, entry));
          if (!credit) continue;
          used.add(credit.id);
          const marked = await deps.store.markReceived(request.id, { transactionId: credit.id, amount: credit.amount, at: credit.at ?? credit.seenAt });
          // Another instance marked it, or the credit settled another request there: nothing to tell here.
          if (!marked) continue;
          deps.logger.info({ request: request.id, transaction: credit.id, amount: credit.amount }, 'top-up request received');
          await deps.tell(marked, credit);
        }
      } catch (error) {
        deps.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'top-up requests: the credits could not be matched; the next look tries again');
      }
    },
  };
}
