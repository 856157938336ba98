import { sql, type SQL } from 'drizzle-orm';

/*
 * Leases on PostgreSQL are held between instances, each with its own clock:
 * one whose clock runs ahead would see a live lease as ended and take it.
 * So every lease is set and compared with the one clock they share, the
 * server's. clock_timestamp() rather than now(): inside a transaction that
 * waited for a lock, now() is the time it began, not the time it looks.
 */
export const serverNow: SQL = sql`clock_timestamp()`;

/** When a lease of `leaseMs` taken now ends, by the server's clock. */
export function leaseEnd(leaseMs: number): SQL {
  return sql`(clock_timestamp() + ${leaseMs}::float8 * interval '1 millisecond')`;
}
