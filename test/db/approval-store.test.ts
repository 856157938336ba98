import { asc, eq, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApprovalStore, type ApprovalStore } from '../../src/db/approval-store.js';
import { postgresOwnerLocks } from '../../src/db/postgres/owner-lock.js';
import type { Database } from '../../src/db/seam/database.js';
import { forEachDatabase } from '../support/each-database.js';
import { createManualClock } from '../support/manual-clock.js';
import { approvalAuditOf, approvalStoreContract, HOUR, orderValues, requestOf, T0 } from './contract/approval-store.contract.js';

/** PostgreSQL's owner locks where instances share it; none on SQLite, as stores.ts wires them. */
const ownersOf = (database: Database) => (database.kind === 'postgresql' ? postgresOwnerLocks(null) : null);

async function approvalAudit(database: Database) {
  const { auditLog } = database.tables;
  return approvalAuditOf(
    await database.q
      .select({ actor_id: auditLog.actorId, action: auditLog.action, order_id: auditLog.orderId, amount: auditLog.amount, detail: auditLog.detail })
      .from(auditLog)
      .where(like(auditLog.action, 'approval.%'))
      .orderBy(asc(auditLog.id)),
  );
}

forEachDatabase(['approvals', 'orders', 'audit_log', 'expiry_news'], (label, fresh, another) => {
  approvalStoreContract(label, async () => {
    const database = await fresh();
    const clock = createManualClock(T0);
    const { orders } = database.tables;
    return {
      store: createApprovalStore({ database, clock, owners: ownersOf(database) }),
      clock,
      insertOrder: async (confirmKey) => (await database.q.insert(orders).values(orderValues(confirmKey, new Date(clock.now()))).returning({ id: orders.id }))[0]!.id,
      audit: () => approvalAudit(database),
      owedNews: async () => {
        const { expiryNews } = database.tables;
        return (await database.q.select({ id: expiryNews.subjectId }).from(expiryNews).where(eq(expiryNews.kind, 'order')).orderBy(asc(expiryNews.subjectId))).map((row) => row.id);
      },
    };
  });

  describe(`approval store on ${label}, two connections at once`, () => {
    const ROUNDS = 8;
    let first: ApprovalStore;
    let second: ApprovalStore;
    let database: Database;
    beforeEach(async () => {
      database = await fresh();
      first = createApprovalStore({ database, clock: createManualClock(T0), owners: ownersOf(database) });
      second = createApprovalStore({ database: another(), clock: createManualClock(T0), owners: ownersOf(database) });
    });

    const actions = async () => (await approvalAudit(database)).map((row) => row.action);

    it('stores one request when the same Confirm arrives on both', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const [a, b] = await Promise.all([first.request(requestOf(`k${round}`), new Date(T0 + HOUR)), second.request(requestOf(`k${round}`), new Date(T0 + HOUR))]);
        expect([a.created, b.created].sort()).toEqual([false, true]);
        expect(a.approval.id).toBe(b.approval.id);
      }
      expect((await actions()).filter((action) => action === 'approval.requested')).toHaveLength(ROUNDS);
    });

    it('lets exactly one of two administrators claim a request, and exactly one approve it', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { approval } = await first.request(requestOf(`k${round}`), new Date(T0 + HOUR));
        const claims = await Promise.all([first.claim(approval.id, 1, 0), second.claim(approval.id, 2, 0)]);
        expect(claims.map((claim) => claim.kind).sort()).toEqual(['claimed', 'not-pending']);
        const winner = claims[0].kind === 'claimed' ? 1 : 2;
        const approved = await Promise.all([first.approve(approval.id, winner, false), second.approve(approval.id, winner, false)]);
        expect(approved.filter((row) => row !== null)).toHaveLength(1);
        expect(await first.get(approval.id)).toMatchObject({ state: 'approved', decidedBy: winner });
      }
      const all = await actions();
      expect(all.filter((action) => action === 'approval.checking')).toHaveLength(ROUNDS);
      expect(all.filter((action) => action === 'approval.approved')).toHaveLength(ROUNDS);
    });

    it('gives an Approve racing the expiry sweep one outcome only: claimed and not expired, or expired and not claimed', async () => {
      // The sweeping instance's clock has reached the deadline; the pressing one's is a moment before it.
      const sweeper = createApprovalStore({ database: another(), clock: createManualClock(T0 + HOUR), owners: ownersOf(database) });
      for (let round = 0; round < ROUNDS; round++) {
        const { approval } = await first.request(requestOf(`k${round}`), new Date(T0 + HOUR));
        const [claim, expired] = await Promise.all([first.claim(approval.id, 1, 0), sweeper.expireDue()]);
        const final = await first.get(approval.id);
        if (claim.kind === 'claimed') {
          expect(expired).toEqual([]);
          expect(final?.state).toBe('approving');
        } else {
          expect(claim).toMatchObject({ kind: 'not-pending', approval: { state: 'expired' } });
          expect(expired.map((row) => row.id)).toEqual([approval.id]);
          expect(final?.state).toBe('expired');
        }
      }
      const all = await actions();
      expect(all.filter((action) => action === 'approval.checking').length + all.filter((action) => action === 'approval.expired').length).toBe(ROUNDS);
    });

    it('gives an Approve racing a withdrawal one outcome only: claimed and not withdrawn, or withdrawn and not claimed', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { approval } = await first.request(requestOf(`k${round}`), new Date(T0 + HOUR));
        const [claim, withdrawal] = await Promise.all([first.claim(approval.id, 1, 0), second.withdraw(approval.id, approval.requesterId)]);
        const final = await first.get(approval.id);
        if (claim.kind === 'claimed') {
          expect(withdrawal).toMatchObject({ kind: 'not-pending', approval: { state: 'approving' } });
          expect(final?.state).toBe('approving');
        } else {
          expect(claim).toMatchObject({ kind: 'not-pending', approval: { state: 'withdrawn' } });
          expect(withdrawal.kind).toBe('withdrawn');
          expect(final?.state).toBe('withdrawn');
        }
      }
      const all = await actions();
      expect(all.filter((action) => action === 'approval.checking').length + all.filter((action) => action === 'approval.withdrawn').length).toBe(ROUNDS);
    });

    it('gives a Reject racing the expiry sweep one outcome only', async () => {
      const sweeper = createApprovalStore({ database: another(), clock: createManualClock(T0 + HOUR), owners: ownersOf(database) });
      for (let round = 0; round < ROUNDS; round++) {
        const { approval } = await first.request(requestOf(`k${round}`), new Date(T0 + HOUR));
        const [rejected, expired] = await Promise.all([first.reject(approval.id, 1, null), sweeper.expireDue()]);
        expect(Number(rejected !== null) + expired.length).toBe(1);
        expect((await first.get(approval.id))?.state).toBe(rejected ? 'rejected' : 'expired');
      }
    });
  });
});
