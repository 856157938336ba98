import type { Db } from '../open.js';
import type { PgDb } from '../postgres/open.js';
import type { Database } from './database.js';
import { postgresDatabase } from './postgres-database.js';
import { sqliteDatabase } from './sqlite-database.js';

/** The seam over an opened database: one per connection or pool, however often it is asked for. */
export function databaseOf(db: Db | PgDb): Database {
  const client = db.$client;
  return 'totalCount' in client ? postgresDatabase(client) : sqliteDatabase(client);
}
