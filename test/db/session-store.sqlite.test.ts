import { afterAll } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createSqliteSessionStore } from '../../src/db/session-store.js';
import { sessionStoreContract } from './contract/session-store.contract.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

sessionStoreContract('SQLite', async () => {
  const db = openDb(':memory:');
  opened.push(db);
  const text = db.$client.prepare<[string], { value: string }>('select value from bot_sessions where key = ?');
  return {
    store: createSqliteSessionStore({ db, clock: systemClock }),
    storedText: async (key) => text.get(key)?.value,
  };
});
