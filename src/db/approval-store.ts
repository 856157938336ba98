import { and, asc, eq, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { ApprovalState } from '../domain/approvals.js';
import { assertOrderLines, goodsOf, linesTotal, type OrderLine } from '../domain/order-line.js';
import type { AuditFacts } from './audit-log.js';
import { appendAuditRow } from './audit-trail.js';
import { oweExpiryNews } from './expiry-news-store.js';
import { ownerGone, type OwnerLocks } from './owner-locks.js';
import type { OrderPurpose } from '../domain/cost-centre.js';
import type { Database, Query } from './seam/database.js';
import type { Tables } from './seam/tables.js';

/** Why a request waits again after an Approve: what changed at the provider, or what blocked it. */
export type ApprovalWaitCause = { change: string } | { blocked: string };

export type ApprovalRow = Tables['approvals']['$inferSelect'];

export interface ApprovalRequest {
  confirmKey: string;
  requesterId: number;
  chatId: number;
  lines: OrderLine[];
  /** What the order is for, carried to the order once approved. */
  purpose?: OrderPurpose;
}

export type ClaimApprovalResult =
  | { kind: 'claimed'; approval: ApprovalRow }
  /** Someone decided first, it expired, or the press carried an older revision. */
  | { kind: 'not-pending'; approval: ApprovalRow }
  | { kind: 'stale'; approval: ApprovalRow }
  /** Its deadline passed; the expiry sweep moves it and tells everyone. */
  | { kind: 'expired'; approval: ApprovalRow }
  | { kind: 'not-found' };

export type WithdrawApprovalResult =
  | { kind: 'withdrawn'; approval: ApprovalRow }
  /** Being approved, approved, rejected, expired or withdrawn already: too late. */
  | { kind: 'not-pending'; approval: ApprovalRow }
  /** Its deadline passed; the expiry sweep moves it and tells everyone. */
  | { kind: 'expired'; approval: ApprovalRow }
  /** No such request, or another person's: told alike, so nobody learns of requests not theirs. */
  | { kind: 'not-found' };

export const totalOf = (row: Pick<ApprovalRow, 'lines'>): number => linesTotal(row.lines);

/** Whether the move a release makes gives the request new numbers: any line's price changed. */
const repricedBy = (current: Pick<ApprovalRow, 'lines'>, lines: OrderLine[] | undefined): boolean =>
  lines !== undefined && lines.some((line, index) => line.region.price !== current.lines[index]?.region.price);

/**
 * Approval requests. Each move is a compare-and-swap on the request's
 * state in the money transaction, committed with its audit row, so that
 * two administrators, or an administrator and the expiry sweep, acting at
 * once see exactly one of them win, on any number of connections. Requests
 * are only ever inserted in it after looking for their confirm key, so a
 * replayed Confirm on another connection finds the first request instead
 * of breaking the unique index.
 */
export interface ApprovalStore {
  get(id: number): Promise<ApprovalRow | null>;
  byConfirmKey(key: string): Promise<ApprovalRow | null>;
  /** Stores the request unless this confirmation already made one (a replayed Confirm). */
  request(input: ApprovalRequest, expiresAt: Date): Promise<{ created: boolean; approval: ApprovalRow }>;
  /** pending -> approving, if the press was for the numbers the row holds now and before its deadline. */
  claim(id: number, approverId: number, revision: number): Promise<ClaimApprovalResult>;
  /** approving -> pending: the checks said no for now; a new price on any line raises the revision. */
  release(id: number, approverId: number, change: { lines?: OrderLine[]; why: ApprovalWaitCause }): Promise<ApprovalRow | null>;
  /** approving -> approved; the order is created next, with this row's confirm key. */
  approve(id: number, approverId: number, selfApproved: boolean): Promise<ApprovalRow | null>;
  /** Links the order once; a second link is ignored. */
  attachOrder(id: number, orderId: number): Promise<void>;
  /** pending -> rejected. */
  reject(id: number, by: number, reason: string | null): Promise<ApprovalRow | null>;
  /**
   * pending -> withdrawn, by the person who asked for it and only before its
   * deadline. In the money transaction like every move, so an Approve's
   * claim and a withdrawal at once see exactly one of them win.
   */
  withdraw(id: number, requesterId: number): Promise<WithdrawApprovalResult>;
  /** Every pending approval whose time ran out, each moved to 'expired' with its audit row and its news owed (expiry-news-store.ts). */
  expireDue(): Promise<ApprovalRow[]>;
  listPending(): Promise<ApprovalRow[]>;
  /**
   * Repair of what a stopped process left: a cut-short check waits again; an
   * approved request gets its order's id if the order was created, and
   * otherwise waits again (its numbers may be old by now, and its confirm
   * key still allows one order at most). Without `unownedBefore`, every one
   * found. With it, as for orders (OrderStore.recoverInterrupted): an
   * approval whose owner lock is recorded (claim records it) is repaired
   * exactly when that lock is free, whatever its age; one without only when
   * last changed before the cut-off.
   */
  recoverInterrupted(unownedBefore?: Date): Promise<{ requeued: number; attached: number }>;
}

/** `owners`: the owner locks where instances share the database (recorded by claim, asked by the repair); null on SQLite. */
export function createApprovalStore(deps: { database: Database; clock: Clock; owners?: OwnerLocks | null }): ApprovalStore {
  const { database, clock } = deps;
  const owners = deps.owners ?? null;
  const ownerLock = owners?.key ?? null;
  const { q, tables } = database;
  const { approvals, orders } = tables;
  const now = () => new Date(clock.now());

  /** Approvals left half-way (see ApprovalStore.recoverInterrupted): being checked, or approved with no order linked yet. */
  const orphaned = (unownedBefore: Date | undefined): SQL | undefined =>
    and(
      or(eq(approvals.state, 'approving'), and(eq(approvals.state, 'approved'), isNull(approvals.orderId))),
      unownedBefore === undefined ? undefined : or(and(isNull(approvals.ownerLock), lte(approvals.updatedAt, unownedBefore)), ownerGone(owners, approvals.ownerLock)),
    );

  const find = async (exec: Query, id: number): Promise<ApprovalRow | null> => (await exec.select().from(approvals).where(eq(approvals.id, id)))[0] ?? null;

  async function move(
    tx: Query,
    id: number,
    from: ApprovalState,
    to: ApprovalState,
    set: Partial<Tables['approvals']['$inferInsert']>,
    audit: { actorId: number | null; action: string; facts?: AuditFacts },
  ): Promise<ApprovalRow | null> {
    const at = now();
    const [moved] = await tx
      .update(approvals)
      .set({ ...set, state: to, updatedAt: at })
      .where(and(eq(approvals.id, id), eq(approvals.state, from)))
      .returning();
    if (!moved) return null;
    // The approval's number leads the facts: audit rows of orders carry order ids, these carry none yet.
    await appendAuditRow(tx, tables, at, {
      actorId: audit.actorId,
      action: audit.action,
      orderId: moved.orderId,
      amount: totalOf(moved),
      facts: { approval: moved.id, ...audit.facts },
    });
    return moved;
  }

  return {
    get: (id) => find(q, id),
    byConfirmKey: async (key) => (await q.select().from(approvals).where(eq(approvals.confirmKey, key)))[0] ?? null,

    async request(input, expiresAt) {
      assertOrderLines(input.lines);
      return database.write(async (tx) => {
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
            costCentreId: input.purpose?.costCentreId ?? null,
            purposeNote: input.purpose?.note ?? null,
            state: 'pending',
            createdAt: at,
            updatedAt: at,
            expiresAt,
          })
          .returning();
        if (!approval) throw new Error('the new approval was not returned');
        await appendAuditRow(tx, tables, at, {
          actorId: input.requesterId,
          action: 'approval.requested',
          orderId: null,
          amount: totalOf(approval),
          facts: { approval: approval.id, goods: goodsOf(approval.lines, { regions: false }) },
        });
        return { created: true, approval };
      });
    },

    claim(id, approverId, revision) {
      return database.write(async (tx): Promise<ClaimApprovalResult> => {
        const current = await find(tx, id);
        if (!current) return { kind: 'not-found' };
        if (current.state !== 'pending') return { kind: 'not-pending', approval: current };
        // The sweep runs every half minute and only after start-up: the deadline itself is what counts.
        if (current.expiresAt.getTime() <= clock.now()) return { kind: 'expired', approval: current };
        if (current.revision !== revision) return { kind: 'stale', approval: current };
        // The approval stays this instance's through its order's creation: the repair leaves it alone while its lock is held.
        const claimed = await move(tx, id, 'pending', 'approving', { decidedBy: approverId, ownerLock }, { actorId: approverId, action: 'approval.checking' });
        return claimed ? { kind: 'claimed', approval: claimed } : { kind: 'not-pending', approval: (await find(tx, id))! };
      });
    },

    release(id, approverId, change) {
      return database.write(async (tx) => {
        const current = await find(tx, id);
        if (!current) return null;
        // With a new price on any line, earlier summaries can no longer approve.
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
      return database.write((tx) =>
        move(tx, id, 'approving', 'approved', { decidedBy: approverId, decidedAt: now() }, {
          actorId: approverId,
          action: selfApproved ? 'approval.self_approved' : 'approval.approved',
        }),
      );
    },

    async attachOrder(id, orderId) {
      // One statement that only fills an empty link: it needs no transaction.
      await q.update(approvals).set({ orderId, updatedAt: now() }).where(and(eq(approvals.id, id), isNull(approvals.orderId)));
    },

    reject(id, by, reason) {
      return database.write((tx) =>
        move(tx, id, 'pending', 'rejected', { decidedBy: by, decidedAt: now(), reason }, { actorId: by, action: 'approval.rejected', facts: { reason } }),
      );
    },

    withdraw(id, requesterId) {
      return database.write(async (tx): Promise<WithdrawApprovalResult> => {
        const current = await find(tx, id);
        if (!current || current.requesterId !== requesterId) return { kind: 'not-found' };
        if (current.state !== 'pending') return { kind: 'not-pending', approval: current };
        if (current.expiresAt.getTime() <= clock.now()) return { kind: 'expired', approval: current };
        const withdrawn = await move(tx, id, 'pending', 'withdrawn', { decidedBy: requesterId, decidedAt: now() }, { actorId: requesterId, action: 'approval.withdrawn' });
        return withdrawn ? { kind: 'withdrawn', approval: withdrawn } : { kind: 'not-pending', approval: (await find(tx, id))! };
      });
    },

    expireDue() {
      return database.write(async (tx) => {
        const due = await tx
          .select({ id: approvals.id })
          .from(approvals)
          .where(and(eq(approvals.state, 'pending'), lte(approvals.expiresAt, now())))
          .orderBy(asc(approvals.id));
        const expired: ApprovalRow[] = [];
        for (const { id } of due) {
          const row = await move(tx, id, 'pending', 'expired', { decidedAt: now() }, { actorId: null, action: 'approval.expired' });
          if (!row) continue;
          // Owed with the move itself: a process that stops before its cards are settled and the orderer told leaves the news to the next pass.
          await oweExpiryNews(tx, tables, 'order', row.id, now());
          expired.push(row);
        }
        return expired;
      });
    },

    listPending: () => q.select().from(approvals).where(eq(approvals.state, 'pending')).orderBy(asc(approvals.id)),

    async recoverInterrupted(unownedBefore) {
      // Run every few seconds: the money transaction is taken only when something was left behind.
      const [any] = await q.select({ id: approvals.id }).from(approvals).where(orphaned(unownedBefore)).limit(1);
      if (!any) return { requeued: 0, attached: 0 };
      return database.write(async (tx) => {
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
