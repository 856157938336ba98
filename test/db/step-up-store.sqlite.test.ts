import { afterAll } from 'vitest';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createSqliteStepUpStore } from '../../src/safeguards/step-up/step-up-store.js';
import { createManualClock } from '../support/manual-clock.js';
import { stepUpStoreContract, T0 } from './contract/step-up-store.contract.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

stepUpStoreContract('SQLite', async () => {
  const db = openDb(':memory:');
  opened.push(db);
  const clock = createManualClock(T0);
  const store = createSqliteStepUpStore({ db, clock });
  return { store, other: store, clock };
});
