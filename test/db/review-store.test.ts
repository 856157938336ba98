import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createOrderStore } from '../../src/db/order-store.js';
import { createReviewStore } from '../../src/db/review-store.js';
import { forEachDatabase } from '../support/each-database.js';
import { createManualClock } from '../support/manual-clock.js';
import { intentInput } from '../support/order-fixtures.js';
import { REVIEW_T0, reviewStoreContract } from './contract/review-store.contract.js';
import { notificationKinds, orderAudit } from './contract/seam-rows.js';

forEachDatabase(['orders', 'audit_log', 'notifications'], (label, fresh, another) => {
  reviewStoreContract(label, async () => {
    const database = await fresh();
    const clock = createManualClock(REVIEW_T0);
    return {
      review: createReviewStore({ database, clock }),
      orders: createOrderStore({ database, clock }),
      clock,
      kinds: (orderId) => notificationKinds(database, orderId),
      audit: (orderId) => orderAudit(database, orderId),
    };
  });

  describe(`review on ${label}, two connections at once`, () => {
    it('links one provider order to one of two orders adopted together; the other hears already-linked', async () => {
      const detail = {
        orderId: 9001,
        orderReference: 'A9001',
        amount: 1_250_000,
        status: 'PREPARING',
        createdAt: new Date(REVIEW_T0).toISOString(),
        items: [{ id: 1, productId: 101, regionPropertyId: 5001, quantity: 1, totalAmount: 1_250_000, delivery: null }],
      };
      for (let round = 0; round < 5; round++) {
        const database = await fresh();
        const clock = createManualClock(REVIEW_T0);
        const orders = createOrderStore({ database, clock });
        const waiting: number[] = [];
        for (const key of ['a', 'b']) {
          const opened = await orders.openIntent(intentInput({ confirmKey: key, fingerprint: key }));
          await orders.claimForPlacing(opened.order.id, 1);
          await orders.transition({ id: opened.order.id, from: 'placing', to: 'needs_review', set: { nextCheckAt: null }, audit: { actorId: null, action: 'order.needs_review' } });
          waiting.push(opened.order.id);
        }
        const results = await Promise.all([
          createReviewStore({ database, clock }).settleReview({ orderId: waiting[0]!, actorId: 1001, decision: { kind: 'adopt', providerOrder: detail } }),
          createReviewStore({ database: another(), clock }).settleReview({ orderId: waiting[1]!, actorId: 1002, decision: { kind: 'adopt', providerOrder: detail } }),
        ]);
        expect(results.map((r) => r.kind).sort()).toEqual(['already-linked', 'settled']);
        const { orders: table } = database.tables;
        expect(await database.q.$count(table, eq(table.providerOrderId, 9001))).toBe(1);
      }
    });
  });
});
