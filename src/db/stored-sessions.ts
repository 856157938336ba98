import { sql, type Column, type SQL } from 'drizzle-orm';
import type { Db } from './open.js';
import { botSessions } from './schema.js';

export interface StoredSession {
  key: string;
  value: string;
  /** Epoch ms of the last write. */
  updatedAt: number;
}

/**
 * The keys that start with `prefix`, exactly and with the same meaning on
 * both databases: LIKE ignores ASCII case on SQLite but not on PostgreSQL,
 * and treats `%` and `_` in the prefix as wildcards.
 */
export function keyHasPrefix(column: Column, prefix: string): SQL {
  return sql`substr(${column}, 1, ${sql.raw(String([...prefix].length))}) = ${prefix}`;
}

/** The sessions under `prefix` as they are stored now; read only, nothing is taken or changed. */
export function readSessions(db: Db, prefix: string): StoredSession[] {
  return db
    .select()
    .from(botSessions)
    .where(keyHasPrefix(botSessions.key, prefix))
    .all()
    .map((row) => ({ key: row.key, value: row.value, updatedAt: row.updatedAt.getTime() }));
}
