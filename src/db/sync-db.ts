import type { RunResult } from 'better-sqlite3';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type * as schema from './schema.js';

/**
 * The database or a transaction on it. Both run the same synchronous
 * queries, so helpers that write audit rows or state can join the caller's
 * transaction instead of opening their own.
 */
export type SyncDb = BaseSQLiteDatabase<'sync', RunResult, typeof schema>;
