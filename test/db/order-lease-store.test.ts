import { leaseTimeFor } from '../../src/db/lease-time.js';
import { createOrderLeaseStore } from '../../src/db/order-lease-store.js';
import { forEachDatabase } from '../support/each-database.js';
import { seamLeaseTime } from './contract/lease-time.js';
import { orderLeaseStoreContract } from './contract/order-lease-store.contract.js';
import { seamOrderTables } from './contract/order-tables.js';

forEachDatabase(['orders', 'notifications', 'audit_log'], (label, fresh, another) =>
  orderLeaseStoreContract(label, async () => {
    const database = await fresh();
    const second = another();
    return {
      store: createOrderLeaseStore({ database, leases: leaseTimeFor(database) }),
      other: createOrderLeaseStore({ database: second, leases: leaseTimeFor(second) }),
      tables: seamOrderTables(database),
      leases: seamLeaseTime(database),
      // One process on SQLite: the earlier holder is gone. Instances on PostgreSQL: it may still be finishing a pass.
      takeoverFreesLiveClaims: database.kind === 'sqlite',
    };
  }),
);
