import type { Json } from '../db/json.js';
import { latestRead } from '../db/latest-read.js';
import { settingValue, type SettingChange, type SettingDefinition, type SettingsStore } from '../db/settings-store.js';

/**
 * A settings store with an in-memory copy of the stored settings beside
 * it, because settings are read on hot paths that cannot wait: the
 * spending rules for every order summary, the order feed, the digest
 * hour, the low-balance threshold. The database stays the truth: the copy
 * is read once at start and read again after every change made through
 * this view; a change made elsewhere (another instance on the same
 * PostgreSQL) is read by `refresh`, which the view freshness check
 * (fresh-views.ts) calls at the start of every update when the settings
 * moved. `read` answers from the copy, through the setting's schema
 * as the store does; changes go to the store.
 */
export interface SettingsView {
  read<T extends Json>(setting: SettingDefinition<T>): T;
  write<T extends Json>(setting: SettingDefinition<T>, value: T, actorId: number): Promise<SettingChange<T>>;
  reset<T extends Json>(setting: SettingDefinition<T>, actorId: number): Promise<SettingChange<T>>;
  /** Reads the stored settings again. */
  refresh(): Promise<void>;
}

/** What the app's parts take: reads at once, changes awaited. */
export type Settings = Pick<SettingsView, 'read' | 'write' | 'reset'>;

export async function createSettingsView(store: SettingsStore): Promise<SettingsView> {
  let values = new Map<string, Json>();
  const refresh = latestRead(
    () => store.storedValues(),
    (stored) => {
      values = stored;
    },
  );
  /** Runs a change, then reads the settings again, whether the change went through or not. */
  const changing = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } finally {
      await refresh();
    }
  };
  await refresh();
  return {
    read: (setting) => settingValue(setting, values.get(setting.key) ?? null),
    write: (setting, value, actorId) => changing(() => store.write(setting, value, actorId)),
    reset: (setting, actorId) => changing(() => store.reset(setting, actorId)),
    refresh,
  };
}
