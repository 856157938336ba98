import { createMonthCloseStore } from '../../src/db/month-close-store.js';
import { forEachDatabase } from '../support/each-database.js';
import { createManualClock } from '../support/manual-clock.js';
import { monthCloseStoreContract, T0 } from './contract/month-close-store.contract.js';

forEachDatabase(['statement_notes', 'closed_months', 'orders', 'audit_log'], (label, fresh, another) =>
  monthCloseStoreContract(label, async () => {
    const clock = createManualClock(T0);
    const db = await fresh();
    const store = createMonthCloseStore({ database: db, clock });
    return { store, other: createMonthCloseStore({ database: another(), clock }), clock, db };
  }),
);
