import type { Clock } from '../../src/clock.js';
import type { Db } from '../../src/db/open.js';
import { createSettingsRepo, createSqliteSettingsStore } from '../../src/settings/settings-store.js';
import type { Settings } from '../../src/settings/settings-view.js';

/**
 * Settings as the app's parts take them, over a test's SQLite database,
 * built without waiting: reads go to the database itself (always current,
 * including values a test plants), changes through the asynchronous store
 * as the app's view makes them.
 */
export function sqliteSettings(db: Db, clock: Clock): Settings {
  const repo = createSettingsRepo({ db, clock });
  const store = createSqliteSettingsStore({ db, clock });
  return { read: (setting) => repo.read(setting), write: store.write, reset: store.reset };
}
