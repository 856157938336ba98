import type { Clock } from '../clock.js';
import type { SpendingCounter, Spent } from './spending-counter.js';
import type { SpendingRuleBook, SpendingRules } from './spending-rules.js';

export type LimitKind = 'order' | 'day' | 'month';

export type LimitVerdict =
  | { ok: true }
  /**
   * `cap` is the limit; `left` what may still be spent under it (for
   * 'order', the most one order may cost). `resetsAt` is when a day or
   * month limit starts afresh; null for 'order', and when not known.
   * Plain data: it travels through the order conversation's log.
   */
  | { ok: false; limit: LimitKind; cap: number; left: number; resetsAt?: number | null };

/**
 * Whether an order of `total` fits the person's rules, given what they
 * already spent. The tightest limit is named first: per order, then day,
 * then month, which is also the one that frees up soonest.
 */
export function judgeLimits(rules: Pick<SpendingRules, LimitKind>, spent: Spent, total: number): LimitVerdict {
  if (rules.order !== null && total > rules.order) return { ok: false, limit: 'order', cap: rules.order, left: rules.order };
  if (rules.day !== null && spent.day + total > rules.day) return { ok: false, limit: 'day', cap: rules.day, left: Math.max(0, rules.day - spent.day) };
  if (rules.month !== null && spent.month + total > rules.month) {
    return { ok: false, limit: 'month', cap: rules.month, left: Math.max(0, rules.month - spent.month) };
  }
  return { ok: true };
}

export type LimitCheck = (userId: number, total: number, exceptOrderId?: number) => Promise<LimitVerdict>;

/**
 * The check the summary shows and Confirm repeats under the wallet lock.
 * Asynchronous, as every store is: the lock is the process's own, and the
 * count is read afresh inside it, so orders placed one after the other are
 * still counted one after the other.
 */
export function createLimitCheck(deps: { rules: Pick<SpendingRuleBook, 'rulesFor'>; counter: SpendingCounter; clock: Clock }): LimitCheck {
  return async (userId, total, exceptOrderId) => {
    const rules = deps.rules.rulesFor(userId);
    // No limit set: no need to count.
    if (rules.order === null && rules.day === null && rules.month === null) return { ok: true };
    const now = deps.clock.now();
    const verdict = judgeLimits(rules, await deps.counter.spentBy(userId, now, exceptOrderId), total);
    if (verdict.ok || verdict.limit === 'order') return verdict;
    return { ...verdict, resetsAt: deps.counter.periodEnd(verdict.limit, now) };
  };
}
