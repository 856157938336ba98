import { lte } from 'drizzle-orm';
import { STRANGER_REPLY_INTERVAL_MS, type StrangerRepliesStore } from '../stranger-replies-repo.js';
import type { PgDb } from './open.js';
import { strangerReplies } from './schema.js';

/** One upsert that writes only when the interval has passed, as on SQLite: two updates at once cannot both win. */
export function createPostgresStrangerRepliesStore(deps: { db: PgDb }): StrangerRepliesStore {
  const { db } = deps;
  return {
    async claimReply(telegramId, nowMs, intervalMs = STRANGER_REPLY_INTERVAL_MS) {
      const now = new Date(nowMs);
      const claimed = await db
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
