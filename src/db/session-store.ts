import { and, eq, lt, sql, type Column, type SQL } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { orderActivityWhere, type OrderActivityRule } from './order-activity.js';
import { countsOf, type ChangeCounts } from './change-counters.js';
import type { Database } from './seam/database.js';
import type { ArrivalRead } from './update-queue-store.js';

export type { OrderActivityRule };

export interface StoredSession {
  key: string;
  value: string;
  /** Epoch ms of the last write. */
  updatedAt: number;
}

export interface TakenSession {
  key: string;
  value: string;
}

/**
 * Session and conversation state, one JSON value per key, as every
 * database keeps it. Structurally grammY's StorageAdapter<T>, declared
 * here so that the database layer does not depend on the bot framework.
 *
 * - `read` gives undefined for a key that was never written or was deleted.
 * - `write` replaces the whole value; writing `undefined` (which JSON cannot
 *   hold) deletes the key.
 * - Values round-trip through JSON: plain objects, arrays, strings, finite
 *   numbers up to 2^53, booleans and null.
 */
export interface SessionStore<T> {
  read(key: string): Promise<T | undefined>;
  /**
   * `read`, and the change counters (change-counters.ts) in the same round
   * trip: every update reads both first where the database is shared, and
   * a second query would cost a second round trip and connection. Absent
   * where the counters never move (SQLite).
   */
  readWithCounts?(key: string): Promise<{ value: T | undefined; counts: ChangeCounts }>;
  write(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
  /** The sessions whose key starts with `prefix`, as stored (JSON text); read only. */
  readPrefix(prefix: string): Promise<StoredSession[]>;
  /**
   * Removes and returns the sessions under `prefix` untouched since
   * `before` (epoch ms). Each is deleted only if it was not written again
   * since it was read, and, given `busy`, only if its chat has no order
   * activity (order-activity.ts), checked in the same transaction: a chat
   * whose Confirm is being placed keeps its session.
   */
  takeIdle(prefix: string, before: number, busy?: OrderActivityRule): Promise<TakenSession[]>;
}

/**
 * The keys that start with `prefix`, exactly and with the same meaning on
 * both databases: LIKE ignores ASCII case on SQLite but not on PostgreSQL,
 * and treats `%` and `_` in the prefix as wildcards.
 */
function keyHasPrefix(column: Column, prefix: string): SQL {
  return sql`substr(${column}, 1, ${sql.raw(String([...prefix].length))}) = ${prefix}`;
}

/** A stored value as every read gives it: its JSON parsed, or undefined where there is none. */
function parsedValue<T = unknown>(value: string | null | undefined): T | undefined {
  return value === null || value === undefined ? undefined : (JSON.parse(value) as T);
}

/**
 * Session and conversation state in `bot_sessions`: the value as JSON text
 * (the column is text on both databases, so a copied database reads back
 * byte for byte), `updated_at` as the clock's time. A write is one upsert,
 * so two writers of one key never collide on the primary key: the later
 * write wins.
 *
 * Every update reads its chat's row and writes it back, so those
 * statements are built once and prepared (on PostgreSQL named statements,
 * parsed and planned once per connection; on SQLite kept by the seam):
 * no query builder runs per call.
 */
export function createSessionStore<T>(deps: { database: Database; clock: Clock }): SessionStore<T> {
  const { database, clock } = deps;
  const { q, tables } = database;
  const { botSessions, orders } = tables;
  const key = sql.placeholder('key');

  const readStatement = q.select({ value: botSessions.value }).from(botSessions).where(eq(botSessions.key, key)).prepare('session-read');
  const writeStatement = q
    .insert(botSessions)
    .values({ key, value: sql.placeholder('value'), updatedAt: sql.placeholder('updatedAt') })
    .onConflictDoUpdate({ target: botSessions.key, set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` } })
    .prepare('session-write');
  const deleteStatement = q.delete(botSessions).where(eq(botSessions.key, key)).prepare('session-delete');

  const remove = async (key: string): Promise<void> => {
    await deleteStatement.execute({ key });
  };

  const store: SessionStore<T> = {
    async read(key) {
      const [row] = await readStatement.execute({ key });
      return parsedValue<T>(row?.value);
    },
    async write(key, value) {
      const json = JSON.stringify(value);
      // JSON has no `undefined`: writing it means there is nothing to keep.
      if (json === undefined) return remove(key);
      await writeStatement.execute({ key, value: json, updatedAt: new Date(clock.now()) });
    },
    delete: remove,
    async readPrefix(prefix) {
      const rows = await q.select().from(botSessions).where(keyHasPrefix(botSessions.key, prefix));
      return rows.map((row) => ({ key: row.key, value: row.value, updatedAt: row.updatedAt.getTime() }));
    },
    takeIdle(prefix, before, busy) {
      // The money transaction, as every order write takes it: no intent can be created for a chat
      // between the check below and the delete.
      return database.write(async (tx) => {
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
  // The counters move only where instances share the database (change-counters.ts); on SQLite there is nothing to read with the state.
  if (database.kind === 'postgresql') store.readWithCounts = readWithCounts<T>(database);
  return store;
}

/**
 * The chat's row and the change counters in one round trip, one named
 * statement: a row has either a counter's name or the session's value.
 * `change_counters` belongs to PostgreSQL alone (its triggers are the
 * counters), so it is named here rather than listed among the tables.
 */
function readWithCounts<T>(database: Database) {
  const { q, tables } = database;
  const { botSessions } = tables;
  const statement = q
    .select({ name: sql<string | null>`name`, version: sql<string | number | null>`version`, value: sql<string | null>`cast(null as text)` })
    .from(sql`change_counters`)
    .unionAll(
      q
        .select({ name: sql<string | null>`null`, version: sql<string | number | null>`null`, value: botSessions.value })
        .from(botSessions)
        .where(eq(botSessions.key, sql.placeholder('key'))),
    )
    .prepare('session-read-with-counts');
  return async (key: string): Promise<{ value: T | undefined; counts: ChangeCounts }> => {
    const rows = await statement.execute({ key });
    return { value: parsedValue<T>(rows.find((row) => row.value !== null)?.value), counts: countsOf(rows) };
  };
}

/** What sessionReadAhead hands on: the chat's state as `read` gives it, and the change counters. */
export interface SessionReadAhead<T = unknown> {
  value: T | undefined;
  counts: ChangeCounts;
}

/**
 * readWithCounts as a read the update queue makes in the statement that
 * claims an update as it arrives (ArrivalRead, update-queue-store.ts): the
 * chat's value and the counters as one JSON text, so that the handler's
 * first read costs no round trip of its own. PostgreSQL only, as
 * readWithCounts (json_build_object, and the counters' table).
 */
export function sessionReadAhead(database: Database): ArrivalRead {
  const { botSessions } = database.tables;
  const column = sql`cast(json_build_object(
    'value', (select ${botSessions.value} from ${botSessions} where ${botSessions.key} = ${sql.placeholder('readKey')}),
    'counters', (select json_agg(json_build_object('name', name, 'version', version)) from change_counters)
  ) as text)`;
  return {
    column,
    parse(raw): SessionReadAhead {
      const read = JSON.parse(String(raw)) as { value: string | null; counters: { name: string; version: number }[] | null };
      return { value: parsedValue(read.value), counts: countsOf(read.counters ?? []) };
    },
  };
}
