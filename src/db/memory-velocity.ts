import type { VelocityStore } from './velocity-store.js';

/** The hits of one key still inside the window ending at `at`, oldest first. */
function inWindow(hits: readonly number[], at: number, windowMs: number): number[] {
  return hits.filter((hit) => hit > at - windowMs);
}

/** One instance (SQLite): the hits in this process's memory, lost at a restart. */
export function createMemoryVelocityStore(): VelocityStore {
  const hits = new Map<string, number[]>();
  return {
    async take(key, at, windowMs, cap) {
      const kept = inWindow(hits.get(key) ?? [], at, windowMs);
      const taken = kept.length < cap;
      if (taken) kept.push(at);
      if (kept.length === 0) hits.delete(key);
      else hits.set(key, kept);
      return { taken, oldest: kept[0] ?? null };
    },
    async peek(key, at, windowMs) {
      const kept = inWindow(hits.get(key) ?? [], at, windowMs);
      return { hits: kept.length, oldest: kept[0] ?? null };
    },
  };
}
