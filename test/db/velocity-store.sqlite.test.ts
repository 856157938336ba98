import { velocityStoreContract } from './contract/velocity-store.contract.js';
import { sqliteStores } from '../../src/db/stores.js';
import { memoryDb } from '../support/memory-db.js';
import { createManualClock } from '../support/manual-clock.js';

// One instance on SQLite: the counts are the process's memory, the Stores bundle's own.
velocityStoreContract('SQLite', async () => {
  const { velocity } = sqliteStores({ db: memoryDb(), clock: createManualClock(0) });
  return { store: velocity, other: velocity };
});
