import { eq, sql } from 'drizzle-orm';
import type { StorageAdapter } from 'grammy';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { countsOf } from '../../src/db/change-counters.js';
import type { Database } from '../../src/db/seam/database.js';
import { createSessionStore, sessionReadAhead } from '../../src/db/session-store.js';
import { createUpdateQueueStore } from '../../src/db/update-queue-store.js';
import { chatUpdate } from './contract/update-queue-store.contract.js';
import { forEachDatabase } from '../support/each-database.js';
import { sessionStoreContract } from './contract/session-store.contract.js';
import { orderValues } from './contract/report-store.contract.js';

/** The change counters as they are now, read apart from the session. */
async function countersOf(database: Database) {
  return countsOf(await database.q.select({ name: sql<string | null>`name`, version: sql<string | number | null>`version` }).from(sql`change_counters`));
}

forEachDatabase(['bot_sessions', 'audit_log', 'notifications', 'approvals', 'orders', 'update_queue'], (label, fresh, another) => {
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

    it('is read by the statement that claims an update as it arrives, as readWithCounts reads it, and only for a claim', async () => {
      const database = await fresh();
      const { staff } = database.tables;
      await database.q.delete(staff).where(eq(staff.telegramId, 78));
      const sessions = createSessionStore<{ step: string }>({ database, clock: systemClock });
      const queue = createUpdateQueueStore({ database, clock: systemClock, arrivalRead: sessionReadAhead(database) });
      await sessions.write('conversation:7', { step: 'category' });
      await another().q.insert(staff).values({ telegramId: 78, role: 'staff', source: 'chat', addedBy: 1, createdAt: new Date() });

      const claim = await queue.acceptAndClaim(chatUpdate(1, 7), 'a', 10_000, 'conversation:7');
      if (typeof claim === 'string') throw new Error(`not claimed: ${claim}`);
      expect(claim.readAhead).toEqual({ key: 'conversation:7', value: await sessions.readWithCounts!('conversation:7') });
      expect(claim.readAhead?.value).toMatchObject({ value: { step: 'category' } });
      // A chat with no state yet: nothing read, the counters still.
      const fresh8 = await queue.acceptAndClaim(chatUpdate(2, 8), 'a', 10_000, 'conversation:8');
      expect(typeof fresh8 === 'string' ? fresh8 : fresh8.readAhead).toEqual({ key: 'conversation:8', value: { value: undefined, counts: await countersOf(database) } });
      // Stored behind the chat's running update, or asked for no key: nothing is handed on.
      expect(await queue.acceptAndClaim(chatUpdate(3, 7), 'a', 10_000, 'conversation:7')).toBe('queued');
      const keyless = await queue.acceptAndClaim(chatUpdate(4, 9), 'a', 10_000);
      expect(typeof keyless === 'string' ? keyless : keyless.readAhead).toBeUndefined();
    });
  });
});
