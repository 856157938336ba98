import { randomInt } from 'node:crypto';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { OwnerLocks } from '../owner-locks.js';

/**
 * The owner lock: every instance on PostgreSQL holds an exclusive
 * session-level advisory lock of its own for its whole life (taken with its
 * presence, src/db/postgres/role-lock.ts), and records its key on each order
 * and approval it works on (`owner_lock`). Whoever finds such a row half-way
 * asks the server whether that lock is still held: held, its instance is
 * alive and may be in the middle of it, however long that takes; free, the
 * instance is gone (PostgreSQL ends a dead process's session, and the lock
 * with it) and the row can be repaired at once, with no age to wait out.
 *
 * The key is random per process, never derived from INSTANCE_ID: a process
 * restarted under the same id must not make its predecessor's rows look
 * alive. 48 bits keep it exact as a JavaScript number and in SQLite's
 * integer column; two live processes drawing the same key is caught when the
 * lock is taken (it is then drawn again), and a new process drawing a dead
 * one's key is a chance of one in 2^48.
 */
export function newOwnerLockKey(): number {
  return randomInt(1, 2 ** 48);
}

/**
 * SQL that is true when some session of this database holds the owner lock
 * named by `column` (a bigint key; null is never held). pg_locks shows a
 * bigint advisory key as its high 32 bits in classid and its low 32 bits in
 * objid, with objsubid 1; only a session of giftdesk's own role counts. Read in the same statement as the rows: a row's
 * key was written after its owner took the lock, so a lock missing here
 * means its owner had died, and a dead session never takes it back.
 */
export function ownerLockHeld(column: AnyColumn | SQL): SQL {
  return sql`exists (
    select 1 from pg_locks l
     where l.locktype = 'advisory' and l.granted and l.objsubid = 1 and l.mode = 'ExclusiveLock'
       and l.database = (select oid from pg_database where datname = current_database())
       and l.classid = (${column} >> 32)::oid and l.objid = (${column} & 4294967295)::oid
       -- Held by giftdesk's own role: another role that can connect could take a dead instance's key from pg_locks.
       and exists (select 1 from pg_stat_activity a where a.pid = l.pid and a.usesysid = (select oid from pg_roles where rolname = current_user)))`;
}

/** The owner locks as the stores are given them (see OwnerLocks), with this process's key when it holds one. */
export function postgresOwnerLocks(key: number | null): OwnerLocks {
  return { key, held: ownerLockHeld };
}
