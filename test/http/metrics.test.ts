import { describe, expect, it } from 'vitest';
import { createHealthStore } from '../../src/db/health-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createMetrics, endpointOf } from '../../src/http/metrics.js';
import { openedOrder, orderRepoWorld } from '../support/order-fixtures.js';

describe('metrics', () => {
  it('names an endpoint by its path with ids replaced', () => {
    expect(endpointOf('/orders/GD-123')).toBe('/orders/:id');
    expect(endpointOf('/orders')).toBe('/orders');
    expect(endpointOf('/products/categories')).toBe('/products/categories');
    expect(endpointOf('/products/42')).toBe('/products/:id');
    expect(endpointOf('/wallet/transactions/9')).toBe('/wallet/transactions/:id');
  });

  it('labels every series with the instance, so that several instances scraped together stay apart', async () => {
    const { db } = orderRepoWorld(0);
    const metrics = createMetrics({ store: createHealthStore({ database: databaseOf(db) }), defaultMetrics: false, instance: 'pod-a' });
    metrics.providerExchange({ method: 'GET', path: '/orders/17', outcome: 200, elapsedMs: 30 });
    const text = await metrics.registry.metrics();
    expect(text).toContain('giftdesk_provider_requests_total{endpoint="/orders/:id",method="GET",status="200",instance="pod-a"} 1');
    expect(text).toMatch(/giftdesk_orders\{[^}]*instance="pod-a"/);
  });

  it('counts provider requests by endpoint and status, and 429s on their own', async () => {
    const { db } = orderRepoWorld(0);
    const metrics = createMetrics({ store: createHealthStore({ database: databaseOf(db) }), defaultMetrics: false });
    metrics.providerExchange({ method: 'GET', path: '/orders/17', outcome: 200, elapsedMs: 30 });
    metrics.providerExchange({ method: 'GET', path: '/orders/18', outcome: 429, elapsedMs: 5 });
    metrics.providerExchange({ method: 'POST', path: '/orders', outcome: 'timeout', elapsedMs: 30_000 });

    const text = await metrics.registry.metrics();
    expect(text).toContain('giftdesk_provider_requests_total{endpoint="/orders/:id",method="GET",status="200"} 1');
    expect(text).toContain('giftdesk_provider_requests_total{endpoint="/orders/:id",method="GET",status="429"} 1');
    expect(text).toContain('giftdesk_provider_requests_total{endpoint="/orders",method="POST",status="timeout"} 1');
    expect(text).toContain('giftdesk_provider_rate_limited_total{endpoint="/orders/:id"} 1');
  });

  it('measures delivery lag only for codes sent, from the completion seen to the message sent', async () => {
    const { db } = orderRepoWorld(0);
    const metrics = createMetrics({ store: createHealthStore({ database: databaseOf(db) }), defaultMetrics: false });
    metrics.notificationSent({ kind: 'delivered', createdAt: 1_000, sentAt: 4_000 });
    metrics.notificationSent({ kind: 'failed', createdAt: 1_000, sentAt: 900_000 });

    const text = await metrics.registry.metrics();
    expect(text).toContain('giftdesk_delivery_lag_seconds_sum 3');
    expect(text).toContain('giftdesk_delivery_lag_seconds_count 1');
  });

  it('reads orders by state from the database at scrape time, every state listed', async () => {
    const { db, repo } = orderRepoWorld(0);
    const metrics = createMetrics({ store: createHealthStore({ database: databaseOf(db) }), defaultMetrics: false });
    await openedOrder(repo);
    await openedOrder(repo, { confirmKey: 'second-key' });

    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^giftdesk_orders\{state="intent"\} 2$/m);
    expect(text).toMatch(/^giftdesk_orders\{state="completed"\} 0$/m);
  });
});
