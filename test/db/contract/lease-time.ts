import { expect } from 'vitest';
import { isNotNull, sql, type AnyColumn } from 'drizzle-orm';
import type { Database } from '../../../src/db/seam/database.js';

/**
 * How a subject's leases keep time. On SQLite they follow the `now` (or
 * clock) the test passes, so a case ends a lease by moving that. On
 * PostgreSQL they follow the server's clock, which a test cannot move: the
 * case moves the ends of the leases held into the past instead, by as much.
 */
export interface LeaseTime {
  /** The server's clock in ms, where leases follow it; null where they follow the caller's `now`. */
  serverNow: (() => Promise<number>) | null;
  /** Brings every lease held now `ms` nearer its end, as `ms` passing would; nothing where leases follow the caller's `now`. */
  pass(ms: number): Promise<void>;
}

/** Leases timed by the `now` the caller passes (SQLite). */
export const callerLeaseTime: LeaseTime = { serverNow: null, pass: async () => undefined };

interface Queryable {
  query<R extends object>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

/** Leases timed by the server's clock (PostgreSQL), kept in these timestamp columns. */
export function serverLeaseTime(pool: Queryable, columns: readonly { table: string; column: string }[]): LeaseTime {
  return {
    async serverNow() {
      const { rows } = await pool.query<{ ms: number }>('select extract(epoch from clock_timestamp())::float8 * 1000 as ms');
      return rows[0]!.ms;
    },
    async pass(ms) {
      for (const { table, column } of columns) {
        await pool.query(`update ${table} set ${column} = ${column} - $1::float8 * interval '1 millisecond' where ${column} is not null`, [ms]);
      }
    },
  };
}

/**
 * Runs `take` (a claim or a renewal at the caller's `now`) and checks that the
 * lease it set, read by `end`, lasts `leaseMs` from the time leases follow:
 * exactly from `now` on SQLite, from the server's clock while `take` ran on
 * PostgreSQL.
 */
export async function expectLeaseFor<T>(leases: LeaseTime, now: number, leaseMs: number, take: () => Promise<T>, end: (result: T) => Promise<Date | null | undefined> | Date | null | undefined): Promise<T> {
  const before = leases.serverNow ? Math.floor(await leases.serverNow()) : now;
  const result = await take();
  const after = leases.serverNow ? Math.ceil(await leases.serverNow()) : now;
  const until = (await end(result))?.getTime();
  expect(until).toBeGreaterThanOrEqual(before + leaseMs);
  expect(until).toBeLessThanOrEqual(after + leaseMs);
  return result;
}

/**
 * The lease time of a store written once over the seam, read and moved
 * through the seam: the caller's `now` on SQLite, the server's clock on
 * PostgreSQL (the lease columns of orders and notifications).
 */
export function seamLeaseTime(database: Database): LeaseTime {
  if (database.kind === 'sqlite') return callerLeaseTime;
  const { orders, notifications } = database.tables;
  return {
    async serverNow() {
      const [row] = await database.q.select({ ms: sql<number>`extract(epoch from clock_timestamp())::float8 * 1000`.mapWith(Number) }).from(sql`(select 1) as one`);
      return row!.ms;
    },
    async pass(ms) {
      const earlier = (column: AnyColumn) => sql`${column} - ${ms}::float8 * interval '1 millisecond'`;
      await database.q.update(orders).set({ leaseExpiresAt: earlier(orders.leaseExpiresAt) }).where(isNotNull(orders.leaseExpiresAt));
      await database.q.update(notifications).set({ leaseExpiresAt: earlier(notifications.leaseExpiresAt) }).where(isNotNull(notifications.leaseExpiresAt));
    },
  };
}
