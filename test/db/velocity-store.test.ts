import { createMemoryVelocityStore } from '../../src/db/memory-velocity.js';
import { createSharedVelocityStore } from '../../src/db/shared-velocity.js';
import { forEachDatabase } from '../support/each-database.js';
import { velocityStoreContract } from './contract/velocity-store.contract.js';

/*
 * Each database with the counts Stores gives it: on SQLite, one instance,
 * the process's memory (the other handle is the same store); on
 * PostgreSQL the shared table, whose arrays have no SQLite form, through a
 * second pool as another instance.
 */
forEachDatabase(['velocity_counters'], (label, fresh, another) =>
  velocityStoreContract(label, async () => {
    const database = await fresh();
    if (label === 'SQLite') {
      const memory = createMemoryVelocityStore();
      return { store: memory, other: memory };
    }
    return { store: createSharedVelocityStore({ database }), other: createSharedVelocityStore({ database: another() }) };
  }),
);
