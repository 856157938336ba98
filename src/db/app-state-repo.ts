import { eq } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { appState } from './schema.js';
import type { SyncDb } from './sync-db.js';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export interface AppStateRepo {
  /** The stored value, or null when the key was never set. The caller vouches for `T`. */
  get<T = Json>(key: string): T | null;
  set(key: string, value: Json): void;
}

/** Works on the database or inside a caller's transaction alike. */
export function createAppStateRepo(deps: { db: SyncDb; clock: Clock }): AppStateRepo {
  const { db, clock } = deps;
  return {
    get<T = Json>(key: string): T | null {
      const row = db.select({ value: appState.value }).from(appState).where(eq(appState.key, key)).get();
      return row ? (JSON.parse(row.value) as T) : null;
    },
    set(key, value) {
      const row = { key, value: JSON.stringify(value), updatedAt: new Date(clock.now()) };
      db.insert(appState)
        .values(row)
        .onConflictDoUpdate({ target: appState.key, set: { value: row.value, updatedAt: row.updatedAt } })
        .run();
    },
  };
}

/**
 * Small values kept by key (the provider's measured clock offset, say), as
 * every database keeps them: asynchronous, so that PostgreSQL answers
 * through the same calls. A value written is read back by every instance
 * on the same database.
 */
export interface AppStateStore {
  /** The stored value, or null when the key was never set. The caller vouches for `T`. */
  get<T = Json>(key: string): Promise<T | null>;
  set(key: string, value: Json): Promise<void>;
}

export function createSqliteAppStateStore(deps: { db: SyncDb; clock: Clock }): AppStateStore {
  const repo = createAppStateRepo(deps);
  return {
    get: async <T = Json>(key: string) => repo.get<T>(key),
    set: async (key, value) => repo.set(key, value),
  };
}
