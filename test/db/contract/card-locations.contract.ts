import { beforeEach, describe, expect, it } from 'vitest';
import type { CardLocations } from '../../../src/db/card-locations.js';

export const T0 = Date.UTC(2026, 11, 3, 9);
const ADMIN = 7_000_000_001;
const OTHER_ADMIN = 7_000_000_002;
/** A supergroup's id, below -2^32 as Telegram gives them. */
const GROUP = -1_002_000_000_001;
const APPROVALS_TOPIC = 3_000_000_005;

/** `store` and `other` over the same empty table (a second instance on PostgreSQL). */
export interface CardLocationsSubject {
  store: CardLocations;
  other: CardLocations;
}

/**
 * What every card-location store does, whatever database keeps it: where
 * each copy of an approval request's or a batch's card went, handed out
 * once when they are settled.
 */
export function cardLocationsContract(database: string, fresh: () => Promise<CardLocationsSubject>): void {
  describe(`card locations on ${database}`, () => {
    let subject: CardLocationsSubject;
    beforeEach(async () => {
      subject = await fresh();
    });

    it("hands out a subject's cards once, in the order they were sent, thread and all, and only that subject's", async () => {
      const batches = subject.store.of('batch');
      await batches.record(1, { chatId: GROUP, messageId: 10, threadId: APPROVALS_TOPIC });
      await batches.record(2, { chatId: ADMIN, messageId: 11, threadId: null });
      await batches.record(1, { chatId: OTHER_ADMIN, messageId: 5_000_000_000 });
      expect(await subject.other.of('batch').take(1)).toEqual([
        { chatId: GROUP, messageId: 10, threadId: APPROVALS_TOPIC },
        { chatId: OTHER_ADMIN, messageId: 5_000_000_000, threadId: null },
      ]);
      expect(await batches.take(1)).toEqual([]);
      expect(await batches.take(2)).toEqual([{ chatId: ADMIN, messageId: 11, threadId: null }]);
    });

    it("keeps an order's cards apart from a batch's with the same id", async () => {
      await subject.store.of('order').record(5, { chatId: ADMIN, messageId: 20 });
      await subject.store.of('batch').record(5, { chatId: GROUP, messageId: 21, threadId: APPROVALS_TOPIC });
      await subject.store.of('order').record(5, { chatId: OTHER_ADMIN, messageId: 22 });
      expect(await subject.store.of('batch').take(5)).toEqual([{ chatId: GROUP, messageId: 21, threadId: APPROVALS_TOPIC }]);
      expect(await subject.store.of('order').take(5)).toEqual([
        { chatId: ADMIN, messageId: 20, threadId: null },
        { chatId: OTHER_ADMIN, messageId: 22, threadId: null },
      ]);
      expect(await subject.store.of('order').take(5)).toEqual([]);
    });

    it('gives each card to only one of two settlings at once', async () => {
      for (const kind of ['order', 'batch'] as const) {
        for (let round = 0; round < 5; round++) {
          const id = 100 + round;
          for (let card = 0; card < 4; card++) await subject.store.of(kind).record(id, { chatId: ADMIN + card, messageId: 100 + card });
          const [one, two] = await Promise.all([subject.store.of(kind).take(id), subject.other.of(kind).take(id)]);
          expect([...one!, ...two!].map((card) => card.messageId).sort()).toEqual([100, 101, 102, 103]);
        }
      }
    });

    it("lists a subject's cards without handing them out, and forgets one settled card at a time, only of that subject and kind", async () => {
      const orders = subject.store.of('order');
      await orders.record(8, { chatId: GROUP, messageId: 30, threadId: APPROVALS_TOPIC });
      await orders.record(8, { chatId: ADMIN, messageId: 5_000_000_001 });
      await orders.record(9, { chatId: ADMIN, messageId: 5_000_000_001 });
      await subject.store.of('batch').record(8, { chatId: ADMIN, messageId: 5_000_000_001 });
      const both = [
        { chatId: GROUP, messageId: 30, threadId: APPROVALS_TOPIC },
        { chatId: ADMIN, messageId: 5_000_000_001, threadId: null },
      ];
      expect(await subject.other.of('order').list(8)).toEqual(both);
      expect(await orders.list(8)).toEqual(both);

      await subject.other.of('order').forget(8, { chatId: ADMIN, messageId: 5_000_000_001 });
      expect(await orders.list(8)).toEqual([both[0]]);
      expect(await orders.list(9)).toEqual([{ chatId: ADMIN, messageId: 5_000_000_001, threadId: null }]);
      expect(await subject.store.of('batch').list(8)).toEqual([{ chatId: ADMIN, messageId: 5_000_000_001, threadId: null }]);
      // Taken meanwhile by a settling at once: forgetting it changes nothing.
      expect(await orders.take(8)).toEqual([both[0]]);
      await orders.forget(8, both[0]!);
      expect(await orders.list(8)).toEqual([]);
    });
  });
}
