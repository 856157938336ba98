import { createTopUpStore } from '../../src/db/top-up-store.js';
import { forEachDatabase } from '../support/each-database.js';
import { createManualClock } from '../support/manual-clock.js';
import { T0, topUpStoreContract } from './contract/top-up-store.contract.js';

forEachDatabase(['top_up_requests', 'audit_log'], (label, fresh, another) =>
  topUpStoreContract(label, async () => {
    const clock = createManualClock(T0);
    const db = await fresh();
    return { store: createTopUpStore({ database: db, clock }), other: createTopUpStore({ database: another(), clock }), clock, db };
  }),
);
