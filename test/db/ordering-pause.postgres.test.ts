import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createPostgresOrderingPauseStore } from '../../src/db/postgres/ordering-pause.js';
import { createManualClock } from '../support/manual-clock.js';
import { freshDatabase } from '../support/postgres-database.js';
import { orderingPauseContract, PAUSE_T0 } from './contract/ordering-pause.contract.js';

/** One database for the file, emptied before each case; a second pool on it plays another instance. */
let db: PgDb;
let other: PgDb;
beforeAll(async () => {
  const url = await freshDatabase('ordering_pause');
  db = await openPostgres(url);
  other = await openPostgres(url);
});
afterAll(async () => {
  if (other) await closePostgres(other);
  if (db) await closePostgres(db);
});

orderingPauseContract('PostgreSQL', async () => {
  await db.$client.query('truncate app_state, audit_log restart identity');
  const clock = createManualClock(PAUSE_T0);
  return {
    store: createPostgresOrderingPauseStore({ db, clock }),
    clock,
    another: async () => createPostgresOrderingPauseStore({ db: other, clock }),
    audit: async () =>
      (await db.$client.query<{ action: string; actor_id: string | null; detail: string | null }>('select action, actor_id, detail from audit_log order by id')).rows.map(
        (r) => ({ action: r.action, actorId: r.actor_id === null ? null : Number(r.actor_id), detail: r.detail }),
      ),
  };
});

describe('ordering pause on PostgreSQL, two connections at once', () => {
  it('starts one pause when the provider and an administrator pause together, audited once', async () => {
    for (let round = 0; round < 5; round++) {
      await db.$client.query('truncate app_state, audit_log restart identity');
      const clock = createManualClock(PAUSE_T0);
      const [a, b] = await Promise.all([
        createPostgresOrderingPauseStore({ db, clock }).pause({ source: 'provider', reason: 'key disabled', by: null }),
        createPostgresOrderingPauseStore({ db: other, clock }).pause({ source: 'admin', reason: 'wallet audit', by: 1001 }),
      ]);
      expect([a.started, b.started].sort()).toEqual([false, true]);
      expect(a.pause).toEqual(b.pause);
      expect((await db.$client.query("select 1 from audit_log where action = 'ordering.paused'")).rowCount).toBe(1);
    }
  });
});
