import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { HealthStore } from '../db/health-store.js';
import { ORDER_STATES } from '../domain/order-states.js';
import type { Exchange } from '../provider/http.js';
import { registerOperationsMetrics, type OperationsReadings } from './operations-metrics.js';

/**
 * Everything /metrics shows, in one prom-client registry of our own (never
 * the global one, so two instances in one test process do not collide).
 * Counters are fed by hooks that only observe; the gauges that describe the
 * database (orders by state, outbox backlog) are read from SQLite at scrape
 * time, so they are right after a restart too. Labels are bounded: an
 * endpoint is its path with ids replaced, a status is a number or a failure
 * kind, never anything a request carried.
 */
export interface Metrics {
  registry: Registry;
  /** For the provider client's onExchange. */
  providerExchange(exchange: Exchange): void;
  updateHandled(): void;
  handlerFailed(): void;
  /** A webhook post refused for a wrong or missing secret token. */
  webhookRefused(): void;
  /** For the notification sender: a notification went out, created when the provider's outcome was seen. */
  notificationSent(sent: { kind: string; createdAt: number; sentAt: number }): void;
}

/** Path segments that name a collection; anything else in a path is an id. */
const FIXED_SEGMENTS = new Set(['products', 'categories', 'orders', 'wallet', 'balance', 'transactions']);

/** '/orders/GD-123' -> '/orders/:id', so that every order does not become a series of its own. */
export function endpointOf(path: string): string {
  return path
    .split('/')
    .map((segment) => (segment === '' || FIXED_SEGMENTS.has(segment) ? segment : ':id'))
    .join('/');
}

export function createMetrics(deps: { store: Pick<HealthStore, 'ordersByState' | 'pendingNotifications'>; defaultMetrics?: boolean; operations?: OperationsReadings; instance?: string }): Metrics {
  const registry = new Registry();
  // Every series names its instance: several instances scraped behind one job stay apart.
  if (deps.instance !== undefined) registry.setDefaultLabels({ instance: deps.instance });
  if (deps.defaultMetrics ?? true) collectDefaultMetrics({ register: registry });
  if (deps.operations) registerOperationsMetrics(registry, deps.operations);

  const providerRequests = new Counter({
    name: 'giftdesk_provider_requests_total',
    help: 'Requests to the provider API by endpoint, method and status (or timeout, network, aborted)',
    labelNames: ['endpoint', 'method', 'status'] as const,
    registers: [registry],
  });
  const providerRateLimited = new Counter({
    name: 'giftdesk_provider_rate_limited_total',
    help: 'Provider answers 429 (Too Many Requests), by endpoint',
    labelNames: ['endpoint'] as const,
    registers: [registry],
  });
  const providerDuration = new Histogram({
    name: 'giftdesk_provider_request_duration_seconds',
    help: 'Time from sending a provider request to its answer or failure',
    labelNames: ['endpoint', 'method'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const updatesHandled = new Counter({
    name: 'giftdesk_updates_handled_total',
    help: 'Telegram updates handled (with or without an error)',
    registers: [registry],
  });
  const handlerErrors = new Counter({
    name: 'giftdesk_handler_errors_total',
    help: 'Telegram updates whose handler failed',
    registers: [registry],
  });
  const webhookRefused = new Counter({
    name: 'giftdesk_webhook_refused_total',
    help: 'Webhook posts refused for a wrong or missing secret token (someone guessing, or a stale registration)',
    registers: [registry],
  });
  const deliveryLag = new Histogram({
    name: 'giftdesk_delivery_lag_seconds',
    help: 'From the provider order seen COMPLETED to its codes sent to the chat',
    buckets: [1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1800, 3600],
    registers: [registry],
  });

  new Gauge({
    name: 'giftdesk_orders',
    help: 'Orders in the database by local state',
    labelNames: ['state'] as const,
    registers: [registry],
    // prom-client awaits an async collect before it writes the gauge.
    async collect() {
      const counts = new Map<string, number>(ORDER_STATES.map((state) => [state, 0]));
      for (const row of await deps.store.ordersByState()) counts.set(row.state, row.n);
      for (const [state, n] of counts) this.set({ state }, n);
    },
  });
  new Gauge({
    name: 'giftdesk_outbox_backlog',
    help: 'Notifications not yet sent (codes, outcomes, administrator reports)',
    registers: [registry],
    async collect() {
      this.set(await deps.store.pendingNotifications());
    },
  });

  return {
    registry,
    providerExchange(exchange) {
      const endpoint = endpointOf(exchange.path);
      providerRequests.inc({ endpoint, method: exchange.method, status: String(exchange.outcome) });
      if (exchange.outcome === 429) providerRateLimited.inc({ endpoint });
      providerDuration.observe({ endpoint, method: exchange.method }, exchange.elapsedMs / 1000);
    },
    updateHandled: () => updatesHandled.inc(),
    handlerFailed: () => handlerErrors.inc(),
    webhookRefused: () => webhookRefused.inc(),
    notificationSent(sent) {
      if (sent.kind === 'delivered') deliveryLag.observe(Math.max(0, sent.sentAt - sent.createdAt) / 1000);
    },
  };
}
