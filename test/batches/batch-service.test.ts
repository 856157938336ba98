import { afterEach, describe, expect, it } from 'vitest';
import { createBatchStore } from '../../src/db/batch-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createBatchService } from '../../src/batches/batch-service.js';
import type { BatchOrderPlan } from '../../src/db/batch-store.js';
import { systemClock } from '../../src/clock.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { silentLogger } from '../../src/logger.js';
import { createManualClock } from '../support/manual-clock.js';
import type { Clock } from '../../src/clock.js';

const STAFF_ID = 7;
const ADMIN_ID = 1;
const PLAN: BatchOrderPlan[] = [0, 1, 2].map(() => ({ lines: [{ product: { id: 123, title: 'PUBG' }, region: { regionPropertyId: 9, title: null, price: 100 }, quantity: 10, fields: [] }], rows: [] }));

let db: Db | null = null;
afterEach(() => {
  if (db) closeDb(db);
  db = null;
});

function service(options: { approval: boolean; paused?: boolean; limitLeft?: number | null; clock?: Clock; approvalExpiryMs?: number }) {
  db = openDb(':memory:');
  const store = createBatchStore({ database: databaseOf(db) });
  const batches = createBatchService({
    store,
    limits: async (_id, totals) => {
      const total = totals.reduce((a, b) => a + b, 0);
      return options.limitLeft === undefined || options.limitLeft === null || total <= options.limitLeft
        ? { ok: true }
        : { ok: false, limit: 'day', cap: options.limitLeft, left: options.limitLeft, resetsAt: null };
    },
    approvalNeeded: async () => options.approval,
    pause: { current: async () => (options.paused ? { source: 'admin', reason: null, since: new Date(), by: ADMIN_ID } : null) } as never,
    mayApprove: async (approverId, requesterId) => approverId === ADMIN_ID && requesterId !== ADMIN_ID,
    ...(options.approvalExpiryMs === undefined ? {} : { approvalExpiryMs: options.approvalExpiryMs }),
    clock: options.clock ?? systemClock,
    logger: silentLogger,
  });
  return { store, batches };
}

const draft = (batches: ReturnType<typeof service>['batches']) =>
  batches.draft({ requesterId: STAFF_ID, chatId: STAFF_ID, source: 'quantity', fileHash: null, fileName: null, plan: PLAN });

describe('the batch service: one Confirm judged as a whole', () => {
  it('starts a draft once: a second Confirm, or someone else\'s, does nothing', async () => {
    const { batches } = service({ approval: false });
    const batch = await draft(batches);
    expect(batch.total).toBe(3_000);
    expect((await batches.confirm(batch.id, STAFF_ID + 1)).kind).toBe('not-yours');
    expect(await batches.confirm(batch.id, STAFF_ID)).toMatchObject({ kind: 'running', batch: { state: 'running' } });
    expect((await batches.confirm(batch.id, STAFF_ID)).kind).toBe('not-draft');
  });

  it('refuses while ordering is paused or over a limit, leaving the draft as it was', async () => {
    const paused = service({ approval: false, paused: true });
    const a = await draft(paused.batches);
    expect((await paused.batches.confirm(a.id, STAFF_ID)).kind).toBe('paused');
    expect((await paused.batches.get(a.id))?.state).toBe('draft');
    const limited = service({ approval: false, limitLeft: 2_999 });
    const b = await draft(limited.batches);
    expect(await limited.batches.confirm(b.id, STAFF_ID)).toMatchObject({ kind: 'over-limit', verdict: { limit: 'day' } });
    expect((await limited.batches.get(b.id))?.state).toBe('draft');
  });

  it('waits for an administrator above the threshold: never one\'s own, one decision wins', async () => {
    const { batches } = service({ approval: true });
    const batch = await draft(batches);
    expect((await batches.confirm(batch.id, STAFF_ID)).kind).toBe('waiting-approval');
    expect((await batches.approve(batch.id, STAFF_ID)).kind).toBe('own');
    expect(await batches.approve(batch.id, ADMIN_ID)).toMatchObject({ kind: 'approved', batch: { state: 'running', approvedBy: ADMIN_ID } });
    expect((await batches.refuse(batch.id, ADMIN_ID)).kind).toBe('not-waiting');
  });

  it('expires a batch nobody decided by its deadline: Approve and Refuse after it change nothing, before or after the sweep', async () => {
    const clock = createManualClock(1_700_000_000_000);
    const { batches, store } = service({ approval: true, clock, approvalExpiryMs: 60_000 });
    const late = await draft(batches);
    const decided = await draft(batches);
    expect(await batches.confirm(late.id, STAFF_ID)).toMatchObject({ kind: 'waiting-approval', batch: { approvalExpiresAt: new Date(1_700_000_060_000) } });
    await batches.confirm(decided.id, STAFF_ID);
    clock.advance(59_999);
    expect(await batches.expireDue()).toEqual([]);
    expect(await batches.approve(decided.id, ADMIN_ID)).toMatchObject({ kind: 'approved' });

    clock.advance(1);
    // Past the deadline, before the sweep moved it: nothing changes, and the press says why.
    expect(batches.waitsForApproval((await store.get(late.id))!)).toBe(false);
    expect(await batches.approve(late.id, ADMIN_ID)).toMatchObject({ kind: 'expired', batch: { state: 'waiting-approval', approvedBy: null } });
    expect((await batches.refuse(late.id, ADMIN_ID)).kind).toBe('expired');
    expect(await batches.expireDue()).toMatchObject([{ id: late.id, state: 'expired', approvedBy: null }]);
    expect(await batches.expireDue()).toEqual([]);
    expect((await batches.approve(late.id, ADMIN_ID)).kind).toBe('expired');
    expect(await store.get(late.id)).toMatchObject({ state: 'expired', approvedBy: null });
    expect(await store.get(decided.id)).toMatchObject({ state: 'running', approvedBy: ADMIN_ID });
  });

  it('goes on at a new price only from a hold; an approved batch is not taken above the prices it was approved at', async () => {
    const { batches, store } = service({ approval: true });
    const batch = await draft(batches);
    await batches.confirm(batch.id, STAFF_ID);
    await batches.approve(batch.id, ADMIN_ID);
    const accept = { productId: 123, regionPropertyId: 9, from: 100, to: 120 };
    expect((await batches.resume(batch.id, STAFF_ID, accept)).kind).toBe('not-held');
    await store.advance(batch.id, 0, new Date());
    await store.move(batch.id, { from: ['running'], to: 'held', heldReason: 'price-changed', at: new Date() });
    expect((await batches.resume(batch.id, STAFF_ID, accept)).kind).toBe('approved-price-up');
    const cheaper = await batches.resume(batch.id, STAFF_ID, { ...accept, to: 90 });
    expect(cheaper.kind).toBe('running');
    const now = await store.get(batch.id);
    // The order already placed keeps its price; the rest move to the new one.
    expect(now?.plan.map((order) => order.lines[0]!.region.price)).toEqual([100, 90, 90]);
    expect(now?.total).toBe(2_800);
  });

  it('Stop cancels a draft and stops a running batch; only its orderer may', async () => {
    const { batches } = service({ approval: false });
    const first = await draft(batches);
    expect((await batches.stop(first.id, STAFF_ID))?.state).toBe('cancelled');
    const second = await draft(batches);
    await batches.confirm(second.id, STAFF_ID);
    expect(await batches.stop(second.id, ADMIN_ID)).toBeNull();
    expect((await batches.stop(second.id, STAFF_ID))?.state).toBe('stopped');
  });
});
