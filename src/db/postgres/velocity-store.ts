import type { VelocityStore } from '../../safeguards/velocity/velocity-store.js';
import type { PgDb } from './open.js';

/*
 * One row per key: the moments of the hits still in the window, moved by a
 * single INSERT ... ON CONFLICT DO UPDATE ... RETURNING, so that instances
 * taking together are serialised by the row lock and each sees what the
 * other took. The hits out of the window are dropped in the same step;
 * `count` says whether this hit was taken (1) or refused (0), and a refused
 * one is not kept. $1 key, $2 now, $3 the window, $4 the cap.
 */
const TAKE = `
insert into velocity_counters as v (key, window_start, count, hits) values ($1, $2::bigint, 1, array[$2::bigint])
on conflict (key) do update set
  count = case when cardinality(array(select h from unnest(v.hits) h where h > $2::bigint - $3::bigint)) < $4::int then 1 else 0 end,
  hits = case
    when cardinality(array(select h from unnest(v.hits) h where h > $2::bigint - $3::bigint)) < $4::int
      then array(select h from unnest(v.hits) h where h > $2::bigint - $3::bigint order by h) || $2::bigint
    else array(select h from unnest(v.hits) h where h > $2::bigint - $3::bigint order by h)
  end,
  window_start = greatest(v.window_start, $2::bigint)
returning count, hits[1] as oldest`;

export function createPostgresVelocityStore(deps: { db: PgDb }): VelocityStore {
  return {
    async take(key, at, windowMs, cap) {
      const result = await deps.db.$client.query<{ count: number; oldest: string | null }>(TAKE, [key, at, windowMs, cap]);
      const row = result.rows[0]!;
      return { taken: Number(row.count) === 1, oldest: row.oldest === null ? null : Number(row.oldest) };
    },
  };
}
