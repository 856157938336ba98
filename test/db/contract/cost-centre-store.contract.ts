import { beforeEach, describe, expect, it } from 'vitest';
import type { CostCentreStore } from '../../../src/db/cost-centre-store.js';
import type { Database } from '../../../src/db/seam/database.js';
import type { ManualClock } from '../../support/manual-clock.js';

export const T0 = Date.UTC(2026, 0, 5, 9);
const ADMIN = 9001;
const OTHER_ADMIN = 9002;
const ANNA = 1001;

/** An order row of `userId` naming `costCentreId`, as both databases take it. */
const orderRow = (userId: number, costCentreId: number | null, at: number, key: string) => ({
  userId,
  chatId: userId,
  confirmKey: key,
  fingerprint: key,
  lines: [{ product: { id: 1, title: 'Steam' }, region: { regionPropertyId: 2, title: 'US', price: 10_000 }, quantity: 1, fields: [] }],
  totalAmount: 10_000,
  state: 'completed' as const,
  sandbox: true,
  createdAt: new Date(at),
  updatedAt: new Date(at),
  costCentreId,
  purposeNote: null,
});

/** `fresh` gives a store over empty cost centre, order and audit tables, its database, and the clock it reads; `other` the same data as a second instance sees it. */
export function costCentreStoreContract(database: string, fresh: () => Promise<{ store: CostCentreStore; other: CostCentreStore; clock: ManualClock; db: Database }>): void {
  describe(`cost centre store on ${database}`, () => {
    let store: CostCentreStore;
    let other: CostCentreStore;
    let clock: ManualClock;
    let db: Database;
    beforeEach(async () => {
      ({ store, other, clock, db } = await fresh());
    });
    const auditActions = async () => (await db.q.select().from(db.tables.auditLog).orderBy(db.tables.auditLog.id)).map((row) => [row.action, row.actorId, row.detail === null ? null : (JSON.parse(row.detail) as { facts: unknown }).facts]);

    it('keeps a cost centre with its name and code, audited, and another instance reads it', async () => {
      const added = await store.add({ name: 'پشتیبانی', code: 'SUP-01', actorId: ADMIN });
      expect(added.kind).toBe('added');
      const id = added.kind === 'added' ? added.centre.id : -1;
      const kept = await other.get(id);
      expect(kept).toMatchObject({ id, name: 'پشتیبانی', code: 'SUP-01', createdBy: ADMIN, retiredAt: null });
      expect(kept!.createdAt.getTime()).toBe(T0);
      expect(await other.active()).toEqual([kept]);
      expect(await auditActions()).toEqual([['cost_centre.added', ADMIN, { centre: id, name: 'پشتیبانی', code: 'SUP-01' }]]);
    });

    it('refuses a second active cost centre of the same name, folded, and changes nothing', async () => {
      await store.add({ name: 'Marketing', code: null, actorId: ADMIN });
      const again = await store.add({ name: '  marketing ', code: 'M', actorId: OTHER_ADMIN });
      expect(again).toMatchObject({ kind: 'taken', centre: { name: 'Marketing' } });
      // Arabic kaf and yeh read as the Persian letters.
      await store.add({ name: 'کارکنان', code: null, actorId: ADMIN });
      expect((await store.add({ name: 'كاركنان', code: null, actorId: ADMIN })).kind).toBe('taken');
      expect(await store.list()).toHaveLength(2);
      expect((await auditActions()).map(([action]) => action)).toEqual(['cost_centre.added', 'cost_centre.added']);
    });

    it('renames an active one, audited with the name before, and refuses a name another active one has', async () => {
      const a = await store.add({ name: 'Sales', code: 'S1', actorId: ADMIN });
      const b = await store.add({ name: 'Support', code: null, actorId: ADMIN });
      const aId = a.kind === 'added' ? a.centre.id : -1;
      const bId = b.kind === 'added' ? b.centre.id : -1;
      expect(await store.rename(aId, 'Field sales', OTHER_ADMIN)).toMatchObject({ kind: 'changed', before: { name: 'Sales' }, centre: { name: 'Field sales', code: 'S1' } });
      expect(await store.rename(bId, 'FIELD SALES', OTHER_ADMIN)).toMatchObject({ kind: 'taken', centre: { id: aId } });
      expect(await store.rename(999, 'Anything', OTHER_ADMIN)).toEqual({ kind: 'gone' });
      expect((await other.get(aId))!.name).toBe('Field sales');
      expect((await auditActions()).at(-1)).toEqual(['cost_centre.renamed', OTHER_ADMIN, { centre: aId, before: 'Sales', name: 'Field sales' }]);
    });

    it('retires one once: it is no longer active, stays readable by id, and its name is free again', async () => {
      const a = await store.add({ name: 'Nowruz 1405', code: null, actorId: ADMIN });
      const id = a.kind === 'added' ? a.centre.id : -1;
      clock.advance(60_000);
      const retired = await store.retire(id, ADMIN);
      expect(retired).toMatchObject({ kind: 'changed', centre: { id } });
      expect(retired.kind === 'changed' ? retired.centre.retiredAt!.getTime() : 0).toBe(T0 + 60_000);
      expect(await store.retire(id, ADMIN)).toMatchObject({ kind: 'retired' });
      expect(await store.rename(id, 'Other', ADMIN)).toMatchObject({ kind: 'retired' });
      expect(await other.active()).toEqual([]);
      expect((await other.byIds([id])).get(id)).toMatchObject({ name: 'Nowruz 1405' });
      expect((await store.add({ name: 'Nowruz 1405', code: null, actorId: ADMIN })).kind).toBe('added');
      const listed = await store.list();
      expect(listed.map((c) => [c.name, c.retiredAt === null])).toEqual([
        ['Nowruz 1405', true],
        ['Nowruz 1405', false],
      ]);
      expect((await auditActions()).filter(([action]) => action === 'cost_centre.retired')).toHaveLength(1);
    });

    it("lists the active ones by name and finds the cost centre of a person's latest order that named one", async () => {
      const ids: number[] = [];
      for (const name of ['Zeta', 'Alpha', 'Mid']) {
        const added = await store.add({ name, code: null, actorId: ADMIN });
        ids.push(added.kind === 'added' ? added.centre.id : -1);
      }
      expect((await store.active()).map((c) => c.name)).toEqual(['Alpha', 'Mid', 'Zeta']);
      expect(await store.lastUsedBy(ANNA)).toBeNull();
      await db.q.insert(db.tables.orders).values([orderRow(ANNA, ids[0]!, T0, 'k1'), orderRow(ANNA, ids[2]!, T0 + 1000, 'k2'), orderRow(ANNA, null, T0 + 2000, 'k3'), orderRow(4242, ids[1]!, T0 + 3000, 'k4')]);
      expect(await other.lastUsedBy(ANNA)).toBe(ids[2]);
    });

    it('keeps two names added at once by two instances apart: one is refused', async () => {
      const results = await Promise.all([store.add({ name: 'HR', code: null, actorId: ADMIN }), other.add({ name: 'hr', code: null, actorId: OTHER_ADMIN })]);
      expect(results.map((r) => r.kind).sort()).toEqual(['added', 'taken']);
      expect(await store.active()).toHaveLength(1);
    });
  });
}
