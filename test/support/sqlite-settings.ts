import type { Clock } from '../../src/clock.js';
import { createAppStateRepo, type Json } from '../../src/db/app-state-repo.js';
import type { Db } from '../../src/db/open.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createSettingsStore, settingValue, storageKey, type SettingDefinition } from '../../src/db/settings-store.js';
import type { Settings } from '../../src/settings/settings-view.js';

/**
 * Settings as the app's parts take them, over a test's SQLite database,
 * built without waiting: reads go to the database itself (always current,
 * including values a test plants or another helper changed), through the
 * synchronous app_state repository and the setting's schema as the store
 * reads them; changes through the store, as the app's view makes them.
 */
export function sqliteSettings(db: Db, clock: Clock): Settings {
  const state = createAppStateRepo({ db, clock });
  const store = createSettingsStore({ database: databaseOf(db), clock });
  return {
    read: (setting) => settingValue(setting, state.get<Json>(storageKey(setting as SettingDefinition<Json>))),
    write: store.write,
    reset: store.reset,
  };
}
