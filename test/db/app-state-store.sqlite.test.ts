import { afterAll } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { createSqliteAppStateStore } from '../../src/db/app-state-repo.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { appStateStoreContract } from './contract/app-state-store.contract.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

appStateStoreContract('SQLite', async () => {
  const db = openDb(':memory:');
  opened.push(db);
  return createSqliteAppStateStore({ db, clock: systemClock });
});
