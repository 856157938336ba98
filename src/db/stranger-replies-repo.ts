import { lte } from 'drizzle-orm';
import type { Db } from './open.js';
import { strangerReplies } from './schema.js';

export const STRANGER_REPLY_INTERVAL_MS = 3_600_000;

export interface StrangerRepliesRepo {
  /**
   * True, and records `nowMs`, only when this person was not answered within
   * the interval. One statement, so two updates at once cannot both win.
   */
  claimReply(telegramId: number, nowMs: number, intervalMs?: number): boolean;
}

export function createStrangerRepliesRepo(deps: { db: Db }): StrangerRepliesRepo {
  const { db } = deps;
  return {
    claimReply(telegramId, nowMs, intervalMs = STRANGER_REPLY_INTERVAL_MS) {
      const now = new Date(nowMs);
      const claimed = db
        .insert(strangerReplies)
        .values({ telegramId, lastReplyAt: now })
        .onConflictDoUpdate({
          target: strangerReplies.telegramId,
          set: { lastReplyAt: now },
          setWhere: lte(strangerReplies.lastReplyAt, new Date(nowMs - intervalMs)),
        })
        .returning({ telegramId: strangerReplies.telegramId })
        .all();
      return claimed.length > 0;
    },
  };
}

/** StrangerRepliesRepo behind a promise, as every database answers it. */
export interface StrangerRepliesStore {
  claimReply(telegramId: number, nowMs: number, intervalMs?: number): Promise<boolean>;
}

export function createSqliteStrangerRepliesStore(deps: { db: Db }): StrangerRepliesStore {
  const repo = createStrangerRepliesRepo(deps);
  return { claimReply: async (telegramId, nowMs, intervalMs) => repo.claimReply(telegramId, nowMs, intervalMs) };
}
