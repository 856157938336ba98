import { afterAll } from 'vitest';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { systemClock } from '../../src/clock.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createProviderIdentity } from '../../src/db/provider-identity.js';
import { createOrderStore } from '../../src/db/order-store.js';
import { intentInput } from '../support/order-fixtures.js';
import { providerIdentityContract } from './contract/provider-identity.contract.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

providerIdentityContract('SQLite', async () => {
  const db = openDb(':memory:');
  opened.push(db);
  const orders = createOrderStore({ database: databaseOf(db), clock: systemClock });
  let n = 0;
  return {
    store: createProviderIdentity({ database: databaseOf(db), clock: systemClock }),
    addOrder: async (sandbox) => {
      n += 1;
      await orders.openIntent(intentInput({ sandbox, confirmKey: `k${n}`, fingerprint: `f${n}` }));
    },
    stateText: async (key) => db.$client.prepare<[string], { value: string }>('select value from app_state where key = ?').get(key)?.value,
  };
});
