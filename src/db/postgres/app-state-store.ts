import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { AppStateStore, Json } from '../app-state-repo.js';
import type { PgDb, PgExec } from './open.js';
import { appState } from './schema.js';
import { holdNamedLock } from './private-locks.js';

async function read<T>(exec: PgExec, key: string): Promise<T | null> {
  const [row] = await exec.select({ value: appState.value }).from(appState).where(eq(appState.key, key));
  return row ? (JSON.parse(row.value) as T) : null;
}

async function write(exec: PgExec, clock: Clock, key: string, value: Json): Promise<void> {
  const row = { key, value: JSON.stringify(value), updatedAt: new Date(clock.now()) };
  await exec.insert(appState).values(row).onConflictDoUpdate({ target: appState.key, set: { value: row.value, updatedAt: row.updatedAt } });
}

/** App state on PostgreSQL, in `app_state` (value as JSON text, as on SQLite). */
export function createPostgresAppStateStore(deps: { db: PgDb; clock: Clock }): AppStateStore {
  const { db, clock } = deps;
  return {
    get: (key) => read(db, key),
    set: (key, value) => write(db, clock, key, value),
    update: (key, step) =>
      db.transaction(async (tx) => {
        // One key's updates one after the other, even for a key never written (no app_state row to lock yet).
        await holdNamedLock(tx, `app_state:${key}`);
        const { next, result } = step(await read(tx, key));
        if (next !== undefined) await write(tx, clock, key, next);
        return result;
      }),
  };
}
