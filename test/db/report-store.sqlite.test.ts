import { afterAll } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { createAppStateStore } from '../../src/db/app-state-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { auditLog, batches, orders } from '../../src/db/schema.js';
import { createSqliteAuditQueries } from '../../src/reports/audit-queries.js';
import { createSqliteReportQueries } from '../../src/reports/report-queries.js';
import { reportStoreContract } from './contract/report-store.contract.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

/** Rows per insert: well under SQLite's limit on bound values. */
const CHUNK = 200;

reportStoreContract('SQLite', async () => {
  const db = openDb(':memory:');
  opened.push(db);
  const appState = createAppStateStore({ database: databaseOf(db), clock: systemClock });
  return {
    reports: createSqliteReportQueries({ db }),
    audit: createSqliteAuditQueries({ db }),
    appState,
    // One writer at a time on SQLite: the same store stands for a second connection.
    otherAppState: appState,
    async addOrders(rows) {
      const ids: number[] = [];
      for (let i = 0; i < rows.length; i += CHUNK) {
        ids.push(...db.insert(orders).values(rows.slice(i, i + CHUNK)).returning({ id: orders.id }).all().map((r) => r.id));
      }
      return ids;
    },
    async addAudit(rows) {
      for (let i = 0; i < rows.length; i += CHUNK) db.insert(auditLog).values(rows.slice(i, i + CHUNK)).run();
    },
    addBatch: async (row) => db.insert(batches).values(row).returning().get().id,
  };
});
