import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import { encodeAuditFacts } from '../audit-log.js';
import type { AccessChange, AddStaffResult, ChangeRoleResult, RemoveStaffResult, StaffMember, StaffRole, StaffStore } from '../staff-repo.js';
import type { PgDb, PgExec, PgTx } from './open.js';
import { auditLog, staff } from './schema.js';

type Exec = PgExec;

const columns = {
  telegramId: staff.telegramId,
  role: staff.role,
  source: staff.source,
  locale: staff.locale,
  createdAt: staff.createdAt,
};

/**
 * Who may use the bot, on PostgreSQL: the same rules and audit rows as on
 * SQLite. A change takes the staff table in SHARE ROW EXCLUSIVE mode for
 * its transaction (readers go on; other changers wait), as SQLite's
 * immediate transaction does, so that two administrators removing each
 * other at once cannot both pass the last-administrator check.
 */
export function createPostgresStaffStore(deps: { db: PgDb; clock: Clock }): StaffStore {
  const { db, clock } = deps;

  const find = async (telegramId: number, exec: Exec = db): Promise<StaffMember | null> =>
    (await exec.select(columns).from(staff).where(eq(staff.telegramId, telegramId)))[0] ?? null;
  const adminCount = async (exec: Exec): Promise<number> =>
    Number((await exec.select({ n: sql<number>`count(*)` }).from(staff).where(eq(staff.role, 'admin')))[0]?.n ?? 0);
  const changing = <T>(work: (tx: PgTx) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      await tx.execute(sql`lock table staff in share row exclusive mode`);
      return work(tx);
    });

  function setRole(telegramId: number, role: StaffRole, actorId: number, mayAdd: boolean): Promise<ChangeRoleResult> {
    return changing(async (tx): Promise<ChangeRoleResult> => {
      const at = new Date(clock.now());
      const existing = await find(telegramId, tx);
      if (!existing) {
        if (!mayAdd) return { kind: 'not-found' };
        await tx.insert(staff).values({ telegramId, role, source: 'chat', addedBy: actorId, createdAt: at });
        await auditChange(tx, at, actorId, { telegramId, from: null, to: role });
        return { kind: 'added' };
      }
      if (existing.source === 'env') return { kind: 'env-admin' };
      if (existing.role === role) return { kind: 'unchanged' };
      if (existing.role === 'admin' && (await adminCount(tx)) <= 1) return { kind: 'last-admin' };
      await tx.update(staff).set({ role, addedBy: actorId }).where(eq(staff.telegramId, telegramId));
      await auditChange(tx, at, actorId, { telegramId, from: existing.role, to: role });
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
        for (const change of changes) await auditChange(tx, createdAt, null, change, 'ADMIN_IDS');
        return changes;
      });
    },

    find: (telegramId) => find(telegramId),

    list: () =>
      db
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
        await auditChange(tx, new Date(clock.now()), removedBy, { telegramId, from: existing.role, to: null });
        return { kind: 'removed', role: existing.role };
      });
    },

    async setLocale(telegramId, locale) {
      const updated = await db.update(staff).set({ locale }).where(eq(staff.telegramId, telegramId)).returning({ telegramId: staff.telegramId });
      return updated.length > 0;
    },

    async adminIds() {
      const rows = await db.select({ id: staff.telegramId }).from(staff).where(eq(staff.role, 'admin')).orderBy(asc(staff.telegramId));
      return rows.map((row) => row.id);
    },
  };
}

async function auditChange(tx: PgTx, at: Date, actorId: number | null, change: AccessChange, via?: string): Promise<void> {
  const action = change.from === null ? 'staff.added' : change.to === null ? 'staff.removed' : 'staff.role_changed';
  await tx.insert(auditLog).values({
    at,
    actorId,
    action,
    orderId: null,
    amount: null,
    detail: encodeAuditFacts({ from: change.from, to: change.to, ...(via ? { via } : {}) }),
    subjectId: change.telegramId,
  });
}
