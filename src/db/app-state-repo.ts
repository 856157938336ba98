import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { appState } from './schema.js';
import type { Db } from './open.js';
import type { SyncDb } from './sync-db.js';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export interface AppStateRepo {
  /** The stored value, or null when the key was never set. The caller vouches for `T`. */
  get<T = Json>(key: string): T | null;
  set(key: string, value: Json): void;
}

/**
 * Works on the database or inside a caller's transaction alike. The read is
 * compiled at its first use and kept with the repo: built and compiled
 * anew, it took about 0.3 ms, and every /order reads the ordering pause and
 * the catalog sync's state. Keep a repo rather than making one per read.
 */
export function createAppStateRepo(deps: { db: SyncDb; clock: Clock }): AppStateRepo {
  const { db, clock } = deps;
  let byKey: { get(values: { key: string }): { value: string } | undefined } | null = null;
  return {
    get<T = Json>(key: string): T | null {
      byKey ??= db.select({ value: appState.value }).from(appState).where(eq(appState.key, sql.placeholder('key'))).prepare();
      const row = byKey.get({ key });
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
