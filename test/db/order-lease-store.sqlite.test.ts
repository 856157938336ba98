import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { closeDb, openDb } from '../../src/db/open.js';
import { createSqliteOrderLeaseStore } from '../../src/tracking/order-leases.js';
import { orderLeaseStoreContract } from './contract/order-lease-store.contract.js';
import { callerLeaseTime } from './contract/lease-time.js';
import { sqliteOrderTables } from './contract/order-tables.js';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).reverse().forEach((cleanup) => cleanup()));

/** Two connections to one database file: two processes as far as SQLite can tell. */
orderLeaseStoreContract('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'giftdesk-leases-'));
  const a = openDb(join(dir, 'orders.db'));
  const b = openDb(join(dir, 'orders.db'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }), () => closeDb(a), () => closeDb(b));
  return { store: createSqliteOrderLeaseStore({ db: a }), other: createSqliteOrderLeaseStore({ db: b }), tables: sqliteOrderTables(a), leases: callerLeaseTime, takeoverFreesLiveClaims: true };
});
