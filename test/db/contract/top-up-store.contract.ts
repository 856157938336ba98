import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/seam/database.js';
import type { TopUpStore } from '../../../src/db/top-up-store.js';
import type { ManualClock } from '../../support/manual-clock.js';

export const T0 = Date.UTC(2026, 11, 2, 9);
const ADMIN = 9001;
const OTHER_ADMIN = 9002;
/** Above 2^31: amounts are bigint on PostgreSQL. */
const LARGE = 5_000_000_000;

/** `fresh` gives a store over empty top-up and audit tables, its database and clock; `other` the same data as a second instance sees it. */
export function topUpStoreContract(database: string, fresh: () => Promise<{ store: TopUpStore; other: TopUpStore; clock: ManualClock; db: Database }>): void {
  describe(`top-up store on ${database}`, () => {
    let store: TopUpStore;
    let other: TopUpStore;
    let clock: ManualClock;
    let db: Database;
    beforeEach(async () => {
      ({ store, other, clock, db } = await fresh());
    });
    const auditRows = async () =>
      (await db.q.select().from(db.tables.auditLog).orderBy(db.tables.auditLog.id)).map((row) => [row.action, row.actorId, row.amount, row.detail === null ? null : (JSON.parse(row.detail) as { facts: unknown }).facts]);

    it('keeps a request with its amount and note, audited, and another instance lists it open', async () => {
      const kept = await store.request({ requestedBy: ADMIN, amount: LARGE, note: 'برای آذر' });
      expect(kept).toMatchObject({ requestedBy: ADMIN, amount: LARGE, note: 'برای آذر', receivedAt: null, creditId: null, creditAmount: null });
      expect(kept.createdAt.getTime()).toBe(T0);
      expect(await other.open()).toEqual([kept]);
      expect(await other.get(kept.id)).toEqual(kept);
      expect(await auditRows()).toEqual([['topup.requested', ADMIN, LARGE, { request: kept.id, note: 'برای آذر' }]]);
    });

    it('lists open requests oldest first and leaves received ones out', async () => {
      const first = await store.request({ requestedBy: ADMIN, amount: 10_000_000, note: null });
      clock.advance(60_000);
      const second = await store.request({ requestedBy: OTHER_ADMIN, amount: 20_000_000, note: null });
      expect((await store.open()).map((r) => r.id)).toEqual([first.id, second.id]);
      await store.markReceived(first.id, { transactionId: 77, amount: 10_000_000, at: T0 + 120_000 });
      expect((await other.open()).map((r) => r.id)).toEqual([second.id]);
    });

    it('marks a request received once, with its credit, audited, and a second marking changes nothing', async () => {
      const kept = await store.request({ requestedBy: ADMIN, amount: 10_000_000, note: null });
      clock.advance(3_600_000);
      const marked = await store.markReceived(kept.id, { transactionId: 501, amount: 10_050_000, at: T0 + 3_000_000 });
      expect(marked).toMatchObject({ id: kept.id, creditId: 501, creditAmount: 10_050_000 });
      expect(marked!.receivedAt!.getTime()).toBe(T0 + 3_000_000);
      expect(await other.markReceived(kept.id, { transactionId: 502, amount: 10_000_000, at: T0 + 3_100_000 })).toBeNull();
      expect((await store.get(kept.id))!.creditId).toBe(501);
      expect((await auditRows()).map(([action, actor]) => [action, actor])).toEqual([
        ['topup.requested', ADMIN],
        ['topup.received', null],
      ]);
      expect((await auditRows())[1]![3]).toEqual({ request: kept.id, transaction: 501 });
    });

    it('lets one credit settle one request only, whichever instance marks it', async () => {
      const a = await store.request({ requestedBy: ADMIN, amount: 10_000_000, note: null });
      const b = await store.request({ requestedBy: OTHER_ADMIN, amount: 10_000_000, note: null });
      const credit = { transactionId: 900, amount: 10_000_000, at: T0 + 1_000 };
      const [one, two] = await Promise.all([store.markReceived(a.id, credit), other.markReceived(b.id, credit)]);
      expect([one, two].filter((r) => r !== null)).toHaveLength(1);
      expect(await store.open()).toHaveLength(1);
    });

    it('answers null for a request that does not exist', async () => {
      expect(await store.get(12345)).toBeNull();
      expect(await store.markReceived(12345, { transactionId: 1, amount: 1, at: T0 })).toBeNull();
    });
  });
}
