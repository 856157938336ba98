import { createBudgetStore } from '../../src/db/budget-store.js';
import { createCostCentreStore } from '../../src/db/cost-centre-store.js';
import { createOrderStore } from '../../src/db/order-store.js';
import { postgresOwnerLocks } from '../../src/db/postgres/owner-lock.js';
import type { Database } from '../../src/db/seam/database.js';
import { forEachDatabase } from '../support/each-database.js';
import { createManualClock } from '../support/manual-clock.js';
import { budgetStoreContract, T0 } from './contract/budget-store.contract.js';

const ownersOf = (database: Database) => (database.kind === 'postgresql' ? postgresOwnerLocks(null) : null);

forEachDatabase(['cost_centres', 'orders', 'audit_log', 'notifications'], (label, fresh, another) =>
  budgetStoreContract(label, async () => {
    const clock = createManualClock(T0);
    const db = await fresh();
    const second = another();
    return {
      store: createBudgetStore({ database: db, clock }),
      other: createBudgetStore({ database: second, clock }),
      centres: createCostCentreStore({ database: db, clock }),
      orders: createOrderStore({ database: db, clock, owners: ownersOf(db) }),
      otherOrders: createOrderStore({ database: second, clock, owners: ownersOf(second) }),
      db,
    };
  }),
);
