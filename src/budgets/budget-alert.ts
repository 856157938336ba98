import type { Clock } from '../clock.js';
import type { AppStateStore } from '../db/app-state-store.js';
import type { OrderRow } from '../db/order-store.js';
import type { Logger } from '../logger.js';
import type { Budgets } from './budget-judge.js';

/** The share of a budget (spent and committed together) at which administrators are told. */
export const BUDGET_ALERT_SHARE = 0.8;

/** What the alert says: the cost centre and its month's figures. */
export interface BudgetAlertFacts {
  name: string;
  budget: number;
  spent: number;
  committed: number;
}

/**
 * Tells the administrators once per cost centre per month when its orders
 * reach 80 % of its budget. The "told" mark is kept in the app state
 * (budgets.told.<cost centre>.<month's start>), set in one locked update,
 * so that a restart or another instance does not tell again; a month
 * afresh is a new key.
 */
export function createBudgetAlert(deps: {
  budgets: Pick<Budgets, 'window'>;
  figuresOf: (centreId: number, window: { from: number; to: number }) => Promise<BudgetAlertFacts | null>;
  appState: Pick<AppStateStore, 'update'>;
  tell: (facts: BudgetAlertFacts) => Promise<void>;
  clock: Clock;
  logger: Logger;
}): (order: Pick<OrderRow, 'costCentreId'>) => Promise<void> {
  return async (order) => {
    if (order.costCentreId === null) return;
    const window = deps.budgets.window(deps.clock.now());
    const facts = await deps.figuresOf(order.costCentreId, window);
    if (facts === null || facts.spent + facts.committed < facts.budget * BUDGET_ALERT_SHARE) return;
    const key = `budgets.told.${order.costCentreId}.${window.from}`;
    const first = await deps.appState.update<boolean, boolean>(key, (told) => (told ? { result: false } : { next: true, result: true }));
    if (!first) return;
    deps.logger.info({ costCentre: order.costCentreId, ...facts }, 'cost centre reached 80 % of its budget');
    await deps.tell(facts);
  };
}

/** The order service, telling the budget alert after every order that may now count. */
type PlacesOrders<I, R> = { createIntentAndPlace(input: I): Promise<R> };

export function withBudgetAlertAfterOrders<I, R extends { kind: string; order: OrderRow }, S extends PlacesOrders<I, R>>(orders: S, check: (order: OrderRow) => Promise<void>, logger: Logger): S {
  return {
    ...orders,
    async createIntentAndPlace(input: I) {
      const result = await orders.createIntentAndPlace(input);
      if (result.kind === 'placed' || result.kind === 'unknown' || result.kind === 'accepted-unrecorded') {
        // After the answer, never before it: the orderer does not wait for the alert.
        check(result.order).catch((error: unknown) => logger.warn({ err: error instanceof Error ? error.name : String(error) }, 'budget alert after an order failed'));
      }
      return result;
    },
  };
}
