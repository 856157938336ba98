import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Db } from './open.js';
import { staff } from './schema.js';
import type { SyncDb } from './sync-db.js';

export type StaffRole = 'admin' | 'staff';
export type StaffSource = 'env' | 'chat';
export type Locale = 'en' | 'fa';

export interface StaffMember {
  telegramId: number;
  role: StaffRole;
  source: StaffSource;
  locale: Locale | null;
  createdAt: Date;
}

export type AddStaffResult = { kind: 'added' | 'updated' | 'unchanged' | 'env-admin' | 'last-admin' };
export type RemoveStaffResult = { kind: 'removed' | 'not-found' | 'env-admin' | 'last-admin' };

export interface StaffRepo {
  /** Makes the table agree with ADMIN_IDS: those people are env admins, and no one else is. */
  syncEnvAdmins(ids: readonly number[]): void;
  find(telegramId: number): StaffMember | null;
  /** Administrators first, then in the order they were added. */
  list(): StaffMember[];
  /**
   * Adds someone or changes their role. Administrators from ADMIN_IDS are
   * managed in the environment only, and the last administrator cannot be
   * turned into plain staff.
   */
  add(telegramId: number, role: StaffRole, addedBy: number): AddStaffResult;
  remove(telegramId: number): RemoveStaffResult;
  /** False when the person is not on the staff. */
  setLocale(telegramId: number, locale: Locale): boolean;
  adminIds(): number[];
}

const columns = {
  telegramId: staff.telegramId,
  role: staff.role,
  source: staff.source,
  locale: staff.locale,
  createdAt: staff.createdAt,
};

export function createStaffRepo(deps: { db: Db; clock: Clock }): StaffRepo {
  const { db, clock } = deps;

  // Every update looks its sender up: prepared once. Inside a transaction the builder joins it.
  const findPrepared = db.select(columns).from(staff).where(eq(staff.telegramId, sql.placeholder('id'))).prepare();
  const find = (telegramId: number, exec: SyncDb = db): StaffMember | null =>
    (exec === db ? findPrepared.get({ id: telegramId }) : exec.select(columns).from(staff).where(eq(staff.telegramId, telegramId)).get()) ?? null;

  const adminCount = (exec: SyncDb): number =>
    exec.select({ n: sql<number>`count(*)` }).from(staff).where(eq(staff.role, 'admin')).get()?.n ?? 0;

  return {
    syncEnvAdmins(ids) {
      const unique = [...new Set(ids)];
      db.transaction(
        (tx) => {
          const createdAt = new Date(clock.now());
          for (const telegramId of unique) {
            tx.insert(staff)
              .values({ telegramId, role: 'admin', source: 'env', addedBy: null, createdAt })
              .onConflictDoUpdate({ target: staff.telegramId, set: { role: 'admin', source: 'env' } })
              .run();
          }
          const stale = unique.length > 0 ? notInArray(staff.telegramId, unique) : undefined;
          tx.delete(staff).where(and(eq(staff.source, 'env'), stale)).run();
        },
        { behavior: 'immediate' },
      );
    },

    find: (telegramId) => find(telegramId),

    list() {
      return db
        .select(columns)
        .from(staff)
        .orderBy(sql`case when ${staff.role} = 'admin' then 0 else 1 end`, asc(staff.createdAt), asc(staff.telegramId))
        .all();
    },

    add(telegramId, role, addedBy) {
      return db.transaction(
        (tx): AddStaffResult => {
          const existing = find(telegramId, tx);
          if (!existing) {
            tx.insert(staff)
              .values({ telegramId, role, source: 'chat', addedBy, createdAt: new Date(clock.now()) })
              .run();
            return { kind: 'added' };
          }
          if (existing.source === 'env') return { kind: 'env-admin' };
          if (existing.role === role) return { kind: 'unchanged' };
          if (existing.role === 'admin' && adminCount(tx) <= 1) return { kind: 'last-admin' };
          tx.update(staff).set({ role, addedBy }).where(eq(staff.telegramId, telegramId)).run();
          return { kind: 'updated' };
        },
        { behavior: 'immediate' },
      );
    },

    remove(telegramId) {
      return db.transaction(
        (tx): RemoveStaffResult => {
          const existing = find(telegramId, tx);
          if (!existing) return { kind: 'not-found' };
          if (existing.source === 'env') return { kind: 'env-admin' };
          if (existing.role === 'admin' && adminCount(tx) <= 1) return { kind: 'last-admin' };
          tx.delete(staff).where(eq(staff.telegramId, telegramId)).run();
          return { kind: 'removed' };
        },
        { behavior: 'immediate' },
      );
    },

    setLocale(telegramId, locale) {
      return db.update(staff).set({ locale }).where(eq(staff.telegramId, telegramId)).run().changes > 0;
    },

    adminIds() {
      return db
        .select({ id: staff.telegramId })
        .from(staff)
        .where(eq(staff.role, 'admin'))
        .orderBy(asc(staff.telegramId))
        .all()
        .map((row) => row.id);
    },
  };
}
