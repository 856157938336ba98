import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Db } from '../db/open.js';
import { approvals, orders } from '../db/schema.js';
import { type ApprovalState } from '../domain/approvals.js';
import type { SyncDb } from '../db/sync-db.js';
import { assertOrderLines, goodsOf, type OrderLine } from './order-line.js';
import { repricedBy, totalOf, type ApprovalRequest, type ApprovalRow, type ApprovalStore, type ApprovalWaitCause, type ClaimApprovalResult } from '../db/approval-store.js';
import { appendAudit, type AuditFacts } from '../db/audit-log.js';

export type { ApprovalRequest, ApprovalRow, ApprovalStore, ApprovalWaitCause, ClaimApprovalResult } from '../db/approval-store.js';
export { repricedBy, totalOf } from '../db/approval-store.js';

/** The SQLite store: the synchronous repository behind promises; a statement that fails rejects. */
export function createSqliteApprovalStore(deps: { db: Db; clock: Clock }): ApprovalStore {
  const repo = createApprovalRepo(deps);
  return {
    get: async (id) => repo.get(id),
    byConfirmKey: async (key) => repo.byConfirmKey(key),
    request: async (input, expiresAt) => repo.request(input, expiresAt),
    claim: async (id, approverId, revision) => repo.claim(id, approverId, revision),
    release: async (id, approverId, change) => repo.release(id, approverId, change),
    approve: async (id, approverId, selfApproved) => repo.approve(id, approverId, selfApproved),
    attachOrder: async (id, orderId) => repo.attachOrder(id, orderId),
    reject: async (id, by, reason) => repo.reject(id, by, reason),
    expireDue: async () => repo.expireDue(),
    listPending: async () => repo.listPending(),
    recoverInterrupted: async (unownedBefore) => repo.recoverInterrupted(unownedBefore),
  };
}

/**
 * Every move of an approval is a compare-and-swap on its state inside one
 * immediate transaction, with its audit row: two administrators pressing
 * Approve together see one 'claimed' and one 'not-pending'.
 */
function createApprovalRepo(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const now = () => new Date(clock.now());

  const find = (exec: SyncDb, id: number): ApprovalRow | null =>
    exec.select().from(approvals).where(eq(approvals.id, id)).get() ?? null;

  function move(
    exec: SyncDb,
    id: number,
    from: ApprovalState,
    to: ApprovalState,
    set: Partial<typeof approvals.$inferInsert>,
    audit: { actorId: number | null; action: string; facts?: AuditFacts },
  ): ApprovalRow | null {
    const at = now();
    const moved = exec
      .update(approvals)
      .set({ ...set, state: to, updatedAt: at })
      .where(and(eq(approvals.id, id), eq(approvals.state, from)))
      .returning()
      .get();
    if (!moved) return null;
    // The approval's number leads the facts: audit rows of orders carry order ids, these carry none yet.
    appendAudit(exec, at, {
      actorId: audit.actorId,
      action: audit.action,
      orderId: moved.orderId,
      amount: totalOf(moved),
      facts: { approval: moved.id, ...audit.facts },
    });
    return moved;
  }

  const immediate = <T>(work: (tx: SyncDb) => T): T => db.transaction((tx) => work(tx), { behavior: 'immediate' });

  return {
    get: (id: number): ApprovalRow | null => find(db, id),
    byConfirmKey: (key: string): ApprovalRow | null => db.select().from(approvals).where(eq(approvals.confirmKey, key)).get() ?? null,

    /** Stores the request unless this confirmation already made one (a replayed Confirm). */
    request(input: ApprovalRequest, expiresAt: Date): { created: boolean; approval: ApprovalRow } {
      assertOrderLines(input.lines);
      return immediate((tx) => {
        const existing = tx.select().from(approvals).where(eq(approvals.confirmKey, input.confirmKey)).get();
        if (existing) return { created: false, approval: existing };
        const at = now();
        const approval = tx
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
          .returning()
          .get();
        appendAudit(tx, at, {
          actorId: input.requesterId,
          action: 'approval.requested',
          orderId: null,
          amount: totalOf(approval),
          facts: { approval: approval.id, goods: goodsOf(approval.lines, { regions: false }) },
        });
        return { created: true, approval };
      });
    },

    /** pending -> approving, if the press was for the numbers the row holds now. */
    claim(id: number, approverId: number, revision: number): ClaimApprovalResult {
      return immediate((tx): ClaimApprovalResult => {
        const current = find(tx, id);
        if (!current) return { kind: 'not-found' };
        if (current.state !== 'pending') return { kind: 'not-pending', approval: current };
        // The sweep runs every half minute and only after start-up: the deadline itself is what counts.
        if (current.expiresAt.getTime() <= clock.now()) return { kind: 'expired', approval: current };
        if (current.revision !== revision) return { kind: 'stale', approval: current };
        const claimed = move(tx, id, 'pending', 'approving', { decidedBy: approverId }, { actorId: approverId, action: 'approval.checking' });
        return claimed ? { kind: 'claimed', approval: claimed } : { kind: 'not-pending', approval: find(tx, id)! };
      });
    },

    /** approving -> pending: the checks said no for now; with a new price on any line, earlier summaries can no longer approve. */
    release(id: number, approverId: number, change: { lines?: OrderLine[]; why: ApprovalWaitCause }): ApprovalRow | null {
      return immediate((tx) => {
        const current = find(tx, id);
        if (!current) return null;
        const repriced = repricedBy(current, change.lines);
        return move(
          tx,
          id,
          'approving',
          'pending',
          { decidedBy: null, ...(repriced ? { lines: change.lines, revision: current.revision + 1 } : {}) },
          { actorId: approverId, action: 'approval.not_yet', facts: change.why },
        );
      });
    },

    /** approving -> approved; the order is created next, with this row's confirm key. */
    approve(id: number, approverId: number, selfApproved: boolean): ApprovalRow | null {
      return immediate((tx) =>
        move(tx, id, 'approving', 'approved', { decidedBy: approverId, decidedAt: now() }, {
          actorId: approverId,
          action: selfApproved ? 'approval.self_approved' : 'approval.approved',
        }),
      );
    },

    attachOrder(id: number, orderId: number): void {
      db.update(approvals).set({ orderId, updatedAt: now() }).where(and(eq(approvals.id, id), isNull(approvals.orderId))).run();
    },

    reject(id: number, by: number, reason: string | null): ApprovalRow | null {
      return immediate((tx) =>
        move(tx, id, 'pending', 'rejected', { decidedBy: by, decidedAt: now(), reason }, { actorId: by, action: 'approval.rejected', facts: { reason } }),
      );
    },

    /** Every pending approval whose time ran out, each moved to 'expired' with its audit row. */
    expireDue(): ApprovalRow[] {
      return immediate((tx) => {
        const due = tx
          .select({ id: approvals.id })
          .from(approvals)
          .where(and(eq(approvals.state, 'pending'), lte(approvals.expiresAt, now())))
          .orderBy(asc(approvals.id))
          .all();
        return due
          .map(({ id }) => move(tx, id, 'pending', 'expired', { decidedAt: now() }, { actorId: null, action: 'approval.expired' }))
          .filter((row): row is ApprovalRow => row !== null);
      });
    },

    listPending(): ApprovalRow[] {
      return db.select().from(approvals).where(eq(approvals.state, 'pending')).orderBy(asc(approvals.id)).all();
    },

    /**
     * Start-up repair, before any update is taken. A check that a restart
     * cut short goes back to waiting. An approval whose order was created
     * gets its order id (the order service repairs the order itself); one
     * stopped before that goes back to waiting too: its numbers may be old
     * by now, and its confirm key still allows one order at most. SQLite
     * records no owners: `unownedBefore` applies to every approval.
     */
    recoverInterrupted(unownedBefore?: Date): { requeued: number; attached: number } {
      return immediate((tx) => {
        let requeued = 0;
        let attached = 0;
        for (const row of tx.select().from(approvals).where(and(eq(approvals.state, 'approving'), unownedBefore ? lte(approvals.updatedAt, unownedBefore) : undefined)).all()) {
          if (move(tx, row.id, 'approving', 'pending', { decidedBy: null }, { actorId: null, action: 'approval.not_yet', facts: { interrupted: 'checking' } })) requeued++;
        }
        const unattached = tx.select().from(approvals).where(and(eq(approvals.state, 'approved'), isNull(approvals.orderId), unownedBefore ? lte(approvals.updatedAt, unownedBefore) : undefined)).all();
        for (const row of unattached) {
          const order = tx.select({ id: orders.id }).from(orders).where(eq(orders.confirmKey, row.confirmKey)).get();
          if (order) {
            tx.update(approvals).set({ orderId: order.id, updatedAt: now() }).where(eq(approvals.id, row.id)).run();
            attached++;
          } else if (move(tx, row.id, 'approved', 'pending', { decidedBy: null, decidedAt: null }, { actorId: null, action: 'approval.not_yet', facts: { interrupted: 'before-order' } })) {
            requeued++;
          }
        }
        return { requeued, attached };
      });
    },
  };
}
