import { afterAll } from 'vitest';
import { decodeAuditDetail } from '../../src/db/audit-log.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { orders } from '../../src/db/schema.js';
import { createSqliteCodeExpiryStore } from '../../src/expiry/code-expiry-store.js';
import { codeExpiryStoreContract } from './contract/code-expiry-store.contract.js';
import { orderRow } from './contract/order-rows.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

codeExpiryStoreContract('SQLite', async () => {
  const db = openDb(':memory:');
  opened.push(db);
  for (let n = 0; n < 4; n++) db.insert(orders).values(orderRow(Date.UTC(2026, 10, 1))).run();
  return {
    store: createSqliteCodeExpiryStore({ db }),
    audit: async () =>
      (db.$client.prepare('select actor_id, action, order_id, detail from audit_log order by id').all() as { actor_id: number | null; action: string; order_id: number | null; detail: string | null }[]).map((row) => {
        const detail = decodeAuditDetail(row.detail);
        return { actorId: row.actor_id, action: row.action, orderId: row.order_id, facts: detail?.kind === 'facts' ? detail.facts : detail };
      }),
  };
});
