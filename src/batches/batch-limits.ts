import type { BudgetRefusal, Budgets } from '../budgets/budget-judge.js';
import type { BatchOrderPlan } from '../domain/batches.js';
import { linesTotal } from '../orders/order-line.js';
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

/** A cost centre the batch would take over its month's budget: whose, by how much (a limit verdict of kind 'budget'). */
export type BatchOverBudget = Extract<LimitVerdict, { ok: false }> & { budget: BudgetRefusal };

/**
 * The cost centres' budgets judged on the whole batch: each cost centre
 * its orders name, on the sum of those orders at their confirmed prices,
 * with everything it already holds this month. Over a budget the batch is
 * refused (`refused` says whose and by how much) or waits for an
 * administrator (`approval`, the first cost centre it goes over), as the
 * deployment says. The summary shows the same judgement before Confirm;
 * each order is judged again under the wallet lock when it is placed.
 */
export async function judgeBatchBudgets(budgets: Pick<Budgets, 'judge' | 'window'>, plan: readonly BatchOrderPlan[], nowMs: number): Promise<{ refused: BatchOverBudget | null; approval: BatchOverBudget | null }> {
  const totals = new Map<number, number>();
  for (const order of plan) if (order.costCentreId) totals.set(order.costCentreId, (totals.get(order.costCentreId) ?? 0) + linesTotal(order.lines));
  let approval: BatchOverBudget | null = null;
  for (const [centre, total] of totals) {
    const verdict = await budgets.judge(centre, total);
    if (verdict.ok) continue;
    const left = Math.max(0, verdict.budget - verdict.spent - verdict.committed);
    const budget = { centre: verdict.name, spent: verdict.spent, committed: verdict.committed, total };
    const over: BatchOverBudget = { ok: false, limit: 'budget', cap: verdict.budget, left, resetsAt: budgets.window(nowMs).to, budget };
    if (verdict.mode === 'refuse') return { refused: over, approval };
    approval ??= over;
  }
  return { refused: null, approval };
}
