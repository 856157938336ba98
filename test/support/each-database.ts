import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import * as schema from '../../src/db/postgres/schema.js';
import type { Database } from '../../src/db/seam/database.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { freshDatabase } from './postgres-database.js';

export type DatabaseLabel = 'SQLite' | 'PostgreSQL';

/** What a seam was opened over, for a suite that also needs a store not yet written once. */
export type OpenedHandle = { kind: 'sqlite'; db: Db } | { kind: 'postgresql'; db: PgDb };
const handles = new WeakMap<Database, OpenedHandle>();

/** The handle a `fresh()` (or `another()`) database was opened from. */
export function handleOf(database: Database): OpenedHandle {
  const handle = handles.get(database);
  if (!handle) throw new Error('not a database forEachDatabase opened');
  return handle;
}

function seamOver(handle: OpenedHandle): Database {
  const database = databaseOf(handle.db);
  handles.set(database, handle);
  return database;
}

/**
 * Runs a store's contract suite on both databases: on SQLite a fresh
 * in-memory database for every case; on PostgreSQL one database for the
 * file, the tables named in `emptied` emptied before every case (with
 * what refers to them, their numbering restarted). `suite` registers its cases with the `fresh` it is given;
 * `another` is the same data as a second instance sees it: a second pool
 * on PostgreSQL, the one connection on SQLite (one process holds the file).
 */
export function forEachDatabase(
  emptied: readonly string[],
  suite: (label: DatabaseLabel, fresh: () => Promise<Database>, another: () => Database) => void,
): void {
  describe('on SQLite', () => {
    const opened: Db[] = [];
    afterAll(() => opened.splice(0).forEach(closeDb));
    suite(
      'SQLite',
      async () => {
        const db = openDb(':memory:');
        opened.push(db);
        return seamOver({ kind: 'sqlite', db });
      },
      () => {
        const last = opened.at(-1);
        if (!last) throw new Error('another() before fresh()');
        return seamOver({ kind: 'sqlite', db: last });
      },
    );
  });

  describe('on PostgreSQL', () => {
    let db: PgDb | undefined;
    let second: PgDb | undefined;
    beforeAll(async () => {
      const url = await freshDatabase(emptied[0] ?? 'store');
      db = await openPostgres(url);
      // Already migrated: a plain pool, which connects only when a suite asks for another instance.
      second = drizzle(new pg.Pool({ connectionString: url }), { schema }) as PgDb;
    });
    afterAll(async () => {
      if (second) await closePostgres(second);
      if (db) await closePostgres(db);
    });
    suite(
      'PostgreSQL',
      async () => {
        if (!db) throw new Error('the PostgreSQL database did not open');
        if (emptied.length > 0) await db.$client.query(`truncate ${emptied.join(', ')} restart identity cascade`);
        return seamOver({ kind: 'postgresql', db });
      },
      () => {
        if (!second) throw new Error('the PostgreSQL database did not open');
        return seamOver({ kind: 'postgresql', db: second });
      },
    );
  });
}
