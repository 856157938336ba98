import { decodeAuditDetail } from '../../src/db/audit-log.js';
import { createCodeExpiryStore } from '../../src/db/code-expiry-store.js';
import { forEachDatabase } from '../support/each-database.js';
import { codeExpiryStoreContract } from './contract/code-expiry-store.contract.js';
import { orderRow } from './contract/order-rows.js';

forEachDatabase(['code_expiries', 'audit_log', 'notifications', 'orders'], (label, fresh) =>
  codeExpiryStoreContract(label, async () => {
    const database = await fresh();
    const { orders, auditLog } = database.tables;
    for (let n = 0; n < 4; n++) await database.q.insert(orders).values(orderRow(Date.UTC(2026, 10, 1)));
    return {
      store: createCodeExpiryStore({ database }),
      async audit() {
        const rows = await database.q.select({ actorId: auditLog.actorId, action: auditLog.action, orderId: auditLog.orderId, detail: auditLog.detail }).from(auditLog).orderBy(auditLog.id);
        return rows.map((row) => {
          const detail = decodeAuditDetail(row.detail);
          return { actorId: row.actorId, action: row.action, orderId: row.orderId, facts: detail?.kind === 'facts' ? detail.facts : detail };
        });
      },
    };
  }),
);
