import { lte } from 'drizzle-orm';
import type { Database } from './seam/database.js';

export const STRANGER_REPLY_INTERVAL_MS = 3_600_000;

/** When a stranger was last told their ID, so that they hear from us at most once an hour. */
export interface StrangerRepliesStore {
  /**
   * True, and records `nowMs`, only when this person was not answered within
   * the interval. One statement, so two updates at once cannot both win.
   */
  claimReply(telegramId: number, nowMs: number, intervalMs?: number): Promise<boolean>;
}

export function createStrangerRepliesStore(deps: { database: Database }): StrangerRepliesStore {
  const { q, tables } = deps.database;
  const { strangerReplies } = tables;
  return {
    async claimReply(telegramId, nowMs, intervalMs = STRANGER_REPLY_INTERVAL_MS) {
      const now = new Date(nowMs);
      const claimed = await q
        .insert(strangerReplies)
        .values({ telegramId, lastReplyAt: now })
        .onConflictDoUpdate({
          target: strangerReplies.telegramId,
          set: { lastReplyAt: now },
          setWhere: lte(strangerReplies.lastReplyAt, new Date(nowMs - intervalMs)),
        })
        .returning({ telegramId: strangerReplies.telegramId });
      return claimed.length > 0;
    },
  };
}
