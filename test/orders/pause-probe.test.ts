import { afterEach, describe, expect, it } from 'vitest';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { silentLogger } from '../../src/logger.js';
import { createOrderingPauseStore, type OrderingPause } from '../../src/db/ordering-pause-store.js';
import { createPauseProbe } from '../../src/orders/pause-probe.js';
import { createProviderClient } from '../../src/provider/client.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { createManualClock } from '../support/manual-clock.js';
import { memoryDb } from '../support/memory-db.js';

describe('probe while the provider refuses us', () => {
  const sandboxes: Sandbox[] = [];
  afterEach(async () => {
    await Promise.all(sandboxes.splice(0).map((s) => s.close()));
  });

  async function setup() {
    const sandbox = await createSandbox({ rateLimit: false });
    sandboxes.push(sandbox);
    const clock = createManualClock(Date.UTC(2025, 2, 1));
    const pauses = createOrderingPauseStore({ database: databaseOf(memoryDb()), clock });
    const told: OrderingPause[] = [];
    const probe = createPauseProbe({
      pauses,
      provider: createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1000, maxAttempts: 1 }),
      onAnswering: async (pause) => {
        told.push(pause);
      },
      logger: silentLogger,
    });
    const reads = () => sandbox.requests.filter((r) => r.path === '/wallet/balance').length;
    return { sandbox, clock, pauses, probe, told, reads };
  }

  it('reads nothing while ordering is open or paused by an administrator', async () => {
    const { pauses, probe, reads } = await setup();
    await probe();
    await pauses.pause({ source: 'admin', reason: null, by: 1001 });
    await probe();
    expect(reads()).toBe(0);
  });

  it('tells once, and keeps ordering paused, when the provider answers again', async () => {
    const { sandbox, pauses, probe, told } = await setup();
    sandbox.controls.setForbidden(true);
    const { pause } = await pauses.pause({ source: 'provider', reason: 'key disabled', by: null });
    await probe();
    expect(told).toHaveLength(0);

    sandbox.controls.setForbidden(false);
    await probe();
    await probe();
    expect(told).toEqual([pause]);
    expect(await pauses.current()).toEqual(pause);
  });

  it('tells again for a later pause', async () => {
    const { clock, pauses, probe, told } = await setup();
    await pauses.pause({ source: 'provider', reason: 'key disabled', by: null });
    await probe();
    await pauses.resume(1001);
    clock.advance(1_000);
    await pauses.pause({ source: 'provider', reason: 'IP not allowed', by: null });
    await probe();
    expect(told.map((p) => p.reason)).toEqual(['key disabled', 'IP not allowed']);
  });
});
