import { expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { createMemoryRateBudgetStore } from '../../src/db/memory-rate-budget.js';
import { createSharedRateBudgetStore } from '../../src/db/shared-rate-budget.js';
import { handleOf, forEachDatabase } from '../support/each-database.js';
import { rateBudgetContract } from './contract/rate-budget-store.contract.js';

/*
 * Each database with the budget Stores gives it: on SQLite, one instance,
 * this process's memory on the real clock (as PostgreSQL's is the server's);
 * on PostgreSQL the shared row, whose arrays of grants and server clock have
 * no SQLite form.
 */
forEachDatabase(['provider_rate_budget'], (label, fresh) => {
  const subject = async () => {
    const database = await fresh();
    if (label === 'SQLite') return createMemoryRateBudgetStore({ clock: systemClock });
    const handle = handleOf(database);
    if (handle.kind !== 'postgresql') throw new Error('the shared budget needs the PostgreSQL pool');
    return createSharedRateBudgetStore({ db: handle.db });
  };
  rateBudgetContract(label, async () => ({ store: await subject() }));

  it(`says whether the budget is shared with other instances: ${label === 'SQLite' ? 'not on SQLite' : 'on PostgreSQL'}`, async () => {
    expect((await subject()).sharedAcrossInstances).toBe(label === 'PostgreSQL');
  });
});
