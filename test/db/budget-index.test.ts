import { describe, expect, it } from 'vitest';
import { budgetStatement, createBudgetStore } from '../../src/db/budget-store.js';
import { forEachDatabase, handleOf } from '../support/each-database.js';
import { createManualClock } from '../support/manual-clock.js';
import { orderRow, type SeedOrder } from './contract/order-rows.js';

const DAY = 24 * 3_600_000;
const DECEMBER_1 = Date.parse('2026-12-01T00:00:00Z');
const MONTH = { from: DECEMBER_1, to: DECEMBER_1 + 31 * DAY };
const CENTRE = 4;
const PAST = 3_000;

/** A year of the cost centre's orders before December, every third one refunded, and other cost centres' and none among them. */
function history(): SeedOrder[] {
  const rows: SeedOrder[] = [];
  for (let i = 0; i < PAST; i += 1) {
    const at = DECEMBER_1 - Math.round(((i + 1) * 365 * DAY) / PAST);
    rows.push(orderRow(at, { costCentreId: CENTRE, totalAmount: 1_000 + i, state: i % 3 === 0 ? 'refunded' : 'completed' }));
    rows.push(orderRow(at, { costCentreId: i % 2 === 0 ? CENTRE + 1 : null, totalAmount: 7 }));
  }
  return rows;
}

/**
 * A cost centre's month beside a long past: /budgets and every Confirm read
 * the month's orders through (cost_centre_id, created_at), not every order
 * the cost centre ever had, and still count exactly at the month's edges.
 */
forEachDatabase(['orders'], (label, fresh) => {
  describe(`a cost centre's month beside a long past (${label})`, () => {
    // Seeded once for both cases on this database: they only read it (the plan's analyze changes no row).
    let seeding: ReturnType<typeof seed> | undefined;
    const seeded = () => (seeding ??= seed());

    async function seed() {
      const database = await fresh();
      const rows = history();
      rows.push(orderRow(DECEMBER_1, { costCentreId: CENTRE, totalAmount: 100, state: 'completed' }));
      rows.push(orderRow(MONTH.to - 1, { costCentreId: CENTRE, totalAmount: 20, state: 'in_progress' }));
      rows.push(orderRow(MONTH.to, { costCentreId: CENTRE, totalAmount: 50_000 }));
      // Fifty rows a statement: one of 400 rows (12,000 parameters) took four times as long to insert.
      for (let i = 0; i < rows.length; i += 50) await database.q.insert(database.tables.orders).values(rows.slice(i, i + 50));
      return database;
    }

    it('reads the month through the (cost_centre_id, created_at) index', async () => {
      const database = await seeded();
      const handle = handleOf(database);
      const { sql, params } = budgetStatement(database, MONTH, { centreIds: [CENTRE] }).toSQL();
      let plan: string;
      if (handle.kind === 'sqlite') {
        handle.db.$client.exec('analyze');
        plan = (handle.db.$client.prepare(`explain query plan ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail).join('\n');
      } else {
        await handle.db.$client.query('analyze orders');
        plan = (await handle.db.$client.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n');
      }
      expect(plan).toMatch(/orders_cost_centre_created_idx/);
    });

    it('counts the month exactly at its first and last moments', async () => {
      const database = await seeded();
      const store = createBudgetStore({ database, clock: createManualClock(DECEMBER_1) });
      expect(await store.figures(MONTH, { centreIds: [CENTRE] })).toEqual(new Map([[CENTRE, { spent: 100, committed: 20 }]]));
    });
  });
});
