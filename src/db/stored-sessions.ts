import { like } from 'drizzle-orm';
import type { Db } from './open.js';
import { botSessions } from './schema.js';

export interface StoredSession {
  key: string;
  value: string;
  /** Epoch ms of the last write. */
  updatedAt: number;
}

/** The sessions under `prefix` as they are stored now; read only, nothing is taken or changed. */
export function readSessions(db: Db, prefix: string): StoredSession[] {
  return db
    .select()
    .from(botSessions)
    .where(like(botSessions.key, `${prefix}%`))
    .all()
    .map((row) => ({ key: row.key, value: row.value, updatedAt: row.updatedAt.getTime() }));
}
