import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { projectFile } from '../project-files.js';
import * as schema from './schema.js';
import { keepPrivate } from './private-file.js';
import { sqliteDatabase } from './seam/sqlite-database.js';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** In the checkout, so that neither the working directory nor the bundling of the built program matters. */
const MIGRATIONS_FOLDER = projectFile('migrations', 'sqlite');

/**
 * Opens (creating if needed) the SQLite database at `path` and brings its
 * schema up to date. ':memory:' gives a private in-memory database.
 */
export function openDb(path: string): Db {
  if (path === ':memory:') return openMemoryDb();
  createFolderOf(path);
  let sqlite: Database.Database;
  try {
    sqlite = new Database(path);
    // Before WAL mode makes its files: they take the main file's mode.
    keepPrivate(path);
    sqlite.pragma('journal_mode = WAL');
    keepPrivate(path);
  } catch (error) {
    throw new DatabasePathError(path, error instanceof Error ? error.message : String(error));
  }
  try {
    // WAL (set above, where a path that cannot hold a database shows itself) lets the
    // poller read while the bot writes; NORMAL is durable across process crashes in
    // WAL mode and much faster than FULL.
    sqlite.pragma('synchronous = NORMAL');
    return connected(sqlite, () => migrateKeepingReferences(sqlite));
  } catch (error) {
    sqlite.close();
    throw error;
  }
}

/**
 * A private in-memory database, already migrated: a copy of an image this
 * process migrated once. Migrating afresh reads and runs every migration
 * (about 80 ms); tests open thousands of these, each on its own database,
 * and the copy takes about one. The image is made by the same migration a
 * file gets, and each copy gets a file's connection settings (`connected`).
 */
function openMemoryDb(): Db {
  const sqlite = new Database(migratedImage());
  try {
    return connected(sqlite, () => {});
  } catch (error) {
    sqlite.close();
    throw error;
  }
}

/** The settings every connection gets, a file's or a copy's, around what brings its schema up to date. */
function connected(sqlite: Database.Database, bringUpToDate: () => void): Db {
  sqlite.pragma('busy_timeout = 5000');
  // Deleted and overwritten content is zeroed in the file, not left in free space: an
  // answer or a step-up prompt cleared after use is then gone from the disk too.
  sqlite.pragma('secure_delete = ON');
  bringUpToDate();
  sqlite.pragma('foreign_keys = ON');
  // The seam, made now, guards the connection before it leaves here: nothing outside the seam runs inside its transactions.
  sqliteDatabase(sqlite);
  return drizzle(sqlite, { schema });
}

let memoryImage: Buffer | undefined;
function migratedImage(): Buffer {
  if (memoryImage) return memoryImage;
  const sqlite = new Database(':memory:');
  try {
    migrateKeepingReferences(sqlite);
    memoryImage = sqlite.serialize();
    return memoryImage;
  } finally {
    sqlite.close();
  }
}

/**
 * Brings the schema up to date in one transaction, with foreign keys off
 * and checked before the commit. SQLite's own procedure for rebuilding a
 * table asks for keys off, and the pragma cannot change inside a
 * transaction (with keys on, dropping a table others reference, orders,
 * would fail); a rebuild that broke a reference rolls back whole, leaving
 * the database as it was. The bookkeeping is drizzle's own
 * (`__drizzle_migrations`, by the migration folder's time), so databases
 * migrated by earlier releases carry on. A database that a newer release
 * has already migrated is refused: this release would not know its tables.
 */
function migrateKeepingReferences(sqlite: Database.Database): void {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  sqlite.exec('CREATE TABLE IF NOT EXISTS "__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)');
  const last = sqlite.prepare<[], { at: number }>('SELECT created_at AS at FROM "__drizzle_migrations" ORDER BY created_at DESC LIMIT 1').get();
  const newestKnown = migrations.at(-1)?.folderMillis ?? 0;
  if (last !== undefined && Number(last.at) > newestKnown) throw new DatabaseTooNewError();
  const pending = migrations.filter((migration) => last === undefined || Number(last.at) < migration.folderMillis);
  if (pending.length === 0) return;
  sqlite.pragma('foreign_keys = OFF');
  const record = sqlite.prepare('INSERT INTO "__drizzle_migrations" ("hash", "created_at") VALUES (?, ?)');
  sqlite.transaction(() => {
    for (const migration of pending) {
      for (const statement of migration.sql) sqlite.exec(statement);
      record.run(migration.hash, migration.folderMillis);
    }
    const broken = sqlite.pragma('foreign_key_check') as unknown[];
    if (broken.length > 0) throw new Error(`the upgrade would break ${broken.length} references between the database's tables; nothing was changed`);
  })();
}

/** The database was migrated by a newer release of giftdesk than this one. */
export class DatabaseTooNewError extends Error {
  override name = 'DatabaseTooNewError';
  constructor() {
    super('the database was upgraded by a newer release of giftdesk; run that release (or restore the backup taken before the upgrade)');
  }
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
