import type { Clock } from '../clock.js';
import type { ChangeCounts } from './change-counters.js';
import type { Db } from './open.js';
import { takeIdleSessions, type TakenSession } from './idle-sessions.js';
import type { OrderActivityRule } from './order-activity.js';
import { createSqliteStorage } from './session-storage.js';
import { readSessions, type StoredSession } from './stored-sessions.js';

export type { StoredSession, TakenSession, OrderActivityRule };

/**
 * Session and conversation state, one JSON value per key, as every
 * database keeps it. Asynchronous, so that a store on a server (PostgreSQL)
 * and the SQLite file answer through the same shape; structurally grammY's
 * StorageAdapter<T>, declared here so that the database layer does not
 * depend on the bot framework.
 *
 * - `read` gives undefined for a key that was never written or was deleted.
 * - `write` replaces the whole value; writing `undefined` (which JSON cannot
 *   hold) deletes the key.
 * - Values round-trip through JSON: plain objects, arrays, strings, finite
 *   numbers up to 2^53, booleans and null.
 */
export interface SessionStore<T> {
  read(key: string): Promise<T | undefined>;
  /**
   * `read`, and the change counters (change-counters.ts) in the same round
   * trip: every update reads both first where the database is shared, and
   * a second query would cost a second round trip and connection. Absent
   * where the counters never move (SQLite).
   */
  readWithCounts?(key: string): Promise<{ value: T | undefined; counts: ChangeCounts }>;
  write(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
  /** The sessions whose key starts with `prefix`, as stored (JSON text); read only. */
  readPrefix(prefix: string): Promise<StoredSession[]>;
  /**
   * Removes and returns the sessions under `prefix` untouched since
   * `before` (epoch ms). Each is deleted only if it was not written again
   * since it was read, and, given `busy`, only if its chat has no order
   * activity (order-activity.ts), checked in the same transaction: a chat
   * whose Confirm is being placed keeps its session.
   */
  takeIdle(prefix: string, before: number, busy?: OrderActivityRule): Promise<TakenSession[]>;
}

/**
 * The SQLite store: the synchronous storage (session-storage.ts) behind
 * promises. A statement that fails rejects the promise instead of throwing.
 */
export function createSqliteSessionStore<T>(deps: { db: Db; clock: Clock }): SessionStore<T> {
  const storage = createSqliteStorage<T>(deps);
  return {
    read: async (key) => storage.read(key),
    write: async (key, value) => storage.write(key, value),
    delete: async (key) => storage.delete(key),
    readPrefix: async (prefix) => readSessions(deps.db, prefix),
    takeIdle: async (prefix, before, busy) => takeIdleSessions(deps.db, prefix, before, busy),
  };
}
