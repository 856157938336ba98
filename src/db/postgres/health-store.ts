import type { HealthStore } from '../health-store.js';
import type { PgDb } from './open.js';

/** The health readings on PostgreSQL: counts come back as bigint text and are read as numbers. */
export function createPostgresHealthStore(deps: { db: PgDb }): HealthStore {
  const pool = deps.db.$client;
  return {
    async ping() {
      await pool.query('select 1 as one');
    },
    async ordersByState() {
      const { rows } = await pool.query<{ state: string; n: string }>('select state, count(*) as n from orders group by state');
      return rows.map((row) => ({ state: row.state, n: Number(row.n) }));
    },
    async pendingNotifications() {
      const { rows } = await pool.query<{ n: string }>("select count(*) as n from notifications where status = 'pending'");
      return Number(rows[0]?.n ?? 0);
    },
    async overdueNotifications(before) {
      const { rows } = await pool.query<{ n: string; oldest: Date | null }>(
        "select count(*) as n, min(next_attempt_at) as oldest from notifications where status = 'pending' and next_attempt_at < $1",
        [new Date(before)],
      );
      const row = rows[0];
      return { n: Number(row?.n ?? 0), oldest: row?.oldest ? row.oldest.getTime() : null };
    },
  };
}
