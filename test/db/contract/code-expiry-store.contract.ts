import { describe, expect, it } from 'vitest';
import type { CodeExpiryStore, ExpiringCard } from '../../../src/db/code-expiry-store.js';

/** The store of one database over empty tables beside orders 1 to 4 (the audit rows name their order), and the audit rows it wrote. */
export interface CodeExpirySubject {
  store: CodeExpiryStore;
  audit(): Promise<{ actorId: number | null; action: string; orderId: number | null; facts: unknown }[]>;
}

const T0 = Date.UTC(2026, 10, 21, 12);
const DAY = 86_400_000;
/** A Telegram id beyond 32 bits: PostgreSQL must keep it as it is. */
const ORDERER = 7_000_000_001;

const card = (itemIndex: number, cardIndex: number, expiresAt: number, productId = 101): ExpiringCard => ({ itemIndex, cardIndex, productId, expiresAt });

export function codeExpiryStoreContract(name: string, open: () => Promise<CodeExpirySubject>) {
  describe(`code expiry store (${name})`, () => {
    it('records each card once, and counts the cards still working that expire within a window', async () => {
      const { store } = await open();
      const cards = [card(0, 0, T0 + 3 * DAY), card(0, 1, T0 + 3 * DAY), card(1, 0, T0 + 20 * DAY, 202)];
      await store.record({ orderId: 1, userId: ORDERER, cards, at: T0 });
      // The same delivery sent again after a crash: nothing twice.
      await store.record({ orderId: 1, userId: ORDERER, cards, at: T0 + 1 });
      await store.record({ orderId: 2, userId: ORDERER, cards: [card(0, 0, T0 - DAY)], at: T0 });
      await store.record({ orderId: 3, userId: ORDERER, cards: [], at: T0 });
      expect(await store.countExpiring({ now: T0, horizon: T0 + 30 * DAY })).toBe(3);
      expect(await store.countExpiring({ now: T0, horizon: T0 + 3 * DAY })).toBe(2);
      // Expired cards count for nothing; a horizon is inclusive.
      expect(await store.countExpiring({ now: T0 + 3 * DAY, horizon: T0 + 30 * DAY })).toBe(1);
    });

    it('marks an order handed over once, audited once, whoever presses twice', async () => {
      const { store, audit } = await open();
      await store.record({ orderId: 1, userId: ORDERER, cards: [card(0, 0, T0 + DAY), card(0, 1, T0 + DAY)], at: T0 });
      await store.record({ orderId: 2, userId: ORDERER, cards: [card(0, 0, T0 + DAY)], at: T0 });
      expect(await store.markHandedOver(1, ORDERER, T0 + 5)).toEqual({ marked: 2, cards: 2 });
      expect(await store.markHandedOver(1, ORDERER, T0 + 6)).toEqual({ marked: 0, cards: 2 });
      expect(await store.markHandedOver(9, ORDERER, T0 + 7)).toEqual({ marked: 0, cards: 0 });
      expect(await audit()).toEqual([{ actorId: ORDERER, action: 'codes.handed_over', orderId: 1, facts: { cards: 2 } }]);
      // Handed over: no longer counted as expiring, the other order still is.
      expect(await store.countExpiring({ now: T0, horizon: T0 + 2 * DAY })).toBe(1);
    });

    it('gives the orders due soonest first, and claims an order’s due cards once', async () => {
      const { store } = await open();
      const window = { now: T0, horizon: T0 + 7 * DAY };
      await store.record({ orderId: 1, userId: ORDERER, cards: [card(0, 0, T0 + 6 * DAY), card(0, 1, T0 + 2 * DAY), card(0, 2, T0 + 9 * DAY)], at: T0 });
      await store.record({ orderId: 2, userId: 42, cards: [card(0, 0, T0 + DAY, 303)], at: T0 });
      await store.record({ orderId: 3, userId: 42, cards: [card(0, 0, T0 - 1)], at: T0 });
      await store.record({ orderId: 4, userId: 42, cards: [card(0, 0, T0 + DAY)], at: T0 });
      await store.markHandedOver(4, 42, T0);
      expect(await store.dueOrders(window, 10)).toEqual([2, 1]);
      expect(await store.dueOrders(window, 1)).toEqual([2]);

      const claim = await store.claimReminder(1, window);
      // The card beyond the horizon waits for its own day.
      expect(claim).toEqual({ orderId: 1, userId: ORDERER, claimedAt: T0, cards: [card(0, 1, T0 + 2 * DAY), card(0, 0, T0 + 6 * DAY)] });
      expect(await store.claimReminder(1, window)).toBeNull();
      expect(await store.claimReminder(3, window)).toBeNull();
      expect(await store.claimReminder(4, window)).toBeNull();
      expect(await store.dueOrders(window, 10)).toEqual([2]);
      expect(await store.finishReminder({ ...claim!, claimedAt: T0 + 1 }, 'sent')).toBe(false);
      expect(await store.finishReminder(claim!, 'sent')).toBe(true);
      expect(await store.finishReminder(claim!, 'withheld')).toBe(false);
      // The later card comes due by itself, once.
      const later = { now: T0 + 3 * DAY, horizon: T0 + 10 * DAY };
      expect(await store.dueOrders(later, 10)).toEqual([1]);
      expect((await store.claimReminder(1, later))?.cards).toEqual([card(0, 2, T0 + 9 * DAY)]);
    });

    it('gives a released claim back to a later pass, and two claims at once take it once', async () => {
      const { store } = await open();
      const window = { now: T0, horizon: T0 + 7 * DAY };
      await store.record({ orderId: 1, userId: ORDERER, cards: [card(0, 0, T0 + DAY), card(1, 0, T0 + DAY, 202)], at: T0 });
      const claim = await store.claimReminder(1, window);
      expect(await store.releaseReminder(claim!)).toBe(true);
      expect(await store.releaseReminder(claim!)).toBe(false);
      expect(await store.dueOrders(window, 10)).toEqual([1]);
      const next = { ...window, now: T0 + 60_000 };
      const both = await Promise.all([store.claimReminder(1, next), store.claimReminder(1, next)]);
      expect(both.filter((c) => c !== null)).toHaveLength(1);
      expect(both.find((c) => c !== null)?.cards).toHaveLength(2);
    });

    it('forgets cards that stopped working before a moment', async () => {
      const { store } = await open();
      await store.record({ orderId: 1, userId: ORDERER, cards: [card(0, 0, T0 - 40 * DAY), card(0, 1, T0 - DAY)], at: T0 - 100 * DAY });
      expect(await store.prune(T0 - 30 * DAY)).toBe(1);
      expect(await store.prune(T0 - 30 * DAY)).toBe(0);
      expect(await store.countExpiring({ now: T0 - 2 * DAY, horizon: T0 })).toBe(1);
    });
  });
}
