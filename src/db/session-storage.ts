import { eq } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Db } from './open.js';
import { botSessions } from './schema.js';

/**
 * Structurally grammY's StorageAdapter<T> (read, write, delete), declared here
 * so that the database layer does not depend on the bot framework.
 */
export interface SessionStorage<T> {
  read(key: string): T | undefined;
  write(key: string, value: T): void;
  delete(key: string): void;
}

/** Session and conversation state as JSON, one row per key. */
export function createSqliteStorage<T>(deps: { db: Db; clock: Clock }): SessionStorage<T> {
  const { db, clock } = deps;
  const remove = (key: string) => {
    db.delete(botSessions).where(eq(botSessions.key, key)).run();
  };
  return {
    read(key) {
      const row = db.select({ value: botSessions.value }).from(botSessions).where(eq(botSessions.key, key)).get();
      return row ? (JSON.parse(row.value) as T) : undefined;
    },
    write(key, value) {
      const json = JSON.stringify(value);
      // JSON has no `undefined`: writing it means there is nothing to keep.
      if (json === undefined) {
        remove(key);
        return;
      }
      const updatedAt = new Date(clock.now());
      db.insert(botSessions)
        .values({ key, value: json, updatedAt })
        .onConflictDoUpdate({ target: botSessions.key, set: { value: json, updatedAt } })
        .run();
    },
    delete: remove,
  };
}
