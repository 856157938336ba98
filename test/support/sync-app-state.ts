import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../../src/clock.js';
import type { Json } from '../../src/db/json.js';
import type { Db } from '../../src/db/open.js';
import { appState } from '../../src/db/schema.js';

/**
 * app_state read and written synchronously through the better-sqlite3
 * handle, for tests that must read without waiting. The app goes through
 * the seam; this handle runs only while no seam transaction is open (the
 * seam refuses it otherwise).
 */
export function syncAppState(db: Db, clock: Clock): { get<T = Json>(key: string): T | null; set(key: string, value: Json): void } {
  const byKey = db.select({ value: appState.value }).from(appState).where(eq(appState.key, sql.placeholder('key'))).prepare();
  return {
    get<T = Json>(key: string): T | null {
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
