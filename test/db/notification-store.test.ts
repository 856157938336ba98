import { leaseTimeFor } from '../../src/db/lease-time.js';
import { createNotificationStore } from '../../src/db/notification-store.js';
import { forEachDatabase } from '../support/each-database.js';
import { seamLeaseTime } from './contract/lease-time.js';
import { notificationStoreContract } from './contract/notification-store.contract.js';
import { seamOrderTables } from './contract/order-tables.js';

forEachDatabase(['orders', 'notifications', 'audit_log'], (label, fresh, another) =>
  notificationStoreContract(label, async () => {
    const database = await fresh();
    const second = another();
    return {
      store: createNotificationStore({ database, leases: leaseTimeFor(database) }),
      other: createNotificationStore({ database: second, leases: leaseTimeFor(second) }),
      tables: seamOrderTables(database),
      leases: seamLeaseTime(database),
    };
  }),
);
