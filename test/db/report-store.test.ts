import { systemClock } from '../../src/clock.js';
import { createAppStateStore } from '../../src/db/app-state-store.js';
import { createAuditQueries } from '../../src/db/audit-queries.js';
import { createReportQueries } from '../../src/db/report-queries.js';
import { forEachDatabase } from '../support/each-database.js';
import { reportStoreContract } from './contract/report-store.contract.js';

/** Rows per insert: well under either database's limit on bound values. */
const CHUNK = 200;

forEachDatabase(['audit_log', 'notifications', 'approvals', 'orders', 'batches', 'app_state'], (label, fresh, another) =>
  reportStoreContract(label, async () => {
    const database = await fresh();
    const { q, tables } = database;
    const { orders, auditLog, batches } = tables;
    return {
      reports: createReportQueries({ database }),
      audit: createAuditQueries({ database }),
      appState: createAppStateStore({ database, clock: systemClock }),
      // A second pool on PostgreSQL; on SQLite the one connection, whose writers take turns.
      otherAppState: createAppStateStore({ database: another(), clock: systemClock }),
      async addOrders(rows) {
        const ids: number[] = [];
        for (let i = 0; i < rows.length; i += CHUNK) ids.push(...(await q.insert(orders).values(rows.slice(i, i + CHUNK)).returning({ id: orders.id })).map((r) => r.id));
        return ids;
      },
      async addAudit(rows) {
        for (let i = 0; i < rows.length; i += CHUNK) await q.insert(auditLog).values(rows.slice(i, i + CHUNK));
      },
      addBatch: async (row) => (await q.insert(batches).values(row).returning({ id: batches.id }))[0]!.id,
    };
  }),
);
