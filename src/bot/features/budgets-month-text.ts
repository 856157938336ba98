import type { BudgetMonth } from '../../budgets/budget-judge.js';
import { formatNumber } from '../../text/format.js';
import { showAmount, type ReaderView } from '../../text/presentation.js';
import { reportPlainText, type ReportPart } from '../../text/rich/report.js';
import { costCentreLine } from './cost-centres.js';

/**
 * /budgets' text: a head with the days left in the month, then one line per
 * active cost centre (budget, spent, committed, left; or no budget). Pure,
 * so that the benchmark times exactly what the command sends.
 */
export function budgetsMonthText(v: ReaderView, months: readonly BudgetMonth[], daysLeft: number): string {
  return reportPlainText({ parts: budgetsMonthParts(v, months, daysLeft), rtl: v.locale === 'fa' });
}

/** The same described once: the head, then a table (cost centre | budget | spent | committed | left) whose rows read as the lines above in plain text. */
export function budgetsMonthParts(v: ReaderView, months: readonly BudgetMonth[], daysLeft: number): ReportPart[] {
  const money = (value: number) => showAmount(v, value);
  const rows = months.map(({ centre, figures }) => {
    const base = { centre: costCentreLine(centre, v.locale), spent: money(figures.spent), committed: money(figures.committed) };
    if (centre.monthlyBudget === null) return { cells: [base.centre, v.t('budgets-col-no-budget'), base.spent, base.committed, ''], line: v.t('budgets-line-none', base) };
    const figured = { ...base, budget: money(centre.monthlyBudget), left: money(Math.max(0, centre.monthlyBudget - figures.spent - figures.committed)) };
    return { cells: [figured.centre, figured.budget, figured.spent, figured.committed, figured.left], line: v.t('budgets-line', figured) };
  });
  const head = v.t(months.length === 0 ? 'budgets-no-centres' : 'budgets-title', { days: formatNumber(daysLeft, v.locale), count: daysLeft });
  if (rows.length === 0) return [{ kind: 'lines', lines: [head] }];
  return [
    { kind: 'heading', text: head },
    {
      kind: 'table',
      header: ['centre', 'budget', 'spent', 'committed', 'left'].map((column) => v.t(`budgets-col-${column}`)),
      rows: rows.map((row) => row.cells),
      align: ['start', 'end', 'end', 'end', 'end'],
      plain: rows.map((row) => row.line),
    },
  ];
}
