import { like } from 'drizzle-orm';
import type { Clock } from '../../src/clock.js';
import type { Json } from '../../src/db/json.js';
import type { Db } from '../../src/db/open.js';
import { appState } from '../../src/db/schema.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createSettingsStore, settingValue, storageKey, type SettingDefinition } from '../../src/db/settings-store.js';
import type { Settings } from '../../src/settings/settings-view.js';
import { syncAppState } from './sync-app-state.js';

/**
 * Settings as the app's parts take them, over a test's SQLite database,
 * built without waiting: reads go to the database itself (always current,
 * including values a test plants or another helper changed), through the
 * synchronous app_state reader and the setting's schema as the store
 * reads them; changes through the store, as the app's view makes them.
 *
 * While a seam transaction is open the connection refuses a read past the
 * seam: a read then answers the value as committed when this helper last
 * read or wrote it (every setting stored when it was made is read then).
 */
export function sqliteSettings(db: Db, clock: Clock): Settings {
  const state = syncAppState(db, clock);
  const store = createSettingsStore({ database: databaseOf(db), clock });
  const keyOf = (setting: unknown) => storageKey(setting as SettingDefinition<Json>);
  const seen = new Map<string, Json | null>();
  if (!db.$client.inTransaction) {
    const prefix = keyOf({ key: '' });
    for (const row of db.select().from(appState).where(like(appState.key, `${prefix}%`)).all()) seen.set(row.key, JSON.parse(row.value) as Json);
  }
  return {
    read: (setting) => {
      const key = keyOf(setting);
      if (!db.$client.inTransaction) seen.set(key, state.get<Json>(key));
      return settingValue(setting, seen.get(key) ?? null);
    },
    write: async (setting, value, actorId) => {
      const change = await store.write(setting, value, actorId);
      seen.set(keyOf(setting), setting.schema.parse(value) as Json);
      return change;
    },
    reset: async (setting, actorId) => {
      const change = await store.reset(setting, actorId);
      seen.set(keyOf(setting), null);
      return change;
    },
  };
}
