import { beforeEach, describe, expect, it } from 'vitest';
import type { StrangerRepliesStore } from '../../../src/db/stranger-replies-store.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2025, 0, 1);

/** `fresh` gives a store over an empty stranger_replies table. */
export function strangerRepliesStoreContract(database: string, fresh: () => Promise<StrangerRepliesStore>): void {
  describe(`stranger replies store on ${database}`, () => {
    let strangers: StrangerRepliesStore;
    beforeEach(async () => {
      strangers = await fresh();
    });

    it('answers a stranger the first time', async () => {
      expect(await strangers.claimReply(5, T0)).toBe(true);
    });

    it('stays silent for the rest of the hour after answering', async () => {
      await strangers.claimReply(5, T0);
      expect(await strangers.claimReply(5, T0 + 1)).toBe(false);
      expect(await strangers.claimReply(5, T0 + HOUR - 1)).toBe(false);
    });

    it('answers again once the hour has passed, and counts the hour from that answer', async () => {
      await strangers.claimReply(5, T0);
      expect(await strangers.claimReply(5, T0 + HOUR)).toBe(true);
      expect(await strangers.claimReply(5, T0 + HOUR + HOUR - 1)).toBe(false);
      expect(await strangers.claimReply(5, T0 + 2 * HOUR)).toBe(true);
    });

    it('keeps a separate hour for each stranger', async () => {
      await strangers.claimReply(5, T0);
      expect(await strangers.claimReply(6, T0 + 1)).toBe(true);
      expect(await strangers.claimReply(7_123_456_789, T0 + 2)).toBe(true);
      expect(await strangers.claimReply(7_123_456_789, T0 + 3)).toBe(false);
    });

    it('honours a custom interval', async () => {
      await strangers.claimReply(5, T0, 1000);
      expect(await strangers.claimReply(5, T0 + 999, 1000)).toBe(false);
      expect(await strangers.claimReply(5, T0 + 1000, 1000)).toBe(true);
    });

    it('lets only one of several updates at once win', async () => {
      const results = await Promise.all(Array.from({ length: 8 }, () => strangers.claimReply(9, T0)));
      expect(results.filter(Boolean)).toHaveLength(1);
    });
  });
}
