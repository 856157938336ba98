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

/** A batch refused at Confirm by a cost centre's budget: whose, what the month holds, what the batch's orders for it add. */
export function batchOverBudgetText(v: ReaderView, budget: number, over: BudgetRefusal): string {
  const money = (n: number) => showAmount(v, n);
  return v.t('batch-over-budget', {
    centre: over.centre,
    budget: money(budget),
    used: money(over.spent + over.committed),
    total: money(over.total),
    left: money(Math.max(0, budget - over.spent - over.committed)),
  });
}
