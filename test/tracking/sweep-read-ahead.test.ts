import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/logger.js';
import type { ProviderClient } from '../../src/provider/client.js';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import { createDeliveryPoller } from '../../src/tracking/poller.js';
import { SWEEP } from '../../src/tracking/sweep-plan.js';
import { clientFor } from '../provider/setup.js';
import { waitUntil } from '../support/wait-until.js';
import { MINUTE, pollerWorld, sqlitePollerStores, type PollerWorld } from './poller-world.js';

/** Orders that complete 30 s after they are placed, all at once. */
const COMPLETING = { timing: { preparingMs: 10_000, processingMs: 20_000 } };
const SLOW_ORDERS = { timing: { preparingMs: 10 * MINUTE, processingMs: 10 * MINUTE } };

type Sweeper = Pick<ProviderClient, 'listOrders' | 'getOrder' | 'listTransactions'>;

/**
 * The sweep's own poller on the world's database and sandbox, its history
 * reads noted as they are asked for and answered ('ask 2', 'got 2'); its
 * requests go through `via()`, the world's own client unless a test
 * switches to one with a tighter budget.
 */
function observedPoller(world: PollerWorld, options: { requestsPerSecond?: number } = {}) {
  const log: string[] = [];
  let through: Sweeper = world.provider;
  const provider: Sweeper = {
    listOrders: async (query, o) => {
      log.push(`ask ${query.page}`);
      try {
        return await through.listOrders(query, o);
      } finally {
        log.push(`got ${query.page}`);
      }
    },
    getOrder: (id, o) => through.getOrder(id, o),
    listTransactions: (query, o) => through.listTransactions(query, o),
  };
  const poller = createDeliveryPoller({
    ...sqlitePollerStores(world.db, world.clock),
    provider,
    clock: world.clock,
    random: () => 0.5,
    logger: silentLogger,
    owner: 'read-ahead',
    staleMs: 30 * MINUTE,
    ...options,
  });
  /** The most history pages asked for and not yet answered at any one time. */
  const mostAtOnce = () => log.reduce((state, line) => {
    const open = state.open + (line.startsWith('ask') ? 1 : -1);
    return { open, most: Math.max(state.most, open) };
  }, { open: 0, most: 0 }).most;
  return { poller, log, mostAtOnce, use: (client: Sweeper) => void (through = client) };
}

/** The history pages the sandbox received since `from`, in page order: two asked for at once may arrive either way round. */
const pagesAsked = (world: PollerWorld, from = 0) =>
  world.sandbox.requests.slice(from).filter((r) => r.method === 'GET' && r.path === '/orders').map((r) => Number(r.query['page'])).sort((a, b) => a - b);

async function placeOrders(world: PollerWorld, count: number) {
  const placed = [];
  for (let i = 0; i < count; i++) placed.push(await world.placed(SANDBOX_PRODUCTS.noFields));
  return placed;
}

describe('the sweep reads the next history page while one loads', () => {
  it('asks for page 2 before page 1 has answered once the last sweep saw open orders there, never more than two pages at once', async () => {
    const world = await pollerWorld({ sandbox: { ...SLOW_ORDERS, maxPageSize: 2 } });
    await placeOrders(world, 6);
    const { poller, log, mostAtOnce } = observedPoller(world);
    world.clock.advance(1_000);
    await poller.runOnce();
    // Nothing known before the first sweep: one page at a time.
    expect(log).toEqual(['ask 1', 'got 1', 'ask 2', 'got 2', 'ask 3', 'got 3']);
    log.length = 0;
    const from = world.sandbox.requests.length;

    world.clock.advance(SWEEP.minIntervalMs);
    const second = await poller.runOnce();

    expect(log.indexOf('ask 2')).toBeLessThan(log.indexOf('got 1'));
    expect(log.indexOf('ask 3')).toBeLessThan(log.indexOf('got 3'));
    expect(mostAtOnce()).toBe(2);
    expect(pagesAsked(world, from)).toEqual([1, 2, 3]);
    expect(second).toMatchObject({ watched: 6, pagesRead: 3, detailsFetched: 0, errors: 0 });
  });

  it('delivers every order that completed, on whichever page, with one detail read each and no page more than needed', async () => {
    const world = await pollerWorld({ sandbox: { ...COMPLETING, maxPageSize: 2 } });
    const orders = await placeOrders(world, 6);
    const { poller, log } = observedPoller(world);
    world.clock.advance(1_000);
    await poller.runOnce();
    log.length = 0;
    const from = world.sandbox.requests.length;

    world.clock.advance(30_000);
    const second = await poller.runOnce();

    expect(log.indexOf('ask 2')).toBeLessThan(log.indexOf('got 1'));
    expect(second).toMatchObject({ watched: 6, pagesRead: 3, changed: 6, detailsFetched: 6, errors: 0 });
    expect(pagesAsked(world, from)).toEqual([1, 2, 3]);
    for (const order of orders) {
      expect(await world.get(order.id)).toMatchObject({ state: 'completed', providerStatus: 'COMPLETED' });
      expect(world.kinds(order.id)).toEqual(['delivered']);
    }
  });

  it('finds the open orders new ones pushed to a later page, reading that page after those asked for ahead', async () => {
    const world = await pollerWorld({ sandbox: { ...SLOW_ORDERS, maxPageSize: 2 } });
    await placeOrders(world, 6);
    const { poller, log } = observedPoller(world);
    world.clock.advance(1_000);
    await poller.runOnce();
    await placeOrders(world, 2);
    log.length = 0;
    const from = world.sandbox.requests.length;

    world.clock.advance(SWEEP.minIntervalMs);
    const second = await poller.runOnce();

    expect(log.indexOf('ask 2')).toBeLessThan(log.indexOf('got 1'));
    // No open order was seen on page 4 before: it is asked for once page 3 has answered, and no order is read on its own.
    expect(log.indexOf('ask 4')).toBeGreaterThan(log.indexOf('got 3'));
    expect(pagesAsked(world, from)).toEqual([1, 2, 3, 4]);
    expect(second).toMatchObject({ watched: 8, pagesRead: 4, detailsFetched: 0, errors: 0 });
  });

  it('asks for no page past the one the last open order was on', async () => {
    const world = await pollerWorld({ sandbox: { ...SLOW_ORDERS, maxPageSize: 2 } });
    // The two oldest, on page 3, complete at once; the others stay open on pages 1 and 2.
    world.sandbox.controls.setOrderPlanner((order) => ({ finalAtMs: order.createdAtMs + 500 }));
    await placeOrders(world, 2);
    world.sandbox.controls.setOrderPlanner(null);
    await placeOrders(world, 4);
    const { poller, log } = observedPoller(world);
    world.clock.advance(1_000);
    const first = await poller.runOnce();
    expect(first).toMatchObject({ pagesRead: 3, changed: 2 });
    log.length = 0;
    const from = world.sandbox.requests.length;

    world.clock.advance(SWEEP.minIntervalMs);
    const second = await poller.runOnce();

    expect(log.indexOf('ask 2')).toBeLessThan(log.indexOf('got 1'));
    expect(pagesAsked(world, from)).toEqual([1, 2]);
    expect(second).toMatchObject({ watched: 4, pagesRead: 2, detailsFetched: 0 });
  });

  it('keeps the pages read ahead within the sweep\'s share of the budget: the next sweep waits as long as they need', async () => {
    const world = await pollerWorld({ sandbox: { ...COMPLETING, maxPageSize: 1 } });
    await placeOrders(world, 6);
    const { poller, log } = observedPoller(world, { requestsPerSecond: 8 });
    world.clock.advance(1_000);
    await poller.runOnce();
    log.length = 0;
    // Orders moments old: the pace wants the next sweep within half a second.
    world.clock.advance(1_000);
    const start = world.clock.now();

    const second = await poller.runOnce();

    expect(log.indexOf('ask 2')).toBeLessThan(log.indexOf('got 1'));
    expect(second.pagesRead).toBe(6);
    // Six pages at half of 8 requests a second: 1.5 s from this sweep's start to the next.
    expect(second.nextAt! - start).toBeGreaterThanOrEqual((second.pagesRead * 1_000) / (8 * SWEEP.budgetShare));
  });
});

describe('the sweep\'s requests at a tight budget', () => {
  it('lets a person\'s request go first, and the details of the orders page 1 showed completed before page 2 asked for ahead', async () => {
    const world = await pollerWorld({ sandbox: { ...COMPLETING, maxPageSize: 2 } });
    const orders = await placeOrders(world, 4);
    const { poller, log, use } = observedPoller(world);
    world.clock.advance(1_000);
    await poller.runOnce();
    // Two requests a second, in real time: each waits long enough to be overtaken.
    const tight = clientFor(world.sandbox.baseUrl, { apiKey: world.sandbox.apiKey, requestsPerSecond: 2 });
    use(tight);
    world.clock.advance(30_000);
    const from = world.sandbox.requests.length;

    const sweeping = poller.runOnce();
    await waitUntil(() => log.includes('ask 2') && pagesAsked(world, from).length > 0, 'page 1 sent and page 2 asked for');
    await tight.getBalance();
    const second = await sweeping;

    const sent = world.sandbox.requests.slice(from).map((r) => (r.path === '/orders' ? `page ${r.query['page']}` : r.path));
    // Newest first: the last two placed are on page 1.
    const detail = (index: number) => `/orders/${orders[index]!.providerOrderId}`;
    expect(sent.slice(0, 2)).toEqual(['page 1', '/wallet/balance']);
    expect(new Set(sent.slice(2, 4))).toEqual(new Set([detail(3), detail(2)]));
    expect(sent[4]).toBe('page 2');
    expect(new Set(sent.slice(5))).toEqual(new Set([detail(1), detail(0)]));
    expect(second).toMatchObject({ changed: 4, detailsFetched: 4, errors: 0 });
  });
});
