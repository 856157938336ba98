import { createBatchCardStore } from '../../src/db/batch-card-store.js';
import { createBatchStore } from '../../src/db/batch-store.js';
import { forEachDatabase } from '../support/each-database.js';
import { createManualClock } from '../support/manual-clock.js';
import { batchCardStoreContract, T0 } from './contract/batch-card-store.contract.js';

forEachDatabase(['batch_cards', 'batches'], (label, fresh, another) =>
  batchCardStoreContract(label, async () => {
    const clock = createManualClock(T0);
    const database = await fresh();
    return { store: createBatchCardStore({ database, clock }), other: createBatchCardStore({ database: another(), clock }), batches: createBatchStore({ database }) };
  }),
);
