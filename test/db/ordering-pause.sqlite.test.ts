import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createSqliteOrderingPauseStore } from '../../src/orders/ordering-pause.js';
import { createManualClock } from '../support/manual-clock.js';
import { orderingPauseContract, PAUSE_T0 } from './contract/ordering-pause.contract.js';

// A file, so that "another store" is another connection, as after a restart.
const dir = mkdtempSync(join(tmpdir(), 'giftdesk-pause-'));
const opened: Db[] = [];
afterAll(() => {
  opened.splice(0).forEach(closeDb);
  rmSync(dir, { recursive: true, force: true });
});

let cases = 0;
orderingPauseContract('SQLite', async () => {
  const path = join(dir, `pause-${++cases}.sqlite`);
  const open = () => {
    const db = openDb(path);
    opened.push(db);
    return db;
  };
  const db = open();
  const clock = createManualClock(PAUSE_T0);
  return {
    store: createSqliteOrderingPauseStore({ db, clock }),
    clock,
    another: async () => createSqliteOrderingPauseStore({ db: open(), clock }),
    audit: async () =>
      db.$client
        .prepare<[], { action: string; actorId: number | null; detail: string | null }>('select action, actor_id as actorId, detail from audit_log order by id')
        .all(),
  };
});
