import { and, asc, eq, isNotNull, isNull, lte, not, or, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { AuditFacts } from '../audit-log.js';
import type { ApprovalState } from '../../domain/approvals.js';
import { assertOrderLines, goodsOf } from '../../orders/order-line.js';
import { repricedBy, totalOf, type ApprovalRow, type ApprovalStore, type ClaimApprovalResult } from '../../orders/approval-repo.js';
import type { PgDb, PgExec } from './open.js';
import { appendAudit, moneyTransaction } from './order-writes.js';
import { ownerLockHeld } from './owner-lock.js';
import { approvals, orders } from './schema.js';

/**
 * Approval requests on PostgreSQL: the same moves, results and audit rows
 * as on SQLite. Every read-then-write holds the money lock (the twin of
 * SQLite's immediate transaction), and each move is still a compare-and-swap
 * on the state, so two connections pressing Approve, or a press and the
 * expiry sweep, see one winner. Requests are only ever inserted under the
 * lock after looking for their confirm key, so a replayed Confirm on
 * another connection finds the first request instead of breaking the
 * unique index.
 */
export function createPostgresApprovalStore(deps: {
  db: PgDb;
  clock: Clock;
  /** This process's owner lock (Roles.ownerLock), recorded on the approvals it checks and places. */
  ownerLock?: number | null;
}): ApprovalStore {
  const { db, clock } = deps;
  const ownerLock = deps.ownerLock ?? null;
  const now = () => new Date(clock.now());

  /** Approvals left half-way (see ApprovalStore.recoverInterrupted): being checked, or approved with no order linked yet. */
  const orphaned = (unownedBefore: Date | undefined): SQL | undefined =>
    and(
      or(eq(approvals.state, 'approving'), and(eq(approvals.state, 'approved'), isNull(approvals.orderId))),
      unownedBefore === undefined
        ? undefined
        : or(and(isNull(approvals.ownerLock), lte(approvals.updatedAt, unownedBefore)), and(isNotNull(approvals.ownerLock), not(ownerLockHeld(approvals.ownerLock)))),
    );

  const find = async (exec: PgExec, id: number): Promise<ApprovalRow | null> =>
    (await exec.select().from(approvals).where(eq(approvals.id, id)))[0] ?? null;

  async function move(
    exec: PgExec,
    id: number,
    from: ApprovalState,
    to: ApprovalState,
    set: Partial<typeof approvals.$inferInsert>,
    audit: { actorId: number | null; action: string; facts?: AuditFacts },
  ): Promise<ApprovalRow | null> {
    const at = now();
    const [moved] = await exec
      .update(approvals)
      .set({ ...set, state: to, updatedAt: at })
      .where(and(eq(approvals.id, id), eq(approvals.state, from)))
      .returning();
    if (!moved) return null;
    // The approval's number leads the facts: audit rows of orders carry order ids, these carry none yet.
    await appendAudit(exec, at, {
      actorId: audit.actorId,
      action: audit.action,
      orderId: moved.orderId,
      amount: totalOf(moved),
      facts: { approval: moved.id, ...audit.facts },
    });
    return moved;
  }

  return {
    get: (id) => find(db, id),
    byConfirmKey: async (key) => (await db.select().from(approvals).where(eq(approvals.confirmKey, key)))[0] ?? null,

    async request(input, expiresAt) {
      assertOrderLines(input.lines);
      return moneyTransaction(db, async (tx) => {
        const [existing] = await tx.select().from(approvals).where(eq(approvals.confirmKey, input.confirmKey));
        if (existing) return { created: false, approval: existing };
        const at = now();
        const [approval] = await tx
          .insert(approvals)
          .values({
            confirmKey: input.confirmKey,
            requesterId: input.requesterId,
            chatId: input.chatId,
            lines: input.lines,
            state: 'pending',
            createdAt: at,
            updatedAt: at,
            expiresAt,
          })
          .returning();
        await appendAudit(tx, at, {
          actorId: input.requesterId,
          action: 'approval.requested',
          orderId: null,
          amount: totalOf(approval!),
          facts: { approval: approval!.id, goods: goodsOf(approval!.lines, { regions: false }) },
        });
        return { created: true, approval: approval! };
      });
    },

    claim(id, approverId, revision) {
      return moneyTransaction(db, async (tx): Promise<ClaimApprovalResult> => {
        const current = await find(tx, id);
        if (!current) return { kind: 'not-found' };
        if (current.state !== 'pending') return { kind: 'not-pending', approval: current };
        // The deadline itself counts, not whether the sweep has run yet.
        if (current.expiresAt.getTime() <= clock.now()) return { kind: 'expired', approval: current };
        if (current.revision !== revision) return { kind: 'stale', approval: current };
        // The approval stays this instance's through its order's creation: the repair leaves it alone while its lock is held.
        const claimed = await move(tx, id, 'pending', 'approving', { decidedBy: approverId, ownerLock }, { actorId: approverId, action: 'approval.checking' });
        return claimed ? { kind: 'claimed', approval: claimed } : { kind: 'not-pending', approval: (await find(tx, id))! };
      });
    },

    release(id, approverId, change) {
      return moneyTransaction(db, async (tx) => {
        const current = await find(tx, id);
        if (!current) return null;
        const repriced = repricedBy(current, change.lines);
        return move(
          tx,
          id,
          'approving',
          'pending',
          { decidedBy: null, ownerLock: null, ...(repriced ? { lines: change.lines, revision: current.revision + 1 } : {}) },
          { actorId: approverId, action: 'approval.not_yet', facts: change.why },
        );
      });
    },

    approve(id, approverId, selfApproved) {
      return moneyTransaction(db, (tx) =>
        move(tx, id, 'approving', 'approved', { decidedBy: approverId, decidedAt: now() }, {
          actorId: approverId,
          action: selfApproved ? 'approval.self_approved' : 'approval.approved',
        }),
      );
    },

    async attachOrder(id, orderId) {
      // One statement that only fills an empty link: it needs no lock.
      await db.update(approvals).set({ orderId, updatedAt: now() }).where(and(eq(approvals.id, id), isNull(approvals.orderId)));
    },

    reject(id, by, reason) {
      return moneyTransaction(db, (tx) =>
        move(tx, id, 'pending', 'rejected', { decidedBy: by, decidedAt: now(), reason }, { actorId: by, action: 'approval.rejected', facts: { reason } }),
      );
    },

    expireDue() {
      return moneyTransaction(db, async (tx) => {
        const due = await tx
          .select({ id: approvals.id })
          .from(approvals)
          .where(and(eq(approvals.state, 'pending'), lte(approvals.expiresAt, now())))
          .orderBy(asc(approvals.id));
        const expired: ApprovalRow[] = [];
        for (const { id } of due) {
          const row = await move(tx, id, 'pending', 'expired', { decidedAt: now() }, { actorId: null, action: 'approval.expired' });
          if (row) expired.push(row);
        }
        return expired;
      });
    },

    listPending: () => db.select().from(approvals).where(eq(approvals.state, 'pending')).orderBy(asc(approvals.id)),

    async recoverInterrupted(unownedBefore) {
      // Run every few seconds: the money lock is taken only when something was left behind.
      const [any] = await db.select({ id: approvals.id }).from(approvals).where(orphaned(unownedBefore)).limit(1);
      if (!any) return { requeued: 0, attached: 0 };
      return moneyTransaction(db, async (tx) => {
        let requeued = 0;
        let attached = 0;
        const found = await tx.select().from(approvals).where(orphaned(unownedBefore)).orderBy(asc(approvals.id));
        for (const row of found.filter((r) => r.state === 'approving')) {
          if (await move(tx, row.id, 'approving', 'pending', { decidedBy: null, ownerLock: null }, { actorId: null, action: 'approval.not_yet', facts: { interrupted: 'checking' } })) requeued++;
        }
        for (const row of found.filter((r) => r.state === 'approved')) {
          const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.confirmKey, row.confirmKey));
          if (order) {
            await tx.update(approvals).set({ orderId: order.id, updatedAt: now() }).where(eq(approvals.id, row.id));
            attached++;
          } else if (
            await move(tx, row.id, 'approved', 'pending', { decidedBy: null, decidedAt: null, ownerLock: null }, { actorId: null, action: 'approval.not_yet', facts: { interrupted: 'before-order' } })
          ) {
            requeued++;
          }
        }
        return { requeued, attached };
      });
    },
  };
}
