import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database, Query } from './database.js';
import { postgresTables } from './tables.js';

type Tx = Parameters<Parameters<ReturnType<typeof drizzle>['transaction']>[0]>[0];

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
  const holdLock = async (tx: Query, name: string) => {
    await (tx as unknown as Tx).execute(sql`insert into private_locks (name) values (${name}) on conflict (name) do update set name = excluded.name`);
  };
  return {
    kind: 'postgresql',
    tables: postgresTables,
    q: db,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    transaction: (work) => db.transaction((tx) => work(tx)),
    write: (work) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from private_locks where name = 'money' for update`);
        return work(tx);
      }),
    holdLock,
  };
}
