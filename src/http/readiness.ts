import type { Clock } from '../clock.js';
import type { HealthStore } from '../db/health-store.js';
import type { RoleHolder } from '../db/roles.js';
import type { OrderingPause } from '../db/ordering-pause-store.js';

/**
 * /healthz and /readyz. Health is "the process answers and so does its
 * database": a failing health check means restart it. Readiness is "staff
 * can order and codes reach them now": a failing check says which part is
 * stuck, for a person or a monitor to act on; restarting does not help a
 * paused provider.
 */

export interface CheckResult {
  ok: boolean;
  /** Plain facts (ages in seconds, counts): never a secret, token or code. */
  [detail: string]: unknown;
}

export interface Report {
  ok: boolean;
  checks: Record<string, CheckResult>;
}

export interface ReadinessLimits {
  /** Telegram must have answered (getMe, getUpdates, getWebhookInfo) or delivered an update within this. */
  telegramSilenceMs: number;
  /** The delivery sweep must have completed within this. */
  sweepLagMs: number;
  /** A notification due longer than this means the sender is not keeping up. */
  outboxOverdueMs: number;
}

const DEFAULT_READINESS_LIMITS: ReadinessLimits = {
  // Long polls return at least every 30 s and the webhook probe runs every 60 s: three misses.
  telegramSilenceMs: 3 * 60_000,
  // The sweep runs every second while idle and every few seconds under load; Retry-After is capped at ten minutes.
  sweepLagMs: 5 * 60_000,
  outboxOverdueMs: 5 * 60_000,
};

export interface ReadinessDeps {
  store: Pick<HealthStore, 'ping' | 'pendingNotifications' | 'overdueNotifications'>;
  clock: Clock;
  /** When this process started: the base for "not yet" before the first contact or sweep. */
  startedAt: number;
  lastTelegramContact: () => number | null;
  lastSweepDone: () => number | null;
  /** Read from the database at every check: a pause made on another instance counts too. */
  orderingPaused: () => Promise<OrderingPause | null>;
  /** Until when the provider's Retry-After holds every request (0 or past: not holding). */
  providerPausedUntil: () => number;
  /** Beyond this wait a staff member is told to come back later instead of being served. */
  interactiveMaxWaitMs: number;
  limits?: ReadinessLimits;
  /**
   * Whether this instance can take updates: in webhook mode while it is not
   * stopping; in polling mode while it polls (holds the polling role) or
   * stands by for it. Absent: not reported.
   */
  updates?: () => { mode: 'webhook' | 'polling'; polling: boolean; stopping: boolean };
  /** Whether this instance does the background work, and which instance does (null: none now). Absent: not reported. */
  background?: () => Promise<{ here: boolean; holder: RoleHolder | null }>;
}

export interface Health {
  healthz(): Promise<Report>;
  readyz(): Promise<Report>;
}

export function createHealth(deps: ReadinessDeps): Health {
  const limits = deps.limits ?? DEFAULT_READINESS_LIMITS;
  const seconds = (ms: number) => Math.round(ms / 100) / 10;

  async function database(): Promise<CheckResult> {
    try {
      await deps.store.ping();
      return { ok: true };
    } catch {
      // The driver's message can quote a path, a host or a statement: the fact is enough here.
      return { ok: false, error: 'the database did not answer' };
    }
  }

  function telegram(now: number): CheckResult {
    const last = deps.lastTelegramContact();
    const silentMs = now - (last ?? deps.startedAt);
    return { ok: last !== null && silentMs <= limits.telegramSilenceMs, lastContactSecondsAgo: last === null ? null : seconds(silentMs) };
  }

  async function provider(now: number): Promise<CheckResult> {
    let pause: OrderingPause | null;
    try {
      pause = await deps.orderingPaused();
    } catch {
      return { ok: false, error: 'the ordering pause could not be read' };
    }
    const waitMs = Math.max(0, deps.providerPausedUntil() - now);
    return {
      ok: pause === null && waitMs <= deps.interactiveMaxWaitMs,
      orderingPaused: pause === null ? false : { source: pause.source, sinceSecondsAgo: seconds(now - pause.since) },
      retryAfterSeconds: seconds(waitMs),
    };
  }

  function poller(now: number): CheckResult {
    const last = deps.lastSweepDone();
    const lagMs = now - (last ?? deps.startedAt);
    return { ok: lagMs <= limits.sweepLagMs, lastSweepSecondsAgo: last === null ? null : seconds(lagMs) };
  }

  async function outbox(now: number): Promise<CheckResult> {
    const due = await deps.store.overdueNotifications(now - limits.outboxOverdueMs);
    return {
      ok: due.n === 0,
      pending: await deps.store.pendingNotifications(),
      overdue: due.n,
      oldestOverdueSeconds: due.oldest === null ? null : seconds(now - due.oldest),
    };
  }

  function updates(): CheckResult | null {
    if (!deps.updates) return null;
    const now = deps.updates();
    if (now.mode === 'webhook') return { ok: !now.stopping, mode: 'webhook', stopping: now.stopping };
    return { ok: !now.stopping, mode: 'polling', stopping: now.stopping, polling: now.polling, standby: !now.polling && !now.stopping };
  }

  async function background(): Promise<CheckResult | null> {
    if (!deps.background) return null;
    try {
      const { here, holder } = await deps.background();
      return { ok: holder !== null, here, holder: holder?.instance ?? null };
    } catch {
      return { ok: false, error: 'the holder of the background work could not be read' };
    }
  }

  const report = (checks: Record<string, CheckResult>): Report => ({ ok: Object.values(checks).every((check) => check.ok), checks });

  return {
    healthz: async () => report({ database: await database() }),
    async readyz() {
      const now = deps.clock.now();
      const db = await database();
      if (!db.ok) return report({ database: db });
      const taking = updates();
      const work = await background();
      // The sweep runs where the background work runs: elsewhere its age says nothing about this instance.
      const sweep = work && work['here'] === false ? { ok: true, elsewhere: true } : poller(now);
      return report({
        database: db,
        telegram: telegram(now),
        provider: await provider(now),
        poller: sweep,
        outbox: await outbox(now),
        ...(taking ? { updates: taking } : {}),
        ...(work ? { background: work } : {}),
      });
    },
  };
}
