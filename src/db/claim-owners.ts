import { randomInt } from 'node:crypto';
import { isNull, ne, or, type AnyColumn, type SQL } from 'drizzle-orm';
import { ownerGone } from './owner-locks.js';
import { postgresOwnerLocks } from './postgres/owner-lock.js';
import type { Database } from './seam/database.js';

/**
 * How a store tells the claims of a process that is gone, so that it can
 * release them at once rather than when their leases run out: the key each
 * claim records in its owner_lock column, and what makes a recorded key a
 * gone process's.
 */
interface ClaimOwners {
  /** Recorded on each claim this process takes. */
  readonly mine: number | null;
  /** True of a held claim, by its owner_lock column, whose process is gone. */
  gone(ownerLock: AnyColumn): SQL;
}

/**
 * One process at a time holds the database (SQLite, instance-lock.ts):
 * every claim not taken under this store's own key was a process's that has
 * ended. The key is drawn per store, never kept, so that a restarted process
 * never takes its predecessor's claims for its own.
 */
function oneProcessClaims(): ClaimOwners {
  const mine = randomInt(1, 2 ** 48);
  return { mine, gone: (ownerLock) => or(isNull(ownerLock), ne(ownerLock, mine)) as SQL };
}

/**
 * Instances share the database (PostgreSQL): a claim records its instance's
 * owner lock (postgres/owner-lock.ts), and is a gone instance's exactly when
 * no session holds that lock any more, as an order's or an approval's is
 * (owner-locks.ts). A claim recorded without one is left
 * to its lease.
 */
function ownerLockClaims(ownerLock: number | null): ClaimOwners {
  const owners = postgresOwnerLocks(ownerLock);
  return { mine: owners.key, gone: (column) => ownerGone(owners, column)! };
}

/** The one choice between them: several instances exactly where the database is PostgreSQL. */
export function claimOwnersOf(database: Database, ownerLock: number | null): ClaimOwners {
  return database.kind === 'postgresql' ? ownerLockClaims(ownerLock) : oneProcessClaims();
}
