import type { Clock } from '../clock.js';
import type { PgDb } from './postgres/open.js';
import { postgresDatabase } from './seam/postgres-database.js';
import { createSharedRateBudgetStore } from './shared-rate-budget.js';
import { storesOver, type Stores } from './stores.js';

/**
 * The stores on PostgreSQL, apart from SQLite's (stores.ts) so that a start
 * on SQLite never loads the PostgreSQL driver.
 * `ownerLock`: this process's (Roles.ownerLock), recorded on the orders, approvals and update claims it works on.
 */
export function postgresStores(deps: { db: PgDb; clock: Clock; ownerLock?: number | null }): Stores {
  const ownerLock = deps.ownerLock ?? null;
  return storesOver(postgresDatabase(deps.db.$client), deps.clock, {
    ownerLock,
    // SQL only PostgreSQL speaks (shared-rate-budget.ts): given the pool, not the seam.
    rateBudget: createSharedRateBudgetStore({ db: deps.db }),
  });
}
