import type { Db } from './open.js';

/**
 * What /healthz, /readyz and /metrics read from the database, on either
 * database: counts only, never a row's content.
 */
export interface HealthStore {
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /** Orders per local state; states without orders are left out. */
  ordersByState(): Promise<{ state: string; n: number }[]>;
  /** Notifications not yet sent. */
  pendingNotifications(): Promise<number>;
  /** Pending notifications due before `before` (epoch ms), and the oldest due time among them. */
  overdueNotifications(before: number): Promise<{ n: number; oldest: number | null }>;
}

/** The SQLite store: prepared statements behind promises. */
export function createSqliteHealthStore(deps: { db: Db }): HealthStore {
  const client = deps.db.$client;
  const ping = client.prepare('select 1 as one');
  const byState = client.prepare<[], { state: string; n: number }>('select state, count(*) as n from orders group by state');
  const pending = client.prepare<[], { n: number }>("select count(*) as n from notifications where status = 'pending'");
  const overdue = client.prepare<[number], { n: number; oldest: number | null }>(
    "select count(*) as n, min(next_attempt_at) as oldest from notifications where status = 'pending' and next_attempt_at < ?",
  );
  return {
    ping: async () => void ping.get(),
    ordersByState: async () => byState.all(),
    pendingNotifications: async () => pending.get()?.n ?? 0,
    overdueNotifications: async (before) => {
      const row = overdue.get(before);
      return { n: row?.n ?? 0, oldest: row?.oldest ?? null };
    },
  };
}
