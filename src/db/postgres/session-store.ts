import { and, eq, lt } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import { orderActivityWhere } from '../order-activity.js';
import type { SessionStore, TakenSession } from '../session-store.js';
import { keyHasPrefix } from '../stored-sessions.js';
import type { PgDb } from './open.js';
import { moneyTransaction } from './order-writes.js';
import { botSessions, orders } from './schema.js';

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
    async readPrefix(prefix) {
      const rows = await db.select().from(botSessions).where(keyHasPrefix(botSessions.key, prefix));
      return rows.map((row) => ({ key: row.key, value: row.value, updatedAt: row.updatedAt.getTime() }));
    },
    takeIdle(prefix, before, busy) {
      // The money lock, as every order write holds it: no intent can be created for a chat
      // between the check below and the delete, as SQLite's immediate transaction ensures.
      return moneyTransaction(db, async (tx) => {
        const idle = await tx
          .select()
          .from(botSessions)
          .where(and(keyHasPrefix(botSessions.key, prefix), lt(botSessions.updatedAt, new Date(before))));
        const taken: TakenSession[] = [];
        for (const row of idle) {
          if (busy) {
            const active = await tx
              .select({ id: orders.id })
              .from(orders)
              .where(orderActivityWhere(orders, busy.chatIdOf(row.key), row.updatedAt.getTime()))
              .limit(1);
            if (active.length > 0) continue;
          }
          // Compare-and-swap on the time read: a session written again meanwhile (writes do not take the lock) stays.
          const deleted = await tx
            .delete(botSessions)
            .where(and(eq(botSessions.key, row.key), eq(botSessions.updatedAt, row.updatedAt)))
            .returning({ key: botSessions.key });
          if (deleted.length > 0) taken.push({ key: row.key, value: row.value });
        }
        return taken;
      });
    },
  };
}
