import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema.js';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** Resolved from this module so that the working directory does not matter (src/db and dist/db alike). */
const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../migrations/sqlite', import.meta.url));

/**
 * Opens (creating if needed) the SQLite database at `path` and brings its
 * schema up to date. ':memory:' gives a private in-memory database.
 */
export function openDb(path: string): Db {
  if (path !== ':memory:') createFolderOf(path);
  let sqlite: Database.Database;
  try {
    sqlite = new Database(path);
    sqlite.pragma('journal_mode = WAL');
  } catch (error) {
    throw new DatabasePathError(path, error instanceof Error ? error.message : String(error));
  }
  try {
    // WAL (set above, where a path that cannot hold a database shows itself) lets the
    // poller read while the bot writes; NORMAL is durable across process crashes in
    // WAL mode and much faster than FULL.
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    const db = drizzle(sqlite, { schema });
    migrateKeepingReferences(sqlite, db);
    sqlite.pragma('foreign_keys = ON');
    return db;
  } catch (error) {
    sqlite.close();
    throw error;
  }
}

/**
 * Runs the migrations with foreign keys off, as SQLite's own procedure for
 * rebuilding a table asks: the pragma cannot change inside the migrations'
 * transaction, and with keys on, dropping a table others reference (orders)
 * would fail. The references are checked once the migrations are done.
 */
function migrateKeepingReferences(sqlite: Database.Database, db: Db): void {
  sqlite.pragma('foreign_keys = OFF');
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  const broken = sqlite.pragma('foreign_key_check') as unknown[];
  if (broken.length > 0) throw new Error(`the database's references are broken after its migrations (${broken.length} rows): restore the backup taken before the upgrade`);
}

/** The database file cannot be created or opened where DATABASE_PATH points. */
export class DatabasePathError extends Error {
  override name = 'DatabasePathError';
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`cannot create or open the database at ${path} (${reason}). Set DATABASE_PATH to a file in a folder giftdesk may write to.`);
  }
}

/**
 * Creates the database's folder one level at a time. `mkdirSync` with
 * `recursive` never returns for some paths (below /proc, for one), which
 * would leave start-up hanging without a word.
 */
function createFolderOf(path: string): void {
  const missing: string[] = [];
  let folder = dirname(resolve(path));
  while (!existsSync(folder)) {
    missing.unshift(folder);
    const parent = dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  try {
    if (!statSync(folder).isDirectory()) throw new Error(`${folder} is not a folder`);
    for (const level of missing) mkdirSync(level);
  } catch (error) {
    throw new DatabasePathError(path, error instanceof Error ? error.message : String(error));
  }
}

export function closeDb(db: Db): void {
  if (db.$client.open) db.$client.close();
}
