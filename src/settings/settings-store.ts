import { like } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../clock.js';
import { createAppStateRepo } from '../db/app-state-repo.js';
import type { Json } from '../db/app-state-repo.js';
import type { Db } from '../db/open.js';
import { appendAudit } from '../db/audit-log.js';
import { appState } from '../db/schema.js';

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

/** The settings as the SQLite file keeps them, answered at once. */
export interface SettingsRepo {
  read<T extends Json>(setting: SettingDefinition<T>): T;
  /** Validates, stores and audits in one transaction; a value the schema refuses throws before anything is written. */
  write<T extends Json>(setting: SettingDefinition<T>, value: T, actorId: number): SettingChange<T>;
  /** Back to the fallback, audited. */
  reset<T extends Json>(setting: SettingDefinition<T>, actorId: number): SettingChange<T>;
  /** Every stored setting's raw value, by the setting's key (without `setting.`). */
  storedValues(): Map<string, Json>;
}

/**
 * The settings as every database keeps them: SettingsRepo's operations
 * behind promises, so that the SQLite file and a server (PostgreSQL)
 * answer through the same shape. A value the schema refuses rejects
 * before anything is written; a change and its `setting.changed` audit
 * row (the setting, before and after) commit in one transaction, and two
 * changes of the same setting run one after the other, so each audits
 * what the other left; an unchanged value writes nothing.
 */
export interface SettingsStore {
  read<T extends Json>(setting: SettingDefinition<T>): Promise<T>;
  write<T extends Json>(setting: SettingDefinition<T>, value: T, actorId: number): Promise<SettingChange<T>>;
  reset<T extends Json>(setting: SettingDefinition<T>, actorId: number): Promise<SettingChange<T>>;
  storedValues(): Promise<Map<string, Json>>;
}

export const SETTING_PREFIX = 'setting.';
export const storageKey = (setting: SettingDefinition<Json>): string => `${SETTING_PREFIX}${setting.key}`;

/** What a stored value reads as: the fallback when never set or when the schema no longer accepts it. */
export function settingValue<T extends Json>(setting: SettingDefinition<T>, stored: Json | null): T {
  if (stored === null) return setting.fallback;
  const parsed = setting.schema.safeParse(stored);
  return parsed.success ? parsed.data : setting.fallback;
}

/** The change `value` makes (null: back to the fallback), and the audit facts when it is one. */
export function settingChange<T extends Json>(setting: SettingDefinition<T>, before: T, value: T | null): SettingChange<T> {
  const after = value === null ? setting.fallback : value;
  return { before, after, changed: JSON.stringify(before) !== JSON.stringify(after) };
}

export const SETTING_CHANGED = 'setting.changed';
export const settingAuditFacts = <T extends Json>(setting: SettingDefinition<T>, change: SettingChange<T>) => ({
  setting: setting.key,
  before: change.before,
  after: change.after,
});

function readFrom<T extends Json>(repo: ReturnType<typeof createAppStateRepo>, setting: SettingDefinition<T>): T {
  return settingValue(setting, repo.get<Json>(storageKey(setting as SettingDefinition<Json>)));
}

/** The SQLite store: the synchronous repository behind promises; a refused value or a failing statement rejects. */
export function createSqliteSettingsStore(deps: { db: Db; clock: Clock }): SettingsStore {
  const repo = createSettingsRepo(deps);
  return {
    read: async (setting) => repo.read(setting),
    write: async (setting, value, actorId) => repo.write(setting, value, actorId),
    reset: async (setting, actorId) => repo.reset(setting, actorId),
    storedValues: async () => repo.storedValues(),
  };
}

/** Settings live in app_state, so they survive restarts and need no migration per setting. */
export function createSettingsRepo(deps: { db: Db; clock: Clock }): SettingsRepo {
  const { db, clock } = deps;
  // Kept, so that its compiled read is too.
  const state = createAppStateRepo({ db, clock });

  const store = <T extends Json>(setting: SettingDefinition<T>, value: T | null, actorId: number): SettingChange<T> =>
    db.transaction(
      (tx) => {
        const repo = createAppStateRepo({ db: tx, clock });
        const change = settingChange(setting, readFrom(repo, setting), value);
        if (change.changed) {
          repo.set(storageKey(setting as SettingDefinition<Json>), value);
          appendAudit(tx, new Date(clock.now()), {
            actorId,
            action: SETTING_CHANGED,
            orderId: null,
            amount: null,
            facts: settingAuditFacts(setting, change),
          });
        }
        return change;
      },
      { behavior: 'immediate' },
    );

  return {
    read: (setting) => readFrom(state, setting),
    write(setting, value, actorId) {
      const checked = setting.schema.parse(value);
      return store(setting, checked, actorId);
    },
    reset: (setting, actorId) => store(setting, null, actorId),
    storedValues() {
      const rows = db
        .select({ key: appState.key, value: appState.value })
        .from(appState)
        .where(like(appState.key, `${SETTING_PREFIX}%`))
        .all();
      return new Map(rows.map((row) => [row.key.slice(SETTING_PREFIX.length), JSON.parse(row.value) as Json]));
    },
  };
}
