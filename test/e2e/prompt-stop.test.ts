import { describe, expect, it } from 'vitest';
import { parseSandboxFaults } from '../../src/sandbox/fault-settings.js';
import { sharedWorld } from './harness.js';
import { waitUntil } from '../support/wait-until.js';

/** Every provider answer takes this long: far past the stop's bound. */
const SLOW_PROVIDER = parseSandboxFaults('latency=25000');

describe('a stop while background reads still wait for the provider', () => {
  const world = sharedWorld({
    process: true,
    waitForCatalog: false,
    sandbox: { faults: SLOW_PROVIDER },
    // One read waits out the whole latency instead of timing out; the wallet watch looks at once and every second.
    env: { PROVIDER_TIMEOUT_MS: '60000', WALLET_WATCH_SECONDS: '1' },
  });

  it('ends the wallet watch’s read of the transactions at once, so the stop (and the work another instance waits for) is not held', async () => {
    await waitUntil(() => world.sandbox.requests.some((r) => r.path.startsWith('/wallet/transactions') && r.status === 0), 'the wallet watch reading the transactions');
    const started = Date.now();
    expect(await world.bot.stop()).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    // Not reported as trouble: the read was ended on purpose.
    expect(world.bot.logs().some((line) => /wallet watch: the newest transactions could not be read/.test(line.msg))).toBe(false);
    expect(world.bot.logs().at(-1)).toMatchObject({ msg: 'giftdesk stopped' });
  });
});
