import { afterAll } from 'vitest';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createSqliteStrangerRepliesStore } from '../../src/db/stranger-replies-repo.js';
import { strangerRepliesStoreContract } from './contract/stranger-replies-store.contract.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

strangerRepliesStoreContract('SQLite', async () => {
  const db = openDb(':memory:');
  opened.push(db);
  return createSqliteStrangerRepliesStore({ db });
});
