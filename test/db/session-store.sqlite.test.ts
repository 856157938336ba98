import { afterAll } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createSqliteSessionStore } from '../../src/db/session-store.js';
import { sessionStoreContract } from './contract/session-store.contract.js';
import { orderValues } from './contract/report-store.contract.js';
import { orders } from '../../src/db/schema.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

sessionStoreContract('SQLite', async () => {
  const db = openDb(':memory:');
  opened.push(db);
  const text = db.$client.prepare<[string], { value: string }>('select value from bot_sessions where key = ?');
  return {
    store: createSqliteSessionStore({ db, clock: systemClock }),
    storedText: async (key) => text.get(key)?.value,
    storeWith: (clock) => createSqliteSessionStore({ db, clock }),
    // One writer at a time on SQLite: the same handle stands for a second connection.
    otherStoreWith: (clock) => createSqliteSessionStore({ db, clock }),
    async addOrder(chatId, state, createdAt) {
      db.insert(orders).values(orderValues({ userId: chatId, state, createdAt })).run();
    },
  };
});
