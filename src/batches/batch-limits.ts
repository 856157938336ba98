import { judgeLimits, type LimitVerdict } from '../orders/limit-check.js';
import type { SpendingCounter } from '../orders/spending-counter.js';
import type { SpendingRuleBook } from '../orders/spending-rules.js';
import type { Clock } from '../clock.js';

/**
 * Limits judge a batch as a whole before its first order: its largest
 * order against the per-order limit, its total against what is left of the
 * day and the month. Each order is still checked again under the wallet
 * lock when it is placed.
 */
export function createBatchLimitCheck(deps: { rules: Pick<SpendingRuleBook, 'rulesFor'>; counter: SpendingCounter; clock: Clock }) {
  return async (userId: number, orderTotals: readonly number[]): Promise<LimitVerdict> => {
    const rules = deps.rules.rulesFor(userId);
    if (rules.order === null && rules.day === null && rules.month === null) return { ok: true };
    const now = deps.clock.now();
    const spent = await deps.counter.spentBy(userId, now);
    const largest = judgeLimits({ order: rules.order, day: null, month: null }, spent, orderTotals.reduce((most, value) => Math.max(most, value), 0));
    if (!largest.ok) return largest;
    const total = orderTotals.reduce((sum, value) => sum + value, 0);
    const verdict = judgeLimits({ order: null, day: rules.day, month: rules.month }, spent, total);
    if (verdict.ok || verdict.limit === 'order') return verdict;
    return { ...verdict, resetsAt: deps.counter.periodEnd(verdict.limit, now) };
  };
}

export type BatchLimitCheck = ReturnType<typeof createBatchLimitCheck>;
