import type BetterSqlite3 from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { alias, SQLitePreparedQuery, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { drizzle } from 'drizzle-orm/sqlite-proxy';
import type { Database, Query } from './database.js';
import { DatabaseFileError, fileTroubleOf } from '../database-file-error.js';
import { createMutex } from './mutex.js';
import { sqliteTables } from './tables.js';

type Method = 'run' | 'all' | 'values' | 'get';

/**
 * drizzle wraps every failure of a statement in an error whose message is
 * the statement and its parameters (a person's answers, a conversation's
 * state), which every log line that names the error then prints. A file
 * that cannot be written is no fault of the statement: its failure comes out
 * as the seam's DatabaseFileError itself, which names the file and the
 * cause only. Patched once, on drizzle's SQLite base class: the method must
 * exist, or the start fails here rather than the logs quietly carrying
 * parameters again.
 */
const UNWRAPPED = Symbol.for('giftdesk.unwrapFileErrors');
function unwrapFileErrors(): void {
  const prototype = SQLitePreparedQuery.prototype as unknown as { queryWithCache: (...args: unknown[]) => Promise<unknown>; [UNWRAPPED]?: true };
  // Once, however often this module is loaded (test runners load it again per file over one drizzle).
  if (prototype[UNWRAPPED]) return;
  prototype[UNWRAPPED] = true;
  const original = prototype.queryWithCache;
  if (typeof original !== 'function') throw new Error("drizzle's SQLitePreparedQuery.queryWithCache is gone: src/db/seam/sqlite-database.ts needs another way to keep statements out of file errors");
  prototype.queryWithCache = async function (this: unknown, ...args: unknown[]) {
    try {
      return await original.apply(this, args);
    } catch (error) {
      if (error instanceof DrizzleQueryError && error.cause instanceof DatabaseFileError) throw error.cause;
      throw error;
    }
  };
}
unwrapFileErrors();

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
 * The connection is the seam's alone: from the moment the seam exists (open.ts
 * makes it before it hands the connection out), a statement reaching the
 * connection any other way while a seam transaction is open throws
 * `OutsideTheSeamError` instead of running inside that transaction (see
 * `guardConnection`), and the seam refuses to run in a transaction that it
 * did not open.
 */
export function sqliteDatabase(client: BetterSqlite3.Database): Database {
  let database = seams.get(client);
  if (database === undefined) {
    database = createSqliteDatabase(client);
    seams.set(client, database);
  }
  return database;
}

/**
 * The whole database as the connection sees it, committed work only: taken
 * at the seam's turn, between its transactions, so it is never one half
 * done. For saving what an open connection still holds when its file is
 * gone (src/app/sqlite-rescue.ts).
 */
export function sqliteSnapshot(client: BetterSqlite3.Database): Promise<Buffer> {
  sqliteDatabase(client);
  return snapshots.get(client)!();
}

// One seam per connection: two would hold two mutexes over one connection.
const seams = new WeakMap<BetterSqlite3.Database, Database>();
const snapshots = new WeakMap<BetterSqlite3.Database, () => Promise<Buffer>>();

function createSqliteDatabase(client: BetterSqlite3.Database): Database {
  const mutex = createMutex();
  const statements = new Map<string, BetterSqlite3.Statement>();
  // The transaction now open, if any: its statements alone may run.
  let open: object | null = null;
  // The seam's own way in; everyone else's goes through the guard from here on.
  const { prepare, exec: execRaw, serialize } = guardConnection(client, () => open !== null);
  // A file that cannot be written says so by its path and cause, whatever the statement (drizzle's wrapper adds the statement).
  const fileErrors = <T>(work: () => T): T => {
    try {
      return work();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      const trouble = typeof code === 'string' ? fileTroubleOf(code) : null;
      throw trouble ? new DatabaseFileError(client.name, trouble, code as string) : error;
    }
  };
  const exec = (source: string) => fileErrors(() => execRaw(source));

  const statementFor = (source: string): BetterSqlite3.Statement => {
    let statement = statements.get(source);
    if (statement === undefined) {
      if (statements.size >= KEPT_STATEMENTS) statements.clear();
      statement = prepare(source);
      statements.set(source, statement);
    }
    return statement;
  };

  const execute = (source: string, params: unknown[], method: Method): { rows: unknown[] } => fileErrors(() => executeRaw(source, params, method));
  const executeRaw = (source: string, params: unknown[], method: Method): { rows: unknown[] } => {
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

  // A transaction the seam did not open would take in the seam's statements: refused, as the guard refuses the other way round.
  const refuseOthersTransaction = () => {
    if (client.inTransaction) throw new OutsideTheSeamError('the storage seam found a transaction it did not open on its SQLite connection (begun past the seam), and would have run inside it');
  };

  const proxy = drizzle(async (source, params, method) => {
    // Free (and so no transaction open): run at once, without a turn of the event loop.
    if (!mutex.held) {
      refuseOthersTransaction();
      return execute(source, params, method);
    }
    const release = await mutex.acquire();
    try {
      refuseOthersTransaction();
      return execute(source, params, method);
    } finally {
      release();
    }
  });
  const q = proxy as unknown as Query;
  snapshots.set(client, async () => {
    const release = await mutex.acquire();
    try {
      refuseOthersTransaction();
      return serialize();
    } finally {
      release();
    }
  });

  const transaction = async <T>(work: (tx: Query) => Promise<T>): Promise<T> => {
    const release = await mutex.acquire();
    const token = {};
    // A transaction's own builder: usable only while this very transaction is open.
    const tx = drizzle(async (source, params, method) => {
      if (open !== token) throw new TransactionOverError();
      return execute(source, params, method);
    }) as unknown as Query;
    try {
      refuseOthersTransaction();
      exec('BEGIN IMMEDIATE');
      open = token;
      try {
        const result = await work(tx);
        exec('COMMIT');
        return result;
      } catch (error) {
        if (client.inTransaction) exec('ROLLBACK');
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
    sharedTables: null,
    alias: (table, name) => alias(table as unknown as SQLiteTable, name) as unknown as typeof table,
    q,
    ping: async () => {
      await proxy.run(sql`select 1`);
    },
    transaction,
    write: transaction,
    holdLock: async () => undefined,
  };
}

type Entry = 'prepare' | 'exec' | 'pragma' | 'transaction' | 'backup' | 'serialize';

/**
 * Shadows the connection's own entry points with guarded ones, and returns
 * the unguarded `prepare`, `exec` and `serialize` for the seam alone. While
 * `inSeamTransaction()`, each of these throws `OutsideTheSeamError` before
 * it touches the database:
 * - `prepare` and `exec`: the way in of drizzle's better-sqlite3 driver (it
 *   prepares each query as it runs it) and of direct users;
 * - running a statement prepared through the guarded `prepare`, whenever it
 *   was prepared (`run`, `get`, `all`, `iterate`): a statement kept from
 *   before a transaction opened, as drizzle's `.prepare()` keeps one;
 * - `pragma`, which prepares past `prepare`;
 * - a function made by `transaction()`, in each of its variants, before its
 *   BEGIN or SAVEPOINT (whose statements better-sqlite3 prepares past
 *   `prepare`): it would nest inside the seam's transaction as a savepoint;
 * - `backup` and `serialize`, which would read the open transaction's work
 *   through this connection.
 * Outside a seam transaction they run as before: a statement is then atomic
 * on its own, and cannot land in the seam's work.
 *
 * What cannot be caught: a statement prepared (or a transaction function
 * made) before this guard was installed (open.ts installs it before the
 * connection leaves openDb, so only the migration's own statements were,
 * and they end with it), and code that reaches better-sqlite3's native
 * object past the public methods (its internal symbol, or a Statement
 * prototype's method called on a statement). Registering functions,
 * `close` and the connection's other settings run no statement and are
 * left as they are.
 */
function guardConnection(
  client: BetterSqlite3.Database,
  inSeamTransaction: () => boolean,
): { prepare: (source: string) => BetterSqlite3.Statement; exec: (source: string) => void; serialize: () => Buffer } {
  const refuse = (entry: Entry) => {
    if (inSeamTransaction()) {
      throw new OutsideTheSeamError(
        `a statement (${entry}) reached the SQLite connection outside the storage seam while a seam transaction was open, and would have run inside that transaction: go through the seam (database.q or database.transaction)`,
      );
    }
  };
  const own = {
    prepare: client.prepare.bind(client) as (source: string) => BetterSqlite3.Statement,
    exec: client.exec.bind(client),
    pragma: client.pragma.bind(client),
    transaction: client.transaction.bind(client),
    backup: client.backup.bind(client),
    serialize: client.serialize.bind(client),
  };
  const guardStatement = (statement: BetterSqlite3.Statement): BetterSqlite3.Statement => {
    for (const name of ['run', 'get', 'all', 'iterate'] as const) {
      const run = statement[name] as (...params: unknown[]) => unknown;
      Object.defineProperty(statement, name, {
        configurable: true,
        value(this: BetterSqlite3.Statement, ...params: unknown[]) {
          refuse('prepare');
          return run.apply(this, params);
        },
      });
    }
    return statement;
  };
  const guardTransaction = (made: BetterSqlite3.Transaction<(...params: unknown[]) => unknown>) => {
    const variant =
      (run: (...params: unknown[]) => unknown) =>
      function (this: unknown, ...params: unknown[]) {
        refuse('transaction');
        return run.apply(this, params);
      };
    const guarded = variant(made);
    const variants = {
      default: { value: guarded },
      deferred: { value: variant(made.deferred) },
      immediate: { value: variant(made.immediate) },
      exclusive: { value: variant(made.exclusive) },
      database: { value: client, enumerable: true },
    };
    for (const { value } of [variants.default, variants.deferred, variants.immediate, variants.exclusive]) Object.defineProperties(value, variants);
    return guarded;
  };
  const shadow: { [Name in Entry]: BetterSqlite3.Database[Name] } = {
    prepare: ((source: string) => {
      refuse('prepare');
      return guardStatement(own.prepare(source));
    }) as BetterSqlite3.Database['prepare'],
    exec: (source) => {
      refuse('exec');
      own.exec(source);
      return client;
    },
    pragma: (source, options) => {
      refuse('pragma');
      return own.pragma(source, options);
    },
    transaction: ((fn: (...params: unknown[]) => unknown) => guardTransaction(own.transaction(fn))) as BetterSqlite3.Database['transaction'],
    backup: (destination, options) => {
      refuse('backup');
      return own.backup(destination, options);
    },
    serialize: (options) => {
      refuse('serialize');
      return own.serialize(options);
    },
  };
  for (const [name, value] of Object.entries(shadow)) Object.defineProperty(client, name, { configurable: true, writable: true, value });
  return { prepare: own.prepare, exec: (source) => void own.exec(source), serialize: () => own.serialize() };
}

/**
 * A statement reached the seam's connection past the seam while a seam
 * transaction was open (it would have run inside that transaction, and
 * committed or rolled back with work not its own), or the seam found a
 * transaction it did not open. Everything on the connection goes through
 * the seam: `database.q` or `database.transaction`.
 */
export class OutsideTheSeamError extends Error {
  override name = 'OutsideTheSeamError';
}

/** A transaction's builder was used after its transaction had ended. */
export class TransactionOverError extends Error {
  override name = 'TransactionOverError';
  constructor() {
    super('a statement used the builder of a transaction that has already ended');
  }
}
