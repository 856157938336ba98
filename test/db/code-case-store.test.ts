import { asc } from 'drizzle-orm';
import { createCodeCaseStore } from '../../src/db/code-case-store.js';
import { forEachDatabase } from '../support/each-database.js';
import { createManualClock } from '../support/manual-clock.js';
import { codeCaseStoreContract, T0 } from './contract/code-case-store.contract.js';
import { orderRow } from './contract/order-rows.js';

forEachDatabase(['code_cases', 'audit_log', 'notifications', 'orders'], (label, fresh, another) =>
  codeCaseStoreContract(label, async () => {
    const clock = createManualClock(T0);
    const database = await fresh();
    const { auditLog, orders } = database.tables;
    // The audit rows name orders 1 to 9.
    for (let n = 0; n < 9; n++) await database.q.insert(orders).values(orderRow(T0));
    const store = createCodeCaseStore({ database, clock });
    const audit = () => database.q.select({ action: auditLog.action, orderId: auditLog.orderId, detail: auditLog.detail }).from(auditLog).orderBy(asc(auditLog.id));
    return { store, other: createCodeCaseStore({ database: another(), clock }), clock, audit };
  }),
);
