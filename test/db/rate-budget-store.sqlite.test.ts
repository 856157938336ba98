import { expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { createSqliteRateBudgetStore } from '../../src/provider/rate-budget-store.js';
import { rateBudgetContract } from './contract/rate-budget-store.contract.js';

// One instance on SQLite: the budget is this process's memory, on the real clock as PostgreSQL's is.
rateBudgetContract('SQLite', async () => ({ store: createSqliteRateBudgetStore({ clock: systemClock }) }));

it('tells the limiter to keep its budget in memory on SQLite', () => {
  expect(createSqliteRateBudgetStore({ clock: systemClock }).sharedAcrossInstances).toBe(false);
});
