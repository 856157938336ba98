import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BudgetStore } from '../../../src/db/budget-store.js';
import type { CostCentreStore } from '../../../src/db/cost-centre-store.js';
import type { OrderStore } from '../../../src/db/order-store.js';
import type { Database } from '../../../src/db/seam/database.js';
import type { OrderState } from '../../../src/domain/order-states.js';
import { intentInput } from '../../support/order-fixtures.js';

export const T0 = Date.UTC(2026, 0, 5, 9);
const ADMIN = 9001;
const MONTH = { from: Date.UTC(2026, 0, 1), to: Date.UTC(2026, 1, 1) };

export interface BudgetStoreSubject {
  store: BudgetStore;
  /** The same data as a second instance sees it. */
  other: BudgetStore;
  centres: CostCentreStore;
  /** Two order stores, one per instance, over the same orders. */
  orders: OrderStore;
  otherOrders: OrderStore;
  db: Database;
}

/** `fresh` gives the stores over empty cost centre, order and audit tables. */
export function budgetStoreContract(database: string, fresh: () => Promise<BudgetStoreSubject>): void {
  describe(`budget store on ${database}`, () => {
    let s: BudgetStoreSubject;
    let centre: number;
    beforeEach(async () => {
      s = await fresh();
      const added = await s.centres.add({ name: 'Support', code: null, actorId: ADMIN });
      centre = added.kind === 'added' ? added.centre.id : -1;
    });
    const order = (id: number, state: OrderState, amount: number, at: number, costCentreId: number | null = centre) =>
      s.db.q.insert(s.db.tables.orders).values({
        ...intentInput({ confirmKey: `k${id}`, fingerprint: `f${id}`, unitPrice: amount }),
        totalAmount: amount,
        state,
        createdAt: new Date(at),
        updatedAt: new Date(at),
        costCentreId,
        purposeNote: null,
      }).returning().then((rows) => rows[0]!.id);
    const audit = async () => (await s.db.q.select().from(s.db.tables.auditLog).orderBy(s.db.tables.auditLog.id)).map((row) => [row.action, row.actorId, row.amount]);

    it('sets and lifts a budget, audited with the amount, and another instance reads it', async () => {
      expect(await s.store.setBudget(centre, 5_000_000, ADMIN)).toEqual({ kind: 'set', changed: true, before: null });
      expect((await s.centres.get(centre))!.monthlyBudget).toBe(5_000_000);
      expect(await s.other.setBudget(centre, 5_000_000, ADMIN)).toEqual({ kind: 'set', changed: false, before: 5_000_000 });
      expect(await s.store.setBudget(centre, null, ADMIN)).toEqual({ kind: 'set', changed: true, before: 5_000_000 });
      expect(await s.store.setBudget(999, 1, ADMIN)).toEqual({ kind: 'gone' });
      await s.centres.retire(centre, ADMIN);
      expect(await s.store.setBudget(centre, 1, ADMIN)).toEqual({ kind: 'retired' });
      expect((await audit()).filter(([action]) => action === 'cost_centre.budget')).toEqual([
        ['cost_centre.budget', ADMIN, 5_000_000],
        ['cost_centre.budget', ADMIN, null],
      ]);
    });

    it("counts a month's settled orders as spent and open ones as committed; returned money, intents, other months and other cost centres not at all", async () => {
      const settled = await order(1, 'completed', 100, T0);
      const open = await order(2, 'in_progress', 20, T0);
      await order(3, 'placing', 3, T0);
      await order(4, 'refunded', 1_000, T0);
      await order(5, 'failed', 1_000, T0);
      await order(6, 'intent', 1_000, T0);
      await order(7, 'completed', 1_000, MONTH.from - 1);
      await order(8, 'completed', 1_000, MONTH.to);
      await order(9, 'completed', 7, T0, null);
      expect(await s.other.figures(MONTH)).toEqual(new Map([[centre, { spent: 100, committed: 23 }]]));
      expect(await s.store.figures(MONTH, { centreIds: [centre], exceptOrderId: open })).toEqual(new Map([[centre, { spent: 100, committed: 3 }]]));
      expect(await s.store.figures(MONTH, { centreIds: [] })).toEqual(new Map());
      // A refund moves the order's state: its money is back at once.
      await s.db.q.update(s.db.tables.orders).set({ state: 'refunded' }).where(eq(s.db.tables.orders.id, settled));
      expect((await s.store.figures(MONTH)).get(centre)).toEqual({ spent: 0, committed: 23 });
    });

    it('lets only one of two orders racing for the last of a budget through, each judged with the other already counted', async () => {
      await s.store.setBudget(centre, 100, ADMIN);
      await order(1, 'completed', 60, T0);
      // Each instance: claim the wallet's one POST (waiting while the other holds it), judge the budget on fresh figures, then place or close.
      const place = async (orders: OrderStore, key: string) => {
        const opened = await orders.openIntent({ ...intentInput({ confirmKey: key, fingerprint: key, unitPrice: 30 }), purpose: { costCentreId: centre, note: null } });
        if (opened.kind !== 'created') throw new Error(opened.kind);
        for (;;) {
          const claim = await orders.claimForPlacing(opened.order.id, 1, { keepIfBusy: true });
          if (claim.kind === 'busy') {
            await new Promise((resolve) => setTimeout(resolve, 5));
            continue;
          }
          if (claim.kind !== 'placing') throw new Error(claim.kind);
          const now = (await s.store.figures(MONTH, { centreIds: [centre], exceptOrderId: opened.order.id })).get(centre)!;
          const fits = now.spent + now.committed + opened.order.totalAmount <= 100;
          await orders.transition({ id: opened.order.id, from: 'placing', to: fits ? 'in_progress' : 'not_placed', audit: { actorId: 1, action: 'test', facts: {} } });
          return fits;
        }
      };
      const passed = await Promise.all([place(s.orders, 'a'), place(s.otherOrders, 'b')]);
      expect(passed.sort()).toEqual([false, true]);
      expect((await s.store.figures(MONTH)).get(centre)).toEqual({ spent: 60, committed: 30 });
    });
  });
}
