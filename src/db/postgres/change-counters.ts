import { noChanges, VIEW_NAMES, type ChangeCounterStore, type ChangeCounts, type ViewName } from '../change-counters.js';
import type { PgDb } from './open.js';

/**
 * The counters that triggers on staff, people and app_state's settings
 * (migration 0004), on the pause's row and the catalog's tables (0014),
 * and on a product's recorded price and stock (0022) move in the same
 * transaction as the change: a reader that sees a committed change also
 * sees its count, whichever instance or script made it.
 *
 * Read at the start of every update: a named statement, so that each
 * connection parses and plans it once (and no query builder runs per read).
 */
export const READ_COUNTERS = { name: 'change-counters', text: 'select name, version from change_counters' } as const;

export function createPostgresChangeCounterStore(deps: { db: PgDb }): ChangeCounterStore {
  const pool = deps.db.$client;
  return {
    shared: true,
    async read() {
      return countsOf((await pool.query<CounterRow>(READ_COUNTERS)).rows);
    },
  };
}

export interface CounterRow {
  name: string | null;
  /** bigint: pg hands it over as text. */
  version: string | number | null;
}

/** The counts in `rows`; a name this code does not know (a newer schema's) is left out, a view with no row counts 0. */
export function countsOf(rows: readonly CounterRow[]): ChangeCounts {
  const counts = noChanges();
  for (const row of rows) {
    if (row.name !== null && (VIEW_NAMES as readonly string[]).includes(row.name)) counts[row.name as ViewName] = Number(row.version);
  }
  return counts;
}
