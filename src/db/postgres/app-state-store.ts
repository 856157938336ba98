import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { AppStateStore, Json } from '../app-state-repo.js';
import type { PgDb } from './open.js';
import { appState } from './schema.js';

/** Small values by key on PostgreSQL, as JSON text in app_state like on SQLite; a write is one upsert. */
export function createPostgresAppStateStore(deps: { db: PgDb; clock: Clock }): AppStateStore {
  const { db, clock } = deps;
  return {
    async get<T = Json>(key: string): Promise<T | null> {
      const [row] = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, key));
      return row ? (JSON.parse(row.value) as T) : null;
    },
    async set(key, value) {
      const row = { key, value: JSON.stringify(value), updatedAt: new Date(clock.now()) };
      await db
        .insert(appState)
        .values(row)
        .onConflictDoUpdate({ target: appState.key, set: { value: row.value, updatedAt: row.updatedAt } });
    },
  };
}
