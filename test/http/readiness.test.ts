import { describe, expect, it } from 'vitest';
import { createHealthStore } from '../../src/db/health-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { notifications } from '../../src/db/schema.js';
import { createHealth, type ReadinessDeps } from '../../src/http/readiness.js';
import type { OrderingPause } from '../../src/db/ordering-pause-store.js';
import { openedOrder, orderRepoWorld } from '../support/order-fixtures.js';

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
const MINUTE = 60_000;

/** A process started at T0 that heard from Telegram and finished a sweep at T0, unless told otherwise. */
function readiness(overrides: Partial<ReadinessDeps> = {}) {
  const world = orderRepoWorld(T0);
  const signals = { telegram: T0 as number | null, sweep: T0 as number | null, pause: null as OrderingPause | null, providerPausedUntil: 0 };
  const health = createHealth({
    store: createHealthStore({ database: databaseOf(world.db) }),
    clock: world.clock,
    startedAt: T0,
    lastTelegramContact: () => signals.telegram,
    lastSweepDone: () => signals.sweep,
    orderingPaused: async () => signals.pause,
    providerPausedUntil: () => signals.providerPausedUntil,
    interactiveMaxWaitMs: 8_000,
    ...overrides,
  });
  return { ...world, health, signals };
}

describe('readiness', () => {
  it('says whether this instance takes updates, and which instance holds the background work', async () => {
    let taking = { mode: 'polling' as const, polling: false, stopping: false };
    let holder: { here: boolean; holder: { instance: string; host: string; pid: number; since: number } | null } = { here: false, holder: { instance: 'other', host: 'h', pid: 2, since: T0 } };
    const { health, clock } = readiness({ updates: () => taking, background: async () => holder });
    // A standby: ready, and the sweep's age is not its concern while another instance sweeps.
    clock.advance(10 * MINUTE);
    expect(await health.readyz()).toMatchObject({
      checks: { updates: { ok: true, mode: 'polling', polling: false, standby: true }, background: { ok: true, here: false, holder: 'other' }, poller: { ok: true, elsewhere: true } },
    });
    taking = { ...taking, stopping: true };
    expect(await health.readyz()).toMatchObject({ ok: false, checks: { updates: { ok: false, stopping: true, standby: false } } });
    holder = { here: false, holder: null };
    expect(await health.readyz()).toMatchObject({ ok: false, checks: { background: { ok: false, holder: null } } });
  });

  it('is ready when Telegram answered, the sweep ran and nothing waits', async () => {
    const { health } = readiness();
    expect(await health.readyz()).toMatchObject({ ok: true });
  });

  it('is not ready before Telegram has answered once', async () => {
    const { health, signals } = readiness();
    signals.telegram = null;
    expect(await health.readyz()).toMatchObject({ ok: false, checks: { telegram: { ok: false, lastContactSecondsAgo: null } } });
  });

  it('is not ready once Telegram has been silent for more than three minutes', async () => {
    const { health, clock } = readiness();
    clock.advance(3 * MINUTE);
    expect((await health.readyz()).checks['telegram']?.ok).toBe(true);
    clock.advance(1_000);
    expect(await health.readyz()).toMatchObject({ ok: false, checks: { telegram: { ok: false, lastContactSecondsAgo: 181 } } });
  });

  it('is not ready while the delivery sweep has not completed for more than five minutes', async () => {
    const { health, clock, signals } = readiness();
    clock.advance(5 * MINUTE + 1_000);
    signals.telegram = clock.now();
    expect(await health.readyz()).toMatchObject({ ok: false, checks: { poller: { ok: false, lastSweepSecondsAgo: 301 }, telegram: { ok: true } } });
  });

  it('is not ready while ordering is paused, and says since when and by whom', async () => {
    const { health, clock, signals } = readiness();
    signals.pause = { source: 'provider', reason: 'IP not allowed', since: T0, by: null };
    clock.advance(30_000);
    signals.telegram = signals.sweep = clock.now();
    expect(await health.readyz()).toMatchObject({ ok: false, checks: { provider: { ok: false, orderingPaused: { source: 'provider', sinceSecondsAgo: 30 } } } });
  });

  it('is not ready while the provider asks us to wait longer than a person waits, and ready for a short wait', async () => {
    const { health, signals } = readiness();
    signals.providerPausedUntil = T0 + 5_000;
    expect((await health.readyz()).ok).toBe(true);
    signals.providerPausedUntil = T0 + 60_000;
    expect(await health.readyz()).toMatchObject({ ok: false, checks: { provider: { ok: false, retryAfterSeconds: 60 } } });
  });

  it('is not ready while a notification has been due for more than five minutes', async () => {
    const { health, clock, signals, db, repo } = readiness();
    const order = await openedOrder(repo);
    db.insert(notifications)
      .values({ orderId: order.id, kind: 'delivered', status: 'pending', createdAt: new Date(T0), nextAttemptAt: new Date(T0) })
      .run();
    clock.advance(5 * MINUTE);
    signals.telegram = signals.sweep = clock.now();
    expect((await health.readyz()).checks['outbox']).toMatchObject({ ok: true, pending: 1, overdue: 0 });
    clock.advance(1_000);
    signals.telegram = signals.sweep = clock.now();
    expect(await health.readyz()).toMatchObject({ ok: false, checks: { outbox: { ok: false, pending: 1, overdue: 1, oldestOverdueSeconds: 301 } } });
  });

  it('reports health from the database alone', async () => {
    const { health, signals } = readiness();
    signals.telegram = null;
    expect((await health.healthz())).toEqual({ ok: true, checks: { database: { ok: true } } });
  });
});
