import { beforeEach, describe, expect, it } from 'vitest';
import type { VelocityStore } from '../../../src/db/velocity-store.js';

/** What every VelocityStore answers, whatever keeps it. */
export interface VelocitySubject {
  store: VelocityStore;
  /** A second handle on the same counts, as another instance would hold (the same store where there is one instance). */
  other: VelocityStore;
}

const HOUR = 3_600_000;
const MINUTE = 60_000;
const T0 = 1_700_000_000_000;

export function velocityStoreContract(database: string, fresh: () => Promise<VelocitySubject>): void {
  describe(`velocity counters on ${database}`, () => {
    let subject: VelocitySubject;
    beforeEach(async () => {
      subject = await fresh();
    });

    it('takes hits up to the cap within the window, per key, and names the oldest', async () => {
      const { store } = subject;
      const taken = [];
      for (let i = 0; i < 4; i++) taken.push(await store.take('orders:1', T0 + i * MINUTE, HOUR, 3));
      expect(taken.map((t) => t.taken)).toEqual([true, true, true, false]);
      expect(taken[3]!.oldest).toBe(T0);
      expect((await store.take('orders:2', T0, HOUR, 3)).taken).toBe(true);
      expect((await store.take('reads:1', T0, MINUTE, 3)).taken).toBe(true);
    });

    it('slides: a hit frees its place exactly one window after it was taken, and a refused attempt is not kept', async () => {
      const { store } = subject;
      // Three hits late in one clock hour: early in the next clock hour they still count.
      for (const at of [T0 + 57 * MINUTE, T0 + 58 * MINUTE, T0 + 59 * MINUTE]) expect((await store.take('orders:1', at, HOUR, 3)).taken).toBe(true);
      expect((await store.take('orders:1', T0 + 61 * MINUTE, HOUR, 3)).taken).toBe(false);
      expect((await store.take('orders:1', T0 + 117 * MINUTE - 1, HOUR, 3)).taken).toBe(false);
      // The first hit is a whole hour old: one place frees, and only one.
      expect(await store.take('orders:1', T0 + 117 * MINUTE, HOUR, 3)).toEqual({ taken: true, oldest: T0 + 58 * MINUTE });
      expect((await store.take('orders:1', T0 + 117 * MINUTE + 1, HOUR, 3)).taken).toBe(false);
    });

    it('peeks at the hits in the window without taking one, through either handle', async () => {
      const { store, other } = subject;
      expect(await store.peek('orders:1', T0, HOUR)).toEqual({ hits: 0, oldest: null });
      for (const at of [T0, T0 + MINUTE]) await store.take('orders:1', at, HOUR, 3);
      expect(await other.peek('orders:1', T0 + 2 * MINUTE, HOUR)).toEqual({ hits: 2, oldest: T0 });
      expect(await store.peek('orders:1', T0 + 2 * MINUTE, HOUR)).toEqual({ hits: 2, oldest: T0 });
      // Peeking took nothing: the third place is still free, and the first hit leaves the window on time.
      expect((await store.take('orders:1', T0 + 3 * MINUTE, HOUR, 3)).taken).toBe(true);
      expect(await store.peek('orders:1', T0 + HOUR, HOUR)).toEqual({ hits: 2, oldest: T0 + MINUTE });
    });

    it('lets hits made together, through two handles, take exactly the cap', async () => {
      const { store, other } = subject;
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? store : other).take('reveals:9', T0 + i, HOUR, 7)));
      expect(results.filter((r) => r.taken)).toHaveLength(7);
    });
  });
}
