import type { AdminAlerts } from '../alerts/admin-alerts.js';
import { createBudgetAlert } from '../budgets/budget-alert.js';
import type { Budgets } from '../budgets/budget-judge.js';
import { budgetAlertText } from '../budgets/budget-texts.js';
import type { Clock } from '../clock.js';
import type { Stores } from '../db/stores.js';
import type { Logger } from '../logger.js';
import type { Locale } from '../text/i18n.js';
import type { ReaderView } from '../text/presentation.js';

/** The 80 % alert of a cost centre's month, read from the stores and told to the administrators once. */
export function wireBudgetAlert(deps: {
  stores: Pick<Stores, 'costCentres' | 'budgets' | 'appState'>;
  budgets: Budgets;
  alerts: AdminAlerts;
  viewFor: (locale: Locale) => ReaderView;
  clock: Clock;
  logger: Logger;
}) {
  const { stores } = deps;
  return createBudgetAlert({
    budgets: deps.budgets,
    figuresOf: async (centreId, window) => {
      const centre = await stores.costCentres.get(centreId);
      if (!centre || centre.monthlyBudget === null) return null;
      const figures = (await stores.budgets.figures(window, { centreIds: [centreId] })).get(centreId) ?? { spent: 0, committed: 0 };
      return { name: centre.name, budget: centre.monthlyBudget, ...figures };
    },
    appState: stores.appState,
    // The told mark is the app state's: the alert itself is never held back by a quiet period.
    tell: (facts) => deps.alerts.alert(`budget-80:${facts.name}`, (locale) => budgetAlertText(deps.viewFor(locale), facts), { quietMs: 0 }),
    clock: deps.clock,
    logger: deps.logger.child({ component: 'budgets' }),
  });
}
