import { existsSync } from 'node:fs';
import { projectFile } from '../project-files.js';
import Database from 'better-sqlite3';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { STALE_AFTER_MS } from './instance-lock.js';

/**
 * The SQLite side of `db:copy`: the source is opened read-only, and refused
 * before anything is written when it is not a giftdesk database of this
 * very release or a running giftdesk holds it.
 */

const SQLITE_MIGRATIONS_FOLDER = projectFile('migrations', 'sqlite');
const INSTANCE_LOCK_KEY = 'instance.lock';

export class DbCopyError extends Error {
  override name = 'DbCopyError';
  constructor(
    message: string,
    /** True when nothing was attempted because a precondition failed (exit 2); false when the copy itself failed and was rolled back (exit 1). */
    readonly refused: boolean,
  ) {
    super(message);
  }
}


/** A table of the target, its columns as PostgreSQL types them, and the tables its foreign keys point at. */
export interface TableSpec {
  name: string;
  columns: { name: string; sqlType: string }[];
  parents: string[];
}


export function openSource(path: string): Database.Database {
  if (path === ':memory:' || !existsSync(path)) {
    throw new DbCopyError(`there is no SQLite database at ${path}; set DATABASE_PATH or pass --from <file>`, true);
  }
  try {
    const sqlite = new Database(path, { readonly: true, fileMustExist: true });
    sqlite.pragma('busy_timeout = 5000');
    return sqlite;
  } catch (error) {
    throw new DbCopyError(`cannot open the SQLite database at ${path} (${error instanceof Error ? error.message : String(error)})`, true);
  }
}

/** The source must be a giftdesk database migrated by this very release, so that its columns are the ones the target has. */
export function checkSourceSchema(sqlite: Database.Database, path: string, specs: TableSpec[]): void {
  const hasJournal = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'").get();
  if (!hasJournal) throw new DbCopyError(`${path} is not a giftdesk database (it has no migration record)`, true);
  const last = sqlite.prepare<[], { at: number | null }>('select max(created_at) as at from "__drizzle_migrations"').get();
  const newestKnown = readMigrationFiles({ migrationsFolder: SQLITE_MIGRATIONS_FOLDER }).at(-1)?.folderMillis ?? 0;
  const lastAt = Number(last?.at ?? 0);
  if (lastAt > newestKnown) {
    throw new DbCopyError(`the database at ${path} was upgraded by a newer release of giftdesk; copy it with that release`, true);
  }
  if (lastAt < newestKnown) {
    throw new DbCopyError(
      `the database at ${path} was last upgraded by an older release of giftdesk; start this release on it once (it upgrades the database at start), stop it, then copy`,
      true,
    );
  }
  for (const spec of specs) {
    const present = new Set(sqlite.prepare<[], { name: string }>(`select name from pragma_table_info('${spec.name}')`).all().map((row) => row.name));
    const missing = spec.columns.filter((column) => !present.has(column.name)).map((column) => column.name);
    if (present.size === 0 || missing.length > 0) {
      throw new DbCopyError(`the database at ${path} lacks ${present.size === 0 ? `the table ${spec.name}` : `${spec.name}.${missing.join(', ')}`}; it is not a database of this release`, true);
    }
  }
}

/** Refuses a source whose instance lock a running giftdesk holds (heartbeat fresher than STALE_AFTER_MS). */
export function checkNotHeld(sqlite: Database.Database, path: string, now: () => number): void {
  const row = sqlite.prepare<[string], { value: string }>('select value from app_state where key = ?').get(INSTANCE_LOCK_KEY);
  if (!row) return;
  let holder: { owner?: unknown; beatAt?: unknown };
  try {
    holder = JSON.parse(row.value) as typeof holder;
  } catch {
    return;
  }
  if (typeof holder.owner !== 'string' || holder.owner === '' || typeof holder.beatAt !== 'number') return;
  const age = now() - holder.beatAt;
  if (age < STALE_AFTER_MS) {
    throw new DbCopyError(
      `a running giftdesk holds the database at ${path} (its heartbeat is ${Math.max(0, Math.round(age / 1000))} s old); stop it first, then copy. Nothing was written`,
      true,
    );
  }
}

/** SQLite tables the target has no equal of: the FTS5 search tables, named without their shadow tables (products_fts_data, …). */
export function skippedTables(sqlite: Database.Database, specs: TableSpec[]): string[] {
  const known = new Set(specs.map((spec) => spec.name));
  const rows = sqlite
    .prepare<[], { name: string; sql: string | null }>(
      "select name, sql from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' and name <> '__drizzle_migrations' order by name",
    )
    .all()
    .filter((row) => !known.has(row.name));
  const virtual = rows.filter((row) => /^create\s+virtual\s+table/i.test(row.sql ?? '')).map((row) => row.name);
  return rows.map((row) => row.name).filter((name) => !virtual.some((owner) => name.startsWith(`${owner}_`)));
}
