import { afterAll } from 'vitest';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createSqlitePeopleStore } from '../../src/db/people-repo.js';
import { peopleStoreContract } from './contract/people-store.contract.js';
import { steppingClock } from './contract/subjects.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

peopleStoreContract('SQLite', async () => {
  const db = openDb(':memory:');
  opened.push(db);
  const clock = steppingClock();
  return {
    store: createSqlitePeopleStore({ db, clock }),
    reopen: () => createSqlitePeopleStore({ db, clock }),
    advance: (ms) => clock.advance(ms),
  };
});
