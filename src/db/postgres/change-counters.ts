import { sql } from 'drizzle-orm';
import { VIEW_NAMES, type ChangeCounterStore, type ChangeCounts, type ViewName } from '../change-counters.js';
import type { PgDb } from './open.js';

/**
 * The counters that triggers on staff, people and app_state's settings
 * (migration 0004), and on the pause's row and the catalog's tables
 * (migration 0013), move in the same transaction as the change: a reader
 * that sees a committed change also sees its count, whichever instance or
 * script made it.
 */
export function createPostgresChangeCounterStore(deps: { db: PgDb }): ChangeCounterStore {
  const { db } = deps;
  return {
    shared: true,
    async read() {
      const result = await db.execute<{ name: string; version: string | number }>(sql`select name, version from change_counters`);
      const counts: Record<ViewName, number> = { staff: 0, people: 0, settings: 0, pause: 0, catalog: 0 };
      for (const row of result.rows) {
        if ((VIEW_NAMES as readonly string[]).includes(row.name)) counts[row.name as ViewName] = Number(row.version);
      }
      return counts satisfies ChangeCounts;
    },
  };
}
