import { afterAll, beforeAll, describe } from 'vitest';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import type { Database } from '../../src/db/seam/database.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { freshDatabase } from './postgres-database.js';

export type DatabaseLabel = 'SQLite' | 'PostgreSQL';

/**
 * Runs a store's contract suite on both databases: on SQLite a fresh
 * in-memory database for every case; on PostgreSQL one database for the
 * file, the tables named in `emptied` (children first) emptied before
 * every case. `suite` registers its cases with the `fresh` it is given.
 */
export function forEachDatabase(emptied: readonly string[], suite: (label: DatabaseLabel, fresh: () => Promise<Database>) => void): void {
  describe('on SQLite', () => {
    const opened: Db[] = [];
    afterAll(() => opened.splice(0).forEach(closeDb));
    suite('SQLite', async () => {
      const db = openDb(':memory:');
      opened.push(db);
      return databaseOf(db);
    });
  });

  describe('on PostgreSQL', () => {
    let db: PgDb | undefined;
    beforeAll(async () => {
      db = await openPostgres(await freshDatabase(emptied[0] ?? 'store'));
    });
    afterAll(async () => {
      if (db) await closePostgres(db);
    });
    suite('PostgreSQL', async () => {
      if (!db) throw new Error('the PostgreSQL database did not open');
      for (const table of emptied) await db.$client.query(`delete from ${table}`);
      return databaseOf(db);
    });
  });
}
