import { and, eq, lt } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import { orderActivityWhere } from '../order-activity.js';
import type { SessionStore, TakenSession } from '../session-store.js';
import { keyHasPrefix } from '../stored-sessions.js';
import { countsOf, type CounterRow } from '../change-counters.js';
import type { PgDb } from './open.js';
import { moneyTransaction } from './order-writes.js';
import { botSessions, orders } from './schema.js';

/*
 * Every update reads its chat's row and writes it back: named statements,
 * parsed and planned once per connection, and no query builder per call
 * (built by drizzle, a read and a write took 0.4-0.5 ms of this process's
 * CPU each; as statements, 0.1-0.2 ms).
 */
const READ = 'select value from bot_sessions where key = $1';
const WRITE = `insert into bot_sessions (key, value, updated_at) values ($1, $2, $3)
  on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`;
const DELETE = 'delete from bot_sessions where key = $1';
/** The chat's row and the change counters (change-counters.ts) in one round trip: a row has either a name or a value. */
const READ_WITH_COUNTS = `select name, version, null::text as value from change_counters
  union all select null, null, value from bot_sessions where key = $1`;

/**
 * Session and conversation state on PostgreSQL, in `bot_sessions`: the
 * value as JSON text (the column is `text`, as on SQLite, so a copied
 * database reads back byte for byte), `updated_at` as the clock's time.
 * A write is one upsert, so two writers of one key never collide on the
 * primary key: the later write wins, as on SQLite.
 */
export function createPostgresSessionStore<T>(deps: { db: PgDb; clock: Clock }): SessionStore<T> {
  const { db, clock } = deps;
  const pool = db.$client;
  const remove = async (key: string) => {
    await pool.query({ name: 'session-delete', text: DELETE, values: [key] });
  };
  const parsed = (value: string | null | undefined): T | undefined => (value === null || value === undefined ? undefined : (JSON.parse(value) as T));
  return {
    async read(key) {
      const { rows } = await pool.query<{ value: string }>({ name: 'session-read', text: READ, values: [key] });
      return parsed(rows[0]?.value);
    },
    async readWithCounts(key) {
      const { rows } = await pool.query<CounterRow & { value: string | null }>({ name: 'session-read-with-counts', text: READ_WITH_COUNTS, values: [key] });
      return { value: parsed(rows.find((row) => row.value !== null)?.value), counts: countsOf(rows) };
    },
    async write(key, value) {
      const json = JSON.stringify(value);
      // JSON has no `undefined`: writing it means there is nothing to keep.
      if (json === undefined) return remove(key);
      await pool.query({ name: 'session-write', text: WRITE, values: [key, json, new Date(clock.now())] });
    },
    delete: remove,
    async readPrefix(prefix) {
      const rows = await db.select().from(botSessions).where(keyHasPrefix(botSessions.key, prefix));
      return rows.map((row) => ({ key: row.key, value: row.value, updatedAt: row.updatedAt.getTime() }));
    },
    takeIdle(prefix, before, busy) {
      // The money lock, as every order write holds it: no intent can be created for a chat
      // between the check below and the delete, as SQLite's immediate transaction ensures.
      return moneyTransaction(db, async (tx) => {
        const idle = await tx
          .select()
          .from(botSessions)
          .where(and(keyHasPrefix(botSessions.key, prefix), lt(botSessions.updatedAt, new Date(before))));
        const taken: TakenSession[] = [];
        for (const row of idle) {
          if (busy) {
            const active = await tx
              .select({ id: orders.id })
              .from(orders)
              .where(orderActivityWhere(orders, busy.chatIdOf(row.key), row.updatedAt.getTime()))
              .limit(1);
            if (active.length > 0) continue;
          }
          // Compare-and-swap on the time read: a session written again meanwhile (writes do not take the lock) stays.
          const deleted = await tx
            .delete(botSessions)
            .where(and(eq(botSessions.key, row.key), eq(botSessions.updatedAt, row.updatedAt)))
            .returning({ key: botSessions.key });
          if (deleted.length > 0) taken.push({ key: row.key, value: row.value });
        }
        return taken;
      });
    },
  };
}
