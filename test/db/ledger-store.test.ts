import { createLedgerStore } from '../../src/db/ledger-store.js';
import { forEachDatabase } from '../support/each-database.js';
import { ledgerStoreContract } from './contract/ledger-store.contract.js';

forEachDatabase(['wallet_ledger', 'orders', 'audit_log', 'notifications'], (label, fresh) =>
  ledgerStoreContract(label, async () => {
    const database = await fresh();
    const { orders } = database.tables;
    return {
      store: createLedgerStore({ database }),
      async seedOrders(rows) {
        const out: { id: number }[] = [];
        for (const row of rows) out.push((await database.q.insert(orders).values(row).returning({ id: orders.id }))[0]!);
        return out;
      },
    };
  }),
);
