/**
 * What one person did in the last window (an hour, a minute): orders
 * confirmed, codes revealed, provider reads. The window slides: a hit
 * counts for exactly `windowMs` after it was taken, so no moment lets a
 * person through twice the limit (a fixed clock hour did, around its
 * boundary). On PostgreSQL one row per key, shared by every instance
 * (shared-velocity.ts); on SQLite, one instance, the process's memory
 * (memory-velocity.ts, as the provider's request budget is). A restart
 * forgets the memory's counts: a velocity limit slows a loop of attempts
 * down, it is not a spending limit (those count the orders).
 */
export interface VelocityStore {
  /**
   * Takes one more hit under `key` at `at` (epoch ms) when fewer than
   * `cap` were taken in the window (`at - windowMs`, `at`], in one step:
   * two instances taking together never both take the last one. A refused
   * attempt is not recorded, so the window frees on time however often a
   * loop knocks. `oldest`: when the oldest hit still in the window was taken.
   */
  take(key: string, at: number, windowMs: number, cap: number): Promise<{ taken: boolean; oldest: number | null }>;
  /**
   * The hits under `key` in the window ending at `at`, taking none: whether
   * a later take could pass, asked before something that must not be done
   * for nothing (a step-up code typed for an order the limit would refuse).
   */
  peek(key: string, at: number, windowMs: number): Promise<{ hits: number; oldest: number | null }>;
}
