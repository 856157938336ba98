import Database from 'better-sqlite3';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is } from 'drizzle-orm';
import type pg from 'pg';
import { checkNotHeld, checkSourceSchema, DbCopyError, openSource, skippedTables, type TableSpec } from './copy-source.js';
import { closePostgres, maskedUrl, openPostgres, PostgresConnectionError } from './postgres/open.js';
import * as pgSchema from './postgres/schema.js';
import { openCarriedState, removeCarriedState, writeCarriedState, type SandboxStateCarry } from './copy-sandbox-state.js';

export { DbCopyError } from './copy-source.js';

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

/** Rows per multi-row INSERT; the widest table (orders, 28 columns) stays far below PostgreSQL's 65,535 parameters. */
const BATCH_ROWS = 500;

/**
 * The columns that hold money, summed on both sides before the commit.
 * Kept by hand: a test checks that every bigint column named like an
 * amount, a price, a total or a balance is listed.
 */
export const AMOUNT_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  orders: ['total_amount', 'accepted_amount'],
  audit_log: ['amount'],
  product_prices: ['price_from', 'price_to'],
  batches: ['total'],
  wallet_ledger: ['amount', 'balance_after'],
  top_up_requests: ['amount', 'credit_amount'],
};

interface CopiedTable {
  table: string;
  rows: number;
  /** The amount columns' sums, equal on both sides (as decimal strings: exact). */
  sums: { column: string; total: string }[];
  /** The value the table's id sequence was set to (the next id is one above), or null when the table has no identity or nothing to move past. */
  sequenceAt: number | null;
}

interface CopyResult {
  source: string;
  /** The target URL, password masked. */
  target: string;
  tables: CopiedTable[];
  /** SQLite tables left behind (FTS5 search tables and their shadows). */
  skipped: string[];
  /** The sandbox state file carried along with the copy, or null when there was none to carry. */
  sandboxState: SandboxStateCarry | null;
  ms: number;
}

interface CopyOptions {
  /** The clock that judges the instance lock's heartbeat; Date.now by default. */
  now?: () => number;
  /** Called before each table is copied, for progress. */
  onTable?: (table: string, rows: number) => void;
  /** Sandbox mode: the built-in sandbox's state file, written beside the target's name when the copy commits (see copy-sandbox-state.ts). */
  sandboxState?: SandboxStateCarry;
}

/** The PostgreSQL schema's tables, parents before children (by their foreign keys). */
export function tablesInCopyOrder(): TableSpec[] {
  const specs = new Map<string, TableSpec>();
  for (const value of Object.values(pgSchema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    // Derived ones are filled by triggers as their sources are copied; shared runtime state starts afresh.
    if (pgSchema.POSTGRES_ONLY_TABLES.includes(config.name)) continue;
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
  const carry = options.sandboxState ?? null;
  let state: Database.Database | null = null;
  try {
    checkSourceSchema(source, sourcePath, specs);
    checkNotHeld(source, sourcePath, now);
    state = carry ? openCarriedState(carry) : null;

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
        let committed = false;
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
          // Written before the commit and taken back on a rollback: the database and its sandbox arrive together or not at all.
          if (state && carry) writeCarriedState(state, carry.to);
          await client.query('commit');
          committed = true;
          const skipped = skippedTables(source, specs);
          return { source: sourcePath, target: maskedUrl(targetUrl), tables, skipped, sandboxState: carry, ms: Math.round(performance.now() - started) };
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          if (carry && !committed) removeCarriedState(carry.to);
          throw error;
        }
      } finally {
        client.release();
      }
    } finally {
      await closePostgres(db);
    }
  } finally {
    state?.close();
    source.close();
  }
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
