import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderState } from '../../../src/domain/order-states.js';
import { ProviderOrderTakenError, type ClaimedWrite, type OrderLeaseStore } from '../../../src/db/order-lease-store.js';
import { expectLeaseFor, type LeaseTime } from './lease-time.js';
import { orderValues, type OrderTables, type OrderValues } from './order-tables.js';

/**
 * What every OrderLeaseStore does, whatever database keeps it: `store` and
 * `other` are two connections to one database, two processes as far as the
 * database can tell.
 */
export interface OrderLeaseSubject {
  store: OrderLeaseStore;
  other: OrderLeaseStore;
  tables: OrderTables;
  /** How the leases keep time. */
  leases: LeaseTime;
  /**
   * Whether taking over frees claims whose lease still holds. Yes where one
   * instance runs (SQLite): the earlier holder is gone. No where several
   * share the database (PostgreSQL): it may still be finishing a pass.
   */
  takeoverFreesLiveClaims: boolean;
}

const T0 = 1_700_000_000_000;
const LEASE_MS = 60_000;

/** `fresh` gives two stores over one empty database. */
export function orderLeaseStoreContract(database: string, fresh: () => Promise<OrderLeaseSubject>): void {
  describe(`order lease store on ${database}`, () => {
    let a: OrderLeaseStore;
    let b: OrderLeaseStore;
    let tables: OrderTables;
    let leases: LeaseTime;
    let takeoverFreesLiveClaims: boolean;
    let passed: number;
    beforeEach(async () => {
      ({ store: a, other: b, tables, leases, takeoverFreesLiveClaims } = await fresh());
      passed = 0;
    });
    /** The time `ms` after T0, for the caller's `now` and, passed on, for the leases held. */
    const after = async (ms: number): Promise<number> => {
      await leases.pass(ms - passed);
      passed = ms;
      return T0 + ms;
    };

    let keys = 0;
    /** An order in `state` due at `dueAt`. */
    const order = (state: OrderState, dueAt: number | null, extra: Partial<OrderValues> = {}): Promise<number> =>
      tables.insertOrder(orderValues({ key: String(++keys), state, at: T0, nextCheckAt: dueAt === null ? null : new Date(dueAt), ...extra }));
    const claimDue = (store: OrderLeaseStore, owner: string, now: number, limit = 10) => store.claimDue({ owner, now, leaseMs: LEASE_MS, limit });
    const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

    /** Process a's claim, at T0, of the order that is due. */
    async function claimedByA() {
      const [claimed] = await claimDue(a, 'a', T0);
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

    it('claims a due order once: the second process gets nothing while the lease holds', async () => {
      const id = await order('in_progress', T0);

      const first = await expectLeaseFor(leases, T0, LEASE_MS, () => claimDue(a, 'a', T0), (rows) => rows[0]?.leaseExpiresAt);
      const second = await claimDue(b, 'b', await after(1_000));

      expect(ids(first)).toEqual([id]);
      expect(first[0]?.leaseOwner).toBe('a');
      expect(second).toEqual([]);
    });

    it('shares a batch of due orders between two processes without overlap', async () => {
      const all = [await order('in_progress', T0), await order('unknown', T0), await order('action_required', T0), await order('unrecognised', T0)];

      const first = await claimDue(a, 'a', T0, 2);
      const second = await claimDue(b, 'b', T0);

      expect(first).toHaveLength(2);
      expect(second).toHaveLength(2);
      expect(ids([...first, ...second]).sort()).toEqual(all.sort());
    });

    it('hands each due order to one of two processes claiming at the same moment', async () => {
      const all = await Promise.all(Array.from({ length: 12 }, () => order('in_progress', T0)));

      for (let round = 0; round < 3; round++) {
        const now = await after(round * LEASE_MS);
        const [first, second] = await Promise.all([claimDue(a, 'a', now, 8), claimDue(b, 'b', now, 8)]);
        const claimed = ids([...first, ...second]);
        expect(new Set(claimed).size).toBe(claimed.length);
        expect(claimed.length).toBeGreaterThanOrEqual(8);
      }
      expect(all).toHaveLength(12);
    });

    it('claims at most the limit', async () => {
      const first = await order('in_progress', T0 - 3);
      await order('action_required', T0 - 2);
      await order('unknown', T0 - 1);
      expect(ids(await claimDue(a, 'a', T0, 1))).toEqual([first]);
      expect(await claimDue(a, 'a', T0, 0)).toEqual([]);
    });

    it('claims an expired lease again', async () => {
      const id = await order('in_progress', T0);
      await claimDue(a, 'a', T0);

      // A second short of the end (on PostgreSQL real time passes meanwhile).
      expect(await claimDue(b, 'b', await after(LEASE_MS - 1_000))).toEqual([]);
      const late = await claimDue(b, 'b', await after(LEASE_MS));

      expect(ids(late)).toEqual([id]);
      expect(late[0]?.leaseOwner).toBe('b');
    });

    it('ignores orders not yet due, final orders and orders waiting for review', async () => {
      await order('in_progress', T0 + 1);
      await order('completed', T0);
      await order('needs_review', T0);
      await order('intent', T0);
      await order('placing', T0);

      expect(await claimDue(a, 'a', T0)).toEqual([]);
    });

    it('claims only the states asked for', async () => {
      await order('in_progress', T0);
      const unknown = await order('unknown', T0);

      expect(ids(await a.claimDue({ owner: 'a', now: T0, leaseMs: LEASE_MS, limit: 10, states: ['unknown'] }))).toEqual([unknown]);
    });

    it('treats a followed order without a check time as due and claims it first, so nothing open is forgotten', async () => {
      const dated = await order('in_progress', T0 - 5_000);
      const undated = await order('in_progress', null);
      expect(ids(await claimDue(a, 'a', T0, 1))).toEqual([undated]);
      expect(ids(await claimDue(a, 'a', T0, 1))).toEqual([dated]);
    });

    it('claims the longest-waiting orders first', async () => {
      const later = await order('in_progress', T0 - 1_000);
      const earliest = await order('in_progress', T0 - 5_000);
      await order('in_progress', T0);

      expect(ids(await claimDue(a, 'a', T0, 2))).toEqual([earliest, later]);
    });

    it('claims one followed order whatever its schedule, unless someone else holds it or it is no longer followed', async () => {
      const id = await order('in_progress', T0 + 999_000);
      const done = await order('completed', T0);

      expect(await a.claim({ id, owner: 'a', now: T0, leaseMs: LEASE_MS })).toMatchObject({ id, leaseOwner: 'a' });
      expect(await b.claim({ id, owner: 'b', now: T0 + 1, leaseMs: LEASE_MS })).toBeNull();
      expect(await b.claim({ id: done, owner: 'b', now: T0, leaseMs: LEASE_MS })).toBeNull();
      expect(await b.claim({ id, owner: 'b', now: await after(LEASE_MS), leaseMs: LEASE_MS })).toMatchObject({ id, leaseOwner: 'b' });
    });

    it('gives one order to exactly one of two processes claiming it at the same moment', async () => {
      const id = await order('in_progress', T0);
      const [first, second] = await Promise.all([
        a.claim({ id, owner: 'a', now: T0, leaseMs: LEASE_MS }),
        b.claim({ id, owner: 'b', now: T0, leaseMs: LEASE_MS }),
      ]);
      expect([first, second].filter((won) => won !== null)).toHaveLength(1);
      expect((await tables.order(id))?.leaseOwner).toBe((first ?? second)?.leaseOwner);
    });

    it('refuses a reschedule from a process whose lease was taken over', async () => {
      const id = await order('in_progress', T0);
      await claimDue(a, 'a', T0);
      expect(ids(await claimDue(b, 'b', await after(LEASE_MS)))).toEqual([id]);

      expect(await a.reschedule({ id, owner: 'a', nextCheckAt: T0 + 999_000, checkCount: 7 })).toBeNull();
      expect(await tables.order(id)).toMatchObject({ leaseOwner: 'b', checkCount: 0, nextCheckAt: new Date(T0) });
    });

    it('reschedules and frees the lease for the owner', async () => {
      const id = await order('in_progress', T0);
      await claimDue(a, 'a', T0);

      const updated = await a.reschedule({ id, owner: 'a', nextCheckAt: T0 + 10_000, checkCount: 1 });

      expect(updated).toMatchObject({ id, leaseOwner: null, leaseExpiresAt: null, checkCount: 1, nextCheckAt: new Date(T0 + 10_000) });
    });

    it('releases a claim without touching the schedule, for its owner only', async () => {
      const id = await order('in_progress', T0);
      await claimDue(a, 'a', T0);

      expect(await a.release({ id, owner: 'b' })).toBe(false);
      expect(await a.release({ id, owner: 'a' })).toBe(true);
      expect(await tables.order(id)).toMatchObject({ leaseOwner: null, nextCheckAt: new Date(T0) });
      expect(ids(await claimDue(b, 'b', T0))).toEqual([id]);
    });

    it('writes a state change, its audit row and its notification together for the lease owner', async () => {
      const id = await order('in_progress', T0);
      const claimed = await claimedByA();

      const written = await a.writeClaimed({ ...completion(claimed), set: { providerStatus: 'COMPLETED' } });

      expect(written?.enqueued).toEqual(['delivered']);
      expect(written?.order).toMatchObject({ id, state: 'completed', providerStatus: 'COMPLETED' });
      expect(await tables.order(id)).toMatchObject({ state: 'completed', providerStatus: 'COMPLETED', leaseOwner: null, nextCheckAt: null, checkCount: 1, updatedAt: new Date(T0) });
      expect(await tables.audit()).toEqual([{ action: 'order.completed', orderId: id, amount: 1_250_000, facts: null }]);
    });

    it('updates a claimed order in place when its state stays, and schedules its next check', async () => {
      const id = await order('in_progress', T0);
      const claimed = await claimedByA();

      const written = await a.writeClaimed({ order: claimed, owner: 'a', now: T0 + 5, nextCheckAt: T0 + 30_000, checkCount: 3, set: { providerStatus: 'PROCESSING' } });

      expect(written?.enqueued).toEqual([]);
      expect(await tables.order(id)).toMatchObject({ state: 'in_progress', providerStatus: 'PROCESSING', checkCount: 3, nextCheckAt: new Date(T0 + 30_000), leaseOwner: null, updatedAt: new Date(T0 + 5) });
      expect(await tables.audit()).toEqual([]);
    });

    it('writes nothing for a process that lost its lease, not even the notification', async () => {
      const id = await order('in_progress', T0);
      const claimed = await claimedByA();
      expect(ids(await claimDue(b, 'b', await after(LEASE_MS)))).toEqual([id]);

      expect(await a.writeClaimed(completion(claimed))).toBeNull();
      expect((await tables.order(id))?.state).toBe('in_progress');
      expect(await tables.notificationKinds()).toEqual([]);
      expect(await tables.audit()).toEqual([]);
    });

    it('writes nothing when the order left the state it was claimed in', async () => {
      const id = await order('in_progress', T0);
      const claimed = await claimedByA();
      await tables.setState(id, 'action_required');

      expect(await a.writeClaimed(completion(claimed))).toBeNull();
      expect((await tables.order(id))?.state).toBe('action_required');
    });

    it('queues an event once however many times it is written', async () => {
      await order('action_required', T0);
      for (let run = 0; run < 3; run++) {
        const now = T0 + run * LEASE_MS;
        const [claimed] = await claimDue(a, 'a', now);
        if (!claimed) throw new Error(`nothing claimed on run ${run}`);
        const written = await a.writeClaimed({ order: claimed, owner: 'a', now, nextCheckAt: now, checkCount: run + 1, notify: ['action_required'] });
        expect(written?.enqueued).toEqual(run === 0 ? ['action_required'] : []);
      }
      expect(await tables.notificationKinds()).toEqual(['action_required']);
    });

    it('refuses to link a provider order another order holds, and writes nothing', async () => {
      await order('completed', T0, { providerOrderId: 4711 });
      const id = await order('unknown', T0);
      const claimed = await claimedByA();

      const adopting = a.writeClaimed({ ...completion(claimed), set: { providerOrderId: 4711 }, notify: ['adopted'] });

      await expect(adopting).rejects.toBeInstanceOf(ProviderOrderTakenError);
      expect(await tables.order(id)).toMatchObject({ state: 'unknown', providerOrderId: null, leaseOwner: 'a' });
      expect(await tables.notificationKinds()).toEqual([]);
      expect(await tables.audit()).toEqual([]);
    });

    it('frees the claims an earlier run left on orders and notifications: all where that run is surely gone, else once their leases end', async () => {
      const id = await order('in_progress', T0);
      await claimDue(a, 'a', T0);
      // A notification the earlier run is sending, its lease as long and as live as the order's.
      const leaseStart = leases.serverNow ? await leases.serverNow() : T0;
      const held = await tables.insertNotification({ orderId: id, kind: 'delivered', nextAttemptAt: T0, leaseOwner: 'a', leaseExpiresAt: leaseStart + LEASE_MS });
      await tables.insertNotification({ orderId: id, kind: 'stale', nextAttemptAt: T0 });

      if (!takeoverFreesLiveClaims) {
        expect(await b.takeOverEarlierClaims()).toEqual({ orders: 0, notifications: 0 });
        expect(await tables.order(id)).toMatchObject({ leaseOwner: 'a' });
        expect(await tables.notification(held)).toMatchObject({ leaseOwner: 'a' });
        await after(LEASE_MS);
      }
      expect(await b.takeOverEarlierClaims()).toEqual({ orders: 1, notifications: 1 });
      expect(await tables.order(id)).toMatchObject({ leaseOwner: null, leaseExpiresAt: null });
      expect(await tables.notification(held)).toMatchObject({ leaseOwner: null, leaseExpiresAt: null });
      expect(await b.takeOverEarlierClaims()).toEqual({ orders: 0, notifications: 0 });
    });

    it('reads the watched orders: the states asked for, with a provider order', async () => {
      const watched = await order('in_progress', T0, { providerOrderId: 801, providerStatus: 'PROCESSING', postedAt: new Date(T0) });
      await order('in_progress', T0);
      await order('completed', T0, { providerOrderId: 802 });

      expect(await a.watched(['in_progress', 'action_required'])).toEqual([
        { id: watched, state: 'in_progress', providerOrderId: 801, providerStatus: 'PROCESSING', nextCheckAt: new Date(T0), postedAt: new Date(T0), createdAt: new Date(T0), staleReportedAt: null },
      ]);
    });

    it('reads which other orders hold provider orders, our answered flights and the other open orders', async () => {
      const mine = await order('unknown', T0);
      const holder = await order('completed', T0, { providerOrderId: 901, providerReference: 'R901', postedAt: new Date(T0) });
      await order('completed', T0, { providerOrderId: 902 });
      const flown = await order('completed', T0, { acceptedOrderId: 903, acceptedReference: 'A903', postedAt: new Date(T0), postEndedAt: new Date(T0 + 500) });
      await order('completed', T0, { acceptedOrderId: 904, postedAt: new Date(T0) });
      const rival = await order('placing', T0);

      expect(await a.linkedTo([901, 905], mine)).toEqual([{ id: holder, providerOrderId: 901, providerReference: 'R901', sandbox: true, postedAt: new Date(T0), createdAt: new Date(T0) }]);
      expect(await a.linkedTo([901], holder)).toEqual([]);
      expect(await a.linkedTo([], mine)).toEqual([]);
      expect(await a.acceptedFlights([903, 904], 20)).toEqual([{ acceptedOrderId: 903, acceptedReference: 'A903', postedAt: new Date(T0), postEndedAt: new Date(T0 + 500) }]);
      expect(await a.acceptedFlights([], 20)).toEqual([]);
      expect(flown).toBeGreaterThan(0);
      const open = await a.openOrders(['placing', 'unknown', 'needs_review'], mine);
      expect(open).toEqual([{ id: rival, state: 'placing', postedAt: null, createdAt: new Date(T0), lines: orderValues({ key: 'x', state: 'placing', at: T0 }).lines }]);
    });
  });
}
