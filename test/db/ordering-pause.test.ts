import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrderingPauseStore } from '../../src/db/ordering-pause-store.js';
import { forEachDatabase } from '../support/each-database.js';
import { createManualClock } from '../support/manual-clock.js';
import { orderingPauseContract, PAUSE_T0 } from './contract/ordering-pause.contract.js';

forEachDatabase(['app_state', 'audit_log'], (label, fresh, another) => {
  orderingPauseContract(label, async () => {
    const database = await fresh();
    const clock = createManualClock(PAUSE_T0);
    const { auditLog } = database.tables;
    return {
      store: createOrderingPauseStore({ database, clock }),
      clock,
      another: async () => createOrderingPauseStore({ database: another(), clock }),
      audit: () => database.q.select({ action: auditLog.action, actorId: auditLog.actorId, detail: auditLog.detail }).from(auditLog).orderBy(asc(auditLog.id)),
    };
  });

  describe(`ordering pause on ${label}, two connections at once`, () => {
    it('starts one pause when the provider and an administrator pause together, audited once', async () => {
      for (let round = 0; round < 5; round++) {
        const database = await fresh();
        const clock = createManualClock(PAUSE_T0);
        const [a, b] = await Promise.all([
          createOrderingPauseStore({ database, clock }).pause({ source: 'provider', reason: 'key disabled', by: null }),
          createOrderingPauseStore({ database: another(), clock }).pause({ source: 'admin', reason: 'wallet audit', by: 1001 }),
        ]);
        expect([a.started, b.started].sort()).toEqual([false, true]);
        expect(a.pause).toEqual(b.pause);
        const { auditLog } = database.tables;
        expect(await database.q.$count(auditLog, eq(auditLog.action, 'ordering.paused'))).toBe(1);
      }
    });
  });
});
