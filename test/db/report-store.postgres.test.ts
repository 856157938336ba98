import { afterAll, beforeAll } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createAppStateStore } from '../../src/db/app-state-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createPostgresAuditQueries } from '../../src/db/postgres/audit-queries.js';
import { createPostgresReportQueries } from '../../src/db/postgres/report-queries.js';
import { auditLog, batches, orders } from '../../src/db/postgres/schema.js';
import { freshDatabase } from '../support/postgres-database.js';
import { reportStoreContract } from './contract/report-store.contract.js';

/** One database for the file, emptied before each case; a second pool on it for the races. */
let db: PgDb;
let other: PgDb;
beforeAll(async () => {
  const url = await freshDatabase('report_store');
  db = await openPostgres(url);
  other = await openPostgres(url);
});
afterAll(async () => {
  if (other) await closePostgres(other);
  if (db) await closePostgres(db);
});

const CHUNK = 200;

reportStoreContract('PostgreSQL', async () => {
  await db.$client.query('truncate audit_log, notifications, approvals, orders, batches, app_state restart identity cascade');
  return {
    reports: createPostgresReportQueries({ db }),
    audit: createPostgresAuditQueries({ db }),
    appState: createAppStateStore({ database: databaseOf(db), clock: systemClock }),
    otherAppState: createAppStateStore({ database: databaseOf(other), clock: systemClock }),
    async addOrders(rows) {
      const ids: number[] = [];
      for (let i = 0; i < rows.length; i += CHUNK) {
        ids.push(...(await db.insert(orders).values(rows.slice(i, i + CHUNK)).returning({ id: orders.id })).map((r) => r.id));
      }
      return ids;
    },
    async addAudit(rows) {
      for (let i = 0; i < rows.length; i += CHUNK) await db.insert(auditLog).values(rows.slice(i, i + CHUNK));
    },
    addBatch: async (row) => (await db.insert(batches).values(row).returning())[0]!.id,
  };
});
