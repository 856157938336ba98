import { beforeEach, describe, expect, it } from 'vitest';
import { leasedOutbox, type LeasedOutbox, type NotificationStore } from '../../../src/db/notification-store.js';
import { expectLeaseFor, type LeaseTime } from './lease-time.js';
import { orderValues, type OrderTables } from './order-tables.js';

/**
 * What every NotificationStore does, whatever database keeps it: `store`
 * and `other` are two connections to one database, two senders as far as
 * the database can tell.
 */
export interface NotificationStoreSubject {
  store: NotificationStore;
  other: NotificationStore;
  tables: OrderTables;
  /** How the leases keep time. */
  leases: LeaseTime;
}

const T0 = 1_700_000_000_000;
const LEASE_MS = 120_000;

/** `fresh` gives two stores over one empty database. */
export function notificationStoreContract(database: string, fresh: () => Promise<NotificationStoreSubject>): void {
  describe(`notification store on ${database}`, () => {
    let a: LeasedOutbox;
    let b: LeasedOutbox;
    let tables: OrderTables;
    let orderId: number;
    let leases: LeaseTime;
    let passed: number;
    beforeEach(async () => {
      const subject = await fresh();
      leases = subject.leases;
      passed = 0;
      a = leasedOutbox(subject.store, { owner: 'a', leaseMs: LEASE_MS });
      b = leasedOutbox(subject.other, { owner: 'b', leaseMs: LEASE_MS });
      tables = subject.tables;
      orderId = await tables.insertOrder(orderValues({ key: 'n', state: 'completed', at: T0 }));
    });
    const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
    /** The time `ms` after T0, for the caller's `now` and, passed on, for the leases held. */
    const after = async (ms: number): Promise<number> => {
      await leases.pass(ms - passed);
      passed = ms;
      return T0 + ms;
    };
    const due = (kind: 'delivered' | 'stale' | 'failed' | 'adopted', at = T0, status?: 'sent' | 'undeliverable') =>
      tables.insertNotification({ orderId, kind, nextAttemptAt: at, ...(status ? { status } : {}) });

    it('claims due pending rows, oldest first, with a lease for the claimer', async () => {
      const later = await due('delivered', T0 - 1_000);
      const earliest = await due('stale', T0 - 5_000);
      await due('failed', T0 + 1);
      await due('adopted', T0 - 9_000, 'sent');

      const claimed = await expectLeaseFor(leases, T0, LEASE_MS, () => a.claimDue(T0, 10), (rows) => rows[0]?.leaseExpiresAt);

      expect(ids(claimed)).toEqual([earliest, later]);
      expect(claimed[0]).toMatchObject({ leaseOwner: 'a', status: 'pending', kind: 'stale' });
      expect(ids(await a.claimDue(T0, 10))).toEqual([]);
    });

    it('claims at most the limit', async () => {
      const first = await due('delivered', T0 - 2);
      await due('stale', T0 - 1);
      expect(ids(await a.claimDue(T0, 1))).toEqual([first]);
    });

    it('gives a held row to nobody else until its lease runs out', async () => {
      const id = await due('delivered');
      await a.claimDue(T0, 10);

      // A second short of the end (on PostgreSQL real time passes meanwhile).
      expect(await b.claimDue(await after(LEASE_MS - 1_000), 10)).toEqual([]);
      expect(ids(await b.claimDue(await after(LEASE_MS), 10))).toEqual([id]);
      expect((await tables.notification(id))?.leaseOwner).toBe('b');
    });

    it('hands each due row to one of two senders claiming at the same moment', async () => {
      for (const kind of ['delivered', 'stale', 'failed', 'adopted'] as const) await due(kind);
      const [first, second] = await Promise.all([a.claimDue(T0, 3), b.claimDue(T0, 3)]);
      const claimed = ids([...first, ...second]);
      expect(new Set(claimed).size).toBe(claimed.length);
      expect(claimed.length).toBe(4);
    });

    it('lets exactly one of two senders claiming and sending the same row at once send it', async () => {
      const id = await due('delivered');
      const send = async (sender: LeasedOutbox): Promise<number> => {
        let sent = 0;
        for (const row of await sender.claimDue(T0, 10)) if (await sender.markSent(row.id, T0 + 1, { kind: row.kind, messages: 1 })) sent++;
        return sent;
      };

      const [first, second] = await Promise.all([send(a), send(b)]);

      expect(first + second).toBe(1);
      expect(await tables.notification(id)).toMatchObject({ status: 'sent', attempts: 1 });
      expect((await tables.audit()).map((row) => row.action)).toEqual(['notification.sent']);
    });

    it('renews and records parts for the holder only', async () => {
      const id = await due('delivered');
      await a.claimDue(T0, 10);

      expect(await b.renew(id, T0 + 10)).toBe(false);
      expect(await b.recordParts(id, 3, T0 + 10)).toBe(false);
      const row = async () => (await tables.notification(id))?.leaseExpiresAt;
      // Half the lease gone each time, so each renewal must move its end.
      const renewAt = await after(LEASE_MS / 2);
      expect(await expectLeaseFor(leases, renewAt, LEASE_MS, () => a.renew(id, renewAt), row)).toBe(true);
      expect(await tables.notification(id)).toMatchObject({ partsSent: 0 });
      const partsAt = await after(LEASE_MS);
      expect(await expectLeaseFor(leases, partsAt, LEASE_MS, () => a.recordParts(id, 2, partsAt), row)).toBe(true);
      expect(await tables.notification(id)).toMatchObject({ partsSent: 2, leaseOwner: 'a' });
    });

    it('marks a row sent with its audit row, once, for the holder only', async () => {
      const id = await due('delivered');
      await a.claimDue(T0, 10);

      expect(await b.markSent(id, T0 + 5, { kind: 'delivered', messages: 2 })).toBe(false);
      expect(await tables.audit()).toEqual([]);
      expect(await a.markSent(id, T0 + 5, { kind: 'delivered', messages: 2 })).toBe(true);
      expect(await a.markSent(id, T0 + 6, { kind: 'delivered', messages: 2 })).toBe(false);

      expect(await tables.notification(id)).toMatchObject({ status: 'sent', sentAt: new Date(T0 + 5), attempts: 1, lastError: null, leaseOwner: null, leaseExpiresAt: null });
      expect(await tables.audit()).toEqual([{ action: 'notification.sent', orderId, amount: 1_250_000, facts: { kind: 'delivered', messages: 2 } }]);
      expect(await a.claimDue(T0 + 10 * LEASE_MS, 10)).toEqual([]);
    });

    it('keeps a dead letter with its cause, and Telegram words only when Telegram refused', async () => {
      const blocked = await due('delivered');
      const refused = await due('stale');
      await a.claimDue(T0, 10);

      expect(await a.markUndeliverable(blocked, T0, 'blocked by the staff member', 'blocked')).toBe(true);
      expect(await a.markUndeliverable(refused, T0, 'rejected by Telegram: chat not found', 'telegram')).toBe(true);

      expect(await tables.notification(blocked)).toMatchObject({ status: 'undeliverable', lastError: 'blocked by the staff member', attempts: 1, leaseOwner: null });
      expect((await tables.audit()).map((row) => [row.action, row.facts])).toEqual([
        ['notification.undeliverable', { cause: 'blocked' }],
        ['notification.undeliverable', { cause: 'telegram', note: 'rejected by Telegram: chat not found' }],
      ]);
      expect(await a.claimDue(T0 + 10 * LEASE_MS, 10)).toEqual([]);
    });

    it('reschedules for the holder, counting an attempt only when asked, and frees the lease', async () => {
      const id = await due('delivered');
      await a.claimDue(T0, 10);

      expect(await b.reschedule(id, T0 + 1_000, { countAttempt: true, lastError: 'x' })).toBe(false);
      expect(await a.reschedule(id, T0 + 7_000, { countAttempt: false, lastError: 'Telegram 429' })).toBe(true);
      expect(await tables.notification(id)).toMatchObject({ attempts: 0, lastError: 'Telegram 429', nextAttemptAt: new Date(T0 + 7_000), leaseOwner: null });

      expect(ids(await b.claimDue(T0 + 7_000, 10))).toEqual([id]);
      expect(await b.reschedule(id, T0 + 9_000, { countAttempt: true, lastError: 'Bad Gateway' })).toBe(true);
      expect(await tables.notification(id)).toMatchObject({ attempts: 1, lastError: 'Bad Gateway', nextAttemptAt: new Date(T0 + 9_000) });
    });

    it('releases a row untouched, for its holder only', async () => {
      const id = await due('delivered');
      await a.claimDue(T0, 10);

      await b.release(id);
      expect((await tables.notification(id))?.leaseOwner).toBe('a');
      await a.release(id);
      expect(await tables.notification(id)).toMatchObject({ leaseOwner: null, leaseExpiresAt: null, attempts: 0, status: 'pending' });
      expect(ids(await b.claimDue(T0, 10))).toEqual([id]);
    });

    it('lets only the sender that holds the row now finish it, when the first one lost its lease', async () => {
      const id = await due('delivered');
      await a.claimDue(T0, 10);
      expect(ids(await b.claimDue(await after(LEASE_MS), 10))).toEqual([id]);

      const [late, holder] = await Promise.all([
        a.markSent(id, T0 + LEASE_MS + 1, { kind: 'delivered', messages: 1 }),
        b.markSent(id, T0 + LEASE_MS + 1, { kind: 'delivered', messages: 1 }),
      ]);

      expect([late, holder]).toEqual([false, true]);
      expect((await tables.audit()).map((row) => row.action)).toEqual(['notification.sent']);
    });

    it('reads the order a row announces', async () => {
      expect(await a.orderOf(orderId)).toMatchObject({ id: orderId, state: 'completed', totalAmount: 1_250_000 });
      expect(await a.orderOf(orderId + 1_000)).toBeNull();
    });
  });
}
