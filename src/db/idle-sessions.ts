import { and, eq, like, lt } from 'drizzle-orm';
import type { Db } from './open.js';
import type { SyncDb } from './sync-db.js';
import { botSessions } from './schema.js';

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
  /** Checked inside the same transaction: true leaves the session in place. */
  isBusy: (exec: SyncDb, session: { key: string; updatedAt: number }) => boolean = () => false,
): TakenSession[] {
  return db.transaction(
    (tx) => {
      const idle = tx
        .select()
        .from(botSessions)
        .where(and(like(botSessions.key, `${prefix}%`), lt(botSessions.updatedAt, new Date(before))))
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
