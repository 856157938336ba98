import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Json } from './json.js';
import type { Database, Query } from './seam/database.js';

/**
 * Small pieces of the app's own state (a cursor, the last day a digest
 * went out, the low-balance state), one JSON value per key, in `app_state`.
 */
export interface AppStateStore {
  get<T = Json>(key: string): Promise<T | null>;
  set(key: string, value: Json): Promise<void>;
  /**
   * Reads the key, lets `step` judge, and writes `next` when given, in one
   * transaction that no other update of the same key can interleave with:
   * two callers that read together still act one after the other.
   */
  update<T, R>(key: string, step: (current: T | null) => { next?: Json; result: R }): Promise<R>;
}

export function createAppStateStore(deps: { database: Database; clock: Clock }): AppStateStore {
  const { database, clock } = deps;
  const { appState } = database.tables;

  const read = async <T>(q: Query, key: string): Promise<T | null> => {
    const [row] = await q.select({ value: appState.value }).from(appState).where(eq(appState.key, key));
    return row ? (JSON.parse(row.value) as T) : null;
  };
  // Outside a transaction the read is one prepared statement: /order reads the catalog's state on every call.
  const readNow = appStateRead(database);

  const write = async (q: Query, key: string, value: Json): Promise<void> => {
    const row = { key, value: JSON.stringify(value), updatedAt: new Date(clock.now()) };
    await q.insert(appState).values(row).onConflictDoUpdate({ target: appState.key, set: { value: row.value, updatedAt: row.updatedAt } });
  };

  return {
    get: (key) => readNow(key),
    set: (key, value) => write(database.q, key, value),
    update: (key, step) =>
      database.transaction(async (tx) => {
        // One key's updates one after the other, even for a key never written (no row to lock yet).
        await database.holdLock(tx, `app_state:${key}`);
        const { next, result } = step(await read(tx, key));
        if (next !== undefined) await write(tx, key, next);
        return result;
      }),
  };
}

/**
 * One app_state value by key, outside any transaction, as one prepared
 * statement (on PostgreSQL a named statement, parsed and planned once per
 * connection): the ordering pause and the catalog's state are read at
 * every /order, and building the query each time cost more than running it
 * on SQLite. Every store that reads app_state this way shares the one name
 * and text, as PostgreSQL requires of a named statement.
 */
export function appStateRead(database: Database): <T>(key: string) => Promise<T | null> {
  const { appState } = database.tables;
  const statement = database.q.select({ value: appState.value }).from(appState).where(eq(appState.key, sql.placeholder('key'))).prepare('app-state-read');
  return async <T>(key: string): Promise<T | null> => {
    const [row] = await statement.execute({ key });
    return row ? (JSON.parse(row.value) as T) : null;
  };
}
