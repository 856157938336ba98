import { and, eq, lt } from 'drizzle-orm';
import type { Db } from './open.js';
import type { SyncDb } from './sync-db.js';
import { orderActivityWhere, type OrderActivityRule } from './order-activity.js';
import { botSessions, orders } from './schema.js';
import { keyHasPrefix } from './stored-sessions.js';

export interface TakenSession {
  key: string;
  value: string;
}

/**
 * Removes and returns the sessions under `prefix` untouched since `before`.
 * Each row is deleted only if it was not written again meanwhile, so a
 * session that just came back to life is left alone.
 */
export function takeIdleSessions(
  db: Db,
  prefix: string,
  before: number,
  /** Checked inside the same transaction: a chat busy with an order keeps its session. */
  busy?: OrderActivityRule,
): TakenSession[] {
  const isBusy = (exec: SyncDb, session: { key: string; updatedAt: number }) =>
    busy !== undefined && exec.select({ id: orders.id }).from(orders).where(orderActivityWhere(orders, busy.chatIdOf(session.key), session.updatedAt)).limit(1).get() !== undefined;
  return db.transaction(
    (tx) => {
      const idle = tx
        .select()
        .from(botSessions)
        .where(and(keyHasPrefix(botSessions.key, prefix), lt(botSessions.updatedAt, new Date(before))))
        .all();
      const taken: TakenSession[] = [];
      for (const row of idle) {
        if (isBusy(tx, { key: row.key, updatedAt: row.updatedAt.getTime() })) continue;
        const deleted = tx
          .delete(botSessions)
          .where(and(eq(botSessions.key, row.key), eq(botSessions.updatedAt, row.updatedAt)))
          .run();
        if (deleted.changes > 0) taken.push({ key: row.key, value: row.value });
      }
      return taken;
    },
    { behavior: 'immediate' },
  );
}
