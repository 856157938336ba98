import type { OrderingPause, OrderingPauseStore } from '../db/ordering-pause-store.js';

/**
 * The ordering pause as this instance shows it, from memory: what /order,
 * /start, /balance and the order conversation say. On a database server a
 * read is a round trip on every /order; here it is a copy that the view
 * freshness check reads again when the pause's change counter moved (a
 * pause or resume through any instance), and that pause and resume through
 * this instance set at once.
 *
 * Only for what is shown: whatever decides whether money moves (the order
 * service under the wallet lock and just before the POST, approvals,
 * readiness) reads the store itself.
 */
interface OrderingPauseView extends OrderingPauseStore {
  /** Reads the pause again (the freshness check, when its counter moved). */
  refresh(): Promise<void>;
}

export async function createOrderingPauseView(store: OrderingPauseStore): Promise<OrderingPauseView> {
  let copy = await store.current();
  // Moved by every change made here: a read that began before one must not put back what it replaced.
  let changes = 0;
  const set = (pause: OrderingPause | null) => {
    changes += 1;
    copy = pause;
  };
  return {
    current: async () => copy,
    async pause(input) {
      const result = await store.pause(input);
      set(result.pause);
      return result;
    },
    async resume(by) {
      const ended = await store.resume(by);
      set(null);
      return ended;
    },
    async refresh() {
      const before = changes;
      const read = await store.current();
      if (changes === before) copy = read;
    },
  };
}
