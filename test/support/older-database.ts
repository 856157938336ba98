import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';

const MIGRATIONS = fileURLToPath(new URL('../../migrations/sqlite', import.meta.url));
const POSTGRES_MIGRATIONS = fileURLToPath(new URL('../../migrations/postgres', import.meta.url));

interface Journal {
  entries: { tag: string }[];
}

/**
 * A copy, in `dir`, of one database's migrations as an older release had
 * them: every migration before the one whose tag ends with `tag`.
 */
export function migrationsBefore(dialect: 'sqlite' | 'postgres', tag: string, dir: string): string {
  const folder = join(dir, `migrations-${dialect}`);
  cpSync(dialect === 'sqlite' ? MIGRATIONS : POSTGRES_MIGRATIONS, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
  const index = journal.entries.findIndex((entry) => entry.tag.endsWith(tag));
  if (index <= 0) throw new Error(`no migration tagged ${tag} after the first`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  return folder;
}

/**
 * A SQLite database at `path` as an installation of an older release has
 * it: every migration before the one whose tag ends with `tag`, applied
 * from a copy of the migrations kept in `dir`. The caller fills it and
 * closes it; opening it with openDb then runs the upgrade under test.
 */
export function databaseBefore(tag: string, dir: string, path: string): Database.Database {
  const folder = migrationsBefore('sqlite', tag, dir);
  const sqlite = new Database(path);
  sqlite.pragma('foreign_keys = ON');
  migrate(drizzle(sqlite), { migrationsFolder: folder });
  return sqlite;
}
