import { afterAll } from 'vitest';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { orders } from '../../src/db/schema.js';
import { createApprovalCards } from '../../src/db/approval-cards.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createSqliteApprovalStore } from '../../src/orders/approval-repo.js';
import { createManualClock } from '../support/manual-clock.js';
import { APPROVAL_AUDIT_SQL, approvalAuditOf, approvalStoreContract, orderValues, T0 } from './contract/approval-store.contract.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

approvalStoreContract('SQLite', async () => {
  const db = openDb(':memory:');
  opened.push(db);
  const clock = createManualClock(T0);
  return {
    store: createSqliteApprovalStore({ db, clock }),
    cards: createApprovalCards({ database: databaseOf(db), clock }),
    clock,
    insertOrder: async (confirmKey) => db.insert(orders).values(orderValues(confirmKey, new Date(clock.now()))).returning({ id: orders.id }).get().id,
    audit: async () => approvalAuditOf(db.$client.prepare<[], Parameters<typeof approvalAuditOf>[0][number]>(APPROVAL_AUDIT_SQL).all()),
  };
});
