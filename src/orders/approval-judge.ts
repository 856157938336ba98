import type { Budgets } from '../budgets/budget-judge.js';
import type { Clock } from '../clock.js';
import type { ApprovalRow } from '../db/approval-store.js';
import { totalOf } from '../db/approval-store.js';
import type { SpendingCounter } from './spending-counter.js';
import type { SpendingRuleBook } from './spending-rules.js';

/**
 * Whether an order of `total` must wait for an administrator.
 * `exceptOrderId` leaves out the order being judged once it is an order
 * (under the wallet lock it is already 'placing', which counts as spent).
 */
export type ApprovalJudge = (userId: number, total: number, exceptOrderId?: number, costCentreId?: number | null) => Promise<boolean>;

interface ApprovalJudgeDeps {
  rules: Pick<SpendingRuleBook, 'rulesFor'>;
  counter: Pick<SpendingCounter, 'spentBy'>;
  /** The requests still waiting for an administrator, everyone's. */
  pending: () => Promise<ApprovalRow[]>;
  clock: Clock;
  /** The cost centres' budgets: an order over its cost centre's month waits for an administrator where the deployment asks (not refuses). */
  budgets?: Pick<Budgets, 'judge'>;
}

/**
 * The approval threshold is judged on the person's day, not on one order:
 * what they spent in the local day (the orders that count as spent, as the
 * day limit counts them), what waits for approval, and this order. Judged
 * per order, ten orders each at the threshold would need nobody's approval.
 * A pending request counts whichever day it was made: approved, it becomes
 * an order of the day it is approved in.
 */
export function createApprovalJudge(deps: ApprovalJudgeDeps): ApprovalJudge {
  const dayOf = createDayCount(deps);
  const personal = async (userId: number, total: number, exceptOrderId?: number) => {
    const threshold = deps.rules.rulesFor(userId).approval;
    if (threshold === null) return false;
    // The order alone already passes it: nothing to count.
    if (total > threshold) return true;
    return (await dayOf(userId, exceptOrderId)) + total > threshold;
  };
  return async (userId, total, exceptOrderId, costCentreId) => {
    if (await personal(userId, total, exceptOrderId)) return true;
    if (!deps.budgets) return false;
    const budget = await deps.budgets.judge(costCentreId, total, exceptOrderId);
    return !budget.ok && budget.mode === 'approve';
  };
}

/**
 * What the threshold is judged against, before the order in question: the
 * person's spending in the local day and the totals of their requests
 * waiting for approval. Administrators see it on the request's card, so an
 * order below the threshold that still needs them is explained.
 */
export function createDayCount(deps: Pick<ApprovalJudgeDeps, 'counter' | 'pending' | 'clock'>): (userId: number, exceptOrderId?: number) => Promise<number> {
  return async (userId, exceptOrderId) => {
    const [spent, pending] = await Promise.all([deps.counter.spentBy(userId, deps.clock.now(), exceptOrderId), deps.pending()]);
    const waiting = pending.filter((row) => row.requesterId === userId).reduce((sum, row) => sum + totalOf(row), 0);
    return spent.day + waiting;
  };
}
