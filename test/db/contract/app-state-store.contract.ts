import { beforeEach, describe, expect, it } from 'vitest';
import type { AppStateStore } from '../../../src/db/app-state-store.js';

/** What every AppStateStore does, whatever database keeps it; `fresh` gives a store over an empty app_state table. */
export function appStateStoreContract(database: string, fresh: () => Promise<AppStateStore>): void {
  describe(`app state store on ${database}`, () => {
    let store: AppStateStore;
    beforeEach(async () => {
      store = await fresh();
    });

    it('gives null for a key never set', async () => {
      expect(await store.get('provider.clock-offset')).toBeNull();
    });

    it('reads back what was set, and the last value set', async () => {
      await store.set('provider.clock-offset', { lowMs: -250, highMs: 1_200, at: 1_700_000_000_000 });
      expect(await store.get('provider.clock-offset')).toEqual({ lowMs: -250, highMs: 1_200, at: 1_700_000_000_000 });
      await store.set('provider.clock-offset', { lowMs: 0, highMs: 5, at: 1_700_000_060_000 });
      expect(await store.get('provider.clock-offset')).toEqual({ lowMs: 0, highMs: 5, at: 1_700_000_060_000 });
    });

    it('keeps keys apart and round-trips Persian text, large integers and null', async () => {
      await store.set('a', 'کارت هدیه ۱۰ دلاری');
      await store.set('b', { amount: 5_123_456_789, list: [1, null, true] });
      await store.set('c', null);
      expect(await store.get('a')).toBe('کارت هدیه ۱۰ دلاری');
      expect(await store.get('b')).toEqual({ amount: 5_123_456_789, list: [1, null, true] });
      expect(await store.get('c')).toBeNull();
    });
  });
}
