import { describe, expect, it } from 'vitest';
import { closeDb, openDb } from '../../src/db/open.js';
import { orders } from '../../src/db/schema.js';
import { createDeliveryPoller, startDeliveryPoller } from '../../src/tracking/poller.js';
import { createLogger, silentLogger } from '../../src/logger.js';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import { createManualClock } from '../support/manual-clock.js';
import { createScriptedServer, envelope, errorEnvelope } from '../support/scripted-server.js';
import { clientOn, MINUTE, onCleanup, orderValues, pollerWorld, T0 } from './poller-world.js';

const SLOW_ORDERS = { timing: { preparingMs: 10 * MINUTE, processingMs: 10 * MINUTE } };

describe('delivery poller', () => {
  it('does not claim anything or call the provider while no check is due', async () => {
    const world = await pollerWorld();
    await world.placed(SANDBOX_PRODUCTS.noFields);
    const before = world.sandbox.requests.length;

    const result = await world.advanceAndRun(1_999);

    expect(result.claimed).toBe(0);
    expect(world.sandbox.requests.length).toBe(before);
  });

  it('brings a completed order to completed with exactly one delivered notification however many runs', async () => {
    const world = await pollerWorld();
    const order = await world.placed(SANDBOX_PRODUCTS.noFields);

    const first = await world.advanceAndRun(5_000);
    await world.runFor(30 * MINUTE, 20_000);

    expect(first).toMatchObject({ claimed: 1, changed: 1, errors: 0 });
    expect(world.get(order.id)).toMatchObject({ state: 'completed', providerStatus: 'COMPLETED', nextCheckAt: null, leaseOwner: null });
    expect(world.get(order.id).finishedAt?.getTime()).toBe(T0 + 5_000);
    expect(world.kinds(order.id)).toEqual(['delivered']);
  });

  it('records the local state change in the audit log', async () => {
    const world = await pollerWorld();
    const order = await world.placed(SANDBOX_PRODUCTS.noFields);

    await world.advanceAndRun(5_000);

    expect(world.audit(order.id)).toEqual(['order.intent', 'order.placing', 'order.placed', 'order.completed']);
  });

  it('follows an order through its provider states at the fast pace', async () => {
    const world = await pollerWorld({ sandbox: { timing: { preparingMs: 4_000, processingMs: 10_000 } } });
    const order = await world.placed(SANDBOX_PRODUCTS.noFields);

    await world.advanceAndRun(2_000); // PREPARING, unchanged
    expect(world.get(order.id)).toMatchObject({ state: 'in_progress', providerStatus: 'PREPARING', checkCount: 1 });
    expect(world.get(order.id).nextCheckAt?.getTime()).toBe(T0 + 6_000);

    await world.advanceAndRun(4_000); // PROCESSING
    expect(world.get(order.id)).toMatchObject({ state: 'in_progress', providerStatus: 'PROCESSING', checkCount: 2 });
    expect(world.get(order.id).nextCheckAt?.getTime()).toBe(T0 + 14_000);

    await world.advanceAndRun(8_000); // COMPLETED at +14 s
    expect(world.get(order.id).state).toBe('completed');
    expect(world.kinds(order.id)).toEqual(['delivered']);
  });

  it('ends an order of a product that always fails as failed, announced once and no longer followed', async () => {
    const world = await pollerWorld();
    const order = await world.placed(SANDBOX_PRODUCTS.alwaysFails);

    await world.runFor(5 * MINUTE, 5_000);

    expect(world.get(order.id)).toMatchObject({ state: 'failed', providerStatus: 'FAILED', nextCheckAt: null });
    expect(world.kinds(order.id)).toEqual(['failed']);
  });

  it('announces an order that needs action once and keeps following it slowly, never resubmitting', async () => {
    const world = await pollerWorld();
    const order = await world.placed(SANDBOX_PRODUCTS.actionRequired);

    await world.advanceAndRun(5_000);
    const after = world.get(order.id);
    await world.runFor(26 * MINUTE, MINUTE);

    expect(after).toMatchObject({ state: 'action_required', providerStatus: 'ACTION_REQUIRED' });
    expect(after.nextCheckAt?.getTime()).toBe(T0 + 5_000 + 12.5 * MINUTE);
    expect(world.get(order.id)).toMatchObject({ state: 'action_required', checkCount: 3 });
    expect(world.kinds(order.id)).toEqual(['action_required']);
    expect(world.posts()).toBe(1);
  });

  it('takes a state name nobody knows as unrecognised, announces it once and keeps following the order', async () => {
    const world = await pollerWorld();
    world.sandbox.controls.setProductOutcome(SANDBOX_PRODUCTS.noFields, 'MYSTERY');
    const order = await world.placed(SANDBOX_PRODUCTS.noFields);

    await world.runFor(26 * MINUTE, MINUTE);

    expect(world.get(order.id)).toMatchObject({ state: 'unrecognised', providerStatus: 'MYSTERY' });
    expect(world.get(order.id).checkCount).toBeGreaterThanOrEqual(2);
    expect(world.get(order.id).nextCheckAt).not.toBeNull();
    expect(world.kinds(order.id)).toEqual(['unrecognised']);
  });

  it('moves an unrecognised order on once the provider reports a known final state', async () => {
    const world = await pollerWorld();
    const order = await world.placed(SANDBOX_PRODUCTS.alwaysFails);
    // As if an earlier check had seen a state name nobody knows.
    world.db.$client.prepare("update orders set state = 'unrecognised', provider_status = 'ODD' where id = ?").run(order.id);

    await world.advanceAndRun(5_000);

    expect(world.get(order.id)).toMatchObject({ state: 'failed', providerStatus: 'FAILED', nextCheckAt: null });
    expect(world.kinds(order.id)).toEqual(['failed']);
  });

  it('settles unchanged orders from one history page and reads the detail only of the one that changed', async () => {
    const world = await pollerWorld({ sandbox: SLOW_ORDERS });
    const older = await world.placed(SANDBOX_PRODUCTS.noFields);
    world.clock.advance(5 * MINUTE);
    const newer = await world.placed(SANDBOX_PRODUCTS.actionRequired);
    const newest = await world.placed(SANDBOX_PRODUCTS.alwaysFails);
    world.db.$client.prepare('update orders set next_check_at = ?').run(T0 + 11 * MINUTE);
    const details = world.detailCalls();
    const lists = world.listCalls();

    const result = await world.advanceAndRun(6 * MINUTE); // T0 + 11 min: only the oldest reached PROCESSING

    expect(result).toMatchObject({ claimed: 3, changed: 1, detailsFetched: 1, errors: 0 });
    expect(world.listCalls() - lists).toBe(1);
    expect(world.detailCalls() - details).toBe(1);
    expect(world.get(older.id).providerStatus).toBe('PROCESSING');
    expect(world.get(newer.id)).toMatchObject({ providerStatus: 'PREPARING', checkCount: 1 });
    expect(world.get(newest.id)).toMatchObject({ providerStatus: 'PREPARING', checkCount: 1 });
  });

  it('reads the detail of an order the history pages do not reach', async () => {
    const world = await pollerWorld({ sandbox: { ...SLOW_ORDERS, maxPageSize: 2 }, poller: { historyPages: 1 } });
    const oldest = await world.placed(SANDBOX_PRODUCTS.noFields);
    await world.placed(SANDBOX_PRODUCTS.actionRequired);
    await world.placed(SANDBOX_PRODUCTS.alwaysFails);
    const details = world.detailCalls();

    const result = await world.advanceAndRun(5_000);

    expect(result).toMatchObject({ claimed: 3, changed: 0, detailsFetched: 1 });
    const detailPaths = world.sandbox.requests.slice(-1).map((r) => r.path);
    expect(detailPaths).toEqual([`/orders/${oldest.providerOrderId}`]);
    expect(world.detailCalls() - details).toBe(1);
  });

  it('reads a second history page when the first does not show every claimed order', async () => {
    const world = await pollerWorld({ sandbox: { ...SLOW_ORDERS, maxPageSize: 2 }, poller: { historyPages: 2 } });
    for (const product of [SANDBOX_PRODUCTS.noFields, SANDBOX_PRODUCTS.actionRequired, SANDBOX_PRODUCTS.alwaysFails]) {
      await world.placed(product);
    }
    const details = world.detailCalls();

    const result = await world.advanceAndRun(5_000);

    expect(result).toMatchObject({ claimed: 3, detailsFetched: 0 });
    expect(world.sandbox.requests.filter((r) => r.path === '/orders' && r.method === 'GET').map((r) => r.query['page'])).toEqual(['1', '2']);
    expect(world.detailCalls()).toBe(details);
  });

  it('goes on with the other orders when one check fails, and tries the failed one again later', async () => {
    const world = await pollerWorld();
    const good = await world.placed(SANDBOX_PRODUCTS.noFields);
    const broken = await world.placed(SANDBOX_PRODUCTS.alwaysFails);
    // A provider id the provider does not know: its detail answers 404.
    world.db.$client.prepare('update orders set provider_order_id = 424242 where id = ?').run(broken.id);

    const result = await world.advanceAndRun(5_000);

    expect(result).toMatchObject({ claimed: 2, errors: 1 });
    expect(world.get(good.id).state).toBe('completed');
    expect(world.get(broken.id)).toMatchObject({ state: 'in_progress', checkCount: 1, leaseOwner: null });
    expect(world.get(broken.id).nextCheckAt?.getTime()).toBe(T0 + 9_000);
  });

  it('ends the run at a rate limit and gives every claimed order back for after the wait', async () => {
    const world = await pollerWorld();
    const a = await world.placed(SANDBOX_PRODUCTS.noFields);
    const b = await world.placed(SANDBOX_PRODUCTS.alwaysFails);
    world.sandbox.controls.force429(1, 30);
    const before = world.sandbox.requests.length;

    const result = await world.advanceAndRun(5_000);

    expect(result).toMatchObject({ claimed: 2, changed: 0, errors: 1 });
    expect(world.sandbox.requests.length - before).toBe(1);
    for (const order of [a, b]) {
      expect(world.get(order.id)).toMatchObject({ state: 'in_progress', checkCount: 0, leaseOwner: null });
      expect(world.get(order.id).nextCheckAt?.getTime()).toBe(T0 + 35_000);
    }
  });

  it('picks the orders up again after the rate limit has passed', async () => {
    const world = await pollerWorld();
    const order = await world.placed(SANDBOX_PRODUCTS.noFields);
    world.sandbox.controls.force429(1, 30);
    await world.advanceAndRun(5_000);

    const result = await world.advanceAndRun(31_000);

    expect(result).toMatchObject({ claimed: 1, changed: 1, errors: 0 });
    expect(world.kinds(order.id)).toEqual(['delivered']);
  });

  it('reports an order still open after the stale limit once, and keeps following it slowly', async () => {
    const world = await pollerWorld({ sandbox: { timing: { preparingMs: 10 * MINUTE, processingMs: 90 * MINUTE } } });
    const order = await world.placed(SANDBOX_PRODUCTS.noFields);

    await world.runFor(29 * MINUTE, 30_000);
    expect(world.get(order.id).staleReportedAt).toBeNull();
    for (let i = 0; i < 20 && world.get(order.id).staleReportedAt === null; i++) await world.advanceAndRun(30_000);
    const reported = world.get(order.id);
    await world.runFor(40 * MINUTE, MINUTE);

    expect(reported.staleReportedAt!.getTime()).toBeGreaterThanOrEqual(T0 + 30 * MINUTE);
    expect(reported.nextCheckAt!.getTime() - reported.staleReportedAt!.getTime()).toBe(12.5 * MINUTE);
    expect(world.get(order.id)).toMatchObject({ state: 'in_progress', staleReportedAt: reported.staleReportedAt });
    expect(world.get(order.id).checkCount).toBeGreaterThan(reported.checkCount + 2);
    expect(world.kinds(order.id)).toEqual(['stale']);
  });

  it('still tells administrators about a stale order whose checks keep failing', async () => {
    const world = await pollerWorld({ poller: { staleMs: 2 * MINUTE } });
    const order = await world.placed(SANDBOX_PRODUCTS.noFields);
    world.db.$client.prepare('update orders set provider_order_id = 424242 where id = ?').run(order.id);

    await world.runFor(10 * MINUTE, 30_000);

    expect(world.get(order.id).state).toBe('in_progress');
    expect(world.kinds(order.id)).toEqual(['stale']);
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

  it('runs on its tick once started and stops cleanly', async () => {
    const world = await pollerWorld();
    const order = await world.placed(SANDBOX_PRODUCTS.noFields);
    const started = startDeliveryPoller({
      db: world.db,
      provider: world.provider,
      clock: world.clock,
      random: () => 0.5,
      logger: createLogger({ level: 'silent' }),
      owner: 'ticking',
      staleMs: 30 * MINUTE,
      everyMs: 1_000,
    });

    for (let i = 0; i < 30 && world.get(order.id).state !== 'completed'; i++) {
      world.clock.advance(1_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await started.stop();

    expect(world.get(order.id).state).toBe('completed');
    expect(world.kinds(order.id)).toEqual(['delivered']);
  });
});

describe('delivery poller against a provider that serves smaller pages than asked', () => {
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
      db,
      provider: clientOn(server.baseUrl, 'key', clock),
      clock,
      random: () => 0.5,
      logger: silentLogger,
      owner: 'p',
      staleMs: 30 * MINUTE,
      historyPages: 2,
    });

    const result = await poller.runOnce();

    expect(result).toMatchObject({ claimed: 3, detailsFetched: 0, errors: 0 });
    expect(server.requests.map((r) => [r.path, r.query['page']])).toEqual([
      ['/orders', '1'],
      ['/orders', '2'],
    ]);
  });
});
