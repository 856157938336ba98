import { Gauge, type Registry } from 'prom-client';
import type { Spent } from '../orders/spending-counter.js';
import type { PauseSource } from '../db/ordering-pause-store.js';

/** What an operator alerts on, read at scrape time from the parts that know it. */
export interface OperationsReadings {
  /** The wallet balance last read from the provider and when; null until one was read since the start. */
  lastBalance(): { balance: number; at: number } | null;
  /** Read from the database at every scrape: a pause made on another instance shows too. */
  orderingPaused(): Promise<{ source: PauseSource } | null>;
  /** Spent by all staff together in the local day and month (TIME_ZONE) holding `nowMs`. */
  spent(nowMs: number): Promise<Spent>;
  now(): number;
}

const PAUSE_SOURCES = ['admin', 'provider', 'telegram', 'wallet'] as const;

/**
 * The wallet, the ordering switch and the day's spending as gauges. Amounts
 * are in the provider's unit (AMOUNT_UNIT), like everything giftdesk shows.
 */
export function registerOperationsMetrics(registry: Registry, readings: OperationsReadings): void {
  new Gauge({
    name: 'giftdesk_wallet_balance',
    help: 'Wallet balance last read from the provider (NaN until the first read since the start)',
    registers: [registry],
    collect() {
      // NaN rather than 0: a balance not yet read must not look like an empty wallet to an alert rule.
      this.set(readings.lastBalance()?.balance ?? Number.NaN);
    },
  });
  new Gauge({
    name: 'giftdesk_wallet_balance_read_timestamp_seconds',
    help: 'When giftdesk_wallet_balance was read (0 until the first read since the start)',
    registers: [registry],
    collect() {
      const read = readings.lastBalance();
      this.set(read === null ? 0 : read.at / 1000);
    },
  });
  new Gauge({
    name: 'giftdesk_ordering_paused',
    help: 'Whether ordering is paused (1) or not (0), by who paused it: an administrator, or the provider refusing our key or IP',
    labelNames: ['source'] as const,
    registers: [registry],
    // Asynchronous: prom-client awaits it before reading the gauge.
    async collect() {
      const paused = await readings.orderingPaused();
      for (const source of PAUSE_SOURCES) this.set({ source }, paused?.source === source ? 1 : 0);
    },
  });
  // One read of the day and the month serves both gauges. The registry starts collecting its metrics
  // in the order they were registered, all at once, so 'today' (registered first) starts the read and
  // 'this month' waits for that same read.
  let reading: Promise<Spent> | null = null;
  new Gauge({
    name: 'giftdesk_spent_today',
    help: 'Total of the orders placed since local midnight (TIME_ZONE), counted as spending limits count them',
    registers: [registry],
    async collect() {
      reading = readings.spent(readings.now());
      this.set((await reading).day);
    },
  });
  new Gauge({
    name: 'giftdesk_spent_this_month',
    help: 'Total of the orders placed since the start of the local month (TIME_ZONE, MONTH_CALENDAR), counted as spending limits count them',
    registers: [registry],
    async collect() {
      // Alone (a registry asked for this metric only), it reads for itself.
      const spent = await (reading ?? readings.spent(readings.now()));
      reading = null;
      this.set(spent.month);
    },
  });
}
