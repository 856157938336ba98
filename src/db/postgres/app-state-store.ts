import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { AppStateStore, Json } from '../app-state-repo.js';
import type { PgDb, PgExec } from './open.js';
import { appState } from './schema.js';

/**
 * The first half of the two-key advisory lock that serialises updates of
 * one app_state key (the second half is the key's hash). A row lock would
 * not do: a key never written has no row to lock, and two first writers
 * would both read "nothing". Two-key locks live apart from the one-key
 * money, migration and instance locks.
 */
const APP_STATE_LOCK = 745161;

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
        await tx.execute(sql`select pg_advisory_xact_lock(${APP_STATE_LOCK}, hashtext(${key}))`);
        const { next, result } = step(await read(tx, key));
        if (next !== undefined) await write(tx, clock, key, next);
        return result;
      }),
  };
}
