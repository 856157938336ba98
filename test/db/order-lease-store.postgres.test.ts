import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { leasedOutbox } from '../../src/db/notification-store.js';
import { createNotificationStore } from '../../src/db/notification-store.js';
import { serverLeaseTime as leasesOnServer } from '../../src/db/lease-time.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createOrderLeaseStore } from '../../src/db/order-lease-store.js';
import { freshDatabase } from '../support/postgres-database.js';
import { serverLeaseTime } from './contract/lease-time.js';
import { orderValues, postgresOrderTables } from './contract/order-tables.js';
import { whileRowsLocked } from './contract/row-locks.js';

/**
 * What only PostgreSQL's shared leases do (its contract runs on both databases in order-lease-store.test.ts):
 * one database for the file, emptied before each case; two pools on it, two processes as far as PostgreSQL can tell.
 */
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


const leaseTime = () =>
  serverLeaseTime(a.$client, [
    { table: 'orders', column: 'lease_expires_at' },
    { table: 'notifications', column: 'lease_expires_at' },
  ]);

describe('order lease store on PostgreSQL, two processes on two connections', () => {
  const T0 = 1_700_000_000_000;
  const due = async (key: string) => postgresOrderTables(a).insertOrder(orderValues({ key, state: 'in_progress', at: T0, nextCheckAt: new Date(T0) }));

  it('never gives one due order to both claimers, even when both read the due orders before either could write', async () => {
    await a.$client.query('truncate orders, notifications, audit_log restart identity cascade');
    const ids = [await due('1'), await due('2'), await due('3'), await due('4')];
    const first = createOrderLeaseStore({ database: databaseOf(a), leases: leasesOnServer });
    const second = createOrderLeaseStore({ database: databaseOf(b), leases: leasesOnServer });

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
    const first = createOrderLeaseStore({ database: databaseOf(a), leases: leasesOnServer });
    const second = createOrderLeaseStore({ database: databaseOf(b), leases: leasesOnServer });

    const won = await whileRowsLocked(url, 'orders', [id], () =>
      Promise.all([first.claim({ id, owner: 'a', now: T0, leaseMs: 60_000 }), second.claim({ id, owner: 'b', now: T0, leaseMs: 60_000 })]),
    );

    expect(won.filter((row) => row !== null)).toHaveLength(1);
  });

  it('an instance whose clock runs an hour ahead cannot take an order another instance holds, until its lease ends by the server clock', async () => {
    await a.$client.query('truncate orders, notifications, audit_log restart identity cascade');
    const id = await due('1');
    const here = createOrderLeaseStore({ database: databaseOf(a), leases: leasesOnServer });
    const ahead = createOrderLeaseStore({ database: databaseOf(b), leases: leasesOnServer });
    const now = Date.now();
    const HOUR = 60 * 60 * 1000;

    expect((await here.claimDue({ owner: 'here', now, leaseMs: 60_000, limit: 10 })).map((row) => row.id)).toEqual([id]);
    expect(await ahead.claimDue({ owner: 'ahead', now: now + HOUR, leaseMs: 60_000, limit: 10 })).toEqual([]);
    expect(await ahead.claim({ id, owner: 'ahead', now: now + HOUR, leaseMs: 60_000 })).toBeNull();
    expect((await postgresOrderTables(a).order(id))?.leaseOwner).toBe('here');

    await leaseTime().pass(60_000);
    expect(await ahead.claim({ id, owner: 'ahead', now: now + HOUR, leaseMs: 60_000 })).toMatchObject({ id, leaseOwner: 'ahead' });
  });

  it('a takeover leaves alone the notification the earlier background instance is still sending, so it is sent once', async () => {
    await a.$client.query('truncate orders, notifications, audit_log restart identity cascade');
    const tables = postgresOrderTables(a);
    const orderId = await tables.insertOrder(orderValues({ key: 'n', state: 'completed', at: T0 }));
    const id = await tables.insertNotification({ orderId, kind: 'delivered', nextAttemptAt: T0 });
    const earlier = leasedOutbox(createNotificationStore({ database: databaseOf(a), leases: leasesOnServer }), { owner: 'earlier', leaseMs: 120_000 });
    const successor = leasedOutbox(createNotificationStore({ database: databaseOf(b), leases: leasesOnServer }), { owner: 'successor', leaseMs: 120_000 });
    expect((await earlier.claimDue(T0, 10)).map((row) => row.id)).toEqual([id]);

    // The earlier instance lost its role connection; the successor takes over and starts its sender.
    expect(await createOrderLeaseStore({ database: databaseOf(b), leases: leasesOnServer }).takeOverEarlierClaims()).toEqual({ orders: 0, notifications: 0 });
    expect(await successor.claimDue(T0 + 1, 10)).toEqual([]);
    expect(await earlier.markSent(id, T0 + 2, { kind: 'delivered', messages: 1 })).toBe(true);
    expect((await tables.audit()).map((row) => row.action)).toEqual(['notification.sent']);
  });
});
