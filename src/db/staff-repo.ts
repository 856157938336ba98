import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { appendAudit } from './audit-log.js';
import type { Db } from './open.js';
import { staff } from './schema.js';
import { type StaffRole } from '../domain/staff-roles.js';
import type { SyncDb } from './sync-db.js';

export type { StaffRole } from '../domain/staff-roles.js';
export type StaffSource = 'env' | 'chat';
export type Locale = 'en' | 'fa';

export interface StaffMember {
  telegramId: number;
  role: StaffRole;
  source: StaffSource;
  locale: Locale | null;
  createdAt: Date;
}

export type AddStaffResult =
  | { kind: 'added' }
  | { kind: 'updated'; from: StaffRole }
  | { kind: 'unchanged' | 'env-admin' | 'last-admin' };
export type ChangeRoleResult = AddStaffResult | { kind: 'not-found' };
export type RemoveStaffResult = { kind: 'removed'; role: StaffRole } | { kind: 'not-found' | 'env-admin' | 'last-admin' };

/** Whose access ADMIN_IDS changed at start-up: role null means no access (any more, or before). */
export interface AccessChange {
  telegramId: number;
  from: StaffRole | null;
  to: StaffRole | null;
}

/**
 * Every change of who may do what is audited in the transaction that makes
 * it: action staff.added, staff.role_changed or staff.removed, the person
 * changed as the subject, the roles in the detail ("staff → viewer").
 */
export interface StaffRepo {
  /** Makes the table agree with ADMIN_IDS: those people are env admins, and no one else is. Returns what changed. */
  syncEnvAdmins(ids: readonly number[]): AccessChange[];
  find(telegramId: number): StaffMember | null;
  /** Administrators first, then in the order they were added. */
  list(): StaffMember[];
  /**
   * Adds someone or changes their role. Administrators from ADMIN_IDS are
   * managed in the environment only, and the last administrator cannot be
   * turned into plain staff.
   */
  add(telegramId: number, role: StaffRole, addedBy: number): AddStaffResult;
  /** Like add, for someone already on the staff only. */
  changeRole(telegramId: number, role: StaffRole, changedBy: number): ChangeRoleResult;
  remove(telegramId: number, removedBy?: number | null): RemoveStaffResult;
  /** False when the person is not on the staff. */
  setLocale(telegramId: number, locale: Locale): boolean;
  adminIds(): number[];
}

/**
 * Who may use the bot, as every database keeps it: StaffRepo's operations
 * behind promises, so that the SQLite file and a server (PostgreSQL)
 * answer through the same shape. Same results, same audit rows, each
 * change in one transaction with its audit row.
 */
export interface StaffStore {
  syncEnvAdmins(ids: readonly number[]): Promise<AccessChange[]>;
  find(telegramId: number): Promise<StaffMember | null>;
  list(): Promise<StaffMember[]>;
  add(telegramId: number, role: StaffRole, addedBy: number): Promise<AddStaffResult>;
  changeRole(telegramId: number, role: StaffRole, changedBy: number): Promise<ChangeRoleResult>;
  remove(telegramId: number, removedBy?: number | null): Promise<RemoveStaffResult>;
  setLocale(telegramId: number, locale: Locale): Promise<boolean>;
  adminIds(): Promise<number[]>;
}

/** The SQLite store: the synchronous repository behind promises; a statement that fails rejects. */
export function createSqliteStaffStore(deps: { db: Db; clock: Clock }): StaffStore {
  const repo = createStaffRepo(deps);
  return {
    syncEnvAdmins: async (ids) => repo.syncEnvAdmins(ids),
    find: async (telegramId) => repo.find(telegramId),
    list: async () => repo.list(),
    add: async (telegramId, role, addedBy) => repo.add(telegramId, role, addedBy),
    changeRole: async (telegramId, role, changedBy) => repo.changeRole(telegramId, role, changedBy),
    remove: async (telegramId, removedBy) => repo.remove(telegramId, removedBy),
    setLocale: async (telegramId, locale) => repo.setLocale(telegramId, locale),
    adminIds: async () => repo.adminIds(),
  };
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

  function setRole(telegramId: number, role: StaffRole, actorId: number, mayAdd: boolean): ChangeRoleResult {
    return db.transaction(
      (tx): ChangeRoleResult => {
        const at = new Date(clock.now());
        const existing = find(telegramId, tx);
        if (!existing) {
          if (!mayAdd) return { kind: 'not-found' };
          tx.insert(staff).values({ telegramId, role, source: 'chat', addedBy: actorId, createdAt: at }).run();
          auditChange(tx, at, actorId, { telegramId, from: null, to: role });
          return { kind: 'added' };
        }
        if (existing.source === 'env') return { kind: 'env-admin' };
        if (existing.role === role) return { kind: 'unchanged' };
        if (existing.role === 'admin' && adminCount(tx) <= 1) return { kind: 'last-admin' };
        tx.update(staff).set({ role, addedBy: actorId }).where(eq(staff.telegramId, telegramId)).run();
        auditChange(tx, at, actorId, { telegramId, from: existing.role, to: role });
        return { kind: 'updated', from: existing.role };
      },
      { behavior: 'immediate' },
    );
  }

  return {
    syncEnvAdmins(ids) {
      const unique = [...new Set(ids)];
      return db.transaction(
        (tx) => {
          const createdAt = new Date(clock.now());
          const changes: AccessChange[] = [];
          for (const telegramId of unique) {
            const before = find(telegramId, tx);
            tx.insert(staff)
              .values({ telegramId, role: 'admin', source: 'env', addedBy: null, createdAt })
              .onConflictDoUpdate({ target: staff.telegramId, set: { role: 'admin', source: 'env' } })
              .run();
            if (before?.role !== 'admin') changes.push({ telegramId, from: before?.role ?? null, to: 'admin' });
          }
          const stale = unique.length > 0 ? notInArray(staff.telegramId, unique) : undefined;
          const dropped = tx.delete(staff).where(and(eq(staff.source, 'env'), stale)).returning({ telegramId: staff.telegramId }).all();
          for (const { telegramId } of dropped) changes.push({ telegramId, from: 'admin', to: null });
          for (const change of changes) auditChange(tx, createdAt, null, change, 'ADMIN_IDS');
          return changes;
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

    // Adding never finds no one.
    add: (telegramId, role, addedBy) => setRole(telegramId, role, addedBy, true) as AddStaffResult,
    changeRole: (telegramId, role, changedBy) => setRole(telegramId, role, changedBy, false),

    remove(telegramId, removedBy = null) {
      return db.transaction(
        (tx): RemoveStaffResult => {
          const existing = find(telegramId, tx);
          if (!existing) return { kind: 'not-found' };
          if (existing.source === 'env') return { kind: 'env-admin' };
          if (existing.role === 'admin' && adminCount(tx) <= 1) return { kind: 'last-admin' };
          tx.delete(staff).where(eq(staff.telegramId, telegramId)).run();
          auditChange(tx, new Date(clock.now()), removedBy, { telegramId, from: existing.role, to: null });
          return { kind: 'removed', role: existing.role };
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

function auditChange(tx: SyncDb, at: Date, actorId: number | null, change: AccessChange, via?: string): void {
  const action = change.from === null ? 'staff.added' : change.to === null ? 'staff.removed' : 'staff.role_changed';
  appendAudit(tx, at, {
    actorId,
    action,
    orderId: null,
    amount: null,
    subjectId: change.telegramId,
    facts: { from: change.from, to: change.to, ...(via ? { via } : {}) },
  });
}
