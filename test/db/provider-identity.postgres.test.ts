import { afterAll, beforeAll } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createProviderIdentity } from '../../src/db/provider-identity.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { freshDatabase } from '../support/postgres-database.js';
import { providerIdentityContract } from './contract/provider-identity.contract.js';

/** One database for the file, emptied before each case. */
let db: PgDb;
beforeAll(async () => {
  db = await openPostgres(await freshDatabase('provider_identity'));
});
afterAll(async () => {
  if (db) await closePostgres(db);
});

providerIdentityContract('PostgreSQL', async () => {
  await db.$client.query('truncate orders, app_state restart identity cascade');
  let n = 0;
  return {
    store: createProviderIdentity({ database: databaseOf(db), clock: systemClock }),
    addOrder: async (sandbox) => {
      n += 1;
      await db.$client.query(
        `insert into orders (user_id, chat_id, confirm_key, fingerprint, lines, total_amount, state, sandbox, created_at, updated_at)
         values (1, 1, $1, $1, '[]'::jsonb, 1250000, 'intent', $2, now(), now())`,
        [`k${n}`, sandbox],
      );
    },
    stateText: async (key) => (await db.$client.query<{ value: string }>('select value from app_state where key = $1', [key])).rows[0]?.value,
  };
});
