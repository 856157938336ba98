import { beforeEach, describe, expect, it } from 'vitest';
import type { BatchCardStore } from '../../../src/db/batch-card-store.js';
import type { BatchStore } from '../../../src/db/batch-store.js';

export const T0 = Date.UTC(2026, 11, 3, 9);
const ADMIN = 7_000_000_001;
const OTHER_ADMIN = 7_000_000_002;
/** A supergroup's id, below -2^32 as Telegram gives them. */
const GROUP = -1_002_000_000_001;
const APPROVALS_TOPIC = 3_000_000_005;

/** `store` and `other` over the same empty tables (a second instance on PostgreSQL); `batches` to make the batches the cards belong to. */
export interface BatchCardSubject {
  store: BatchCardStore;
  other: BatchCardStore;
  batches: BatchStore;
}

export function batchCardStoreContract(database: string, fresh: () => Promise<BatchCardSubject>): void {
  describe(`batch card store on ${database}`, () => {
    let subject: BatchCardSubject;
    const newBatch = async (key: string) =>
      (await subject.batches.create({ key, requesterId: ADMIN, chatId: ADMIN, source: 'quantity', fileHash: null, fileName: null, plan: [{ lines: [], rows: [] }], total: 1_250_000 }, new Date(T0))).id;
    beforeEach(async () => {
      subject = await fresh();
    });

    it("hands out a batch's cards once, in the order they were sent, thread and all, and only that batch's", async () => {
      const a = await newBatch('a');
      const b = await newBatch('b');
      await subject.store.record(a, { chatId: GROUP, messageId: 10, threadId: APPROVALS_TOPIC });
      await subject.store.record(b, { chatId: ADMIN, messageId: 11, threadId: null });
      await subject.store.record(a, { chatId: OTHER_ADMIN, messageId: 5_000_000_000, threadId: null });
      expect(await subject.other.take(a)).toEqual([
        { chatId: GROUP, messageId: 10, threadId: APPROVALS_TOPIC },
        { chatId: OTHER_ADMIN, messageId: 5_000_000_000, threadId: null },
      ]);
      expect(await subject.store.take(a)).toEqual([]);
      expect(await subject.store.take(b)).toEqual([{ chatId: ADMIN, messageId: 11, threadId: null }]);
    });

    it('gives each card to only one of two settlings at once', async () => {
      for (let round = 0; round < 5; round++) {
        const id = await newBatch(`race-${round}`);
        for (let card = 0; card < 4; card++) await subject.store.record(id, { chatId: ADMIN + card, messageId: 100 + card, threadId: null });
        const [one, two] = await Promise.all([subject.store.take(id), subject.other.take(id)]);
        expect([...one!, ...two!].map((card) => card.messageId).sort()).toEqual([100, 101, 102, 103]);
      }
    });
  });
}
