import { sql, type SQL } from 'drizzle-orm';

/** A PostgreSQL transaction, whichever drizzle instance opened it: the locks need only its `execute`. */
export type LockingTx = { execute(query: SQL): PromiseLike<unknown> };

/**
 * Transaction locks that no other database role can take (see
 * private-locks-table.ts): held on a row of `private_locks` until the
 * transaction ends, as pg_advisory_xact_lock was, but needing UPDATE on a
 * table only giftdesk's role owns.
 */

/** The money lock's row, made by its migration: one statement, no write. */
export async function holdMoneyLock(tx: LockingTx): Promise<void> {
  await tx.execute(sql`select 1 from private_locks where name = 'money' for update`);
}

/**
 * A lock named by `name` (an app_state key, a setting), made on first use.
 * Two first users at once: one inserts, the other waits for it to end and
 * then takes the row, so they run one after the other, as with the
 * advisory lock it replaces.
 */
export async function holdNamedLock(tx: LockingTx, name: string): Promise<void> {
  await tx.execute(sql`insert into private_locks (name) values (${name}) on conflict (name) do update set name = excluded.name`);
}
