import { describe, expect, it } from 'vitest';
import { batchCatalog } from '../../src/batches/batch-catalog.js';
import { checkBatch } from '../../src/batches/batch-check.js';
import { judgeBatchBudgets } from '../../src/batches/batch-limits.js';
import { planBatch } from '../../src/batches/batch-plan.js';
import { createBudgets } from '../../src/budgets/budget-judge.js';
import { BUDGET_OVER } from '../../src/budgets/budget-settings.js';
import { createBudgetStore } from '../../src/db/budget-store.js';
import { createCostCentreStore } from '../../src/db/cost-centre-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createLocalPeriods } from '../../src/text/local-periods.js';
import { SANDBOX_PRODUCTS as P } from '../../src/sandbox/server.js';
import { createManualClock } from '../support/manual-clock.js';
import { memoryDb } from '../support/memory-db.js';
import { sqliteSettings } from '../support/sqlite-settings.js';
import { readOk, sandboxCatalog, spreadsheetFile } from './sandbox-catalog.js';

const ADMIN = 1;

describe('a batch file naming the cost centre of each row', () => {
  const world = sandboxCatalog();

  async function centres() {
    const db = memoryDb();
    const clock = createManualClock(Date.UTC(2026, 0, 10));
    const store = createCostCentreStore({ database: databaseOf(db), clock });
    const idOf = async (name: string, code: string | null) => {
      const added = await store.add({ name, code, actorId: ADMIN });
      return added.kind === 'added' ? added.centre.id : -1;
    };
    const support = await idOf('Customer Support', 'SUP-01');
    const events = await idOf('رویدادها', null);
    const old = await idOf('Old Projects', 'OLD');
    await store.retire(old, ADMIN);
    const catalog = batchCatalog({ catalog: world.store, provider: world.provider, costCentres: () => store.list() });
    return { db, clock, store, catalog, support, events, old };
  }

  it('reads a cost centre per row by name or code, compared folded, and keeps it on each order the row is split into', async () => {
    const c = await centres();
    const rows = [
      ['product', 'quantity', 'cost centre'],
      ['101', '12', '  customer   SUPPORT '],
      ['101', '1', 'sup-01'],
      ['101', '1', 'رويدادها'],
      ['101', '1', ''],
    ];
    const result = await checkBatch(await readOk(spreadsheetFile(rows)), c.catalog);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.lines.map((line) => line.costCentreId)).toEqual([c.support, c.support, c.events, null]);
    const plan = planBatch(result.lines, 10);
    expect(plan.map((order) => [order.lines[0]!.quantity, order.costCentreId ?? null])).toEqual([[10, c.support], [2, c.support], [1, c.support], [1, c.events], [1, null]]);
  });

  it('refuses an unknown or a retired cost centre with its row, before anything is placed, under the Persian column name too', async () => {
    const c = await centres();
    const rows = [
      ['محصول', 'تعداد', 'مرکز هزینه'],
      ['101', '1', 'Customer Support'],
      ['101', '1', 'Marketing'],
      ['101', '1', 'old'],
    ];
    const result = await checkBatch(await readOk(spreadsheetFile(rows)), c.catalog);
    expect(result).toEqual({
      ok: false,
      problems: [
        { row: 3, column: 'مرکز هزینه', rule: 'unknown-cost-centre', value: 'Marketing' },
        { row: 4, column: 'مرکز هزینه', rule: 'retired-cost-centre', value: 'old' },
      ],
    });
  });

  it('leaves a file without the column as before: no cost centre on its lines', async () => {
    const c = await centres();
    const result = await checkBatch(await readOk(spreadsheetFile([['product', 'quantity'], [String(P.noFields), '1']])), c.catalog);
    expect(result).toMatchObject({ ok: true });
    if (result.ok) expect(result.lines[0]).not.toHaveProperty('costCentreId');
  });

  it('judges each cost centre on the sum of its orders in the batch, refusing with whose budget and by how much, or asking approval', async () => {
    const c = await centres();
    const settings = sqliteSettings(c.db, c.clock);
    const budgetStore = createBudgetStore({ database: databaseOf(c.db), clock: c.clock });
    await budgetStore.setBudget(c.support, 1_000_000, ADMIN);
    await budgetStore.setBudget(c.events, 5_000_000, ADMIN);
    const budgets = createBudgets({ store: budgetStore, centres: c.store, periods: createLocalPeriods('UTC'), settings, clock: c.clock });
    const line = { product: { id: 101, title: 'Card' }, region: { regionPropertyId: 1, title: 'US', price: 400_000 }, quantity: 1, fields: [] };
    const order = (centre: number | null) => ({ lines: [line], rows: [], ...(centre === null ? {} : { costCentreId: centre }) });
    // Each order of Support fits alone (400,000 of 1,000,000); its three together do not.
    const plan = [order(c.support), order(c.events), order(c.support), order(null), order(c.support)];
    await settings.write(BUDGET_OVER, 'refuse', ADMIN);
    const refused = await judgeBatchBudgets(budgets, plan, c.clock.now());
    expect(refused.refused).toMatchObject({ ok: false, limit: 'budget', cap: 1_000_000, left: 1_000_000, budget: { centre: 'Customer Support', spent: 0, committed: 0, total: 1_200_000 } });
    expect(await judgeBatchBudgets(budgets, plan.slice(0, 4), c.clock.now())).toEqual({ refused: null, approval: null });
    await settings.write(BUDGET_OVER, 'approve', ADMIN);
    // The approval says whose budget too, for the summary and the administrators' card.
    const approval = await judgeBatchBudgets(budgets, plan, c.clock.now());
    expect(approval.refused).toBeNull();
    expect(approval.approval).toMatchObject({ limit: 'budget', cap: 1_000_000, left: 1_000_000, budget: { centre: 'Customer Support', total: 1_200_000 } });
  });
});
