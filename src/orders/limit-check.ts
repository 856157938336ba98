import type { BudgetRefusal, Budgets } from '../budgets/budget-judge.js';

export type { BudgetRefusal } from '../budgets/budget-judge.js';
import type { Clock } from '../clock.js';
import type { SpendingCounter, Spent } from './spending-counter.js';
import type { SpendingRuleBook, SpendingRules } from './spending-rules.js';

/** The person's own limits, and 'budget': the order's cost centre's month where over-budget orders are refused. */
export type LimitKind = 'order' | 'day' | 'month' | 'budget';

export type LimitVerdict =
  | { ok: true }
  /**
   * `cap` is the limit; `left` what may still be spent under it (for
   * 'order', the most one order may cost). `resetsAt` is when a day or
   * month limit starts afresh; null for 'order', and when not known.
   * Plain data: it travels through the order conversation's log.
   */
  | { ok: false; limit: LimitKind; cap: number; left: number; resetsAt?: number | null; budget?: BudgetRefusal };


/** A verdict on the person's own limits only: never 'budget'. */
export type PersonalLimitVerdict = { ok: true } | (Extract<LimitVerdict, { ok: false }> & { limit: Exclude<LimitKind, 'budget'> });

/**
 * Whether an order of `total` fits the person's rules, given what they
 * already spent. The tightest limit is named first: per order, then day,
 * then month, which is also the one that frees up soonest.
 */
export function judgeLimits(rules: Pick<SpendingRules, 'order' | 'day' | 'month'>, spent: Spent, total: number): PersonalLimitVerdict {
  if (rules.order !== null && total > rules.order) return { ok: false, limit: 'order', cap: rules.order, left: rules.order };
  if (rules.day !== null && spent.day + total > rules.day) return { ok: false, limit: 'day', cap: rules.day, left: Math.max(0, rules.day - spent.day) };
  if (rules.month !== null && spent.month + total > rules.month) {
    return { ok: false, limit: 'month', cap: rules.month, left: Math.max(0, rules.month - spent.month) };
  }
  return { ok: true };
}

export type LimitCheck = (userId: number, total: number, exceptOrderId?: number, costCentreId?: number | null) => Promise<LimitVerdict>;

/**
 * The check the summary shows and Confirm repeats under the wallet lock.
 * Asynchronous, as every store is: the lock is the process's own, and the
 * count is read afresh inside it, so orders placed one after the other are
 * still counted one after the other.
 */
export function createLimitCheck(deps: { rules: Pick<SpendingRuleBook, 'rulesFor'>; counter: SpendingCounter; clock: Clock; budgets?: Pick<Budgets, 'judge' | 'window'> }): LimitCheck {
  const personal = async (userId: number, total: number, exceptOrderId?: number): Promise<PersonalLimitVerdict> => {
    const rules = deps.rules.rulesFor(userId);
    // No limit set: no need to count.
    if (rules.order === null && rules.day === null && rules.month === null) return { ok: true };
    const now = deps.clock.now();
    const verdict = judgeLimits(rules, await deps.counter.spentBy(userId, now, exceptOrderId), total);
    if (verdict.ok || verdict.limit === 'order') return verdict;
    return { ...verdict, resetsAt: deps.counter.periodEnd(verdict.limit, now) };
  };
  return async (userId, total, exceptOrderId, costCentreId) => {
    const verdict = await personal(userId, total, exceptOrderId);
    if (!verdict.ok || !deps.budgets) return verdict;
    // The cost centre's budget is one more limit where the deployment refuses over-budget orders; otherwise it asks for approval (approval-judge.ts).
    const budget = await deps.budgets.judge(costCentreId, total, exceptOrderId);
    if (budget.ok || budget.mode !== 'refuse') return { ok: true };
    const left = Math.max(0, budget.budget - budget.spent - budget.committed);
    const refusal: BudgetRefusal = { centre: budget.name, spent: budget.spent, committed: budget.committed, total: budget.total };
    return { ok: false, limit: 'budget', cap: budget.budget, left, resetsAt: deps.budgets.window(deps.clock.now()).to, budget: refusal };
  };
}
