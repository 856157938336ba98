import { beforeEach, describe, expect, it } from 'vitest';
import type { HealthStore } from '../../../src/db/health-store.js';
import type { OrderState } from '../../../src/domain/order-states.js';

/** What /healthz, /readyz and /metrics read, whatever database keeps it. */
export interface HealthStoreSubject {
  store: HealthStore;
  addOrder(state: OrderState): Promise<number>;
  addNotification(orderId: number, kind: 'delivered' | 'failed', status: 'pending' | 'sent', nextAttemptAt: number): Promise<void>;
}

const T0 = Date.UTC(2026, 10, 24, 9);

export function healthStoreContract(database: string, fresh: () => Promise<HealthStoreSubject>): void {
  describe(`health readings on ${database}`, () => {
    let s: HealthStoreSubject;
    beforeEach(async () => {
      s = await fresh();
    });

    it('answers a ping', async () => {
      await expect(s.store.ping()).resolves.toBeUndefined();
    });

    it('counts orders by state, as numbers', async () => {
      expect(await s.store.ordersByState()).toEqual([]);
      await s.addOrder('intent');
      await s.addOrder('intent');
      await s.addOrder('completed');
      const counts = (await s.store.ordersByState()).sort((a, b) => a.state.localeCompare(b.state));
      expect(counts).toEqual([
        { state: 'completed', n: 1 },
        { state: 'intent', n: 2 },
      ]);
    });

    it('counts pending notifications, and those overdue with the oldest due time', async () => {
      expect(await s.store.pendingNotifications()).toBe(0);
      expect(await s.store.overdueNotifications(T0)).toEqual({ n: 0, oldest: null });
      const a = await s.addOrder('completed');
      const b = await s.addOrder('failed');
      await s.addNotification(a, 'delivered', 'pending', T0 - 60_000);
      await s.addNotification(b, 'failed', 'pending', T0 + 1);
      await s.addNotification(b, 'delivered', 'sent', T0 - 120_000);
      expect(await s.store.pendingNotifications()).toBe(2);
      expect(await s.store.overdueNotifications(T0)).toEqual({ n: 1, oldest: T0 - 60_000 });
    });
  });
}
