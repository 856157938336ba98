import { describe, expect, it } from 'vitest';
import { openSameOrderStatement } from '../../src/db/order-store.js';
import { forEachDatabase, handleOf } from '../support/each-database.js';
import { orderRow, type SeedOrder } from './contract/order-rows.js';

const DAY = 24 * 3_600_000;
const NOW = Date.parse('2026-12-01T00:00:00Z');
const PAST = 3_000;
const FINGERPRINT = 'google-play-10-usd-x1-ada';

/** A long past of settled orders, many of them the very order placed again (the same fingerprint), and one still open among them. */
function history(): SeedOrder[] {
  const rows: SeedOrder[] = [];
  for (let i = 0; i < PAST; i += 1) {
    const at = NOW - Math.round(((i + 1) * 365 * DAY) / PAST);
    rows.push(orderRow(at, { state: i % 4 === 0 ? 'failed' : 'completed', fingerprint: i % 2 === 0 ? FINGERPRINT : `other-${i}` }));
  }
  rows.push(orderRow(NOW, { state: 'unknown', fingerprint: FINGERPRINT }));
  return rows;
}

/**
 * Confirm asks whether the same order is still open (placing, unknown,
 * needs review) before it places it again. It must read that through the
 * partial unique index orders_open_fingerprint_idx: with the states bound
 * as parameters the planner could not use it and SQLite read every order
 * by id (17 ms at 100,000 past orders, twice per Confirm).
 */
forEachDatabase(['orders'], (label, fresh) => {
  describe(`the same order still open, beside a long past (${label})`, () => {
    // Seeded once for both cases on this database: they only read it (the plan's analyze changes no row).
    let seeding: ReturnType<typeof seed> | undefined;
    const seeded = () => (seeding ??= seed());

    async function seed() {
      const database = await fresh();
      const rows = history();
      // Fifty rows a statement: one of 400 rows (12,000 parameters) took four times as long to insert.
      for (let i = 0; i < rows.length; i += 50) await database.q.insert(database.tables.orders).values(rows.slice(i, i + 50));
      return database;
    }

    it('reads through the open-fingerprint partial index', async () => {
      const database = await seeded();
      const handle = handleOf(database);
      const { sql, params } = openSameOrderStatement(database.q, database.tables, FINGERPRINT).toSQL();
      let plan: string;
      if (handle.kind === 'sqlite') {
        handle.db.$client.exec('analyze');
        plan = (handle.db.$client.prepare(`explain query plan ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail).join('\n');
      } else {
        await handle.db.$client.query('analyze orders');
        await handle.db.$client.query('set enable_seqscan = off');
        plan = (await handle.db.$client.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n');
        await handle.db.$client.query('reset enable_seqscan');
      }
      expect(plan).toMatch(/orders_open_fingerprint_idx/);
    });

    it('finds the open order, and none other than the one left out', async () => {
      const database = await seeded();
      const [open] = await openSameOrderStatement(database.q, database.tables, FINGERPRINT);
      expect(open?.state).toBe('unknown');
      expect(await openSameOrderStatement(database.q, database.tables, FINGERPRINT, open!.id)).toEqual([]);
      expect(await openSameOrderStatement(database.q, database.tables, 'other-1')).toEqual([]);
    });
  });
});
