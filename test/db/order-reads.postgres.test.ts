import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createPostgresOrderQueries } from '../../src/db/postgres/order-queries.js';
import { batches, orders } from '../../src/db/postgres/schema.js';
import { createSpendingStore, exactSum } from '../../src/db/spending-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import type { OrderRow } from '../../src/db/order-store.js';
import { freshDatabase } from '../support/postgres-database.js';
import { orderQueriesContract } from './contract/order-queries.contract.js';
import { batchRow, type OrderReadsSubject } from './contract/order-rows.js';
import { spendingCounterContract } from './contract/spending-counter.contract.js';

/** One database for the file, emptied before each case. */
let db: PgDb;
beforeAll(async () => {
  db = await openPostgres(await freshDatabase('order_reads'));
});
afterAll(async () => {
  if (db) await closePostgres(db);
});

async function fresh(): Promise<OrderReadsSubject> {
  await db.$client.query('truncate orders, batches restart identity cascade');
  return {
    queries: createPostgresOrderQueries({ db }),
    spending: createSpendingStore({ database: databaseOf(db) }),
    async seed(rows) {
      const stored: OrderRow[] = [];
      for (const row of rows) stored.push((await db.insert(orders).values(row).returning())[0]!);
      return stored;
    },
    seedBatch: async (requesterId, state) => (await db.insert(batches).values(batchRow(requesterId, state, new Date(0))).returning())[0]!.id,
  };
}

orderQueriesContract('PostgreSQL', fresh);
spendingCounterContract('PostgreSQL', fresh);

describe('a PostgreSQL sum read exactly', () => {
  it('reads the decimal string pg gives for a numeric sum', () => {
    expect(exactSum('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(exactSum('6000000003')).toBe(6_000_000_003);
    expect(exactSum(null)).toBe(0);
    expect(exactSum(42)).toBe(42);
  });

  it('refuses a sum a number cannot hold exactly instead of rounding it', () => {
    expect(() => exactSum('9007199254740993')).toThrow(RangeError);
    expect(() => exactSum('12.5')).toThrow(RangeError);
    expect(() => exactSum(2 ** 53 + 2)).toThrow(RangeError);
  });

  it('refuses, on the database, a month whose total is beyond 2^53', async () => {
    const subject = await fresh();
    const at = Date.parse('2026-11-22T10:00:00Z');
    await subject.seed([
      { userId: 1, chatId: 1, confirmKey: 'a', fingerprint: 'a', lines: [], totalAmount: 2 ** 52, state: 'completed', sandbox: true, createdAt: new Date(at), updatedAt: new Date(at) },
      { userId: 1, chatId: 1, confirmKey: 'b', fingerprint: 'b', lines: [], totalAmount: 2 ** 52 + 1, state: 'completed', sandbox: true, createdAt: new Date(at), updatedAt: new Date(at) },
    ]);
    const window = { from: at - 1_000, to: at + 1_000 };
    await expect(subject.spending.spentWithin({ userId: 1, day: window, month: window })).rejects.toThrow(RangeError);
  });
});
