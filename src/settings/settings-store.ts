import type { z } from 'zod';
import type { Clock } from '../clock.js';
import { createAppStateRepo } from '../db/app-state-repo.js';
import type { Json } from '../db/app-state-repo.js';
import type { Db } from '../db/open.js';
import { appendAudit } from '../db/audit-log.js';

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

export interface SettingsRepo {
  read<T extends Json>(setting: SettingDefinition<T>): T;
  /** Validates, stores and audits in one transaction; a value the schema refuses throws before anything is written. */
  write<T extends Json>(setting: SettingDefinition<T>, value: T, actorId: number): SettingChange<T>;
  /** Back to the fallback, audited. */
  reset<T extends Json>(setting: SettingDefinition<T>, actorId: number): SettingChange<T>;
}

const storageKey = (setting: SettingDefinition<Json>) => `setting.${setting.key}`;

function readFrom<T extends Json>(repo: ReturnType<typeof createAppStateRepo>, setting: SettingDefinition<T>): T {
  const stored = repo.get<Json>(storageKey(setting as SettingDefinition<Json>));
  if (stored === null) return setting.fallback;
  const parsed = setting.schema.safeParse(stored);
  return parsed.success ? parsed.data : setting.fallback;
}

/** Settings live in app_state, so they survive restarts and need no migration per setting. */
export function createSettingsRepo(deps: { db: Db; clock: Clock }): SettingsRepo {
  const { db, clock } = deps;

  const store = <T extends Json>(setting: SettingDefinition<T>, value: T | null, actorId: number): SettingChange<T> =>
    db.transaction(
      (tx) => {
        const repo = createAppStateRepo({ db: tx, clock });
        const before = readFrom(repo, setting);
        const after = value === null ? setting.fallback : value;
        const changed = JSON.stringify(before) !== JSON.stringify(after);
        if (changed) {
          repo.set(storageKey(setting as SettingDefinition<Json>), value);
          appendAudit(tx, new Date(clock.now()), {
            actorId,
            action: 'setting.changed',
            orderId: null,
            amount: null,
            facts: { setting: setting.key, before, after },
          });
        }
        return { before, after, changed };
      },
      { behavior: 'immediate' },
    );

  return {
    read: (setting) => readFrom(createAppStateRepo({ db, clock }), setting),
    write(setting, value, actorId) {
      const checked = setting.schema.parse(value);
      return store(setting, checked, actorId);
    },
    reset: (setting, actorId) => store(setting, null, actorId),
  };
}
