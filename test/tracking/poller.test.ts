import { describe, expect, it } from 'vitest';
import { closeDb, openDb } from '../../src/db/open.js';
import { orders } from '../../src/db/schema.js';
import { createLogger, silentLogger } from '../../src/logger.js';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import { createDeliveryPoller } from '../../src/tracking/poller.js';
import { startDeliveryPoller } from '../../src/tracking/poller-loop.js';
import { SWEEP } from '../../src/tracking/sweep-plan.js';
import { createManualClock } from '../support/manual-clock.js';
import { createScriptedServer, envelope, errorEnvelope } from '../support/scripted-server.js';
import { waitUntil } from '../support/wait-until.js';
import { clientOn, MINUTE, onCleanup, orderValues, pollerWorld, sqlitePollerStores, T0 } from './poller-world.js';

const SLOW_ORDERS = { timing: { preparingMs: 10 * MINUTE, processingMs: 10 * MINUTE } };
const SWEEP_MS = SWEEP.minIntervalMs;
/** The usual pace on its own: orders just placed are not taken as young (the young-order pace: sweep-pace.test.ts). */
const USUAL_PACE = { sweep: { youngOrderMs: 0 } };

describe('delivery sweep', () => {
  it('sends no request at all while no order is open', async () => {
    const world = await pollerWorld();

    const result = await world.advanceAndRun(SWEEP_MS);

    expect(result).toMatchObject({ watched: 0, pagesRead: 0, nextAt: null });
    expect(world.sandbox.requests).toHaveLength(0);
  });

  it('looks at an open order on every sweep with one history page, whatever its own schedule', async () => {
    const world = await pollerWorld({ sandbox: SLOW_ORDERS, poller: USUAL_PACE });
    await world.placed(SANDBOX_PRODUCTS.noFields);
    const lists = world.listCalls();

    const first = await world.advanceAndRun(1);
    const second = await world.advanceAndRun(SWEEP_MS);

    expect(first).toMatchObject({ watched: 1, pagesRead: 1, detailsFetched: 0, nextAt: T0 + 1 + SWEEP_MS });
    expect(second).toMatchObject({ watched: 1, pagesRead: 1, detailsFetched: 0 });
    expect(world.listCalls() - lists).toBe(2);
    expect(world.detailCalls()).toBe(0);
  });

  it('brings a completed order to completed with one detail read and one delivered notification however many sweeps', async () => {
    const world = await pollerWorld();
    const order = await world.placed(SANDBOX_PRODUCTS.noFields);

    const first = await world.advanceAndRun(5_000);
    await world.runFor(2 * MINUTE, SWEEP_MS);

    expect(first).toMatchObject({ watched: 1, changed: 1, detailsFetched: 1, errors: 0 });
    expect((await world.get(order.id))).toMatchObject({ state: 'completed', providerStatus: 'COMPLETED', nextCheckAt: null, leaseOwner: null });
    expect((await world.get(order.id)).finishedAt?.getTime()).toBe(T0 + 5_000);
    expect(world.kinds(order.id)).toEqual(['delivered']);
    expect(world.detailCalls()).toBe(1);
  });

  it('hands the detail it read to the sender, for this order only', async () => {
    const world = await pollerWorld();
    const order = await world.placed(SANDBOX_PRODUCTS.noFields);

    await world.advanceAndRun(5_000);

    const completed = (await world.get(order.id));
    expect(world.handover.get(completed)?.orderId).toBe(order.providerOrderId);
    expect(world.handover.get({ id: order.id, providerOrderId: 424242 })).toBeNull();
  });

  it('records the local state change in the audit log', async () => {
    const world = await pollerWorld();
    const order = await world.placed(SANDBOX_PRODUCTS.noFields);

    await world.advanceAndRun(5_000);

    expect(world.audit(order.id)).toEqual(['order.intent', 'order.placing', 'order.placed', 'order.completed']);
  });

  it('follows a state that is not final from the list alone, without reading the detail', async () => {
    const world = await pollerWorld({ sandbox: { timing: { preparingMs: 4_000, processingMs: 10 * MINUTE } } });
    const order = await world.placed(SANDBOX_PRODUCTS.noFields);

    const result = await world.advanceAndRun(5_000);

    expect(result).toMatchObject({ changed: 1, detailsFetched: 0 });
    expect((await world.get(order.id))).toMatchObject({ state: 'in_progress', providerStatus: 'PROCESSING' });
    expect(world.detailCalls()).toBe(0);
  });

  it('delivers an order that went through a state nobody knows on the first sweep after it completed', async () => {
    const world = await pollerWorld();
    world.sandbox.controls.setOrderPlanner(({ createdAtMs }) => ({
      finalAtMs: createdAtMs + 20 * MINUTE,
      detour: { status: 'UNDER_MANUAL_REVIEW', fromMs: createdAtMs + 1_000 },
    }));
    const order = await world.placed(SANDBOX_PRODUCTS.noFields);

    await world.advanceAndRun(2_000);
    expect((await world.get(order.id))).toMatchObject({ state: 'unrecognised', providerStatus: 'UNDER_MANUAL_REVIEW' });
    world.clock.advance(20 * MINUTE - 2_000);
    await world.advanceAndRun(SWEEP_MS);

    expect((await world.get(order.id)).state).toBe('completed');
    expect(world.kinds(order.id)).toEqual(['unrecognised', 'delivered']);
    expect(world.detailCalls()).toBe(1);
  });

  it('ends an order of a product that always fails as failed, announced once and no longer followed', async () => {
    const world = await pollerWorld();
    const order = await world.placed(SANDBOX_PRODUCTS.alwaysFails);

    await world.runFor(MINUTE, SWEEP_MS);

    expect((await world.get(order.id))).toMatchObject({ state: 'failed', providerStatus: 'FAILED', nextCheckAt: null });
    expect(world.kinds(order.id)).toEqual(['failed']);
  });

  it('announces an order that needs action once and keeps watching it on every sweep, never resubmitting', async () => {
    const world = await pollerWorld();
    const order = await world.placed(SANDBOX_PRODUCTS.actionRequired);

    await world.advanceAndRun(5_000);
    const lists = world.listCalls();
    await world.runFor(10 * MINUTE, SWEEP_MS);

    expect((await world.get(order.id))).toMatchObject({ state: 'action_required', providerStatus: 'ACTION_REQUIRED' });
    expect(world.listCalls() - lists).toBe((10 * MINUTE) / SWEEP_MS);
    expect(world.kinds(order.id)).toEqual(['action_required']);
    expect(world.posts()).toBe(1);
  });

  it('moves an unrecognised order on once the provider reports a known final state', async () => {
    const world = await pollerWorld();
    const order = await world.placed(SANDBOX_PRODUCTS.alwaysFails);
    // As if an earlier sweep had seen a state name nobody knows.
    world.db.$client.prepare("update orders set state = 'unrecognised', provider_status = 'ODD' where id = ?").run(order.id);

    await world.advanceAndRun(5_000);

    expect((await world.get(order.id))).toMatchObject({ state: 'failed', providerStatus: 'FAILED', nextCheckAt: null });
    expect(world.kinds(order.id)).toEqual(['failed']);
  });

  it('reads pages until every open order was seen, and no detail of an unchanged one', async () => {
    const world = await pollerWorld({ sandbox: { ...SLOW_ORDERS, maxPageSize: 2 } });
    for (const product of [SANDBOX_PRODUCTS.noFields, SANDBOX_PRODUCTS.actionRequired, SANDBOX_PRODUCTS.alwaysFails]) {
      await world.placed(product);
    }

    const result = await world.advanceAndRun(5_000);

    expect(result).toMatchObject({ watched: 3, pagesRead: 2, detailsFetched: 0 });
    expect(world.sandbox.requests.filter((r) => r.path === '/orders' && r.method === 'GET').map((r) => r.query['page'])).toEqual(['1', '2']);
  });

  it('reads the detail of an order beyond the page cap, on its own schedule', async () => {
    const world = await pollerWorld({ sandbox: { ...SLOW_ORDERS, maxPageSize: 2 }, poller: { sweep: { maxPages: 1 } } });
    const oldest = await world.placed(SANDBOX_PRODUCTS.noFields);
    await world.placed(SANDBOX_PRODUCTS.actionRequired);
    await world.placed(SANDBOX_PRODUCTS.alwaysFails);

    const first = await world.advanceAndRun(2_000);
    const early = await world.advanceAndRun(1_000);

    expect(first).toMatchObject({ pagesRead: 1, detailsFetched: 1 });
    expect(world.sandbox.requests.at(-2)?.path).toBe(`/orders/${oldest.providerOrderId}`);
    expect((await world.get(oldest.id)).nextCheckAt?.getTime()).toBe(T0 + 2_000 + 4_000);
    expect(early).toMatchObject({ pagesRead: 1, detailsFetched: 0 });
  });

  it('tells administrators once the provider has answered 404 three times in a row, and then checks only slowly', async () => {
    const world = await pollerWorld();
    const lost = await world.placed(SANDBOX_PRODUCTS.alwaysFails);
    // A provider id the provider does not know: absent from the history, its detail answers 404.
    world.db.$client.prepare('update orders set provider_order_id = 424242 where id = ?').run(lost.id);

    for (let i = 0; i < 30 && world.notFound.length === 0; i++) await world.advanceAndRun(SWEEP_MS);
    const reported = (await world.get(lost.id));

    expect(world.notFound).toEqual([{ orderId: lost.id, misses: 3 }]);
    expect(reported).toMatchObject({ state: 'in_progress', leaseOwner: null });
    expect(reported.nextCheckAt!.getTime() - world.clock.now()).toBe(12.5 * MINUTE);
  });

  it('goes on with the other orders when one check fails', async () => {
    const world = await pollerWorld();
    const good = await world.placed(SANDBOX_PRODUCTS.noFields);
    const broken = await world.placed(SANDBOX_PRODUCTS.alwaysFails);
    world.db.$client.prepare('update orders set provider_order_id = 424242 where id = ?').run(broken.id);

    const result = await world.advanceAndRun(5_000);

    expect(result).toMatchObject({ errors: 1 });
    expect((await world.get(good.id)).state).toBe('completed');
    expect((await world.get(broken.id))).toMatchObject({ state: 'in_progress', checkCount: 1, leaseOwner: null });
  });

  it('ends the sweep at a rate limit and sends nothing more before the wait is over', async () => {
    const world = await pollerWorld();
    const order = await world.placed(SANDBOX_PRODUCTS.noFields);
    world.sandbox.controls.force429(1, 30);
    const before = world.sandbox.requests.length;

    const result = await world.advanceAndRun(5_000);

    expect(result).toMatchObject({ changed: 0, errors: 0, nextAt: T0 + 5_000 + 30_000 });
    expect(world.sandbox.requests.length - before).toBe(1);
    expect((await world.get(order.id))).toMatchObject({ state: 'in_progress', leaseOwner: null });
  });

  it('reports an order still open after the stale limit once, and keeps watching it', async () => {
    const world = await pollerWorld({ sandbox: { timing: { preparingMs: 10 * MINUTE, processingMs: 90 * MINUTE } } });
    const order = await world.placed(SANDBOX_PRODUCTS.noFields);

    // Sweeps early on, then the one just before the limit: the stale mark is kept, so one made at any earlier sweep would show.
    await world.runFor(MINUTE, SWEEP_MS);
    world.clock.advance(30 * MINUTE - MINUTE - 2 * SWEEP_MS);
    await world.advanceAndRun(SWEEP_MS);
    expect((await world.get(order.id)).staleReportedAt).toBeNull();
    // The sweep at the limit reports it; ten minutes of sweeps after it, a minute apart, report nothing more.
    await world.advanceAndRun(SWEEP_MS);
    await world.runFor(10 * MINUTE, MINUTE);

    expect((await world.get(order.id)).staleReportedAt?.getTime()).toBe(T0 + 30 * MINUTE);
    expect((await world.get(order.id))).toMatchObject({ state: 'in_progress', leaseOwner: null });
    expect(world.kinds(order.id)).toEqual(['stale']);
  });

  it('logs a new provider status within the same local state as a status change, not a state change', async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'debug', destination: { write: (line: string) => void lines.push(line) } });
    const world = await pollerWorld({ logger, sandbox: { timing: { preparingMs: MINUTE, processingMs: 90 * MINUTE } } });
    const order = await world.placed(SANDBOX_PRODUCTS.noFields);

    await world.runFor(3 * MINUTE, SWEEP_MS);

    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect((await world.get(order.id))).toMatchObject({ state: 'in_progress', providerStatus: 'PROCESSING' });
    expect(logged.filter((l) => l['msg'] === 'order state changed')).toEqual([]);
    expect(logged.filter((l) => l['msg'] === 'provider status changed')).toMatchObject([{ orderId: order.id, state: 'in_progress', to: 'PROCESSING' }]);
  });

  it('logs state changes with the order id, reference and states, and never a code', async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'debug', destination: { write: (line: string) => void lines.push(line) } });
    const world = await pollerWorld({ logger });
    const order = await world.placed(SANDBOX_PRODUCTS.noFields);

    await world.advanceAndRun(5_000);

    const change = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((l) => l['msg'] === 'order state changed');
    expect(change).toMatchObject({ level: 30, orderId: order.id, reference: order.providerReference, from: 'in_progress', to: 'completed' });
    const codes = world.sandbox.controls.orders().flatMap((o) => o.items.flatMap((i) => i.delivery?.cards.map((c) => c.code) ?? []));
    expect(codes.length).toBeGreaterThan(0);
    for (const code of codes) expect(lines.join('\n')).not.toContain(code);
  });

  it('reads one history page every four seconds once four whole sweeps in a row saw nothing change', async () => {
    const world = await pollerWorld({ sandbox: { ...SLOW_ORDERS, maxPageSize: 1 }, poller: USUAL_PACE });
    for (let i = 0; i < 3; i++) await world.placed(SANDBOX_PRODUCTS.noFields);

    const runs = [];
    runs.push(await world.advanceAndRun(1));
    for (let i = 0; i < 9; i++) runs.push(await world.advanceAndRun(runs.at(-1)!.nextAt! - world.clock.now()));

    // The first sweep meets the orders as new; the next four see nothing change.
    expect(runs.map((run) => run.pagesRead)).toEqual([3, 3, 3, 3, 3, 1, 1, 1, 1, 1]);
    // Page 1, the newest orders, every other read; the older pages in turn between.
    const pages = world.sandbox.requests.filter((r) => r.path === '/orders' && r.method === 'GET').map((r) => r.query['page']);
    expect(pages.slice(15)).toEqual(['1', '2', '1', '3', '1']);
  });

  it('spaces quiet single-page reads four seconds apart', async () => {
    const world = await pollerWorld({ sandbox: { ...SLOW_ORDERS, maxPageSize: 1 }, poller: USUAL_PACE });
    for (let i = 0; i < 3; i++) await world.placed(SANDBOX_PRODUCTS.noFields);
    await world.advanceAndRun(1);
    for (let i = 0; i < SWEEP.quietAfterSweeps - 1; i++) await world.advanceAndRun(SWEEP_MS);
    const start = world.clock.now();

    const quiet = await world.advanceAndRun(SWEEP_MS);

    expect(quiet.pagesRead).toBe(3);
    expect(quiet.nextAt! - (start + SWEEP_MS)).toBe(4_000);
  });

  it('reads all pages at once when a single-page read sees a change, and goes back to the usual pace', async () => {
    const world = await pollerWorld({ sandbox: { maxPageSize: 1, timing: { preparingMs: 30_000, processingMs: 10 * MINUTE } }, poller: USUAL_PACE });
    for (let i = 0; i < 2; i++) await world.placed(SANDBOX_PRODUCTS.noFields);
    await world.advanceAndRun(1);
    for (let i = 0; i < SWEEP.quietAfterSweeps; i++) await world.advanceAndRun(SWEEP_MS);
    const probe = await world.advanceAndRun(30_000 - SWEEP.quietAfterSweeps * SWEEP_MS);
    expect(probe).toMatchObject({ pagesRead: 1, changed: 1 });

    const next = await world.advanceAndRun(probe.nextAt! - world.clock.now());

    expect(probe.nextAt).toBe(T0 + 30_000 + 1);
    expect(next.pagesRead).toBe(2);
  });

  it('reads all pages again as soon as an order is placed during quiet reads', async () => {
    const world = await pollerWorld({ sandbox: { ...SLOW_ORDERS, maxPageSize: 1 }, poller: USUAL_PACE });
    for (let i = 0; i < 3; i++) await world.placed(SANDBOX_PRODUCTS.noFields);
    await world.advanceAndRun(1);
    for (let i = 0; i < SWEEP.quietAfterSweeps; i++) await world.advanceAndRun(SWEEP_MS);
    expect((await world.advanceAndRun(4_000)).pagesRead).toBe(1);

    await world.placed(SANDBOX_PRODUCTS.noFields);
    const after = await world.advanceAndRun(4_000);

    expect(after).toMatchObject({ watched: 4, pagesRead: 4 });
  });

  it('runs sweep after sweep once started, at the pace each sweep sets, and stops cleanly', async () => {
    const world = await pollerWorld({ sandbox: SLOW_ORDERS });
    await world.placed(SANDBOX_PRODUCTS.noFields);
    const sleepsBefore = world.clock.pendingSleeps();
    const started = startDeliveryPoller({
      ...sqlitePollerStores(world.db, world.clock),
      provider: world.provider,
      clock: world.clock,
      random: () => 0.5,
      logger: createLogger({ level: 'silent' }),
      owner: 'ticking',
      staleMs: 30 * MINUTE,
      everyMs: 1_000,
      ...USUAL_PACE,
    });
    // The loop asleep on the manual clock until its next sweep: whatever it does next waits for the clock to move.
    const asleepAfter = (calls: number) => world.listCalls() === calls && world.clock.pendingSleeps() > sleepsBefore;

    await waitUntil(() => asleepAfter(1), 'the first sweep done and the loop asleep');
    world.clock.advance(SWEEP_MS - 1);
    // Nothing came due: the loop sleeps on, and no second sweep has started.
    await new Promise((resolve) => setImmediate(resolve));
    expect(asleepAfter(1)).toBe(true);
    world.clock.advance(1);
    await waitUntil(() => asleepAfter(2), 'the second sweep done once its time came');
    await started.stop();
    expect(world.listCalls()).toBe(2);
  });
});

describe('delivery sweep against a provider that serves smaller pages than asked', () => {
  it('reads on past a short history page instead of fetching each order missing from it', async () => {
    const entry = (orderId: number) => ({ orderId, orderReference: `A${orderId}`, amount: 1_250_000, status: 'PROCESSING', createdAt: new Date(T0).toISOString() });
    // Two entries a page whatever is asked for, and no meta saying so.
    const pages: Record<string, unknown[]> = { '1': [entry(801), entry(802)], '2': [entry(803)] };
    const server = await createScriptedServer((request) => {
      if (request.path === '/orders') return { body: envelope(pages[request.query['page'] ?? ''] ?? []) };
      return { status: 404, body: errorEnvelope(404, 'x') };
    });
    onCleanup(() => server.close());
    const clock = createManualClock(T0);
    const db = openDb(':memory:');
    onCleanup(() => closeDb(db));
    for (const providerOrderId of [801, 802, 803]) {
      db.insert(orders)
        .values(
          orderValues({ key: String(providerOrderId), state: 'in_progress', at: T0, providerOrderId, providerStatus: 'PROCESSING', postedAt: new Date(T0), nextCheckAt: new Date(T0) }),
        )
        .run();
    }
    const poller = createDeliveryPoller({
      ...sqlitePollerStores(db, clock),
      provider: clientOn(server.baseUrl, 'key', clock),
      clock,
      random: () => 0.5,
      logger: silentLogger,
      owner: 'p',
      staleMs: 30 * MINUTE,
    });

    const result = await poller.runOnce();

    expect(result).toMatchObject({ watched: 3, detailsFetched: 0, errors: 0 });
    expect(server.requests.map((r) => [r.path, r.query['page']])).toEqual([
      ['/orders', '1'],
      ['/orders', '2'],
    ]);
  });
});
