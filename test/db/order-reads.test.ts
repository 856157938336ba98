import { describe, expect, it } from 'vitest';
import { createOrderQueries } from '../../src/db/order-queries.js';
import type { OrderRow } from '../../src/db/order-row.js';
import { createSpendingStore, exactSum } from '../../src/db/spending-store.js';
import { forEachDatabase } from '../support/each-database.js';
import { orderQueriesContract } from './contract/order-queries.contract.js';
import { batchRow, type OrderReadsSubject } from './contract/order-rows.js';
import { spendingCounterContract } from './contract/spending-counter.contract.js';

forEachDatabase(['orders', 'batches'], (label, fresh) => {
  async function subject(): Promise<OrderReadsSubject> {
    const database = await fresh();
    const { orders, batches } = database.tables;
    return {
      queries: createOrderQueries({ database }),
      spending: createSpendingStore({ database }),
      async seed(rows) {
        const stored: OrderRow[] = [];
        for (const row of rows) stored.push((await database.q.insert(orders).values(row).returning())[0]!);
        return stored;
      },
      seedBatch: async (requesterId, state) => (await database.q.insert(batches).values(batchRow(requesterId, state, new Date(0))).returning({ id: batches.id }))[0]!.id,
    };
  }

  orderQueriesContract(label, subject);
  spendingCounterContract(label, subject);

  describe(`a sum read exactly (${label})`, () => {
    it('refuses, on the database, a month whose total is beyond 2^53', async () => {
      const { seed, spending } = await subject();
      const at = Date.parse('2026-11-22T10:00:00Z');
      await seed([
        { userId: 1, chatId: 1, confirmKey: 'a', fingerprint: 'a', lines: [], totalAmount: 2 ** 52, state: 'completed', sandbox: true, createdAt: new Date(at), updatedAt: new Date(at) },
        { userId: 1, chatId: 1, confirmKey: 'b', fingerprint: 'b', lines: [], totalAmount: 2 ** 52 + 1, state: 'completed', sandbox: true, createdAt: new Date(at), updatedAt: new Date(at) },
      ]);
      const window = { from: at - 1_000, to: at + 1_000 };
      await expect(spending.spentWithin({ userId: 1, day: window, month: window })).rejects.toThrow(RangeError);
    });
  });
});

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
});
