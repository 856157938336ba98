import { eq, like } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../clock.js';
import type { Json } from './json.js';
import { appendAuditRow } from './audit-trail.js';
import type { Database, Query } from './seam/database.js';

/**
 * A setting administrators change from the chat. The schema is the only
 * judge of a stored value: a value an older or newer release wrote that no
 * longer fits reads as the fallback instead of failing every update.
 */
export interface SettingDefinition<T extends Json> {
  /** Stable name, also what the audit records as the setting; stored under `setting.<key>`. */
  readonly key: string;
  readonly schema: z.ZodType<T>;
  readonly fallback: T;
}

export function defineSetting<T extends Json>(key: string, schema: z.ZodType<T>, fallback: T): SettingDefinition<T> {
  return { key, schema, fallback };
}

export interface SettingChange<T> {
  before: T;
  after: T;
  changed: boolean;
}

/**
 * The settings as every database keeps them. A value the schema refuses
 * rejects before anything is written; a change and its `setting.changed`
 * audit row (the setting, before and after) commit in one transaction,
 * and two changes of the same setting run one after the other, so each
 * audits what the other left; an unchanged value writes nothing.
 */
export interface SettingsStore {
  read<T extends Json>(setting: SettingDefinition<T>): Promise<T>;
  write<T extends Json>(setting: SettingDefinition<T>, value: T, actorId: number): Promise<SettingChange<T>>;
  /** Back to the fallback, audited. */
  reset<T extends Json>(setting: SettingDefinition<T>, actorId: number): Promise<SettingChange<T>>;
  /** Every stored setting's raw value, by the setting's key (without `setting.`). */
  storedValues(): Promise<Map<string, Json>>;
}

const SETTING_PREFIX = 'setting.';
export const storageKey = (setting: SettingDefinition<Json>): string => `${SETTING_PREFIX}${setting.key}`;

/** What a stored value reads as: the fallback when never set or when the schema no longer accepts it. */
export function settingValue<T extends Json>(setting: SettingDefinition<T>, stored: Json | null): T {
  if (stored === null) return setting.fallback;
  const parsed = setting.schema.safeParse(stored);
  return parsed.success ? parsed.data : setting.fallback;
}

/** The change `value` makes (null: back to the fallback). */
function settingChange<T extends Json>(setting: SettingDefinition<T>, before: T, value: T | null): SettingChange<T> {
  const after = value === null ? setting.fallback : value;
  return { before, after, changed: JSON.stringify(before) !== JSON.stringify(after) };
}

const SETTING_CHANGED = 'setting.changed';

/**
 * Settings live in app_state, so they survive restarts and need no
 * migration per setting. A change holds its setting's lock (`holdLock`)
 * before reading the value it replaces, so that two changes of the same
 * setting at once run one after the other and each audits what the other
 * left, even for a setting never written before (no row to lock yet).
 * Other settings and readers do not wait.
 */
export function createSettingsStore(deps: { database: Database; clock: Clock }): SettingsStore {
  const { database, clock } = deps;
  const { q, tables } = database;
  const { appState } = tables;

  const stored = async (exec: Query, key: string): Promise<Json | null> => {
    const [row] = await exec.select({ value: appState.value }).from(appState).where(eq(appState.key, key));
    return row ? (JSON.parse(row.value) as Json) : null;
  };

  const store = <T extends Json>(setting: SettingDefinition<T>, value: T | null, actorId: number): Promise<SettingChange<T>> =>
    database.transaction(async (tx) => {
      const key = storageKey(setting as SettingDefinition<Json>);
      await database.holdLock(tx, `setting:${key}`);
      const change = settingChange(setting, settingValue(setting, await stored(tx, key)), value);
      if (change.changed) {
        const at = new Date(clock.now());
        const row = { key, value: JSON.stringify(value), updatedAt: at };
        await tx.insert(appState).values(row).onConflictDoUpdate({ target: appState.key, set: { value: row.value, updatedAt: row.updatedAt } });
        await appendAuditRow(tx, tables, at, {
          actorId,
          action: SETTING_CHANGED,
          orderId: null,
          amount: null,
          facts: { setting: setting.key, before: change.before, after: change.after },
        });
      }
      return change;
    });

  return {
    read: async (setting) => settingValue(setting, await stored(q, storageKey(setting as SettingDefinition<Json>))),
    async write(setting, value, actorId) {
      const checked = setting.schema.parse(value);
      return store(setting, checked, actorId);
    },
    reset: (setting, actorId) => store(setting, null, actorId),
    async storedValues() {
      const rows = await q
        .select({ key: appState.key, value: appState.value })
        .from(appState)
        .where(like(appState.key, `${SETTING_PREFIX}%`));
      return new Map(rows.map((row) => [row.key.slice(SETTING_PREFIX.length), JSON.parse(row.value) as Json]));
    },
  };
}
