import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import { decidedAction, requestAudit, type AdminRequestRow, type AdminRequestStore } from '../../safeguards/dual-control/admin-request-store.js';
import type { AdminRequestState } from '../../domain/approvals.js';
import type { PgDb, PgExec } from './open.js';
import { appendAudit } from './order-writes.js';
import { adminRequests } from './schema.js';

/**
 * Dual-control requests on PostgreSQL: the same moves, results and audit
 * rows as on SQLite. Each move is a single-statement compare-and-swap on
 * the state (the row lock it takes makes a second connection's statement
 * wait and then find the state moved), committed with its audit row in one
 * transaction. No money moves here, so the money lock is not taken.
 */
export function createPostgresAdminRequestStore(deps: { db: PgDb; clock: Clock }): AdminRequestStore {
  const { db, clock } = deps;
  const now = () => new Date(clock.now());
  const find = async (exec: PgExec, id: number): Promise<AdminRequestRow | null> =>
    (await exec.select().from(adminRequests).where(eq(adminRequests.id, id)))[0] ?? null;

  async function move(exec: PgExec, id: number, to: AdminRequestState, set: Partial<typeof adminRequests.$inferInsert>, mustBeLive: boolean): Promise<AdminRequestRow | null> {
    const at = now();
    const [moved] = await exec
      .update(adminRequests)
      .set({ ...set, state: to, updatedAt: at, decidedAt: at })
      .where(and(eq(adminRequests.id, id), eq(adminRequests.state, 'pending'), mustBeLive ? gt(adminRequests.expiresAt, at) : undefined))
      .returning();
    return moved ?? null;
  }

  return {
    create: (input) =>
      db.transaction(async (tx) => {
        const at = now();
        const [row] = await tx
          .insert(adminRequests)
          .values({ requesterId: input.requesterId, change: input.change, state: 'pending', createdAt: at, updatedAt: at, expiresAt: input.expiresAt, cards: [] })
          .returning();
        await appendAudit(tx, at, requestAudit(row!, 'admin_change.requested', input.requesterId));
        return row!;
      }),
    get: (id) => find(db, id),
    decide: (id, decision) =>
      db.transaction(async (tx) => {
        const reason = decision.to === 'refused' ? (decision.reason ?? null) : null;
        const moved = await move(tx, id, decision.to, { decidedBy: decision.by, reason }, decision.to === 'confirmed');
        if (moved) await appendAudit(tx, now(), requestAudit(moved, decidedAction(decision), decision.by, reason === null ? undefined : { reason }));
        return moved;
      }),
    expireDue: () =>
      db.transaction(async (tx) => {
        const due = await tx
          .select({ id: adminRequests.id })
          .from(adminRequests)
          .where(and(eq(adminRequests.state, 'pending'), lte(adminRequests.expiresAt, now())))
          .orderBy(asc(adminRequests.id));
        const expired: AdminRequestRow[] = [];
        for (const { id } of due) {
          // Another instance's pass, or a press, may have moved it since the read: the swap says.
          const moved = await move(tx, id, 'expired', {}, false);
          if (!moved) continue;
          await appendAudit(tx, now(), requestAudit(moved, 'admin_change.expired', null));
          expired.push(moved);
        }
        return expired;
      }),
    listPending: () => db.select().from(adminRequests).where(eq(adminRequests.state, 'pending')).orderBy(asc(adminRequests.id)),
    async addCards(id, cards) {
      // One statement appends to what is there, whoever else appends at the same time.
      await db
        .update(adminRequests)
        .set({ cards: sql`${adminRequests.cards} || ${JSON.stringify(cards)}::jsonb` })
        .where(eq(adminRequests.id, id));
    },
  };
}
