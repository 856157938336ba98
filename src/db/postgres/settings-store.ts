import { eq, like } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import {
  SETTING_CHANGED,
  SETTING_PREFIX,
  settingAuditFacts,
  settingChange,
  settingValue,
  storageKey,
  type SettingChange,
  type SettingDefinition,
  type SettingsStore,
} from '../../settings/settings-store.js';
import type { Json } from '../app-state-repo.js';
import { encodeAuditFacts } from '../audit-log.js';
import type { PgDb, PgExec, PgTx } from './open.js';
import { appState, auditLog } from './schema.js';
import { holdNamedLock } from './private-locks.js';

type Exec = PgExec;

/**
 * The settings on PostgreSQL: the same values, validation and audit rows
 * as on SQLite. A change holds a transaction-scoped lock (private-locks.ts) on its
 * setting before reading the value it replaces, as SQLite's immediate
 * transaction does, so that two changes of the same setting at once run
 * one after the other and each audits what the other left, even for a
 * setting never written before (no row to lock yet). Other settings and
 * readers do not wait.
 */
export function createPostgresSettingsStore(deps: { db: PgDb; clock: Clock }): SettingsStore {
  const { db, clock } = deps;

  const stored = async (exec: Exec, key: string): Promise<Json | null> => {
    const rows = await exec.select({ value: appState.value }).from(appState).where(eq(appState.key, key));
    return rows[0] ? (JSON.parse(rows[0].value) as Json) : null;
  };

  const store = <T extends Json>(setting: SettingDefinition<T>, value: T | null, actorId: number): Promise<SettingChange<T>> =>
    db.transaction(async (tx) => {
      const key = storageKey(setting as SettingDefinition<Json>);
      await holdNamedLock(tx, `setting:${key}`);
      const change = settingChange(setting, settingValue(setting, await stored(tx, key)), value);
      if (change.changed) {
        const at = new Date(clock.now());
        const row = { key, value: JSON.stringify(value), updatedAt: at };
        await tx
          .insert(appState)
          .values(row)
          .onConflictDoUpdate({ target: appState.key, set: { value: row.value, updatedAt: row.updatedAt } });
        await tx.insert(auditLog).values({
          at,
          actorId,
          action: SETTING_CHANGED,
          orderId: null,
          amount: null,
          detail: encodeAuditFacts(settingAuditFacts(setting, change)),
          subjectId: null,
        });
      }
      return change;
    });

  return {
    read: async (setting) => settingValue(setting, await stored(db, storageKey(setting as SettingDefinition<Json>))),
    async write(setting, value, actorId) {
      const checked = setting.schema.parse(value);
      return store(setting, checked, actorId);
    },
    reset: (setting, actorId) => store(setting, null, actorId),
    async storedValues() {
      const rows = await db
        .select({ key: appState.key, value: appState.value })
        .from(appState)
        .where(like(appState.key, `${SETTING_PREFIX}%`));
      return new Map(rows.map((row) => [row.key.slice(SETTING_PREFIX.length), JSON.parse(row.value) as Json]));
    },
  };
}
