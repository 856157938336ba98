import type BetterSqlite3 from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/sqlite-proxy';
import type { Database, Query } from './database.js';
import { createMutex } from './mutex.js';
import { sqliteTables } from './tables.js';

type Method = 'run' | 'all' | 'values' | 'get';

/** Prepared statements kept by their SQL: the stores' statements are few, so this rarely empties. */
const KEPT_STATEMENTS = 500;

/**
 * The SQLite side of the seam: drizzle's asynchronous proxy driver over the
 * one better-sqlite3 connection, with an async mutex held from `BEGIN` to
 * `COMMIT` (the design of Kysely's SQLite driver). better-sqlite3 runs each
 * statement synchronously, so a statement is atomic; a transaction spans
 * awaits, so nothing else may reach the connection while it is open:
 * single statements wait for the mutex, and a transaction's builder works
 * only while its transaction is open.
 *
 * While stores still move onto the seam, the ones not yet moved share the
 * connection synchronously: one that runs while a seam transaction is open
 * runs inside it (a better-sqlite3 transaction nests as a savepoint). Once
 * the last has moved, the connection is the seam's alone, and nothing can.
 */
export function sqliteDatabase(client: BetterSqlite3.Database): Database {
  let database = seams.get(client);
  if (database === undefined) {
    database = createSqliteDatabase(client);
    seams.set(client, database);
  }
  return database;
}

// One seam per connection: two would hold two mutexes over one connection.
const seams = new WeakMap<BetterSqlite3.Database, Database>();

function createSqliteDatabase(client: BetterSqlite3.Database): Database {
  const mutex = createMutex();
  const statements = new Map<string, BetterSqlite3.Statement>();
  // The transaction now open, if any: its statements alone may run.
  let open: object | null = null;

  const statementFor = (source: string): BetterSqlite3.Statement => {
    let statement = statements.get(source);
    if (statement === undefined) {
      if (statements.size >= KEPT_STATEMENTS) statements.clear();
      statement = client.prepare(source);
      statements.set(source, statement);
    }
    return statement;
  };

  const execute = (source: string, params: unknown[], method: Method): { rows: unknown[] } => {
    const statement = statementFor(source);
    if (method === 'run' || !statement.reader) {
      statement.run(...params);
      return { rows: [] };
    }
    statement.raw(true);
    // drizzle's proxy reads a 'get' as the one row itself, not a list of rows.
    if (method === 'get') return { rows: statement.get(...params) as unknown[] };
    return { rows: statement.all(...params) };
  };

  const proxy = drizzle(async (source, params, method) => {
    // Free (and so no transaction open): run at once, without a turn of the event loop.
    if (!mutex.held) return execute(source, params, method);
    const release = await mutex.acquire();
    try {
      return execute(source, params, method);
    } finally {
      release();
    }
  });
  const q = proxy as unknown as Query;

  const transaction = async <T>(work: (tx: Query) => Promise<T>): Promise<T> => {
    const release = await mutex.acquire();
    const token = {};
    // A transaction's own builder: usable only while this very transaction is open.
    const tx = drizzle(async (source, params, method) => {
      if (open !== token) throw new TransactionOverError();
      return execute(source, params, method);
    }) as unknown as Query;
    try {
      client.exec('BEGIN IMMEDIATE');
      open = token;
      try {
        const result = await work(tx);
        client.exec('COMMIT');
        return result;
      } catch (error) {
        if (client.inTransaction) client.exec('ROLLBACK');
        throw error;
      }
    } finally {
      open = null;
      release();
    }
  };

  return {
    kind: 'sqlite',
    tables: sqliteTables,
    q,
    ping: async () => {
      await proxy.run(sql`select 1`);
    },
    transaction,
    write: transaction,
    holdLock: async () => undefined,
  };
}

/** A transaction's builder was used after its transaction had ended. */
export class TransactionOverError extends Error {
  override name = 'TransactionOverError';
  constructor() {
    super('a statement used the builder of a transaction that has already ended');
  }
}
