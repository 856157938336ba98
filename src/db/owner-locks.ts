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
  /** SQL true when some live session holds the owner lock named by `column`. */
  held(column: AnyColumn): SQL;
}

/** Rows whose recorded owner is gone, so they may be repaired at once whatever their age; none without owner locks. */
export function ownerGone(owners: OwnerLocks | null, column: AnyColumn): SQL | undefined {
  return owners === null ? undefined : and(isNotNull(column), not(owners.held(column)));
}
