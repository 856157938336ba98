import type { SQL } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { leaseEnd, serverNow } from './postgres/lease-time.js';
import type { Database } from './seam/database.js';

/**
 * The clock a store's leases are set and compared by, as a value a
 * statement binds (a moment) or computes (SQL): `now()` in a comparison
 * with a lease column, `end(ms)` as the column's new value.
 */
export interface LeaseClock {
  now(): Date | SQL;
  end(leaseMs: number): Date | SQL;
}

/**
 * One process holds the database (SQLite): its own clock, which the tests
 * move by hand. Nothing else takes a lease it could misjudge.
 */
export function processLeaseClock(clock: Clock): LeaseClock {
  return {
    now: () => new Date(clock.now()),
    end: (leaseMs) => new Date(clock.now() + leaseMs),
  };
}

/**
 * Instances share the database (PostgreSQL), each with its own clock: one
 * whose clock runs ahead would see a live lease as ended and take it. So
 * leases follow the one clock they share, the server's (postgres/lease-time.ts).
 */
export const serverLeaseClock: LeaseClock = {
  now: () => serverNow,
  end: leaseEnd,
};

/** The one choice between them: several instances exactly where the database is PostgreSQL. */
export function leaseClockOf(database: Database, clock: Clock): LeaseClock {
  return database.kind === 'postgresql' ? serverLeaseClock : processLeaseClock(clock);
}
