import { afterAll, beforeAll } from 'vitest';
import { decodeAuditDetail } from '../../src/db/audit-log.js';
import { createPostgresCodeExpiryStore } from '../../src/db/postgres/code-expiry-store.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { orders } from '../../src/db/postgres/schema.js';
import { freshDatabase } from '../support/postgres-database.js';
import { codeExpiryStoreContract } from './contract/code-expiry-store.contract.js';
import { orderRow } from './contract/order-rows.js';

let db: PgDb;
beforeAll(async () => {
  db = await openPostgres(await freshDatabase('code_expiry_store'));
});
afterAll(async () => {
  if (db) await closePostgres(db);
});

codeExpiryStoreContract('PostgreSQL', async () => {
  await db.$client.query('truncate code_expiries, audit_log, notifications, orders restart identity cascade');
  for (let n = 0; n < 4; n++) await db.insert(orders).values(orderRow(Date.UTC(2026, 10, 1)));
  return {
    store: createPostgresCodeExpiryStore({ db }),
    async audit() {
      const { rows } = await db.$client.query<{ actor_id: string | null; action: string; order_id: number | null; detail: string | null }>('select actor_id, action, order_id, detail from audit_log order by id');
      return rows.map((row) => {
        const detail = decodeAuditDetail(row.detail);
        return { actorId: row.actor_id === null ? null : Number(row.actor_id), action: row.action, orderId: row.order_id, facts: detail?.kind === 'facts' ? detail.facts : detail };
      });
    },
  };
});
