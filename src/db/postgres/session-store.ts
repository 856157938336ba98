import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { SessionStore } from '../session-store.js';
import type { PgDb } from './open.js';
import { botSessions } from './schema.js';

/**
 * Session and conversation state on PostgreSQL, in `bot_sessions`: the
 * value as JSON text (the column is `text`, as on SQLite, so a copied
 * database reads back byte for byte), `updated_at` as the clock's time.
 * A write is one upsert, so two writers of one key never collide on the
 * primary key: the later write wins, as on SQLite.
 */
export function createPostgresSessionStore<T>(deps: { db: PgDb; clock: Clock }): SessionStore<T> {
  const { db, clock } = deps;
  const remove = async (key: string) => {
    await db.delete(botSessions).where(eq(botSessions.key, key));
  };
  return {
    async read(key) {
      const rows = await db.select({ value: botSessions.value }).from(botSessions).where(eq(botSessions.key, key));
      const row = rows[0];
      return row ? (JSON.parse(row.value) as T) : undefined;
    },
    async write(key, value) {
      const json = JSON.stringify(value);
      // JSON has no `undefined`: writing it means there is nothing to keep.
      if (json === undefined) return remove(key);
      const updatedAt = new Date(clock.now());
      await db
        .insert(botSessions)
        .values({ key, value: json, updatedAt })
        .onConflictDoUpdate({ target: botSessions.key, set: { value: json, updatedAt } });
    },
    delete: remove,
  };
}
