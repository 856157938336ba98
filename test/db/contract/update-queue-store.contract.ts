import type { Update } from 'grammy/types';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../../src/clock.js';
import { updateChatKey, type UpdateQueueStore } from '../../../src/db/update-queue-store.js';
import type { LeaseTime } from './lease-time.js';

/** A clock the test moves by hand: leases end only when the test says so. */
export function handClock(start = 1_800_000_000_000): Clock & { advance(ms: number): void } {
  let now = start;
  return { now: () => now, sleep: async () => undefined, advance: (ms) => void (now += ms) };
}

/** A text message from chat `chat`, as Telegram posts it. */
export function chatUpdate(updateId: number, chat: number, text = `m${updateId}`): Update {
  return {
    update_id: updateId,
    message: { message_id: updateId, date: 0, chat: { id: chat, type: 'private', first_name: 'T' }, from: { id: chat, is_bot: false, first_name: 'T' }, text },
  };
}

const LEASE = 10_000;
const HOUR = 60 * 60 * 1000;

/** A store over an empty update_queue table, and how its leases keep time. */
export interface UpdateQueueSubject {
  store: UpdateQueueStore;
  leases: LeaseTime;
}

/**
 * What every UpdateQueueStore does, whatever database keeps it; `fresh`
 * gives a store over an empty update_queue table, on the given clock.
 */
export function updateQueueStoreContract(database: string, fresh: (clock: Clock) => Promise<UpdateQueueSubject>): void {
  describe(`update queue store on ${database}`, () => {
    let store: UpdateQueueStore;
    let clock: ReturnType<typeof handClock>;
    let leases: LeaseTime;
    beforeEach(async () => {
      clock = handClock();
      ({ store, leases } = await fresh(clock));
    });
    /** Lets `ms` pass for the leases, whichever clock they follow. */
    const pass = async (ms: number) => {
      clock.advance(ms);
      await leases.pass(ms);
    };

    it('stores an update once: a second post of the same update_id is recognised, before and after it is handled', async () => {
      expect(await store.accept(chatUpdate(5, 7))).toBe(true);
      expect(await store.accept(chatUpdate(5, 7))).toBe(false);
      const claim = await store.claim('a', LEASE);
      expect(claim).toMatchObject({ updateId: 5, chatKey: 'chat:7', attempts: 1 });
      expect(await store.done(claim!.claimToken, 5)).toBe(true);
      expect(await store.accept(chatUpdate(5, 7))).toBe(false);
      expect(await store.claim('a', LEASE)).toBeNull();
      expect(await store.pending()).toBe(0);
    });

    it('gives the update back as posted, Persian text and large ids included', async () => {
      const update = chatUpdate(2_000_000_001, -1_002_000_000_001, 'کارت هدیه ۱۰ دلاری');
      await store.accept(update);
      const claim = await store.claim('a', LEASE);
      expect(claim?.update).toEqual(update);
      expect(claim?.chatKey).toBe('chat:-1002000000001');
    });

    it("hands one chat's updates one at a time, in update_id order, whatever order they were stored in", async () => {
      await store.accept(chatUpdate(12, 7));
      await store.accept(chatUpdate(10, 7));
      await store.accept(chatUpdate(11, 7));
      const seen: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const claim = await store.claim('a', LEASE);
        expect(claim).not.toBeNull();
        // While it is held, nothing else of the chat is handed out.
        expect(await store.claim('b', LEASE)).toBeNull();
        seen.push(claim!.updateId);
        expect(await store.done(claim!.claimToken, claim!.updateId)).toBe(true);
      }
      expect(seen).toEqual([10, 11, 12]);
      expect(await store.claim('a', LEASE)).toBeNull();
    });

    it('hands out two chats side by side, each still in order', async () => {
      await store.accept(chatUpdate(1, 7));
      await store.accept(chatUpdate(2, 8));
      await store.accept(chatUpdate(3, 7));
      const first = await store.claim('a', LEASE);
      const second = await store.claim('b', LEASE);
      expect([first?.updateId, second?.updateId]).toEqual([1, 2]);
      expect(await store.claim('c', LEASE)).toBeNull();
      // Chat 8 done: chat 7's next still waits for its first.
      await store.done(second!.claimToken, 2);
      expect(await store.claim('c', LEASE)).toBeNull();
      await store.done(first!.claimToken, 1);
      expect((await store.claim('c', LEASE))?.updateId).toBe(3);
    });

    it('treats each update without a chat as a key of its own', async () => {
      const bare = (id: number): Update => ({ update_id: id, poll: { id: `p${id}`, question: 'q', options: [], total_voter_count: 0, is_closed: false, is_anonymous: true, type: 'regular', allows_multiple_answers: false } }) as unknown as Update;
      expect(updateChatKey(bare(4))).toBe('update:4');
      await store.accept(bare(4));
      await store.accept(bare(6));
      expect((await store.claim('a', LEASE))?.updateId).toBe(4);
      expect((await store.claim('a', LEASE))?.updateId).toBe(6);
    });

    it('lets another holder take an update over once its lease has ended, and ignores the first claim after that', async () => {
      await store.accept(chatUpdate(1, 7));
      await store.accept(chatUpdate(2, 7));
      const first = await store.claim('a', LEASE);
      // A second short of the end (on PostgreSQL real time passes meanwhile).
      await pass(LEASE - 1_000);
      expect(await store.claim('b', LEASE)).toBeNull();
      await pass(1_000);
      const second = await store.claim('b', LEASE);
      expect(second).toMatchObject({ updateId: 1, attempts: 2 });
      expect(second!.claimToken).not.toBe(first!.claimToken);
      expect(await store.renew(first!.claimToken, 1, LEASE)).toBe(false);
      expect(await store.done(first!.claimToken, 1)).toBe(false);
      // The chat's next update still waits for the one taken over.
      expect(await store.claim('a', LEASE)).toBeNull();
      expect(await store.done(second!.claimToken, 1)).toBe(true);
      expect((await store.claim('a', LEASE))?.updateId).toBe(2);
    });

    it('keeps a renewed claim past its first lease', async () => {
      await store.accept(chatUpdate(1, 7));
      const claim = await store.claim('a', LEASE);
      await pass(LEASE - 1_000);
      expect(await store.renew(claim!.claimToken, 1, LEASE)).toBe(true);
      await pass(LEASE - 1_000);
      expect(await store.claim('b', LEASE)).toBeNull();
      await pass(1_000);
      expect((await store.claim('b', LEASE))?.updateId).toBe(1);
    });

    it('hands a released claim out again at once', async () => {
      await store.accept(chatUpdate(1, 7));
      const claim = await store.claim('a', LEASE);
      await store.release(claim!.claimToken, 1);
      expect(await store.done(claim!.claimToken, 1)).toBe(false);
      expect(await store.claim('b', LEASE)).toMatchObject({ updateId: 1, attempts: 2 });
    });

    it('claims an update as it stores it when its chat has nothing else to do, with the lease, renewal and takeover of any claim', async () => {
      const claim = await store.acceptAndClaim(chatUpdate(5, 7, 'سلام'), 'a', LEASE);
      expect(claim).toMatchObject({ updateId: 5, chatKey: 'chat:7', attempts: 1, update: { message: { text: 'سلام' } } });
      if (typeof claim === 'string') throw new Error(`not claimed: ${claim}`);
      // Held: nobody else takes it while its lease runs, and a renewal keeps it.
      expect(await store.claim('b', LEASE)).toBeNull();
      await pass(LEASE - 1_000);
      expect(await store.renew(claim.claimToken, 5, LEASE)).toBe(true);
      await pass(LEASE - 1_000);
      expect(await store.claim('b', LEASE)).toBeNull();
      // Its lease ended: taken over as a claim taken by `claim` would be.
      await pass(1_000);
      const taken = await store.claim('b', LEASE);
      expect(taken).toMatchObject({ updateId: 5, attempts: 2 });
      expect(await store.done(claim.claimToken, 5)).toBe(false);
      expect(await store.done(taken!.claimToken, 5)).toBe(true);
      expect(await store.pending()).toBe(0);
    });

    it("stores an update unclaimed while an earlier one of its chat is not done, and knows a repeat", async () => {
      expect(await store.accept(chatUpdate(1, 7))).toBe(true);
      expect(await store.acceptAndClaim(chatUpdate(2, 7), 'a', LEASE)).toBe('queued');
      // Another chat is free meanwhile.
      expect(await store.acceptAndClaim(chatUpdate(3, 8), 'a', LEASE)).toMatchObject({ updateId: 3, attempts: 1 });
      expect(await store.acceptAndClaim(chatUpdate(2, 7), 'a', LEASE)).toBe('repeat');
      expect(await store.acceptAndClaim(chatUpdate(3, 8), 'a', LEASE)).toBe('repeat');
      const first = await store.claim('a', LEASE);
      expect(first?.updateId).toBe(1);
      // A later update while the chat's update is claimed and running: stored, not claimed.
      expect(await store.acceptAndClaim(chatUpdate(4, 7), 'a', LEASE)).toBe('queued');
      await store.done(first!.claimToken, 1);
      const second = await store.claim('a', LEASE);
      expect(second).toMatchObject({ updateId: 2, attempts: 1 });
      await store.done(second!.claimToken, 2);
      expect((await store.claim('a', LEASE))?.updateId).toBe(4);
    });

    it('claims the next update of a chat as it stores it once the one before is done', async () => {
      const first = await store.acceptAndClaim(chatUpdate(1, 7), 'a', LEASE);
      if (typeof first === 'string') throw new Error(`not claimed: ${first}`);
      expect(await store.acceptAndClaim(chatUpdate(2, 7), 'a', LEASE)).toBe('queued');
      await store.done(first.claimToken, 1);
      expect((await store.claim('a', LEASE))?.updateId).toBe(2);
      expect(await store.pending()).toBe(1);
    });

    it('prunes only handled rows done before the given time', async () => {
      await store.accept(chatUpdate(1, 7));
      await store.accept(chatUpdate(2, 8));
      const claim = await store.claim('a', LEASE);
      await store.done(claim!.claimToken, 1);
      clock.advance(25 * HOUR);
      await store.accept(chatUpdate(3, 9));
      const later = await store.claim('a', LEASE);
      expect(later?.updateId).toBe(2);
      await store.done(later!.claimToken, 2);
      expect(await store.prune(new Date(clock.now() - 24 * HOUR))).toBe(1);
      // Update 2 was handled within the day: still recognised; 3 still waits.
      expect(await store.accept(chatUpdate(2, 8))).toBe(false);
      expect(await store.pending()).toBe(1);
      expect((await store.claim('a', LEASE))?.updateId).toBe(3);
      expect(await store.prune(new Date(clock.now() + 1))).toBe(1);
    });
  });
}
