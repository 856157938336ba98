import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { closeDb, openDb } from '../../src/db/open.js';
import { createSqliteNotificationStore } from '../../src/delivery/notification-store.js';
import { notificationStoreContract } from './contract/notification-store.contract.js';
import { callerLeaseTime } from './contract/lease-time.js';
import { sqliteOrderTables } from './contract/order-tables.js';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).reverse().forEach((cleanup) => cleanup()));

/** Two connections to one database file: two senders as far as SQLite can tell. */
notificationStoreContract('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'giftdesk-outbox-'));
  const a = openDb(join(dir, 'outbox.db'));
  const b = openDb(join(dir, 'outbox.db'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }), () => closeDb(a), () => closeDb(b));
  return { store: createSqliteNotificationStore({ db: a }), other: createSqliteNotificationStore({ db: b }), tables: sqliteOrderTables(a), leases: callerLeaseTime };
});
