import { getTableName } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Db } from './open.js';
import { botSessions } from './schema.js';

const TABLE = getTableName(botSessions);

/**
 * Structurally grammY's StorageAdapter<T> (read, write, delete), declared here
 * so that the database layer does not depend on the bot framework.
 */
export interface SessionStorage<T> {
  read(key: string): T | undefined;
  write(key: string, value: T): void;
  delete(key: string): void;
}

/**
 * Session and conversation state as JSON, one row per key. Every update
 * reads and writes its chat's row, so the three statements are prepared
 * once (updated_at is stored as epoch milliseconds, as the schema's
 * timestamp_ms column keeps it).
 */
export function createSqliteStorage<T>(deps: { db: Db; clock: Clock }): SessionStorage<T> {
  const { db, clock } = deps;
  const sqlite = db.$client;
  const select = sqlite.prepare<[string], { value: string }>(`select value from ${TABLE} where key = ?`);
  const upsert = sqlite.prepare<[string, string, number]>(
    `insert into ${TABLE} (key, value, updated_at) values (?, ?, ?)
     on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`,
  );
  const remove = sqlite.prepare<[string]>(`delete from ${TABLE} where key = ?`);
  return {
    read(key) {
      const row = select.get(key);
      return row ? (JSON.parse(row.value) as T) : undefined;
    },
    write(key, value) {
      const json = JSON.stringify(value);
      // JSON has no `undefined`: writing it means there is nothing to keep.
      if (json === undefined) {
        remove.run(key);
        return;
      }
      upsert.run(key, json, clock.now());
    },
    delete(key) {
      remove.run(key);
    },
  };
}
