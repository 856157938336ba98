import { and, isNotNull, not, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * The owner locks of instances sharing one PostgreSQL database
 * (postgres/owner-lock.ts), as the stores that record and repair orders and
 * approvals are given them. SQLite has one process and none: a row left
 * half-way there is repaired by its age alone.
 */
export interface OwnerLocks {
  /** This process's key, recorded on the rows it works on; null where it holds none (a test of one store alone). */
  key: number | null;
  /** SQL true when some live session holds the owner lock named by `column` (or given as a bigint expression). */
  held(column: AnyColumn | SQL): SQL;
}

/**
 * Thrown where this instance was about to claim money work while its own
 * owner lock is no longer held: its connection to the database was lost, so
 * others may already take its claims for a dead instance's. Nothing is
 * claimed; the application is about to stop (run-app.ts).
 */
export class OwnerLockLostError extends Error {
  constructor() {
    super("this instance's presence on the database was lost: nothing is claimed until it is back");
    this.name = 'OwnerLockLostError';
  }
}

/** Rows whose recorded owner is gone, so they may be repaired at once whatever their age; none without owner locks. */
export function ownerGone(owners: OwnerLocks | null, column: AnyColumn): SQL | undefined {
  return owners === null ? undefined : and(isNotNull(column), not(owners.held(column)));
}
