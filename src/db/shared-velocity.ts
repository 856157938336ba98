import { eq, sql } from 'drizzle-orm';
import { sharedTablesOf, type Database } from './seam/database.js';
import type { VelocityStore } from './velocity-store.js';

/**
 * The hits shared by every instance (PostgreSQL): one row per key holding
 * the moments of the hits still in the window, moved by a single INSERT
 * ... ON CONFLICT DO UPDATE ... RETURNING, so that instances taking
 * together are serialised by the row lock and each sees what the other
 * took. The hits out of the window are dropped in the same step; `count`
 * says whether this hit was taken (1) or refused (0), and a refused one is
 * not kept. The arrays are PostgreSQL's: this table has no SQLite twin.
 */
export function createSharedVelocityStore(deps: { database: Database }): VelocityStore {
  const { q } = deps.database;
  const { velocityCounters: v } = sharedTablesOf(deps.database);
  return {
    async take(key, at, windowMs, cap) {
      const kept = sql`array(select h from unnest(${v.hits}) h where h > ${at}::bigint - ${windowMs}::bigint order by h)`;
      const room = sql`cardinality(${kept}) < ${cap}::int`;
      const [row] = await q
        .insert(v)
        .values({ key, windowStart: at, count: 1, hits: [at] })
        .onConflictDoUpdate({
          target: v.key,
          set: {
            count: sql`case when ${room} then 1 else 0 end`,
            hits: sql`case when ${room} then ${kept} || ${at}::bigint else ${kept} end`,
            windowStart: sql`greatest(${v.windowStart}, ${at}::bigint)`,
          },
        })
        .returning({ count: v.count, oldest: sql<string | number | null>`${v.hits}[1]` });
      return { taken: Number(row!.count) === 1, oldest: row!.oldest === null ? null : Number(row!.oldest) };
    },
    async peek(key, at, windowMs) {
      const [row] = await q.select({ hits: v.hits }).from(v).where(eq(v.key, key));
      // Read, not moved: the hits out of the window are dropped by the next take.
      const kept = (row?.hits ?? []).map(Number).filter((hit) => hit > at - windowMs).sort((a, b) => a - b);
      return { hits: kept.length, oldest: kept[0] ?? null };
    },
  };
}
