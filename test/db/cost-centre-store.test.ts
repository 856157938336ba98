import { createCostCentreStore } from '../../src/db/cost-centre-store.js';
import { forEachDatabase } from '../support/each-database.js';
import { createManualClock } from '../support/manual-clock.js';
import { costCentreStoreContract, T0 } from './contract/cost-centre-store.contract.js';

forEachDatabase(['cost_centres', 'orders', 'audit_log'], (label, fresh, another) =>
  costCentreStoreContract(label, async () => {
    const clock = createManualClock(T0);
    const db = await fresh();
    const store = createCostCentreStore({ database: db, clock });
    return { store, other: createCostCentreStore({ database: another(), clock }), clock, db };
  }),
);
