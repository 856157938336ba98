/**
 * Counts of what one person did in a fixed window (an hour, a minute):
 * orders confirmed, codes revealed, provider reads. On PostgreSQL one row
 * per key and window, shared by every instance; on SQLite, one instance,
 * the process's memory (as the provider's request budget is). A restart
 * forgets the current window's counts: a velocity limit slows a loop of
 * attempts down, it is not a spending limit (those count the orders).
 */
export interface VelocityStore {
  /**
   * Counts one more under `key` in the window starting at `windowStart`
   * (epoch ms) and returns the count so far, this one included, in one
   * step: two instances counting together get two different answers.
   * Windows of the key that ended before `windowStart` are forgotten.
   */
  hit(key: string, windowStart: number): Promise<number>;
}

export function createMemoryVelocityStore(): VelocityStore {
  const counts = new Map<string, { windowStart: number; count: number }>();
  return {
    async hit(key, windowStart) {
      const current = counts.get(key);
      // A caller whose window is older than the one counted counts in the newer: the count never goes back.
      if (current && current.windowStart >= windowStart) {
        current.count += 1;
        return current.count;
      }
      counts.set(key, { windowStart, count: 1 });
      return 1;
    },
  };
}
