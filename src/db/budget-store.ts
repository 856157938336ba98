import { and, eq, gte, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { COUNTED_STATES } from '../domain/counted-states.js';
import { appendAuditRow } from './audit-trail.js';
import type { Database } from './seam/database.js';
import { exactSum } from './spending-store.js';

/** One cost centre's money in a month, from its orders: settled (delivered) and placed but not yet settled. */
export interface BudgetFigures {
  spent: number;
  committed: number;
}

/** From `from` (included) to `to` (excluded), in epoch milliseconds: the month is the caller's business. */
export interface BudgetWindow {
  from: number;
  to: number;
}

/** What setting a budget answered: 'gone' when there is no such cost centre, 'retired' when it no longer takes orders. */
export type BudgetSet =
  | { kind: 'set'; changed: boolean; before: number | null }
  | { kind: 'gone' }
  | { kind: 'retired' };

/**
 * Monthly budgets per cost centre and the figures they are judged on. The
 * figures are counted from the orders themselves (never a counter kept on
 * the side), so a failed, cancelled or refunded order gives its money back
 * the moment its state moves, and every instance and restart reads the
 * same. Only the month's orders of the cost centres asked about are read,
 * through orders_cost_centre_created_idx (cost_centre_id, created_at).
 */
export interface BudgetStore {
  /** Sets (or, with null, lifts) a cost centre's budget, audited as `cost_centre.budget` in the same transaction. */
  setBudget(centreId: number, amount: number | null, actorId: number): Promise<BudgetSet>;
  /**
   * Each cost centre's figures within `window` (every cost centre named by
   * an order when `centreIds` is absent), leaving out `exceptOrderId` (the
   * order being judged). A cost centre without orders is absent.
   */
  figures(window: BudgetWindow, options?: { centreIds?: readonly number[]; exceptOrderId?: number }): Promise<Map<number, BudgetFigures>>;
}

/** What counts as spent: the provider delivered it. Every other counted state is committed (placed, its outcome still open). */
const SETTLED = 'completed' as const;
const COMMITTED = COUNTED_STATES.filter((state) => state !== SETTLED);

/**
 * The statement that counts the cost centres' month: built apart so that a
 * test can ask each database how it runs it (orders_cost_centre_created_idx,
 * not every order a cost centre ever had).
 */
export function budgetStatement(database: Database, window: BudgetWindow, options: { centreIds?: readonly number[]; exceptOrderId?: number } = {}) {
  const { q } = database;
  const { orders } = database.tables;
  const { centreIds, exceptOrderId } = options;
  const sumWhere = (states: readonly (typeof COUNTED_STATES)[number][]) =>
    sql<string | number>`coalesce(sum(case when ${inArray(orders.state, [...states])} then ${orders.totalAmount} else 0 end), 0)`;
  return q
    .select({ centre: orders.costCentreId, spent: sumWhere([SETTLED]), committed: sumWhere(COMMITTED) })
    .from(orders)
    .where(
      and(
        centreIds === undefined ? isNotNull(orders.costCentreId) : inArray(orders.costCentreId, [...new Set(centreIds)]),
        gte(orders.createdAt, new Date(window.from)),
        lt(orders.createdAt, new Date(window.to)),
        // Intents are not counted: the order service judges them under the wallet's one POST, as they are placed.
        inArray(orders.state, [...COUNTED_STATES]),
        exceptOrderId === undefined ? undefined : ne(orders.id, exceptOrderId),
      ),
    )
    .groupBy(orders.costCentreId);
}

export function createBudgetStore(deps: { database: Database; clock: Clock }): BudgetStore {
  const { database } = deps;
  const { q } = database;
  const { costCentres } = database.tables;

  return {
    setBudget(centreId, amount, actorId) {
      return database.transaction(async (tx): Promise<BudgetSet> => {
        // The cost centres' own lock: a retirement at the same moment is seen, one way or the other.
        await database.holdLock(tx, 'cost_centres');
        const [centre] = await tx.select().from(costCentres).where(eq(costCentres.id, centreId));
        if (!centre) return { kind: 'gone' };
        if (centre.retiredAt !== null) return { kind: 'retired' };
        const before = centre.monthlyBudget;
        if (before === amount) return { kind: 'set', changed: false, before };
        await tx.update(costCentres).set({ monthlyBudget: amount }).where(and(eq(costCentres.id, centreId), isNull(costCentres.retiredAt)));
        await appendAuditRow(tx, database.tables, new Date(deps.clock.now()), {
          actorId,
          action: 'cost_centre.budget',
          orderId: null,
          amount,
          facts: { centre: centreId, name: centre.name, before, budget: amount },
        });
        return { kind: 'set', changed: true, before };
      });
    },

    async figures(window, options = {}) {
      if (options.centreIds !== undefined && options.centreIds.length === 0) return new Map();
      const rows = await budgetStatement(database, window, options);
      const out = new Map<number, BudgetFigures>();
      for (const row of rows) if (row.centre !== null) out.set(row.centre, { spent: exactSum(row.spent), committed: exactSum(row.committed) });
      return out;
    },
  };
}
