import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPostgresApprovalCards } from '../../src/db/postgres/approval-cards.js';
import { createPostgresApprovalStore } from '../../src/db/postgres/approval-store.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { orders } from '../../src/db/postgres/schema.js';
import type { ApprovalStore } from '../../src/orders/approval-repo.js';
import { createManualClock } from '../support/manual-clock.js';
import { freshDatabase } from '../support/postgres-database.js';
import { APPROVAL_AUDIT_SQL, approvalAuditOf, approvalStoreContract, HOUR, orderValues, requestOf, T0 } from './contract/approval-store.contract.js';

/** One database for the file, emptied before each case; a second pool on it plays another instance or connection. */
let db: PgDb;
let other: PgDb;
beforeAll(async () => {
  const url = await freshDatabase('approval_store');
  db = await openPostgres(url);
  other = await openPostgres(url);
});
afterAll(async () => {
  if (other) await closePostgres(other);
  if (db) await closePostgres(db);
});

const empty = () => db.$client.query('truncate approval_cards, approvals, orders, audit_log restart identity cascade');
const audit = async () => approvalAuditOf((await db.$client.query(APPROVAL_AUDIT_SQL)).rows);

approvalStoreContract('PostgreSQL', async () => {
  await empty();
  const clock = createManualClock(T0);
  return {
    store: createPostgresApprovalStore({ db, clock }),
    cards: createPostgresApprovalCards({ db, clock }),
    clock,
    insertOrder: async (confirmKey) => (await db.insert(orders).values(orderValues(confirmKey, new Date(clock.now()))).returning({ id: orders.id }))[0]!.id,
    audit,
  };
});

describe('approval store on PostgreSQL, two connections at once', () => {
  const ROUNDS = 8;
  let first: ApprovalStore;
  let second: ApprovalStore;
  beforeEach(async () => {
    await empty();
    first = createPostgresApprovalStore({ db, clock: createManualClock(T0) });
    second = createPostgresApprovalStore({ db: other, clock: createManualClock(T0) });
  });

  const actions = async () => (await audit()).map((row) => row.action);

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
    const sweeper = createPostgresApprovalStore({ db: other, clock: createManualClock(T0 + HOUR) });
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

  it('gives a Reject racing the expiry sweep one outcome only', async () => {
    const sweeper = createPostgresApprovalStore({ db: other, clock: createManualClock(T0 + HOUR) });
    for (let round = 0; round < ROUNDS; round++) {
      const { approval } = await first.request(requestOf(`k${round}`), new Date(T0 + HOUR));
      const [rejected, expired] = await Promise.all([first.reject(approval.id, 1, null), sweeper.expireDue()]);
      expect(Number(rejected !== null) + expired.length).toBe(1);
      expect((await first.get(approval.id))?.state).toBe(rejected ? 'rejected' : 'expired');
    }
  });
});
