import type { BudgetMonth } from '../../budgets/budget-judge.js';
import { formatNumber } from '../../text/format.js';
import { showAmount, type ReaderView } from '../../text/presentation.js';
import { costCentreLine } from './cost-centres.js';

/**
 * /budgets' text: a head with the days left in the month, then one line per
 * active cost centre (budget, spent, committed, left; or no budget). Pure,
 * so that the benchmark times exactly what the command sends.
 */
export function budgetsMonthText(v: ReaderView, months: readonly BudgetMonth[], daysLeft: number): string {
  const money = (value: number) => showAmount(v, value);
  const lines = months.map(({ centre, figures }) => {
    const base = { centre: costCentreLine(centre, v.locale), spent: money(figures.spent), committed: money(figures.committed) };
    if (centre.monthlyBudget === null) return v.t('budgets-line-none', base);
    return v.t('budgets-line', { ...base, budget: money(centre.monthlyBudget), left: money(Math.max(0, centre.monthlyBudget - figures.spent - figures.committed)) });
  });
  const head = v.t(months.length === 0 ? 'budgets-no-centres' : 'budgets-title', { days: formatNumber(daysLeft, v.locale), count: daysLeft });
  return [head, ...lines].join('\n');
}
