import type { VelocityStore } from '../../safeguards/velocity/velocity-store.js';
import type { PgDb } from './open.js';

/*
 * One row per key: the window it counts and its count, moved by a single
 * INSERT ... ON CONFLICT DO UPDATE ... RETURNING, so that instances counting
 * together are serialised by the row lock. A hit in a newer window starts
 * the count again; one from an instance whose clock is behind counts in the
 * row's newer window instead of resetting it.
 */
const HIT = `
insert into velocity_counters as v (key, window_start, count) values ($1, $2, 1)
on conflict (key) do update set
  count = case when excluded.window_start > v.window_start then 1 else v.count + 1 end,
  window_start = greatest(v.window_start, excluded.window_start)
returning count`;

export function createPostgresVelocityStore(deps: { db: PgDb }): VelocityStore {
  return {
    async hit(key, windowStart) {
      const result = await deps.db.$client.query<{ count: number }>(HIT, [key, windowStart]);
      return Number(result.rows[0]!.count);
    },
  };
}
