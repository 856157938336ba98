import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createPostgresOrderLeaseStore } from '../../src/db/postgres/order-lease-store.js';
import { freshDatabase } from '../support/postgres-database.js';
import { orderLeaseStoreContract } from './contract/order-lease-store.contract.js';
import { orderValues, postgresOrderTables } from './contract/order-tables.js';
import { whileRowsLocked } from './contract/row-locks.js';

/** One database for the file, emptied before each case; two pools on it, two processes as far as PostgreSQL can tell. */
let url: string;
let a: PgDb;
let b: PgDb;
beforeAll(async () => {
  url = await freshDatabase('order_leases');
  a = await openPostgres(url);
  b = await openPostgres(url);
});
afterAll(async () => {
  if (a) await closePostgres(a);
  if (b) await closePostgres(b);
});

orderLeaseStoreContract('PostgreSQL', async () => {
  await a.$client.query('truncate orders, notifications, audit_log restart identity cascade');
  return { store: createPostgresOrderLeaseStore({ db: a }), other: createPostgresOrderLeaseStore({ db: b }), tables: postgresOrderTables(a) };
});

describe('order lease store on PostgreSQL, two processes on two connections', () => {
  const T0 = 1_700_000_000_000;
  const due = async (key: string) => postgresOrderTables(a).insertOrder(orderValues({ key, state: 'in_progress', at: T0, nextCheckAt: new Date(T0) }));

  it('never gives one due order to both claimers, even when both read the due orders before either could write', async () => {
    await a.$client.query('truncate orders, notifications, audit_log restart identity cascade');
    const ids = [await due('1'), await due('2'), await due('3'), await due('4')];
    const first = createPostgresOrderLeaseStore({ db: a });
    const second = createPostgresOrderLeaseStore({ db: b });

    const [mine, theirs] = await whileRowsLocked(url, 'orders', ids.slice(0, 2), () =>
      Promise.all([first.claimDue({ owner: 'a', now: T0, leaseMs: 60_000, limit: 10 }), second.claimDue({ owner: 'b', now: T0, leaseMs: 60_000, limit: 10 })]),
    );

    const claimed = [...mine, ...theirs].map((row) => row.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.every((id) => ids.includes(id))).toBe(true);
  });

  it('gives one order to exactly one of two claimers waiting on the same row', async () => {
    await a.$client.query('truncate orders, notifications, audit_log restart identity cascade');
    const id = await due('1');
    const first = createPostgresOrderLeaseStore({ db: a });
    const second = createPostgresOrderLeaseStore({ db: b });

    const won = await whileRowsLocked(url, 'orders', [id], () =>
      Promise.all([first.claim({ id, owner: 'a', now: T0, leaseMs: 60_000 }), second.claim({ id, owner: 'b', now: T0, leaseMs: 60_000 })]),
    );

    expect(won.filter((row) => row !== null)).toHaveLength(1);
  });
});
