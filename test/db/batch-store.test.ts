import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBatchStore } from '../../src/db/batch-store.js';
import { createOrderStore, type OrderStore } from '../../src/db/order-store.js';
import type { Database } from '../../src/db/seam/database.js';
import { forEachDatabase } from '../support/each-database.js';
import { batchStoreContract, T0 } from './contract/batch-store.contract.js';
import { steppingClock } from './contract/subjects.js';

/** The order store of the same database, to place a batch's intents through. */
function orderStoreOn(database: Database): OrderStore {
  return createOrderStore({ database, clock: steppingClock() });
}

forEachDatabase(['batches', 'orders', 'audit_log', 'notifications', 'expiry_news'], (label, fresh, another) => {
  batchStoreContract(label, async () => {
    const database = await fresh();
    const { expiryNews } = database.tables;
    const owedNews = async () =>
      (await database.q.select({ id: expiryNews.subjectId }).from(expiryNews).where(eq(expiryNews.kind, 'batch')).orderBy(asc(expiryNews.subjectId))).map((row) => row.id);
    return { store: createBatchStore({ database }), orders: orderStoreOn(database), owedNews };
  });

  // Two instances on PostgreSQL; on SQLite the one connection, whose statements take turns.
  describe(`batch store (${label}), two connections at once`, () => {
    it('lets exactly one of two moves from draft to running win', async () => {
      const one = createBatchStore({ database: await fresh() });
      const two = createBatchStore({ database: another() });
      for (let round = 0; round < 10; round++) {
        const batch = await one.create(
          { key: `race-${round}`, requesterId: 1, chatId: 1, source: 'quantity', fileHash: null, fileName: null, plan: [{ lines: [], rows: [] }], total: 1 },
          new Date(T0),
        );
        const moves = await Promise.all([
          one.move(batch.id, { from: ['draft'], to: 'running', at: new Date(T0 + 1) }),
          two.move(batch.id, { from: ['draft'], to: 'running', at: new Date(T0 + 2) }),
        ]);
        const won = moves.filter((m) => m !== null);
        expect(won).toHaveLength(1);
        expect(await one.get(batch.id)).toEqual(won[0]);
      }
    });

    it('expires each overdue batch exactly once when two sweeps and an Approve pressed just before the deadline meet', async () => {
      const one = createBatchStore({ database: await fresh() });
      const two = createBatchStore({ database: another() });
      for (let round = 0; round < 10; round++) {
        const batch = await one.create(
          { key: `lapse-${round}`, requesterId: 1, chatId: 1, source: 'quantity', fileHash: null, fileName: null, plan: [{ lines: [], rows: [] }], total: 1 },
          new Date(T0),
        );
        await one.move(batch.id, { from: ['draft'], to: 'waiting-approval', approvalExpiresAt: new Date(T0 + 100), at: new Date(T0) });
        const [first, second, approve] = await Promise.all([
          one.expireDue(new Date(T0 + 100)),
          two.expireDue(new Date(T0 + 101)),
          // Pressed a moment before the deadline: it may still win, but then the batch never expires.
          (round % 2 === 0 ? one : two).move(batch.id, { from: ['waiting-approval'], to: 'running', approvedBy: 9, beforeDeadline: new Date(T0 + 99), at: new Date(T0 + 99) }),
        ]);
        const expired = [...first, ...second].filter((b) => b.id === batch.id);
        expect(expired.length + (approve === null ? 0 : 1)).toBe(1);
        expect((await one.get(batch.id))!.state).toBe(approve === null ? 'expired' : 'running');
      }
    });

    it('lets exactly one of two cursor moves from the same index win', async () => {
      const one = createBatchStore({ database: await fresh() });
      const two = createBatchStore({ database: another() });
      const batch = await one.create({ key: 'cursor', requesterId: 1, chatId: 1, source: 'quantity', fileHash: null, fileName: null, plan: [], total: 0 }, new Date(T0));
      for (let index = 0; index < 10; index++) {
        const moves = await Promise.all([one.advance(batch.id, index, new Date(T0 + index)), two.advance(batch.id, index, new Date(T0 + index))]);
        expect(moves.filter((m) => m !== null)).toHaveLength(1);
      }
      expect(await one.get(batch.id)).toMatchObject({ nextIndex: 10 });
    });
  });
});
