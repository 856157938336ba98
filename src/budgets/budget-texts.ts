import { formatNumber } from '../text/format.js';
import { showAmount, type ReaderView } from '../text/presentation.js';
import type { BudgetAlertFacts } from './budget-alert.js';

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
