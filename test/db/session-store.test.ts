import { eq, sql } from 'drizzle-orm';
import type { StorageAdapter } from 'grammy';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { countsOf } from '../../src/db/change-counters.js';
import type { Database } from '../../src/db/seam/database.js';
import { createSessionStore } from '../../src/db/session-store.js';
import { forEachDatabase } from '../support/each-database.js';
import { sessionStoreContract } from './contract/session-store.contract.js';
import { orderValues } from './contract/report-store.contract.js';

/** The change counters as they are now, read apart from the session. */
async function countersOf(database: Database) {
  return countsOf(await database.q.select({ name: sql<string | null>`name`, version: sql<string | number | null>`version` }).from(sql`change_counters`));
}

forEachDatabase(['bot_sessions', 'audit_log', 'notifications', 'approvals', 'orders'], (label, fresh, another) => {
  sessionStoreContract(label, async () => {
    const database = await fresh();
    const { botSessions, orders } = database.tables;
    return {
      store: createSessionStore({ database, clock: systemClock }),
      storedText: async (key) => (await database.q.select({ value: botSessions.value }).from(botSessions).where(eq(botSessions.key, key)))[0]?.value,
      storeWith: (clock) => createSessionStore({ database, clock }),
      // A second pool on PostgreSQL; one writer at a time on SQLite, where the same connection stands for a second one.
      otherStoreWith: (clock) => createSessionStore({ database: another(), clock }),
      async addOrder(chatId, state, createdAt) {
        await database.q.insert(orders).values(orderValues({ userId: chatId, state, createdAt }));
      },
    };
  });

  describe(`the session store as grammY's storage adapter (${label})`, () => {
    it('reads back what it was given', async () => {
      const adapter: StorageAdapter<{ step: string }> = createSessionStore<{ step: string }>({ database: await fresh(), clock: systemClock });
      await adapter.write('9', { step: 'fields' });
      expect(await adapter.read('9')).toEqual({ step: 'fields' });
    });
  });

  if (label === 'SQLite') {
    describe('the state read with the change counters (SQLite)', () => {
      it('is not offered: the counters never move where one process writes', async () => {
        expect(createSessionStore({ database: await fresh(), clock: systemClock }).readWithCounts).toBeUndefined();
      });
    });
    return;
  }

  describe('the state read with the change counters (the first read of every update)', () => {
    it("is the state read alone, with the counters as they are, another connection's change included", async () => {
      const database = await fresh();
      const { staff } = database.tables;
      await database.q.delete(staff).where(eq(staff.telegramId, 77));
      const store = createSessionStore<{ step: string }>({ database, clock: systemClock });
      const before = await countersOf(database);
      expect(await store.readWithCounts!('conversation:1')).toEqual({ value: undefined, counts: before });

      await store.write('conversation:1', { step: 'menu' });
      // A change through another instance moves a counter in the same transaction.
      await another().q.insert(staff).values({ telegramId: 77, role: 'staff', source: 'chat', addedBy: 1, createdAt: new Date() });
      const { value, counts } = await store.readWithCounts!('conversation:1');
      expect(value).toEqual({ step: 'menu' });
      expect(counts).toEqual({ ...before, staff: before.staff + 1 });
      expect(counts).toEqual(await countersOf(database));
    });
  });
});
