import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { orders, type OrderState } from '../../src/db/schema.js';
import { claimDueOrders, releaseClaim, rescheduleClaimed, writeClaimed, type ClaimedWrite } from '../../src/tracking/order-leases.js';
import { orderValues } from './poller-world.js';

const T0 = 1_700_000_000_000;
const LEASE_MS = 60_000;

describe('order leases', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).reverse().forEach((cleanup) => cleanup()));

  /** Two connections to one database file: two processes as far as SQLite can tell. */
  function twoProcesses() {
    const dir = mkdtempSync(join(tmpdir(), 'giftdesk-leases-'));
    const path = join(dir, 'orders.db');
    const a = openDb(path);
    const b = openDb(path);
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    cleanups.push(() => closeDb(a));
    cleanups.push(() => closeDb(b));
    return { a, b };
  }

  function memory(): Db {
    const db = openDb(':memory:');
    cleanups.push(() => closeDb(db));
    return db;
  }

  let keys = 0;
  /** An order in `state` due at `dueAt`. */
  function order(db: Db, state: OrderState, dueAt: number | null, extra: Partial<typeof orders.$inferInsert> = {}): number {
    keys++;
    const row = db
      .insert(orders)
      .values(orderValues({ key: String(keys), state, at: T0, nextCheckAt: dueAt === null ? null : new Date(dueAt), ...extra }))
      .returning({ id: orders.id })
      .get();
    return row.id;
  }

  const row = (db: Db, id: number) => db.select().from(orders).where(eq(orders.id, id)).get();

  /** Process a's claim, at T0, of the order that is due. */
  function claimedByA(db: Db) {
    const [claimed] = claimDueOrders(db, { owner: 'a', now: T0, leaseMs: LEASE_MS, limit: 10 });
    if (!claimed) throw new Error('nothing claimed');
    return claimed;
  }

  /** What process a writes at T0 when the provider reports its claimed order completed. */
  const completion = (claimed: ClaimedWrite['order']): ClaimedWrite => ({
    order: claimed,
    owner: 'a',
    now: T0,
    nextCheckAt: null,
    checkCount: 1,
    move: { to: 'completed', audit: { actorId: null, action: 'order.completed' } },
    notify: ['delivered'],
  });

  it('claims a due order once: the second process gets nothing while the lease holds', () => {
    const { a, b } = twoProcesses();
    const id = order(a, 'in_progress', T0);

    const first = claimDueOrders(a, { owner: 'a', now: T0, leaseMs: LEASE_MS, limit: 10 });
    const second = claimDueOrders(b, { owner: 'b', now: T0 + 1_000, leaseMs: LEASE_MS, limit: 10 });

    expect(first.map((o) => o.id)).toEqual([id]);
    expect(first[0]?.leaseOwner).toBe('a');
    expect(first[0]?.leaseExpiresAt?.getTime()).toBe(T0 + LEASE_MS);
    expect(second).toEqual([]);
  });

  it('shares a batch of due orders between two processes without overlap', () => {
    const { a, b } = twoProcesses();
    const ids = [order(a, 'in_progress', T0), order(a, 'unknown', T0), order(a, 'action_required', T0), order(a, 'unrecognised', T0)];

    const first = claimDueOrders(a, { owner: 'a', now: T0, leaseMs: LEASE_MS, limit: 2 });
    const second = claimDueOrders(b, { owner: 'b', now: T0, leaseMs: LEASE_MS, limit: 10 });

    expect(first).toHaveLength(2);
    expect(second).toHaveLength(2);
    expect([...first, ...second].map((o) => o.id).sort()).toEqual(ids.sort());
  });

  it('claims an expired lease again', () => {
    const { a, b } = twoProcesses();
    const id = order(a, 'in_progress', T0);
    claimDueOrders(a, { owner: 'a', now: T0, leaseMs: LEASE_MS, limit: 10 });

    const early = claimDueOrders(b, { owner: 'b', now: T0 + LEASE_MS - 1, leaseMs: LEASE_MS, limit: 10 });
    const late = claimDueOrders(b, { owner: 'b', now: T0 + LEASE_MS, leaseMs: LEASE_MS, limit: 10 });

    expect(early).toEqual([]);
    expect(late.map((o) => o.id)).toEqual([id]);
    expect(late[0]?.leaseOwner).toBe('b');
  });

  it('lets another process take over the orders of one that crashed holding them, once the lease runs out', () => {
    const { a, b } = twoProcesses();
    const id = order(a, 'in_progress', T0);
    claimDueOrders(a, { owner: 'a', now: T0, leaseMs: LEASE_MS, limit: 10 });
    closeDb(a); // gone without releasing anything

    expect(claimDueOrders(b, { owner: 'b', now: T0 + 30_000, leaseMs: LEASE_MS, limit: 10 })).toEqual([]);
    expect(claimDueOrders(b, { owner: 'b', now: T0 + LEASE_MS + 1, leaseMs: LEASE_MS, limit: 10 }).map((o) => o.id)).toEqual([id]);
  });

  it('ignores orders not yet due, final orders and orders waiting for review', () => {
    const db = memory();
    order(db, 'in_progress', T0 + 1);
    order(db, 'completed', T0);
    order(db, 'needs_review', T0);
    order(db, 'intent', T0);
    order(db, 'placing', T0);

    expect(claimDueOrders(db, { owner: 'a', now: T0, leaseMs: LEASE_MS, limit: 10 })).toEqual([]);
  });

  it('treats a followed order without a check time as due, so nothing open is forgotten', () => {
    const db = memory();
    const id = order(db, 'in_progress', null);
    expect(claimDueOrders(db, { owner: 'a', now: T0, leaseMs: LEASE_MS, limit: 10 }).map((o) => o.id)).toEqual([id]);
  });

  it('claims the longest-waiting orders first', () => {
    const db = memory();
    const later = order(db, 'in_progress', T0 - 1_000);
    const earliest = order(db, 'in_progress', T0 - 5_000);
    order(db, 'in_progress', T0);

    const claimed = claimDueOrders(db, { owner: 'a', now: T0, leaseMs: LEASE_MS, limit: 2 });

    expect(claimed.map((o) => o.id)).toEqual([earliest, later]);
  });

  it('refuses a reschedule from a process whose lease was taken over', () => {
    const { a, b } = twoProcesses();
    const id = order(a, 'in_progress', T0);
    claimDueOrders(a, { owner: 'a', now: T0, leaseMs: LEASE_MS, limit: 10 });
    claimDueOrders(b, { owner: 'b', now: T0 + LEASE_MS, leaseMs: LEASE_MS, limit: 10 });

    const stale = rescheduleClaimed(a, { id, owner: 'a', nextCheckAt: T0 + 999_000, checkCount: 7 });

    expect(stale).toBeNull();
    expect(row(b, id)).toMatchObject({ leaseOwner: 'b', checkCount: 0, nextCheckAt: new Date(T0) });
  });

  it('reschedules and frees the lease for the owner', () => {
    const db = memory();
    const id = order(db, 'in_progress', T0);
    claimDueOrders(db, { owner: 'a', now: T0, leaseMs: LEASE_MS, limit: 10 });

    const updated = rescheduleClaimed(db, { id, owner: 'a', nextCheckAt: T0 + 10_000, checkCount: 1 });

    expect(updated).toMatchObject({ leaseOwner: null, leaseExpiresAt: null, checkCount: 1, nextCheckAt: new Date(T0 + 10_000) });
  });

  it('releases a claim without touching the schedule, for its owner only', () => {
    const db = memory();
    const id = order(db, 'in_progress', T0);
    claimDueOrders(db, { owner: 'a', now: T0, leaseMs: LEASE_MS, limit: 10 });

    expect(releaseClaim(db, { id, owner: 'b' })).toBe(false);
    expect(releaseClaim(db, { id, owner: 'a' })).toBe(true);
    expect(row(db, id)).toMatchObject({ leaseOwner: null, nextCheckAt: new Date(T0) });
    expect(claimDueOrders(db, { owner: 'b', now: T0, leaseMs: LEASE_MS, limit: 10 }).map((o) => o.id)).toEqual([id]);
  });

  it('writes a state change, its audit row and its notification together for the lease owner', () => {
    const db = memory();
    const id = order(db, 'in_progress', T0);
    const claimed = claimedByA(db);

    const written = writeClaimed(db, { ...completion(claimed), set: { providerStatus: 'COMPLETED' } });

    expect(written?.enqueued).toEqual(['delivered']);
    expect(row(db, id)).toMatchObject({ state: 'completed', providerStatus: 'COMPLETED', leaseOwner: null, nextCheckAt: null });
    const audit = db.$client.prepare('select action from audit_log where order_id = ?').all(id);
    expect(audit).toEqual([{ action: 'order.completed' }]);
  });

  it('writes nothing for a process that lost its lease, not even the notification', () => {
    const { a, b } = twoProcesses();
    const id = order(a, 'in_progress', T0);
    const claimed = claimedByA(a);
    claimDueOrders(b, { owner: 'b', now: T0 + LEASE_MS, leaseMs: LEASE_MS, limit: 10 });

    const written = writeClaimed(a, completion(claimed));

    expect(written).toBeNull();
    expect(row(b, id)?.state).toBe('in_progress');
    expect(b.$client.prepare('select count(*) as n from notifications').get()).toEqual({ n: 0 });
    expect(b.$client.prepare('select count(*) as n from audit_log').get()).toEqual({ n: 0 });
  });

  it('writes nothing when the order left the state it was claimed in', () => {
    const db = memory();
    const id = order(db, 'in_progress', T0);
    const claimed = claimedByA(db);
    db.update(orders).set({ state: 'action_required' }).where(eq(orders.id, id)).run();

    const written = writeClaimed(db, completion(claimed));

    expect(written).toBeNull();
    expect(row(db, id)?.state).toBe('action_required');
  });

  it('queues an event once however many times it is written', () => {
    const db = memory();
    order(db, 'action_required', T0);
    for (let run = 0; run < 3; run++) {
      const now = T0 + run * LEASE_MS;
      const [claimed] = claimDueOrders(db, { owner: 'a', now, leaseMs: LEASE_MS, limit: 10 });
      if (!claimed) throw new Error(`nothing claimed on run ${run}`);
      writeClaimed(db, { order: claimed, owner: 'a', now, nextCheckAt: now, checkCount: run + 1, notify: ['action_required'] });
    }
    expect(db.$client.prepare('select kind from notifications').all()).toEqual([{ kind: 'action_required' }]);
  });
});
