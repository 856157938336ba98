import { formatNumber } from '../text/format.js';
import { showAmount, type ReaderView } from '../text/presentation.js';
import type { BudgetAlertFacts } from './budget-alert.js';
import type { BudgetRefusal } from './budget-judge.js';

/** The administrators' alert at 80 %: the cost centre, how much of its budget is used, and the figures. */
export function budgetAlertText(v: ReaderView, facts: BudgetAlertFacts): string {
  const used = Math.floor(((facts.spent + facts.committed) * 100) / Math.max(1, facts.budget));
  return v.t('budgets-alert', {
    centre: facts.name,
    share: formatNumber(used, v.locale),
    spent: showAmount(v, facts.spent),
    committed: showAmount(v, facts.committed),
    budget: showAmount(v, facts.budget),
  });
}

/**
 * A batch over a cost centre's budget: whose, what the month holds, what
 * the batch's orders for it add. `key` says when: refused at Confirm
 * ('batch-over-budget'), or on the summary before it, waiting for an
 * administrator or refused ('batch-summary-over-budget-approve' / '-refuse').
 */
export function batchOverBudgetText(v: ReaderView, budget: number, over: BudgetRefusal, key = 'batch-over-budget'): string {
  const money = (n: number) => showAmount(v, n);
  return v.t(key, {
    centre: over.centre,
    budget: money(budget),
    used: money(over.spent + over.committed),
    total: money(over.total),
    left: money(Math.max(0, budget - over.spent - over.committed)),
  });
}
