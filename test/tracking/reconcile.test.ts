import { eq } from 'drizzle-orm';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clock.js';
import { closeDb, openDb } from '../../src/db/open.js';
import { orders } from '../../src/db/schema.js';
import { DEFAULT_OFFSET_MARGIN_MS } from '../../src/tracking/flight-proof.js';
import { createDeliveryPoller } from '../../src/tracking/poller.js';
import { silentLogger } from '../../src/logger.js';
import { createOrderStore } from '../../src/db/order-store.js';
import { createSandbox, SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import { createManualClock } from '../support/manual-clock.js';
import { createOrderPlacer, placingOrder } from '../support/order-fixtures.js';
import { createOrderService } from '../../src/orders/order-service.js';
import { createScriptedServer, envelope, type ScriptedAnswer, type ScriptedRequest } from '../support/scripted-server.js';
import { googlePlayInput } from '../support/order-fixtures.js';
import { clientOn, MINUTE, onCleanup, orderValues, pollerWorld, sqlitePollerStores, T0, unknownOrder } from './poller-world.js';
import { encodeAuditFacts } from '../../src/db/audit-log.js';

const GOOGLE_PLAY = { productId: SANDBOX_PRODUCTS.noFields, regionPropertyId: 5001, unitPrice: 1_250_000 };

describe('reconciliation of unknown outcomes against the sandbox', () => {
  it('adopts the order a POST created before dropping the connection, with one POST in total', async () => {
    const world = await pollerWorld();
    world.sandbox.controls.setOrderPostFault({ kind: 'drop-after-create' });
    const result = await world.place(SANDBOX_PRODUCTS.noFields);
    expect(result.kind).toBe('unknown');

    const run = await world.advanceAndRun(30_000);

    const [remote] = world.sandbox.controls.orders();
    expect(run).toMatchObject({ reconciled: 1, errors: 0 });
    expect((await world.get(result.order.id))).toMatchObject({
      state: 'completed',
      providerOrderId: remote?.orderId,
      providerReference: remote?.orderReference,
      providerStatus: 'COMPLETED',
      nextCheckAt: null,
    });
    expect(world.kinds(result.order.id)).toEqual(['adopted', 'delivered']);
    expect(world.audit(result.order.id)).toContain('order.adopted');
    expect(world.posts()).toBe(1);
  });

  it('adopts the order of a cart whose POST answer was lost, matching every line, with one POST in total', async () => {
    const world = await pollerWorld();
    const [play, apple] = await Promise.all([world.provider.getProduct(SANDBOX_PRODUCTS.noFields), world.provider.getProduct(SANDBOX_PRODUCTS.oneField)]);
    const lineOf = (product: typeof play, quantity: number, fields: { fieldId: number; title: string; value: string }[] = []) => ({
      product: { id: product.id, title: product.title },
      region: { regionPropertyId: product.regionProperties[0]!.regionPropertyId, title: product.regionProperties[0]!.title, price: product.regionProperties[0]!.price },
      quantity,
      fields,
    });
    world.sandbox.controls.setOrderPostFault({ kind: 'drop-after-create' });
    const result = await world.service.createIntentAndPlace({
      confirmKey: 'cart',
      userId: 11,
      chatId: 11,
      lines: [lineOf(play, 2), lineOf(apple, 1, [{ fieldId: 7, title: 'E-mail', value: 'buyer@example.com' }])],
    });
    world.sandbox.controls.setOrderPostFault({ kind: 'none' });
    expect(result.kind).toBe('unknown');

    await world.advanceAndRun(30_000);

    const [remote] = world.sandbox.controls.orders();
    expect(remote?.items.map((item) => item.productId)).toEqual([play.id, apple.id]);
    expect((await world.get(result.order.id))).toMatchObject({ state: 'completed', providerOrderId: remote?.orderId });
    expect(world.posts()).toBe(1);
  });

  it('does not adopt a candidate that has only some of the lines of a cart', async () => {
    const world = await pollerWorld();
    await world.provider.placeOrder({ products: [{ productId: SANDBOX_PRODUCTS.noFields, regionPropertyId: 5001, quantity: 1 }] });
    const order = await unknownOrder(world, {
      confirmKey: 'half-cart',
      lines: [
        { product: { id: SANDBOX_PRODUCTS.noFields, title: 'Google Play 10 USD' }, region: { regionPropertyId: 5001, title: 'US', price: 1_250_000 }, quantity: 1, fields: [] },
        { product: { id: SANDBOX_PRODUCTS.oneField, title: 'Apple 25 USD' }, region: { regionPropertyId: 5002, title: 'US', price: 3_100_000 }, quantity: 1, fields: [] },
      ],
    });

    await world.advanceAndRun(30_000);

    expect((await world.get(order.id))).toMatchObject({ state: 'unknown', providerOrderId: null, checkCount: 1 });
  });

  it('follows an adopted order that is still in progress until it completes, announcing each event once', async () => {
    const world = await pollerWorld({ sandbox: { timing: { preparingMs: 60_000, processingMs: 60_000 } } });
    world.sandbox.controls.setOrderPostFault({ kind: 'drop-after-create' });
    const result = await world.place(SANDBOX_PRODUCTS.noFields);

    await world.advanceAndRun(30_000);
    const adopted = (await world.get(result.order.id));
    await world.runFor(5 * MINUTE, 5_000);

    expect(adopted).toMatchObject({ state: 'in_progress', providerStatus: 'PREPARING', checkCount: 0 });
    expect(adopted.nextCheckAt?.getTime()).toBe(T0 + 32_000);
    expect((await world.get(result.order.id)).state).toBe('completed');
    expect(world.kinds(result.order.id)).toEqual(['adopted', 'delivered']);
    expect(world.posts()).toBe(1);
  });

  it('keeps an order that matches nothing unknown through the grace period, then marks it not placed once', async () => {
    const world = await pollerWorld();
    await world.placed(SANDBOX_PRODUCTS.alwaysFails); // history that is not this order
    const order = await unknownOrder(world, { confirmKey: 'lost', ...GOOGLE_PLAY });

    await world.runFor(10 * MINUTE, 30_000);
    const during = (await world.get(order.id));
    await world.runFor(10 * MINUTE, 30_000);

    expect(during).toMatchObject({ state: 'unknown', checkCount: 7 });
    expect((await world.get(order.id))).toMatchObject({ state: 'not_placed', checkCount: 8, nextCheckAt: null });
    expect((await world.get(order.id)).finishedAt?.getTime()).toBe(T0 + 10.5 * MINUTE);
    expect(world.kinds(order.id)).toEqual(['not_placed']);
  });

  it('needs five checks before calling an order not placed, even when ten minutes have long passed', async () => {
    const world = await pollerWorld();
    const order = await unknownOrder(world, { confirmKey: 'lost', ...GOOGLE_PLAY });

    await world.advanceAndRun(20 * MINUTE);
    const afterOne = (await world.get(order.id));
    await world.runFor(10 * MINUTE, 30_000);

    expect(afterOne).toMatchObject({ state: 'unknown', checkCount: 1 });
    expect((await world.get(order.id))).toMatchObject({ state: 'not_placed', checkCount: 5 });
  });

  /** Two provider orders that look the same, and a local unknown outcome that could be either. */
  async function twoIdenticalOrders() {
    const world = await pollerWorld();
    const body = { products: [{ productId: SANDBOX_PRODUCTS.noFields, regionPropertyId: 5001, quantity: 1 }] };
    const first = await world.provider.placeOrder(body);
    const second = await world.provider.placeOrder(body);
    const order = await unknownOrder(world, { confirmKey: 'twice', ...GOOGLE_PLAY });
    return { world, first, second, order };
  }

  it('hands two identical candidate orders to an administrator', async () => {
    const { world, first, second, order } = await twoIdenticalOrders();

    const run = await world.advanceAndRun(30_000);

    expect(run).toMatchObject({ reconciled: 1 });
    expect((await world.get(order.id))).toMatchObject({ state: 'needs_review', providerOrderId: null, nextCheckAt: null });
    expect(world.kinds(order.id)).toEqual(['needs_review']);
    const detail = world.db.$client
      .prepare("select detail from audit_log where order_id = ? and action = 'order.needs_review'")
      .get(order.id) as { detail: string };
    expect(detail.detail).toContain(String(first.orderId));
    expect(detail.detail).toContain(String(second.orderId));
  });

  it('records both candidates on the order, with reference, status, amount and time, for administrators', async () => {
    const { world, first, second, order } = await twoIdenticalOrders();

    await world.advanceAndRun(30_000);

    const recorded = (await world.get(order.id)).reviewCandidates ?? [];
    expect(recorded.map((c) => c.orderId).sort((a, b) => a - b)).toEqual([first.orderId, second.orderId].sort((a, b) => a - b));
    for (const placed of [first, second]) {
      expect(recorded.find((c) => c.orderId === placed.orderId)).toEqual({
        orderId: placed.orderId,
        reference: placed.orderReference,
        status: 'COMPLETED', // as the provider reported it when reconciliation read it
        amount: 1_250_000,
        createdAt: new Date(T0).toISOString(),
      });
    }
  });

  it('does not adopt a provider order another local order already follows', async () => {
    const world = await pollerWorld();
    const placed = await world.placed(SANDBOX_PRODUCTS.noFields);
    await world.advanceAndRun(5_000);
    const order = await unknownOrder(world, { confirmKey: 'other', ...GOOGLE_PLAY });
    const details = world.detailCalls();

    await world.runFor(15 * MINUTE, 30_000);

    expect((await world.get(placed.id)).state).toBe('completed');
    expect((await world.get(order.id))).toMatchObject({ state: 'not_placed', providerOrderId: null });
    expect(world.detailCalls()).toBe(details);
  });

  it('does not adopt a candidate of the same amount whose items are a different product', async () => {
    const world = await pollerWorld();
    await world.provider.placeOrder({
      products: [{ productId: SANDBOX_PRODUCTS.noFields, regionPropertyId: 5001, quantity: 1 }],
    });
    const order = await unknownOrder(world, { confirmKey: 'other-product', ...GOOGLE_PLAY, productId: 110, regionPropertyId: 5013 });

    await world.advanceAndRun(30_000);

    expect((await world.get(order.id))).toMatchObject({ state: 'unknown', providerOrderId: null, checkCount: 1 });
    expect(world.detailCalls()).toBe(1);
  });

  it('leaves an order unknown, and tries again, when the provider cannot be read', async () => {
    const world = await pollerWorld();
    const order = await unknownOrder(world, { confirmKey: 'lost', ...GOOGLE_PLAY });
    world.sandbox.controls.setServerErrorRate(1);

    const run = await world.advanceAndRun(30_000);

    expect(run).toMatchObject({ errors: 1, reconciled: 0 });
    expect((await world.get(order.id))).toMatchObject({ state: 'unknown', checkCount: 1, leaseOwner: null });
    expect((await world.get(order.id)).nextCheckAt?.getTime()).toBe(T0 + 35_000);
  });
});

describe('adoption needs proof, and "not placed" needs no candidate at all', () => {
  it('hands to an administrator, not adopts, an identical order created half a second after the POST failed', async () => {
    const world = await pollerWorld();
    world.sandbox.controls.setServerErrorRate(1);
    const failed = await world.service.createIntentAndPlace(googlePlayInput('failed'));
    world.sandbox.controls.setServerErrorRate(0);
    expect(failed.kind).toBe('unknown');
    // Bought in the provider's panel by someone else.
    world.clock.advance(500);
    const panel = await world.provider.placeOrder({ products: [{ productId: SANDBOX_PRODUCTS.noFields, regionPropertyId: 5001, quantity: 1 }] });

    await world.advanceAndRun(30_000);

    expect((await world.get(failed.order.id))).toMatchObject({ state: 'needs_review', providerOrderId: null, reviewCandidates: [{ orderId: panel.orderId }] });
    expect(world.kinds(failed.order.id)).toEqual(['needs_review']);
  });

  it('records why it adopted an order on its own: created inside the flight, on the default clock margin, with its debit', async () => {
    const world = await pollerWorld();
    world.sandbox.controls.setOrderPostFault({ kind: 'drop-after-create' });
    const result = await world.place(SANDBOX_PRODUCTS.noFields);

    await world.advanceAndRun(30_000);

    const [remote] = world.sandbox.controls.orders();
    expect((await world.get(result.order.id)).adoptionProof).toEqual({
      providerOrderId: remote?.orderId,
      providerCreatedAt: new Date(T0).toISOString(),
      flightFrom: T0,
      flightTo: T0,
      marginMs: DEFAULT_OFFSET_MARGIN_MS,
      measured: false,
      debitAmount: 1_250_000,
    });
  });

  it('hands to an administrator, never calls not placed, a matching order whose number an older order from another account holds', async () => {
    const world = await pollerWorld();
    // From the sandbox days: the same number meant another order there.
    const old = world.db
      .insert(orders)
      .values(orderValues({ key: 'sandbox-days', state: 'completed', at: T0 - 90 * 24 * 60 * MINUTE, providerOrderId: 9001, providerReference: 'SBX-7' }))
      .returning()
      .get();
    world.sandbox.controls.setOrderPostFault({ kind: 'drop-after-create' });
    const result = await world.place(SANDBOX_PRODUCTS.noFields);

    await world.runFor(20 * MINUTE, 30_000);

    expect((await world.get(result.order.id))).toMatchObject({ state: 'needs_review', providerOrderId: null, reviewCandidates: [{ orderId: 9001 }] });
    const why = world.db.$client.prepare("select detail from audit_log where order_id = ? and action = 'order.needs_review'").get(result.order.id);
    expect(why).toEqual({ detail: encodeAuditFacts({ note: `candidate 9001 (held by local order ${old.id})` }) });
  });

  it('never calls not placed an order whose POST the provider answered as accepted, even when the history shows nothing', async () => {
    const world = await pollerWorld();
    const order = await unknownOrder(world, { confirmKey: 'accepted', ...GOOGLE_PLAY });
    world.db.update(orders).set({ acceptedOrderId: 4711, acceptedReference: 'A4711', acceptedAmount: 1_250_000 }).where(eq(orders.id, order.id)).run();

    await world.runFor(20 * MINUTE, 30_000);

    expect((await world.get(order.id))).toMatchObject({ state: 'needs_review', providerOrderId: null });
    expect(world.kinds(order.id)).toEqual(['needs_review']);
  });

  it('waits for the debit of a match created inside the flight, then hands it to an administrator if none shows', async () => {
    const clock = createManualClock(T0);
    const server = await createScriptedServer((request) => {
      if (request.path === '/orders') return { body: envelope([{ orderId: 790, orderReference: 'A790', amount: 1_250_000, status: 'PREPARING', createdAt: new Date(T0 + 100).toISOString() }]) };
      if (request.path === '/wallet/transactions') return { body: envelope([]) };
      return {
        body: envelope({
          orderId: 790, orderReference: 'A790', amount: 1_250_000, status: 'PREPARING', createdAt: new Date(T0 + 100).toISOString(),
          items: [{ id: 1, productId: SANDBOX_PRODUCTS.noFields, regionPropertyId: 5001, quantity: 1, totalAmount: 1_250_000, delivery: null }],
        }),
      };
    });
    onCleanup(() => server.close());
    const db = openDb(':memory:');
    onCleanup(() => closeDb(db));
    const repo = createOrderStore({ database: databaseOf(db), clock });
    const poller = createDeliveryPoller({ ...sqlitePollerStores(db, clock), provider: clientOn(server.baseUrl, 'key', clock), clock, random: () => 0.5, logger: silentLogger, owner: 'p', staleMs: 60 * MINUTE });
    const order = await unknownOrder({ repo, clock }, { confirmKey: 'no-debit', ...GOOGLE_PLAY });

    clock.advance(30_000);
    await poller.runOnce();
    const first = await repo.get(order.id);
    for (let step = 0; step < 30; step++) {
      clock.advance(30_000);
      await poller.runOnce();
    }

    expect(first).toMatchObject({ state: 'unknown', checkCount: 1 });
    expect(await repo.get(order.id)).toMatchObject({ state: 'needs_review', providerOrderId: null, reviewCandidates: [{ orderId: 790 }] });
  });
});

describe('reconciliation when the provider charged or stamped the order differently', () => {
  const iso = (ms: number) => new Date(ms).toISOString();
  const ONE_CARD = { products: [{ productId: SANDBOX_PRODUCTS.noFields, regionPropertyId: 5001, quantity: 1 }] };

  /** The sandbox on a clock `skewMs` away from ours: its timestamps are the provider's own. */
  async function skewedWorld(skewMs: number) {
    const clock = createManualClock(T0);
    const providerClock: Clock = { now: () => clock.now() + skewMs, sleep: (ms, signal) => clock.sleep(ms, signal) };
    const sandbox = await createSandbox({ rateLimit: false, clock: providerClock });
    onCleanup(() => sandbox.close());
    const db = openDb(':memory:');
    onCleanup(() => closeDb(db));
    const provider = clientOn(sandbox.baseUrl, sandbox.apiKey, clock);
    const repo = createOrderStore({ database: databaseOf(db), clock });
    const poller = createDeliveryPoller({ ...sqlitePollerStores(db, clock), provider, clock, random: () => 0.5, logger: silentLogger, owner: 'p', staleMs: 60 * MINUTE });
    const service = createOrderService({ orders: createOrderStore({ database: databaseOf(db), clock }), provider, clock, logger: silentLogger, sandbox: true });
    const place = createOrderPlacer({ provider, service });
    const runFor = async (totalMs: number, stepMs: number) => {
      for (let spent = 0; spent < totalMs; spent += stepMs) {
        clock.advance(stepMs);
        await poller.runOnce();
      }
    };
    return { clock, sandbox, db, provider, repo, poller, place, runFor };
  }

  it('adopts an order the provider charged at another price than the one quoted, and records what it charged', async () => {
    const world = await pollerWorld();
    const charged = await world.provider.placeOrder(ONE_CARD);
    // Quoted before a repricing: the summary said 1,200,000, the provider took 1,250,000.
    const order = await unknownOrder(world, { confirmKey: 'repriced', ...GOOGLE_PLAY, unitPrice: 1_200_000 });

    await world.advanceAndRun(30_000);

    expect((await world.get(order.id))).toMatchObject({ state: 'completed', providerOrderId: charged.orderId, totalAmount: 1_250_000 });
    expect(world.kinds(order.id)).toEqual(['adopted', 'delivered']);
    const adopted = world.db.$client
      .prepare("select detail, amount from audit_log where order_id = ? and action = 'order.adopted'")
      .get(order.id) as { detail: string; amount: number };
    expect(adopted).toEqual({
      detail: encodeAuditFacts({ providerOrder: charged.orderId, status: 'COMPLETED', quoted: 1_200_000, proof: 'flight-and-debit' }),
      amount: 1_250_000,
    });
  });

  it('adopts an order whose provider clock runs five minutes behind ours, once an order we placed has measured that', async () => {
    const world = await skewedWorld(-5 * MINUTE);
    expect((await world.place(SANDBOX_PRODUCTS.noFields, 1, 11)).kind).toBe('placed');
    const placed = await world.provider.placeOrder(ONE_CARD);
    const order = await unknownOrder(world, { confirmKey: 'behind', ...GOOGLE_PLAY });

    world.clock.advance(30_000);
    await world.poller.runOnce();

    expect(await world.repo.get(order.id)).toMatchObject({
      state: 'completed',
      providerOrderId: placed.orderId,
      adoptionProof: { providerOrderId: placed.orderId, providerCreatedAt: iso(T0 - 5 * MINUTE), flightFrom: T0, flightTo: T0 + 1_500, marginMs: 0, measured: true, debitAmount: 1_250_000 },
    });
  });

  it('hands an order to an administrator at once when its provider clock runs five minutes behind and nothing has measured that', async () => {
    const world = await skewedWorld(-5 * MINUTE);
    const placed = await world.provider.placeOrder(ONE_CARD);
    const order = await unknownOrder(world, { confirmKey: 'behind', ...GOOGLE_PLAY });

    world.clock.advance(30_000);
    await world.poller.runOnce();

    expect(await world.repo.get(order.id)).toMatchObject({ state: 'needs_review', providerOrderId: null, reviewCandidates: [{ orderId: placed.orderId }] });
  });

  it('hands an order to an administrator, never calling it not placed, when the provider clock runs half an hour behind', async () => {
    const world = await skewedWorld(-30 * MINUTE);
    const placed = await world.provider.placeOrder(ONE_CARD);
    const order = await unknownOrder(world, { confirmKey: 'far-behind', ...GOOGLE_PLAY });

    await world.runFor(20 * MINUTE, 30_000);

    expect(await world.repo.get(order.id)).toMatchObject({
      state: 'needs_review',
      providerOrderId: null,
      reviewCandidates: [
        { orderId: placed.orderId, reference: placed.orderReference, status: 'COMPLETED', amount: 1_250_000, createdAt: iso(T0 - 30 * MINUTE) },
      ],
    });
    const kinds = world.db.$client.prepare('select kind from notifications where order_id = ?').all(order.id);
    expect(kinds).toEqual([{ kind: 'needs_review' }]);
  });

  it('rules out an order of another product by its detail and calls the order not placed after the grace period', async () => {
    const world = await pollerWorld();
    await world.provider.placeOrder(ONE_CARD);
    const order = await unknownOrder(world, { confirmKey: 'other-card', ...GOOGLE_PLAY, productId: 110, regionPropertyId: 5013 });

    await world.runFor(15 * MINUTE, 30_000);

    expect((await world.get(order.id))).toMatchObject({ state: 'not_placed', providerOrderId: null });
    expect(world.kinds(order.id)).toEqual(['not_placed']);
  });
});

describe('two open outcomes of the same card', () => {
  it('does not give an unknown outcome the order another unknown outcome created, and hands both to an administrator', async () => {
    const world = await pollerWorld();
    const product = await world.provider.getProduct(SANDBOX_PRODUCTS.noFields);
    const region = product.regionProperties[0];
    if (!region) throw new Error('no region');
    // B's POST fails before anything happens; A's creates the order and then loses the connection.
    world.sandbox.controls.setServerErrorRate(1);
    const b = await world.service.createIntentAndPlace({
      confirmKey: 'b',
      userId: 12,
      chatId: 12,
      lines: [
        {
          product: { id: product.id, title: product.title },
          region: { regionPropertyId: region.regionPropertyId, title: region.title, price: region.price },
          quantity: 1,
          fields: [],
        },
      ],
    });
    world.sandbox.controls.setServerErrorRate(0);
    world.sandbox.controls.setOrderPostFault({ kind: 'drop-after-create' });
    const a = await world.place(SANDBOX_PRODUCTS.noFields, 1, 11);
    world.sandbox.controls.setOrderPostFault({ kind: 'none' });
    expect([a.kind, b.kind]).toEqual(['unknown', 'unknown']);

    await world.advanceAndRun(30_000);

    expect(world.sandbox.controls.orders()).toHaveLength(1);
    expect((await world.get(b.order.id))).toMatchObject({ state: 'needs_review', providerOrderId: null });
    expect((await world.get(a.order.id))).toMatchObject({ state: 'needs_review', providerOrderId: null });
    expect(world.kinds(b.order.id)).toEqual(['needs_review']);
    expect(world.kinds(a.order.id)).toEqual(['needs_review']);
  });

  it('waits while another order of the same card is being sent, then adopts its own once that one is settled', async () => {
    const world = await pollerWorld();
    const placed = await world.provider.placeOrder({ products: [{ productId: SANDBOX_PRODUCTS.noFields, regionPropertyId: 5001, quantity: 1 }] });
    const order = await unknownOrder(world, { confirmKey: 'mine', ...GOOGLE_PLAY });
    const other = await placingOrder(world.repo, {
      confirmKey: 'sending',
      userId: 12,
      chatId: 12,
      fingerprint: 'fp-sending',
      productId: SANDBOX_PRODUCTS.noFields,
    });

    await world.advanceAndRun(30_000);
    const whileSending = (await world.get(order.id));
    await world.repo.transition({ id: other.id, from: 'placing', to: 'rejected', audit: { actorId: 12, action: 'order.rejected', facts: { note: 'test' } } });
    await world.advanceAndRun(30_000);

    expect(whileSending).toMatchObject({ state: 'unknown', providerOrderId: null, checkCount: 1 });
    expect((await world.get(order.id))).toMatchObject({ state: 'completed', providerOrderId: placed.orderId });
  });

  it('adopts its own order although an open order of the same card was sent hours earlier', async () => {
    const world = await pollerWorld();
    const earlier = await unknownOrder(world, { confirmKey: 'earlier', ...GOOGLE_PLAY, userId: 12 });
    world.clock.advance(3 * 60 * MINUTE);
    const placed = await world.provider.placeOrder({ products: [{ productId: SANDBOX_PRODUCTS.noFields, regionPropertyId: 5001, quantity: 1 }] });
    const order = await unknownOrder(world, { confirmKey: 'later', ...GOOGLE_PLAY });

    await world.advanceAndRun(30_000);

    expect((await world.get(order.id))).toMatchObject({ state: 'completed', providerOrderId: placed.orderId });
    expect((await world.get(earlier.id))).toMatchObject({ state: 'unknown', providerOrderId: null });
  });
});

describe('reconciliation against a provider with thinner answers', () => {
  const iso = (ms: number) => new Date(ms).toISOString();
  const detail = (orderId: number) => ({
    orderId,
    orderReference: `A${orderId}`,
    amount: 1_250_000,
    status: 'PROCESSING',
    createdAt: iso(T0 + 1_000),
    items: [{ id: 1, productId: SANDBOX_PRODUCTS.noFields, regionPropertyId: 5001, quantity: 1, totalAmount: 1_250_000, delivery: null }],
  });

  async function scriptedWorld(route: (request: ScriptedRequest) => ScriptedAnswer) {
    const server = await createScriptedServer((request) => route(request));
    onCleanup(() => server.close());
    const clock = createManualClock(T0);
    const db = openDb(':memory:');
    onCleanup(() => closeDb(db));
    const provider = clientOn(server.baseUrl, 'key', clock);
    const repo = createOrderStore({ database: databaseOf(db), clock });
    const poller = createDeliveryPoller({ ...sqlitePollerStores(db, clock), provider, clock, random: () => 0.5, logger: silentLogger, owner: 'p', staleMs: 60 * MINUTE });
    return { server, clock, db, repo, poller };
  }

  it('adopts the order a wallet debit names even when the order history does not list it', async () => {
    const world = await scriptedWorld((request) => {
      if (request.path === '/orders') return { body: envelope([]) };
      if (request.path === '/wallet/transactions') {
        return { body: envelope([{ id: 5, type: 'DEBIT', amount: 1_250_000, balanceAfter: 0, orderId: 777, description: 'x', createdAt: iso(T0 + 1_000) }]) };
      }
      if (request.path === '/orders/777') return { body: envelope(detail(777)) };
      return { status: 404, body: { status: 'error', code: 404, message: 'x', data: null } };
    });
    const order = await unknownOrder(world, { confirmKey: 'debit', ...GOOGLE_PLAY });

    world.clock.advance(30_000);
    await world.poller.runOnce();

    expect(await world.repo.get(order.id)).toMatchObject({ state: 'in_progress', providerOrderId: 777, providerReference: 'A777' });
  });

  it('hands a matching order without a creation time to an administrator: nothing proves it was our POST', async () => {
    const world = await scriptedWorld((request) => {
      if (request.path === '/orders') return { body: envelope([{ orderId: 778, orderReference: 'A778', amount: 1_250_000, status: 'PREPARING' }]) };
      if (request.path === '/wallet/transactions') return { body: envelope([]) };
      if (request.path === '/orders/778') return { body: envelope({ ...detail(778), createdAt: null }) };
      return { status: 404, body: { status: 'error', code: 404, message: 'x', data: null } };
    });
    const order = await unknownOrder(world, { confirmKey: 'undated', ...GOOGLE_PLAY });

    world.clock.advance(30_000);
    await world.poller.runOnce();

    expect(await world.repo.get(order.id)).toMatchObject({ state: 'needs_review', providerOrderId: null, reviewCandidates: [{ orderId: 778 }] });
  });

  it('never calls an order not placed when the history pages do not reach back to it', async () => {
    const busy = (page: number) =>
      Array.from({ length: 50 }, (_, i) => ({ orderId: page * 100 + i, orderReference: `A${page * 100 + i}`, amount: 5, status: 'COMPLETED', createdAt: iso(T0 + 5 * MINUTE) }));
    const world = await scriptedWorld((request) => {
      const page = Number(request.query['page'] ?? '1');
      if (request.path === '/orders') return { body: envelope(busy(page)) };
      if (request.path === '/wallet/transactions') {
        return { body: envelope(busy(page).map((o) => ({ id: o.orderId, type: 'DEBIT', amount: 5, orderId: o.orderId, createdAt: o.createdAt }))) };
      }
      return { status: 404, body: { status: 'error', code: 404, message: 'x', data: null } };
    });
    // A busy account: every order on those pages is one the bot placed and follows.
    for (let page = 1; page <= 6; page++) {
      for (const entry of busy(page)) {
        world.db.insert(orders).values(orderValues({ key: `busy-${entry.orderId}`, state: 'completed', at: T0, providerOrderId: entry.orderId })).run();
      }
    }
    const order = await unknownOrder(world, { confirmKey: 'buried', ...GOOGLE_PLAY });

    for (let step = 0; step < 30; step++) {
      world.clock.advance(30_000);
      await world.poller.runOnce();
    }

    expect(await world.repo.get(order.id)).toMatchObject({ state: 'needs_review', providerOrderId: null, reviewCandidates: [] });
    const actions = world.db.$client.prepare('select kind from notifications where order_id = ?').all(order.id);
    expect(actions).toEqual([{ kind: 'needs_review' }]);
  });

  it('does not adopt an order whose creation time carries no time zone: it stands for a whole day', async () => {
    // 10:00:01 UTC written as Tehran wall-clock time, without its offset.
    const wallClock = '2026-11-21T13:30:01';
    const world = await scriptedWorld((request) => {
      if (request.path === '/orders') return { body: envelope([{ orderId: 781, orderReference: 'A781', amount: 1_250_000, status: 'PREPARING', createdAt: wallClock }]) };
      if (request.path === '/wallet/transactions') {
        return { body: envelope([{ id: 7, type: 'DEBIT', amount: 1_250_000, balanceAfter: 0, orderId: 781, description: 'x', createdAt: wallClock }]) };
      }
      if (request.path === '/orders/781') return { body: envelope({ ...detail(781), createdAt: wallClock }) };
      return { status: 404, body: { status: 'error', code: 404, message: 'x', data: null } };
    });
    const order = await unknownOrder(world, { confirmKey: 'zoneless', ...GOOGLE_PLAY });

    world.clock.advance(30_000);
    await world.poller.runOnce();

    expect(await world.repo.get(order.id)).toMatchObject({ state: 'needs_review', providerOrderId: null, reviewCandidates: [{ orderId: 781 }] });
  });

  it('never calls an order not placed while a wallet debit names an order the provider cannot show', async () => {
    const world = await scriptedWorld((request) => {
      if (request.path === '/orders') return { body: envelope([]) };
      if (request.path === '/wallet/transactions') {
        return { body: envelope([{ id: 6, type: 'DEBIT', amount: 1_300_000, balanceAfter: 0, orderId: 779, description: 'x', createdAt: iso(T0 + 1_000) }]) };
      }
      return { status: 404, body: { status: 'error', code: 404, message: 'x', data: null } };
    });
    const order = await unknownOrder(world, { confirmKey: 'debit-only', ...GOOGLE_PLAY });

    for (let step = 0; step < 30; step++) {
      world.clock.advance(30_000);
      await world.poller.runOnce();
    }

    expect(await world.repo.get(order.id)).toMatchObject({
      state: 'needs_review',
      providerOrderId: null,
      reviewCandidates: [{ orderId: 779, reference: null, status: null, amount: 1_300_000, createdAt: iso(T0 + 1_000) }],
    });
    const kinds = world.db.$client.prepare('select kind from notifications where order_id = ?').all(order.id);
    expect(kinds).toEqual([{ kind: 'needs_review' }]);
  });

  it('never calls an order not placed while an order without a readable time, deep in the history, cannot be read', async () => {
    const ours = Array.from({ length: 25 }, (_, i) => ({ orderId: 900 + i, orderReference: `A${900 + i}`, amount: 5, status: 'COMPLETED', createdAt: iso(T0 + 2 * MINUTE) }));
    const undated = { orderId: 950, orderReference: 'A950', amount: 1_300_000, status: 'COMPLETED', createdAt: 'sometime' };
    const world = await scriptedWorld((request) => {
      if (request.path === '/orders') return { body: envelope([...ours, undated]) };
      if (request.path === '/wallet/transactions') return { body: envelope([]) };
      return { status: 404, body: { status: 'error', code: 404, message: 'x', data: null } };
    });
    for (const entry of ours) {
      world.db.insert(orders).values(orderValues({ key: `ours-${entry.orderId}`, state: 'completed', at: T0, providerOrderId: entry.orderId })).run();
    }
    const order = await unknownOrder(world, { confirmKey: 'undated', ...GOOGLE_PLAY });

    for (let step = 0; step < 30; step++) {
      world.clock.advance(30_000);
      await world.poller.runOnce();
    }

    expect(await world.repo.get(order.id)).toMatchObject({
      state: 'needs_review',
      reviewCandidates: [{ orderId: 950, reference: 'A950', status: 'COMPLETED', amount: 1_300_000, createdAt: 'sometime' }],
    });
  });

  it('reads at most six order details in one check, the closest in time to the POST first', async () => {
    const offsets = [10, 8, 6, 4, 2, -1, -3, -5, -7, -9]; // minutes from the POST, newest first
    const listed = offsets.map((minutes, i) => ({ orderId: 800 + i, orderReference: `A${800 + i}`, amount: 1_250_000, status: 'COMPLETED', createdAt: iso(T0 + minutes * MINUTE) }));
    const world = await scriptedWorld((request) => {
      if (request.path === '/orders') return { body: envelope(listed) };
      if (request.path === '/wallet/transactions') return { body: envelope([]) };
      const id = Number(request.path.split('/')[2]);
      // Orders of somebody else's product: each one is ruled out by its detail.
      return { body: envelope({ ...detail(id), items: [{ ...detail(id).items[0], productId: 999 }] }) };
    });
    const order = await unknownOrder(world, { confirmKey: 'crowded', ...GOOGLE_PLAY });

    world.clock.advance(30_000);
    await world.poller.runOnce();

    const details = world.server.requests.filter((r) => r.path.startsWith('/orders/')).map((r) => r.path);
    // 1, 2, 3, 4, 5 and 6 minutes away.
    expect(details).toEqual(['/orders/805', '/orders/804', '/orders/806', '/orders/803', '/orders/807', '/orders/802']);
    expect(await world.repo.get(order.id)).toMatchObject({ state: 'unknown', checkCount: 1 });
  });
});
