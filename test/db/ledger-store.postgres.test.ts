import { afterAll, beforeAll } from 'vitest';
import { createPostgresLedgerStore } from '../../src/db/postgres/ledger-store.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { orders } from '../../src/db/postgres/schema.js';
import { freshDatabase } from '../support/postgres-database.js';
import { ledgerStoreContract } from './contract/ledger-store.contract.js';

let db: PgDb;
beforeAll(async () => {
  db = await openPostgres(await freshDatabase('ledger_store'));
});
afterAll(async () => {
  if (db) await closePostgres(db);
});

ledgerStoreContract('PostgreSQL', async () => {
  await db.$client.query('truncate wallet_ledger, orders, audit_log, notifications restart identity cascade');
  return {
    store: createPostgresLedgerStore({ db }),
    async seedOrders(rows) {
      const out: { id: number }[] = [];
      for (const row of rows) out.push((await db.insert(orders).values(row).returning({ id: orders.id }))[0]!);
      return out;
    },
  };
});
