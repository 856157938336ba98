import { createHash } from 'node:crypto';
import type { AdminAlerts } from '../alerts/admin-alerts.js';
import { withBalanceWatch, type LowBalanceWatch } from '../alerts/low-balance.js';
import { withPriceRecording } from '../catalog/price-cache.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { CatalogStore } from '../db/catalog-store.js';
import type { Metrics } from '../http/metrics.js';
import type { Logger } from '../logger.js';
import type { OrderingPauseStore } from '../db/ordering-pause-store.js';
import { withPauseOnRefusal } from '../orders/pause-on-refusal.js';
import { createProviderClient, type ProviderClient } from '../provider/client.js';
import type { RateBudgetStore } from '../db/rate-budget-store.js';
import { budgetShape, createRateLimiter, type RateLimiter } from '../provider/rate-limit.js';
import { CONTRACT_LIMITS } from '../provider/schemas.js';
import { withSharedReads } from '../provider/shared-reads.js';
import { formatId, formatNumber } from '../text/format.js';
import type { Translate } from '../text/i18n.js';
import type { Locale } from '../text/i18n.js';

/**
 * The provider as the rest of giftdesk sees it, composed in one visible
 * place, innermost first:
 *  1. the HTTP client, under one request budget shared by everything;
 *  2. a refusal of our key or IP (401/403) pauses ordering and tells administrators;
 *  3. every product detail read records its prices for the product lists;
 *  4. every balance read feeds the low-balance alert.
 */
export function composeProvider(deps: {
  config: Pick<Config, 'providerTimeoutMs' | 'providerOrderTimeoutMs' | 'providerRequestsPerSecond'>;
  baseUrl: string;
  apiKey: string;
  catalog: Pick<CatalogStore, 'recordPrice'>;
  pauses: Pick<OrderingPauseStore, 'pause'>;
  lowBalance: Pick<LowBalanceWatch, 'observe'>;
  alerts: Pick<AdminAlerts, 'alert'>;
  translate: (locale: Locale) => Translate;
  metrics: Pick<Metrics, 'providerExchange'>;
  clock: Clock;
  /** The client's own: its budget, waits and retries. */
  providerClock: Clock;
  logger: Logger;
  /** The provider's request budget: when other instances share it, every token and pause goes through it. */
  rateBudget?: RateBudgetStore;
}): { provider: ProviderClient; limiter: RateLimiter } {
  const { config, alerts, translate, clock, logger } = deps;
  const limiter = createRateLimiter({
    requestsPerSecond: config.providerRequestsPerSecond,
    ...budgetShape(config.providerRequestsPerSecond, CONTRACT_LIMITS.requestsPerSecond),
    clock: deps.providerClock,
    ...(deps.rateBudget?.sharedAcrossInstances
      ? {
          shared: {
            store: deps.rateBudget,
            key: budgetKey(deps.baseUrl, deps.apiKey),
            onHoldError: (error: unknown) => logger.warn({ err: error }, 'the provider pause could not be shared with other instances'),
          },
        }
      : {}),
  });
  const client = createProviderClient({
    baseUrl: deps.baseUrl,
    apiKey: deps.apiKey,
    timeoutMs: config.providerTimeoutMs,
    placeOrderTimeoutMs: config.providerOrderTimeoutMs,
    limiter,
    clock: deps.providerClock,
    logger: logger.child({ component: 'provider' }),
    onExchange: (exchange) => deps.metrics.providerExchange(exchange),
    onRetryAfterClamped: (report) =>
      void alerts.alert('provider-retry-after-clamped', (locale) =>
        translate(locale)('provider-retry-after-clamped-alert', {
          requested: formatNumber(Math.round(report.requestedMs / 1000), locale),
          applied: formatNumber(Math.round(report.appliedMs / 60_000), locale),
        }),
      ),
  });
  const pausing = withPauseOnRefusal(withSharedReads(client), {
    pauses: deps.pauses,
    // Every pause is news: quietMs 0, the switch itself makes sure each is announced once.
    onPaused: (pause, status) =>
      void alerts.alert(
        'ordering-paused',
        (locale) =>
          translate(locale)('ordering-paused-alert', {
            status: status === null || status === undefined ? '?' : formatId(status, locale),
            reason: pause.reason ?? translate(locale)('ordering-pause-no-reason'),
          }),
        { quietMs: 0 },
      ),
    logger: logger.child({ component: 'orders' }),
  });
  const recording = withPriceRecording(pausing, deps.catalog, clock);
  return { provider: withBalanceWatch(recording, deps.lowBalance), limiter };
}

/**
 * The provider counts requests per API key: one budget per key and
 * address. A digest, so that the key itself is never written to the database.
 */
export function budgetKey(baseUrl: string, apiKey: string): string {
  return createHash('sha256').update(`${baseUrl}\n${apiKey}`).digest('hex').slice(0, 32);
}
