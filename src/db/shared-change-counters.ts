import { countsOf, type ChangeCounterStore } from './change-counters.js';
import { sharedTablesOf, type Database } from './seam/database.js';

/**
 * The counters of a database that several instances share: triggers on
 * staff, people and app_state's settings (PostgreSQL migration 0004), on
 * the pause's row and the catalog's tables (0014), and on a product's
 * recorded price and stock (0022) move them in the same transaction as the
 * change, so a reader that sees a committed change also sees its count,
 * whichever instance or script made it.
 *
 * Read at the start of every update: built once and prepared under a name,
 * so that each connection parses and plans it once and no query builder
 * runs per read.
 */
export function createSharedChangeCounterStore(deps: { database: Database }): ChangeCounterStore {
  const { changeCounters } = sharedTablesOf(deps.database);
  const read = deps.database.q.select({ name: changeCounters.name, version: changeCounters.version }).from(changeCounters).prepare('change-counters');
  return {
    shared: true,
    read: async () => countsOf(await read.execute()),
  };
}
