import { z } from 'zod';
import type { Clock } from '../clock.js';
import type { AppStateStore } from '../db/app-state-store.js';
import type { Logger } from '../logger.js';
import type { OrderService } from '../orders/order-service.js';
import type { ProviderClient } from '../provider/client.js';
import type { ListedSetting } from '../settings/settings-registry.js';
import type { Settings } from '../settings/settings-view.js';
import { defineSetting, type SettingChange } from '../db/settings-store.js';
import type { Locale } from '../text/i18n.js';
import type { AdminAlerts } from './admin-alerts.js';
import { showAmount, type ReaderView } from '../text/presentation.js';
import type { Runway } from '../runway/forecast.js';
import { runwayText } from '../runway/runway-text.js';

/** The wallet balance below which administrators are told; null: no alert. */
export const LOW_BALANCE_THRESHOLD = defineSetting('low-balance.threshold', z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable(), null);

/** Once low, the balance must rise this share above the threshold before a new drop is news: a balance hovering at the line does not alert on every order. */
export const LOW_BALANCE_MARGIN = 0.1;
/** While the balance stays low, one reminder a day at most. */
export const LOW_BALANCE_REMINDER_MS = 24 * 60 * 60 * 1000;

const STATE_KEY = 'low-balance.state';
const stateSchema = z.object({ low: z.boolean(), alertedAt: z.number().nullable() });
type LowBalanceState = z.infer<typeof stateSchema>;
const QUIET: LowBalanceState = { low: false, alertedAt: null };

type LowBalanceAlert = 'fell' | 'reminder';

/** The administrators' alert, in one reader's language. */
export function lowBalanceAlertText(v: Pick<ReaderView, 't' | 'locale' | 'amountUnit' | 'timeZone'>, alert: LowBalanceAlert, figures: LowBalanceFigures): string {
  const line = v.t(alert === 'fell' ? 'low-balance-fell-alert' : 'low-balance-reminder-alert', {
    balance: showAmount(v, figures.balance),
    threshold: showAmount(v, figures.threshold),
  });
  // "Low" says little without "when": the runway says how many days are left to top it up.
  return figures.runway ? `${line}\n${runwayText(v, figures.runway)}` : line;
}

/** What the alert reports; the runway when the wallet's pace is known. */
export interface LowBalanceFigures {
  balance: number;
  threshold: number;
  runway?: Runway | null;
}

/** What a balance just read means, given the state so far. Pure, for the tests. */
function judgeBalance(state: LowBalanceState, threshold: number | null, balance: number, now: number): { next: LowBalanceState; alert: LowBalanceAlert | null } {
  if (threshold === null) return { next: QUIET, alert: null };
  if (balance < threshold) {
    if (!state.low) return { next: { low: true, alertedAt: now }, alert: 'fell' };
    if (state.alertedAt === null || now - state.alertedAt >= LOW_BALANCE_REMINDER_MS) return { next: { low: true, alertedAt: now }, alert: 'reminder' };
    return { next: state, alert: null };
  }
  if (state.low && balance >= Math.ceil(threshold * (1 + LOW_BALANCE_MARGIN))) return { next: QUIET, alert: null };
  return { next: state, alert: null };
}

export interface LowBalanceWatch {
  /** A balance just read from the provider; alerts administrators when it is news. Never throws. */
  observe(balance: number): Promise<void>;
  /** When a balance was last observed (epoch ms), so the periodic check reads one only when none came by. */
  lastObservedAt(): number | null;
  /** The balance last observed and when, for /metrics; null until one was read since the start. */
  lastObserved(): { balance: number; at: number } | null;
  threshold(): number | null;
  /** null turns the alert off. Audited by the settings store. */
  setThreshold(value: number | null, actorId: number): Promise<SettingChange<number | null>>;
}

export function createLowBalanceWatch(deps: {
  state: Pick<AppStateStore, 'update'>;
  clock: Clock;
  settings: Settings;
  alerts: Pick<AdminAlerts, 'alert'>;
  render: (locale: Locale, alert: LowBalanceAlert, figures: LowBalanceFigures) => string;
  /** How long a balance lasts at the recent pace (src/runway/); absent, the alert does not say. */
  runway?: (balance: number) => Promise<Runway | null>;
  logger: Logger;
}): LowBalanceWatch {
  const { clock, settings } = deps;
  let observed: { balance: number; at: number } | null = null;

  /** Reads and moves the state in one transaction, so two balances read together announce one drop. */
  const step = (balance: number): Promise<{ alert: LowBalanceAlert | null; threshold: number | null }> => {
    // Read before the transaction: only the state's own statements may run inside it.
    const threshold = settings.read(LOW_BALANCE_THRESHOLD);
    return deps.state.update<unknown, { alert: LowBalanceAlert | null; threshold: number | null }>(STATE_KEY, (current) => {
      const stored = stateSchema.safeParse(current);
      const state = stored.success ? stored.data : QUIET;
      const { next, alert } = judgeBalance(state, threshold, balance, clock.now());
      const changed = JSON.stringify(next) !== JSON.stringify(state);
      return changed ? { next, result: { alert, threshold } } : { result: { alert, threshold } };
    });
  };

  return {
    async observe(balance) {
      observed = { balance, at: clock.now() };
      try {
        const { alert, threshold } = await step(balance);
        if (alert === null || threshold === null) return;
        deps.logger.warn({ balance, threshold, alert }, 'wallet balance below the low-balance threshold');
        const runway = await deps.runway?.(balance).catch(() => null);
        // quietMs 0: the stored state already decides how often this is said.
        await deps.alerts.alert('low-balance', (locale) => deps.render(locale, alert, { balance, threshold, runway: runway ?? null }), { quietMs: 0 });
      } catch (error) {
        deps.logger.error({ err: error instanceof Error ? error.name : String(error) }, 'low-balance check failed');
      }
    },
    lastObservedAt: () => observed?.at ?? null,
    lastObserved: () => observed,
    threshold: () => settings.read(LOW_BALANCE_THRESHOLD),
    setThreshold: (value, actorId) => settings.write(LOW_BALANCE_THRESHOLD, value, actorId),
  };
}

/** The provider, with every balance it reads handed to the watch: the summary's and /balance's reads cost no extra request. */
export function withBalanceWatch(provider: ProviderClient, watch: Pick<LowBalanceWatch, 'observe'>): ProviderClient {
  return {
    ...provider,
    async getBalance(options) {
      const read = await provider.getBalance(options);
      void watch.observe(read.balance);
      return read;
    },
  };
}

/**
 * The periodic check: reads the balance only when no one did for
 * `maxAgeMs`, at background priority, so staff requests go first and a busy
 * team costs no request at all.
 */
export function createLowBalanceCheck(deps: {
  watch: Pick<LowBalanceWatch, 'lastObservedAt' | 'threshold'>;
  provider: Pick<ProviderClient, 'getBalance'>;
  clock: Clock;
  maxAgeMs: number;
}): () => Promise<void> {
  return async () => {
    if (deps.watch.threshold() === null) return;
    const last = deps.watch.lastObservedAt();
    if (last !== null && deps.clock.now() - last < deps.maxAgeMs) return;
    // A failure is the loop's to log; the next period tries again.
    await deps.provider.getBalance({ priority: 'background' });
  };
}

/** The threshold as /settings lists it. */
export function lowBalanceSetting(watch: Pick<LowBalanceWatch, 'threshold'>): ListedSetting {
  return {
    labelKey: 'settings-low-balance',
    show: (v) => {
      const value = watch.threshold();
      return value === null ? v.t('settings-off') : showAmount(v, value);
    },
    how: ({ t }) => t('settings-low-balance-how'),
  };
}

/**
 * The order service, reading the balance once after each order that may
 * have been charged, so a drop is noticed at the order that caused it.
 * Background priority: the staff member's own next step goes first.
 */
/** A batch's orders read the balance for the low-balance watch at most this often. */
const BATCH_BALANCE_READ_MS = 10_000;

export function withBalanceCheckAfterOrders<S extends Pick<OrderService, 'createIntentAndPlace'>>(
  orders: S,
  provider: Pick<ProviderClient, 'getBalance'>,
  logger: Logger,
): S {
  let lastBatchRead = -Infinity;
  return {
    ...orders,
    async createIntentAndPlace(input) {
      const result = await orders.createIntentAndPlace(input);
      // A batch's orders follow one another within a second: one read every BATCH_BALANCE_READ_MS tells the watch as much as one per order, at a fraction of the shared budget.
      if (input.batch) {
        const now = performance.now();
        if (now - lastBatchRead < BATCH_BALANCE_READ_MS) return result;
        lastBatchRead = now;
      }
      if (result.kind === 'placed' || result.kind === 'unknown' || result.kind === 'accepted-unrecorded') {
        provider.getBalance({ priority: 'background' }).catch((error: unknown) => {
          logger.warn({ err: error instanceof Error ? error.name : String(error) }, 'balance after an order could not be read');
        });
      }
      return result;
    },
  };
}
