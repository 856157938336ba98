import { beforeEach, describe, expect, it } from 'vitest';
import type { VelocityStore } from '../../../src/safeguards/velocity/velocity-store.js';

/** What every VelocityStore answers, whatever keeps it. */
export interface VelocitySubject {
  store: VelocityStore;
  /** A second handle on the same counts, as another instance would hold (the same store where there is one instance). */
  other: VelocityStore;
}

const HOUR = 3_600_000;
const W0 = 1_700_000_000_000 - (1_700_000_000_000 % HOUR);

export function velocityStoreContract(database: string, fresh: () => Promise<VelocitySubject>): void {
  describe(`velocity counters on ${database}`, () => {
    let subject: VelocitySubject;
    beforeEach(async () => {
      subject = await fresh();
    });

    it('counts one more on every hit within a window, per key', async () => {
      const { store } = subject;
      expect([await store.hit('orders:1', W0), await store.hit('orders:1', W0), await store.hit('orders:1', W0)]).toEqual([1, 2, 3]);
      expect(await store.hit('orders:2', W0)).toBe(1);
      expect(await store.hit('reads:1', W0)).toBe(1);
    });

    it('starts afresh in the next window, and a hit stamped with an older window counts in the newer one', async () => {
      const { store } = subject;
      await store.hit('orders:1', W0);
      await store.hit('orders:1', W0);
      expect(await store.hit('orders:1', W0 + HOUR)).toBe(1);
      expect(await store.hit('orders:1', W0)).toBe(2);
      expect(await store.hit('orders:1', W0 + HOUR)).toBe(3);
    });

    it('gives hits made together, through two handles, every count once', async () => {
      const { store, other } = subject;
      const counts = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? store : other).hit('reveals:9', W0)));
      expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });
  });
}
