import { describe, expect, it } from 'vitest';
import { parseSandboxFaults } from '../../src/sandbox/fault-settings.js';
import type { LogLine } from '../support/bot-process.js';
import { waitUntil } from '../support/wait-until.js';
import { ADMIN, sharedWorld } from './harness.js';

/** Long enough that the first catalog read is still waiting when each test ends. */
const SLOW_CATALOG = parseSandboxFaults('catalog_latency=25000');
// One catalog request waits out the whole latency instead of timing out and retrying.
const PATIENT = { PROVIDER_TIMEOUT_MS: '60000' };

const synced = (line: LogLine) => line['component'] === 'catalog' && line.msg === 'catalog synced';

describe('start-up while the first catalog sync is still running', () => {
  const world = sharedWorld({ process: true, waitForCatalog: false, sandbox: { faults: SLOW_CATALOG }, env: PATIENT });

  it('answers /start before the catalog has arrived', async () => {
    world.telegram.sendText(ADMIN, '/start');
    await world.telegram.waitForMessage(ADMIN.id, /Through giftdesk you order gift cards/);
    expect(world.bot.logs().some(synced)).toBe(false);
    // The sync may begin a moment after polling does: what matters is that it is under way and unanswered.
    await waitUntil(() => world.sandbox.requests.some((r) => r.path === '/products/categories' && r.status === 0), 'the first catalog read waiting on the provider');
    expect(world.bot.logs().some(synced)).toBe(false);
  });

  it('says at /order that the catalog is still loading, instead of an empty menu', async () => {
    world.telegram.sendText(ADMIN, '/order');
    // After a short wait for the sync under way, which here takes far longer.
    await world.telegram.waitForMessage(ADMIN.id, 'The catalog is still loading from the provider. Please send /order again in a minute.', { timeoutMs: 10_000 });
    expect(world.telegram.messages(ADMIN.id).some((m) => /catalog is empty/.test(m.text))).toBe(false);
  });

  it('stops promptly on SIGTERM while the catalog read still waits for the provider', async () => {
    const started = Date.now();
    expect(await world.bot.stop()).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(world.bot.logs().some((line) => line.msg.startsWith('catalog sync failed'))).toBe(false);
    // Written after everything closed: the last line of the run.
    expect(world.bot.logs().at(-1)).toMatchObject({ msg: 'giftdesk stopped', ms: expect.any(Number) });
  });
});

describe('a restart with a catalog already stored', () => {
  const world = sharedWorld({ process: true, waitForCatalog: false, env: PATIENT });

  it('offers the stored catalog at /order while the refresh still runs', async () => {
    await world.bot.waitForLog(synced);
    await world.bot.stop();
    world.sandbox.controls.setCatalogLatency(25_000);
    await world.restart();

    world.telegram.sendText(ADMIN, '/order');
    await world.telegram.waitForMessage(ADMIN.id, /Choose a category/);
    expect(world.bot.logs().some(synced)).toBe(false);
  });
});

describe('SANDBOX_FAULTS in sandbox mode', () => {
  const world = sharedWorld({ process: true, inProcessSandbox: true, waitForCatalog: false, env: { ...PATIENT, SANDBOX_FAULTS: 'catalog_latency=25000' } });

  it('slows the built-in sandbox’s catalog as set, so /order finds the catalog still loading', async () => {
    await world.bot.waitForLog('SANDBOX_FAULTS: the sandbox provider makes trouble on purpose');
    world.telegram.sendText(ADMIN, '/order');
    await world.telegram.waitForMessage(ADMIN.id, /The catalog is still loading/, { timeoutMs: 10_000 });
  });
});

describe('a first catalog sync that ends within moments of the start', () => {
  const world = sharedWorld({ waitForCatalog: false, sandbox: { faults: parseSandboxFaults('catalog_latency=200') } });

  it('waits for it at /order and shows the menu, rather than asking to come back in a minute', async () => {
    world.telegram.sendText(ADMIN, '/order');
    await world.telegram.waitForMessage(ADMIN.id, /Choose a category/, { timeoutMs: 10_000 });
    expect(world.telegram.messages(ADMIN.id).some((m) => /still loading/.test(m.text))).toBe(false);
  });
});

