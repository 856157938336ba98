import { describe, expect, it } from 'vitest';
import { decodeAuditDetail } from '../../src/db/audit-log.js';
import { createOrderStore } from '../../src/db/order-store.js';
import { postgresOwnerLocks } from '../../src/db/postgres/owner-lock.js';
import type { Database } from '../../src/db/seam/database.js';
import { forEachDatabase } from '../support/each-database.js';
import { intentInput } from '../support/order-fixtures.js';
import { orderStoreContract } from './contract/order-store.contract.js';
import { insertBatch, notificationKinds, orderAudit } from './contract/seam-rows.js';
import { steppingClock } from './contract/subjects.js';

/** PostgreSQL's owner locks where instances share it; none on SQLite, as stores.ts wires them. */
const ownersOf = (database: Database) => (database.kind === 'postgresql' ? postgresOwnerLocks(null) : null);

forEachDatabase(['orders', 'audit_log', 'notifications', 'batches'], (label, fresh, another) => {
  orderStoreContract(label, async () => {
    const database = await fresh();
    const clock = steppingClock();
    return {
      clock,
      store: createOrderStore({ database, clock, owners: ownersOf(database) }),
      audit: async (orderId) => (await orderAudit(database, orderId)).map(({ action, amount, actorId }) => ({ action, amount, actorId })),
      auditFacts: async (orderId) =>
        (await orderAudit(database, orderId)).map((row) => {
          const detail = decodeAuditDetail(row.detail);
          return detail?.kind === 'facts' ? detail.facts : null;
        }),
      batch: () => insertBatch(database),
      notifications: (orderId) => notificationKinds(database, orderId),
    };
  });

  describe(`order store on ${label}, two connections at once`, () => {
    const pair = async () => {
      const database = await fresh();
      const second = another();
      return {
        database,
        one: createOrderStore({ database, clock: steppingClock(), owners: ownersOf(database) }),
        two: createOrderStore({ database: second, clock: steppingClock(), owners: ownersOf(second) }),
      };
    };

    it('puts exactly one of two different intents in flight; the other is busy and closed unsent', async () => {
      for (let round = 0; round < 5; round++) {
        const { database, one, two } = await pair();
        const a = await one.openIntent(intentInput({ confirmKey: `a${round}`, fingerprint: 'fa' }));
        const b = await two.openIntent(intentInput({ confirmKey: `b${round}`, fingerprint: 'fb' }));
        const claims = await Promise.all([one.claimForPlacing(a.order.id, 1), two.claimForPlacing(b.order.id, 1)]);
        expect(claims.map((c) => c.kind).sort()).toEqual(['busy', 'placing']);
        const { orders } = database.tables;
        const states = (await database.q.select({ state: orders.state }).from(orders)).map((r) => r.state).sort();
        expect(states).toEqual(['not_placed', 'placing']);
      }
    });

    it('saves one order for two confirmations with the same key; the other hears already-confirmed', async () => {
      for (let round = 0; round < 5; round++) {
        const { database, one, two } = await pair();
        const results = await Promise.all([one.openIntent(intentInput({ confirmKey: 'same' })), two.openIntent(intentInput({ confirmKey: 'same' }))]);
        expect(results.map((r) => r.kind).sort()).toEqual(['already-confirmed', 'created']);
        expect(results[0].order.id).toBe(results[1].order.id);
        expect(await database.q.$count(database.tables.orders)).toBe(1);
      }
    });
  });
});
