import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { is } from 'drizzle-orm';
import type pg from 'pg';
import { STALE_AFTER_MS } from './instance-lock.js';
import { closePostgres, maskedUrl, openPostgres, PostgresConnectionError } from './postgres/open.js';
import * as pgSchema from './postgres/schema.js';

/**
 * Moving up from SQLite: copies every table of a stopped giftdesk's SQLite
 * database into an empty PostgreSQL database, in one PostgreSQL
 * transaction that commits only when each table's row count and amount
 * sums equal the source's.
 *
 * The tables and their types come from the PostgreSQL schema
 * (postgres/schema.ts), which names every table and column as SQLite does;
 * values are converted by the target column's type: integer milliseconds
 * to timestamptz, 0/1 to boolean, JSON text to jsonb (passed as text, so
 * PostgreSQL parses exactly what SQLite held), integers read as BigInt so
 * that nothing above 2^53 is rounded. Ids are kept. SQLite's FTS5 tables
 * are not copied: PostgreSQL's product search is a trigram index on
 * products.search_text, which is copied as the SQLite writer computed it.
 */

const SQLITE_MIGRATIONS_FOLDER = fileURLToPath(new URL('../../migrations/sqlite', import.meta.url));
const INSTANCE_LOCK_KEY = 'instance.lock';
/** Rows per multi-row INSERT; the widest table (orders, 28 columns) stays far below PostgreSQL's 65,535 parameters. */
const BATCH_ROWS = 500;

/**
 * The columns that hold money, summed on both sides before the commit.
 * Kept by hand: a test checks that every bigint column named like an
 * amount or a price is listed.
 */
export const AMOUNT_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  orders: ['total_amount', 'accepted_amount'],
  audit_log: ['amount'],
  product_prices: ['price_from', 'price_to'],
};

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

export interface CopiedTable {
  table: string;
  rows: number;
  /** The amount columns' sums, equal on both sides (as decimal strings: exact). */
  sums: { column: string; total: string }[];
  /** The value the table's id sequence was set to (the next id is one above), or null when the table has no identity or nothing to move past. */
  sequenceAt: number | null;
}

export interface CopyResult {
  source: string;
  /** The target URL, password masked. */
  target: string;
  tables: CopiedTable[];
  /** SQLite tables left behind (FTS5 search tables and their shadows). */
  skipped: string[];
  ms: number;
}

export interface CopyOptions {
  /** The clock that judges the instance lock's heartbeat; Date.now by default. */
  now?: () => number;
  /** Called before each table is copied, for progress. */
  onTable?: (table: string, rows: number) => void;
}

interface TableSpec {
  name: string;
  columns: { name: string; sqlType: string }[];
  parents: string[];
}

/** The PostgreSQL schema's tables, parents before children (by their foreign keys). */
export function tablesInCopyOrder(): TableSpec[] {
  const specs = new Map<string, TableSpec>();
  for (const value of Object.values(pgSchema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    specs.set(config.name, {
      name: config.name,
      columns: config.columns.map((column) => ({ name: column.name, sqlType: column.getSQLType() })),
      parents: config.foreignKeys.map((key) => getTableConfig(key.reference().foreignTable).name).filter((parent) => parent !== config.name),
    });
  }
  const ordered: TableSpec[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const visit = (spec: TableSpec): void => {
    if (placed.has(spec.name)) return;
    if (visiting.has(spec.name)) throw new Error(`the schema's foreign keys form a cycle through ${spec.name}`);
    visiting.add(spec.name);
    for (const parent of spec.parents) {
      const parentSpec = specs.get(parent);
      if (parentSpec) visit(parentSpec);
    }
    visiting.delete(spec.name);
    placed.add(spec.name);
    ordered.push(spec);
  };
  // Alphabetical first, so that the order is stable from one run to the next.
  for (const name of [...specs.keys()].sort()) visit(specs.get(name)!);
  return ordered;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Copies the SQLite database at `sourcePath` into the PostgreSQL database
 * at `targetUrl`. Throws DbCopyError (refused: nothing written) when the
 * source is missing, not a database of this release, or held by a running
 * giftdesk, when the target is not empty, or when PostgreSQL cannot be
 * used; throws DbCopyError (not refused) when the copied counts or sums
 * differ, after rolling everything back.
 */
export async function copyToPostgres(sourcePath: string, targetUrl: string, options: CopyOptions = {}): Promise<CopyResult> {
  const now = options.now ?? Date.now;
  const started = performance.now();
  const specs = tablesInCopyOrder();
  const source = openSource(sourcePath);
  try {
    checkSourceSchema(source, sourcePath, specs);
    checkNotHeld(source, sourcePath, now);

    let db: Awaited<ReturnType<typeof openPostgres>>;
    try {
      db = await openPostgres(targetUrl, { maxConnections: 1 });
    } catch (error) {
      if (error instanceof PostgresConnectionError) throw new DbCopyError(error.message, true);
      throw error;
    }
    try {
      const client = await db.$client.connect();
      try {
        await client.query('begin');
        try {
          // Nobody else writes these tables until the commit: a second copy started at the same time waits, then finds them full.
          await client.query(`lock table ${specs.map((spec) => quote(spec.name)).join(', ')} in share row exclusive mode`);
          for (const spec of specs) {
            const found = await client.query(`select 1 from ${quote(spec.name)} limit 1`);
            if (found.rowCount) {
              throw new DbCopyError(
                `the PostgreSQL database ${maskedUrl(targetUrl)} is not empty: table ${spec.name} already has rows. db:copy only fills an empty database; nothing was written`,
                true,
              );
            }
          }
          const tables = await copyTables(source, client, specs, options);
          // The source may have been started while we copied: what was read is then not the final state.
          checkNotHeld(source, sourcePath, now);
          await client.query('commit');
          const skipped = skippedTables(source, specs);
          return { source: sourcePath, target: maskedUrl(targetUrl), tables, skipped, ms: Math.round(performance.now() - started) };
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw error;
        }
      } finally {
        client.release();
      }
    } finally {
      await closePostgres(db);
    }
  } finally {
    source.close();
  }
}

function openSource(path: string): Database.Database {
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
function checkSourceSchema(sqlite: Database.Database, path: string, specs: TableSpec[]): void {
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
function checkNotHeld(sqlite: Database.Database, path: string, now: () => number): void {
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
function skippedTables(sqlite: Database.Database, specs: TableSpec[]): string[] {
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

type Converter = (value: unknown) => unknown;

/** How a SQLite value (integers as BigInt) is passed to pg for a column of `sqlType`. */
function converterFor(table: string, column: string, sqlType: string): Converter {
  const where = `${table}.${column}`;
  if (sqlType.startsWith('timestamp')) {
    return (value) => {
      if (value === null) return null;
      if (typeof value !== 'bigint') throw new DbCopyError(`${where} holds a value that is not a time in milliseconds`, false);
      return new Date(Number(value)).toISOString();
    };
  }
  if (sqlType === 'boolean') {
    return (value) => {
      if (value === null) return null;
      if (value !== 0n && value !== 1n) throw new DbCopyError(`${where} holds a value that is not 0 or 1`, false);
      return value === 1n;
    };
  }
  if (sqlType === 'jsonb') {
    // The JSON text itself: PostgreSQL parses it into jsonb, so nothing is lost to a round trip through JavaScript numbers.
    return (value) => (value === null ? null : String(value));
  }
  if (sqlType === 'bigint' || sqlType === 'integer' || sqlType === 'smallint') {
    return (value) => {
      if (value === null) return null;
      if (typeof value !== 'bigint') throw new DbCopyError(`${where} holds a value that is not an integer`, false);
      return value.toString();
    };
  }
  return (value) => (value === null ? null : typeof value === 'bigint' ? value.toString() : value);
}

async function copyTables(sqlite: Database.Database, client: pg.PoolClient, specs: TableSpec[], options: CopyOptions): Promise<CopiedTable[]> {
  const identities = new Set(
    (
      await client.query<{ table_name: string }>(
        "select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'id' and is_identity = 'YES'",
      )
    ).rows.map((row) => row.table_name),
  );
  const hasSequences = Boolean(sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'sqlite_sequence'").get());
  const copied: CopiedTable[] = [];

  // One read transaction: every table is read from the same snapshot.
  sqlite.exec('begin');
  try {
    for (const spec of specs) {
      const names = spec.columns.map((column) => column.name);
      const converters = spec.columns.map((column) => converterFor(spec.name, column.name, column.sqlType));
      const sourceCount = Number(sqlite.prepare<[], { n: number }>(`select count(*) as n from ${quote(spec.name)}`).get()!.n);
      options.onTable?.(spec.name, sourceCount);

      const select = sqlite.prepare(`select ${names.map(quote).join(', ')} from ${quote(spec.name)}`).raw(true).safeIntegers(true);
      const head = `insert into ${quote(spec.name)} (${names.map(quote).join(', ')}) overriding system value values `;
      let batch: unknown[][] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const values: unknown[] = [];
        const tuples = batch.map((row) => {
          const placeholders = row.map((value, index) => {
            values.push(converters[index]!(value));
            return `$${values.length}`;
          });
          return `(${placeholders.join(', ')})`;
        });
        await client.query(head + tuples.join(', '), values);
        batch = [];
      };
      for (const row of select.iterate() as IterableIterator<unknown[]>) {
        batch.push(row);
        if (batch.length >= BATCH_ROWS) await flush();
      }
      await flush();

      const targetCount = Number((await client.query<{ n: string }>(`select count(*) as n from ${quote(spec.name)}`)).rows[0]!.n);
      if (targetCount !== sourceCount) {
        throw new DbCopyError(`table ${spec.name}: SQLite has ${sourceCount} rows, PostgreSQL received ${targetCount}; everything was rolled back`, false);
      }
      const sums: CopiedTable['sums'] = [];
      for (const column of AMOUNT_COLUMNS[spec.name] ?? []) {
        const sourceSum = sqlite.prepare(`select coalesce(sum(${quote(column)}), 0) as s from ${quote(spec.name)}`).safeIntegers(true).get() as { s: bigint };
        const targetSum = (await client.query<{ s: string }>(`select coalesce(sum(${quote(column)}), 0)::text as s from ${quote(spec.name)}`)).rows[0]!.s;
        if (String(sourceSum.s) !== targetSum) {
          throw new DbCopyError(`table ${spec.name}: the sum of ${column} is ${String(sourceSum.s)} in SQLite but ${targetSum} in PostgreSQL; everything was rolled back`, false);
        }
        sums.push({ column, total: targetSum });
      }

      let sequenceAt: number | null = null;
      if (identities.has(spec.name)) {
        // AUTOINCREMENT never reuses an id, even one whose row was deleted (approval cards are): move past both.
        const maxId = Number(sqlite.prepare<[], { m: number | null }>(`select max(id) as m from ${quote(spec.name)}`).get()?.m ?? 0);
        const used = hasSequences ? Number(sqlite.prepare<[string], { seq: number }>('select seq from sqlite_sequence where name = ?').get(spec.name)?.seq ?? 0) : 0;
        const highest = Math.max(maxId, used);
        if (highest > 0) {
          await client.query(`select setval(pg_get_serial_sequence($1, 'id'), $2::bigint)`, [quote(spec.name), highest]);
          sequenceAt = highest;
        }
      }
      copied.push({ table: spec.name, rows: targetCount, sums, sequenceAt });
    }
  } finally {
    sqlite.exec('commit');
  }
  return copied;
}
