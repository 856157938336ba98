import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Table } from 'drizzle-orm';
import type { SharedTables, Tables } from './tables.js';

/**
 * What a store may say to the database: single statements and the same
 * calls inside a transaction. Typed as PostgreSQL's query builder; on SQLite
 * the same calls reach drizzle's SQLite builder, whose rows are the same
 * (tables.ts checks that at compile time). Write only what both dialects
 * run alike:
 * - the result of a statement without `.returning()` differs: count with
 *   `.returning({ id })`, never with `rowCount` or `changes`;
 * - no `.for('update')`, no `execute`, no raw result rows: a lock is
 *   `Database.holdLock`, a value computed in SQL is a typed column of a
 *   `select({ … })`;
 * - values compared in SQL go through drizzle's operators (`eq`, `lt`,
 *   `inArray`), which turn a date or a boolean into each database's form.
 */
export type Query = Pick<NodePgDatabase, 'select' | 'selectDistinct' | 'insert' | 'update' | 'delete' | '$count'>;

/**
 * The storage seam: one per database, the only code that talks to
 * better-sqlite3 or pg. Every store is written once against it.
 */
export interface Database {
  /** Which database answers: for the logs and the few strategies that truly differ (memory or a shared table), never for a query's syntax. */
  readonly kind: 'sqlite' | 'postgresql';
  readonly tables: Tables;
  /** The tables only PostgreSQL has, for the shared strategies; null on SQLite. */
  readonly sharedTables: SharedTables | null;
  /** `table` under another name, to join a table with itself (each dialect's own alias). */
  alias<T extends Table>(table: T, name: string): T;
  /** Single statements, each atomic on its own. */
  readonly q: Query;
  /** Resolves when the database answers a trivial statement; rejects otherwise. */
  ping(): Promise<void>;
  /**
   * A transaction: every statement of `work` through its `tx`, committed
   * when it resolves, rolled back when it throws. On SQLite it is
   * `BEGIN IMMEDIATE` (one writer at a time) and nothing else touches the
   * connection until it ends; on PostgreSQL, a transaction on one pooled
   * connection, which takes its locks with `holdLock`. Never call the
   * network inside one, nor a second transaction: pass `tx` down instead.
   */
  transaction<T>(work: (tx: Query) => Promise<T>): Promise<T>;
  /**
   * The money transaction: as `transaction`, with the money lock held on
   * PostgreSQL, so that every decision to spend is taken one at a time
   * across instances (SQLite's one writer already is).
   */
  write<T>(work: (tx: Query) => Promise<T>): Promise<T>;
  /**
   * Inside a transaction: holds the lock named `name` until it ends, so that
   * two transactions on one thing (an app state key, a setting) run one
   * after the other even when the row is not there yet. Nothing to do on
   * SQLite, whose transactions already take turns.
   */
  holdLock(tx: Query, name: string): Promise<void>;
}

/** The tables only PostgreSQL has: a shared strategy built over SQLite is a wiring mistake, said at once. */
export function sharedTablesOf(database: Database): SharedTables {
  if (database.sharedTables === null) throw new Error(`the shared tables are PostgreSQL's; this database is ${database.kind}`);
  return database.sharedTables;
}
