import { and, asc, count, eq, notInArray, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { StaffRole } from '../domain/staff-roles.js';
import { appendAuditRow } from './audit-trail.js';
import type { Database, Query } from './seam/database.js';
import type { Tables } from './seam/tables.js';

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
 * Who may use the bot. Every change of who may do what is audited in the
 * transaction that makes it: action staff.added, staff.role_changed or
 * staff.removed, the person changed as the subject, the roles in the detail
 * ("staff → viewer"). Changes take the `staff` lock for their transaction
 * (readers go on; other changers wait), so that two administrators
 * removing each other at once cannot both pass the last-administrator check.
 */
export interface StaffStore {
  /** Makes the table agree with ADMIN_IDS: those people are env admins, and no one else is. Returns what changed. */
  syncEnvAdmins(ids: readonly number[]): Promise<AccessChange[]>;
  find(telegramId: number): Promise<StaffMember | null>;
  /** Administrators first, then in the order they were added. */
  list(): Promise<StaffMember[]>;
  /**
   * Adds someone or changes their role. Administrators from ADMIN_IDS are
   * managed in the environment only, and the last administrator cannot be
   * turned into plain staff.
   */
  add(telegramId: number, role: StaffRole, addedBy: number): Promise<AddStaffResult>;
  /** Like add, for someone already on the staff only. */
  changeRole(telegramId: number, role: StaffRole, changedBy: number): Promise<ChangeRoleResult>;
  remove(telegramId: number, removedBy?: number | null): Promise<RemoveStaffResult>;
  /** False when the person is not on the staff. */
  setLocale(telegramId: number, locale: Locale): Promise<boolean>;
  adminIds(): Promise<number[]>;
}

export function createStaffStore(deps: { database: Database; clock: Clock }): StaffStore {
  const { database, clock } = deps;
  const { q, tables } = database;
  const { staff } = tables;
  const columns = {
    telegramId: staff.telegramId,
    role: staff.role,
    source: staff.source,
    locale: staff.locale,
    createdAt: staff.createdAt,
  };

  const find = async (telegramId: number, exec: Query = q): Promise<StaffMember | null> =>
    (await exec.select(columns).from(staff).where(eq(staff.telegramId, telegramId)))[0] ?? null;
  const adminCount = async (exec: Query): Promise<number> =>
    (await exec.select({ n: count() }).from(staff).where(eq(staff.role, 'admin')))[0]?.n ?? 0;
  const changing = <T>(work: (tx: Query) => Promise<T>): Promise<T> =>
    database.transaction(async (tx) => {
      await database.holdLock(tx, 'staff');
      return work(tx);
    });

  function setRole(telegramId: number, role: StaffRole, actorId: number, mayAdd: boolean): Promise<ChangeRoleResult> {
    return changing(async (tx): Promise<ChangeRoleResult> => {
      const at = new Date(clock.now());
      const existing = await find(telegramId, tx);
      if (!existing) {
        if (!mayAdd) return { kind: 'not-found' };
        await tx.insert(staff).values({ telegramId, role, source: 'chat', addedBy: actorId, createdAt: at });
        await auditChange(tx, tables, at, actorId, { telegramId, from: null, to: role });
        return { kind: 'added' };
      }
      if (existing.source === 'env') return { kind: 'env-admin' };
      if (existing.role === role) return { kind: 'unchanged' };
      if (existing.role === 'admin' && (await adminCount(tx)) <= 1) return { kind: 'last-admin' };
      await tx.update(staff).set({ role, addedBy: actorId }).where(eq(staff.telegramId, telegramId));
      await auditChange(tx, tables, at, actorId, { telegramId, from: existing.role, to: role });
      return { kind: 'updated', from: existing.role };
    });
  }

  return {
    syncEnvAdmins(ids) {
      const unique = [...new Set(ids)];
      return changing(async (tx) => {
        const createdAt = new Date(clock.now());
        const changes: AccessChange[] = [];
        for (const telegramId of unique) {
          const before = await find(telegramId, tx);
          await tx
            .insert(staff)
            .values({ telegramId, role: 'admin', source: 'env', addedBy: null, createdAt })
            .onConflictDoUpdate({ target: staff.telegramId, set: { role: 'admin', source: 'env' } });
          if (before?.role !== 'admin') changes.push({ telegramId, from: before?.role ?? null, to: 'admin' });
        }
        const stale = unique.length > 0 ? notInArray(staff.telegramId, unique) : undefined;
        const dropped = await tx
          .delete(staff)
          .where(and(eq(staff.source, 'env'), stale))
          .returning({ telegramId: staff.telegramId });
        // In id order, as SQLite happens to give them: the audit reads the same on both.
        dropped.sort((a, b) => a.telegramId - b.telegramId);
        for (const { telegramId } of dropped) changes.push({ telegramId, from: 'admin', to: null });
        for (const change of changes) await auditChange(tx, tables, createdAt, null, change, 'ADMIN_IDS');
        return changes;
      });
    },

    find: (telegramId) => find(telegramId),

    list: () =>
      q
        .select(columns)
        .from(staff)
        .orderBy(sql`case when ${staff.role} = 'admin' then 0 else 1 end`, asc(staff.createdAt), asc(staff.telegramId)),

    // Adding never finds no one.
    add: (telegramId, role, addedBy) => setRole(telegramId, role, addedBy, true) as Promise<AddStaffResult>,
    changeRole: (telegramId, role, changedBy) => setRole(telegramId, role, changedBy, false),

    remove(telegramId, removedBy = null) {
      return changing(async (tx): Promise<RemoveStaffResult> => {
        const existing = await find(telegramId, tx);
        if (!existing) return { kind: 'not-found' };
        if (existing.source === 'env') return { kind: 'env-admin' };
        if (existing.role === 'admin' && (await adminCount(tx)) <= 1) return { kind: 'last-admin' };
        await tx.delete(staff).where(eq(staff.telegramId, telegramId));
        await auditChange(tx, tables, new Date(clock.now()), removedBy, { telegramId, from: existing.role, to: null });
        return { kind: 'removed', role: existing.role };
      });
    },

    async setLocale(telegramId, locale) {
      const updated = await q.update(staff).set({ locale }).where(eq(staff.telegramId, telegramId)).returning({ telegramId: staff.telegramId });
      return updated.length > 0;
    },

    async adminIds() {
      const rows = await q.select({ id: staff.telegramId }).from(staff).where(eq(staff.role, 'admin')).orderBy(asc(staff.telegramId));
      return rows.map((row) => row.id);
    },
  };
}

async function auditChange(tx: Query, tables: Pick<Tables, 'auditLog'>, at: Date, actorId: number | null, change: AccessChange, via?: string): Promise<void> {
  const action = change.from === null ? 'staff.added' : change.to === null ? 'staff.removed' : 'staff.role_changed';
  await appendAuditRow(tx, tables, at, { actorId, action, orderId: null, amount: null, facts: { from: change.from, to: change.to, ...(via ? { via } : {}) }, subjectId: change.telegramId });
}
