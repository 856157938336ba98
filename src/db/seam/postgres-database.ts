import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { alias, type PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { holdMoneyLock, holdNamedLock, type LockingTx } from '../postgres/private-locks.js';
import type { Database } from './database.js';
import { postgresOnlyTables, postgresTables } from './postgres-tables.js';

/**
 * The PostgreSQL side of the seam, over the pool that open.ts made. Locks
 * are rows of `private_locks` (see private-locks.ts): taken with a
 * statement only giftdesk's own role may run, held until the transaction
 * ends.
 */
export function postgresDatabase(pool: pg.Pool): Database {
  let database = seams.get(pool);
  if (database === undefined) {
    database = createPostgresDatabase(pool);
    seams.set(pool, database);
  }
  return database;
}

const seams = new WeakMap<pg.Pool, Database>();

function createPostgresDatabase(pool: pg.Pool): Database {
  const db = drizzle(pool);
  return {
    kind: 'postgresql',
    tables: postgresTables,
    sharedTables: postgresOnlyTables,
    alias: (table, name) => alias(table as unknown as PgTable, name) as unknown as typeof table,
    q: db,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    transaction: (work) => db.transaction((tx) => work(tx)),
    write: (work) =>
      db.transaction(async (tx) => {
        await holdMoneyLock(tx);
        return work(tx);
      }),
    // Every Query the seam hands out on PostgreSQL is a drizzle transaction or database, which can execute.
    holdLock: (tx, name) => holdNamedLock(tx as unknown as LockingTx, name),
  };
}
