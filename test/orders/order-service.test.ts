import { eq } from 'drizzle-orm';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { notifications, orders } from '../../src/db/schema.js';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { silentLogger } from '../../src/logger.js';
import { createOrderStore } from '../../src/db/order-store.js';
import { createOrderService, type PlaceInput } from '../../src/orders/order-service.js';
import { createProviderClient } from '../../src/provider/client.js';
import { createSandbox, SANDBOX_PRODUCTS, type Sandbox } from '../../src/sandbox/server.js';
import { createManualClock } from '../support/manual-clock.js';
import { googlePlayInput, intentInput } from '../support/order-fixtures.js';
import { encodeAuditFacts } from '../../src/db/audit-log.js';

const T0 = 1_700_000_000_000;


const googlePlay = googlePlayInput;

const netflix = (confirmKey: string): PlaceInput => ({
  confirmKey,
  userId: 11,
  chatId: 11,
  lines: [
    {
      product: { id: SANDBOX_PRODUCTS.twoFields, title: 'Netflix 30 USD' },
      region: { regionPropertyId: 5003, title: 'US', price: 3_700_000 },
      quantity: 1,
      fields: [
        { fieldId: 8, title: 'شماره موبایل گیرنده', value: '09121234567' },
        { fieldId: 7, title: 'ایمیل گیرنده', value: ' buyer@example.com ' },
      ],
    },
  ],
});

describe('order service', () => {
  const sandboxes: Sandbox[] = [];
  const opened: Db[] = [];
  afterEach(async () => {
    opened.splice(0).forEach(closeDb);
    await Promise.all(sandboxes.splice(0).map((s) => s.close()));
  });

  async function setup(options: { pausedUntil?: () => number; onChargedOtherAmount?: (order: { id: number; totalAmount: number }, confirmed: number) => void } = {}) {
    const sandbox = await createSandbox({ rateLimit: false });
    sandboxes.push(sandbox);
    const db = openDb(':memory:');
    opened.push(db);
    const clock = createManualClock(T0);
    const provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1000 });
    const service = createOrderService({
      orders: createOrderStore({ database: databaseOf(db), clock }),
      provider,
      clock,
      logger: silentLogger,
      sandbox: true,
      ...(options.pausedUntil ? { providerPausedUntil: options.pausedUntil } : {}),
      ...(options.onChargedOtherAmount ? { onChargedOtherAmount: options.onChargedOtherAmount } : {}),
    });
    const posts = () => sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/orders');
    const audit = (orderId: number) =>
      db.$client
        .prepare('select action from audit_log where order_id = ? order by id')
        .all(orderId)
        .map((row) => (row as { action: string }).action);
    return { sandbox, db, clock, service, posts, audit };
  }

  it('does not start an order while the provider has asked us to wait for long, and says nothing was sent', async () => {
    let pausedUntil = T0 + 60_000;
    const { service, posts } = await setup({ pausedUntil: () => pausedUntil });

    const refused = await service.createIntentAndPlace(googlePlay('c-paused'));

    expect(refused).toMatchObject({ kind: 'rejected', reason: 'rate-limited', order: { state: 'not_placed' } });
    expect(posts()).toHaveLength(0);
    // A short pause is waited out by the client itself: the order goes ahead.
    pausedUntil = T0 + 1_000;
    expect((await service.createIntentAndPlace(googlePlay('c-short-pause'))).kind).toBe('placed');
  });

  it('records what the provider charged when its price moved after the confirmed read, audits both amounts and announces it', async () => {
    const announced: { orderId: number; charged: number; confirmed: number }[] = [];
    const { db, service } = await setup({ onChargedOtherAmount: (order, confirmed) => announced.push({ orderId: order.id, charged: order.totalAmount, confirmed }) });
    // Confirmed at 1,000,000 a card; the sandbox charges its price of 1,250,000.
    const result = await service.createIntentAndPlace(googlePlay('c-moved', { region: { regionPropertyId: 5001, title: 'US', price: 1_000_000 } }));

    expect(result).toMatchObject({ kind: 'placed', order: { totalAmount: 1_250_000, lines: [{ region: { price: 1_000_000 } }] } });
    expect(announced).toEqual([{ orderId: result.order.id, charged: 1_250_000, confirmed: 1_000_000 }]);
    const placedRow = db.$client.prepare("select amount, detail from audit_log where order_id = ? and action = 'order.placed'").get(result.order.id);
    expect(placedRow).toEqual({ amount: 1_250_000, detail: JSON.stringify({ facts: { quoted: 1_000_000 } }) });
  });

  it('announces nothing when the provider charged what was confirmed', async () => {
    const announced: number[] = [];
    const { service } = await setup({ onChargedOtherAmount: (order) => announced.push(order.id) });
    expect((await service.createIntentAndPlace(googlePlay('c-same'))).kind).toBe('placed');
    expect(announced).toEqual([]);
  });

  it('places an order and records the provider’s ids with the first check two seconds later', async () => {
    const { sandbox, service, posts } = await setup();

    const result = await service.createIntentAndPlace(googlePlay('c1'));

    expect(result.kind).toBe('placed');
    const [remote] = sandbox.controls.orders();
    expect(result.order).toMatchObject({
      state: 'in_progress',
      providerOrderId: remote?.orderId,
      providerReference: remote?.orderReference,
      providerStatus: 'PREPARING',
      totalAmount: 1_250_000,
      sandbox: true,
    });
    expect(result.order.nextCheckAt?.getTime()).toBe(T0 + 2_000);
    expect(result.order.postedAt?.getTime()).toBe(T0);
    expect(posts()).toHaveLength(1);
  });

  it('sends the required fields keyed by the product id, trimmed', async () => {
    const { sandbox, service } = await setup();
    const result = await service.createIntentAndPlace(netflix('c1'));
    expect(result.kind).toBe('placed');
    expect(sandbox.controls.orders()[0]?.requiredFields).toEqual({
      [String(SANDBOX_PRODUCTS.twoFields)]: [
        { fieldId: 8, value: '09121234567' },
        { fieldId: 7, value: 'buyer@example.com' },
      ],
    });
  });

  it('writes an audit row for every step of a placed order', async () => {
    const { service, audit } = await setup();
    const result = await service.createIntentAndPlace(googlePlay('c1'));
    expect(audit(result.order.id)).toEqual(['order.intent', 'order.placing', 'order.placed']);
  });

  it('sends no second POST for a confirmation it has already handled', async () => {
    const { service, posts } = await setup();
    const first = await service.createIntentAndPlace(googlePlay('c1'));

    const second = await service.createIntentAndPlace(googlePlay('c1'));

    expect(second.kind).toBe('already-confirmed');
    expect(second.order.id).toBe(first.order.id);
    expect(posts()).toHaveLength(1);
  });

  it('never has two order POSTs in flight at once', async () => {
    const { sandbox, service, posts } = await setup();
    const latency = 150;
    sandbox.controls.setLatency(latency);

    const results = await Promise.all([
      service.createIntentAndPlace(googlePlay('c1')),
      service.createIntentAndPlace(netflix('c2')),
    ]);

    expect(results.map((r) => r.kind)).toEqual(['placed', 'placed']);
    const [first, second] = posts();
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(latency - 5);
  });

  it('records the provider’s message when the wallet cannot pay', async () => {
    const { sandbox, service, posts, audit } = await setup();
    sandbox.controls.setBalance(0);

    const result = await service.createIntentAndPlace(googlePlay('c1'));

    expect(result).toMatchObject({
      kind: 'rejected',
      reason: 'insufficient-funds',
      providerMessage: 'موجودی کیف پول کافی نیست',
    });
    expect(result.order).toMatchObject({ state: 'rejected', providerMessage: 'موجودی کیف پول کافی نیست' });
    expect(result.order.finishedAt?.getTime()).toBe(T0);
    expect(audit(result.order.id)).toEqual(['order.intent', 'order.placing', 'order.rejected']);
    expect(posts()).toHaveLength(1);
  });

  it('reports a stock conflict as a conflict, not as missing funds', async () => {
    const { service } = await setup();
    const result = await service.createIntentAndPlace(
      googlePlay('c1', {
        product: { id: SANDBOX_PRODUCTS.multiRegion, title: 'Steam Wallet 20' },
        region: { regionPropertyId: 5005, title: 'EU', price: 2_700_000 },
      }),
    );
    expect(result).toMatchObject({ kind: 'rejected', reason: 'conflict', order: { state: 'rejected' } });
  });

  it('reports an invalid field as invalid when the wallet could pay', async () => {
    const { service } = await setup();
    const input = netflix('c1');
    const result = await service.createIntentAndPlace({ ...input, lines: [{ ...input.lines[0]!, fields: [input.lines[0]!.fields[1]!] }] });
    expect(result).toMatchObject({ kind: 'rejected', reason: 'invalid' });
  });

  it('marks an order whose answer was lost as unknown after exactly one POST', async () => {
    const { sandbox, service, posts } = await setup();
    sandbox.controls.setOrderPostFault({ kind: 'drop-after-create' });

    const result = await service.createIntentAndPlace(googlePlay('c1'));

    expect(result.kind).toBe('unknown');
    expect(result.order.state).toBe('unknown');
    expect(result.order.nextCheckAt?.getTime()).toBe(T0 + 5_000);
    expect(posts()).toHaveLength(1);
    expect(sandbox.controls.orders()).toHaveLength(1);
  });

  it('refuses the same order again while an earlier attempt is unknown', async () => {
    const { sandbox, service, posts } = await setup();
    sandbox.controls.setOrderPostFault({ kind: 'drop-after-create' });
    const lost = await service.createIntentAndPlace(googlePlay('c1'));
    sandbox.controls.setOrderPostFault({ kind: 'none' });

    const again = await service.createIntentAndPlace(googlePlay('c2'));

    expect(again.kind).toBe('same-order-pending');
    expect(again.order.id).toBe(lost.order.id);
    expect(posts()).toHaveLength(1);
  });

  it('lets a different order through while another one is unknown', async () => {
    const { sandbox, service } = await setup();
    sandbox.controls.setOrderPostFault({ kind: 'drop-after-create' });
    await service.createIntentAndPlace(googlePlay('c1'));
    sandbox.controls.setOrderPostFault({ kind: 'none' });

    const other = await service.createIntentAndPlace(googlePlay('c2', { quantity: 2 }));

    expect(other.kind).toBe('placed');
  });

  it('turns an interrupted POST into unknown and every unsent intent into not placed at start-up', async () => {
    const { db, clock, service } = await setup();
    const repo = createOrderStore({ database: databaseOf(db), clock });
    const open = async (key: string) => {
      const opened = await repo.openIntent(intentInput({ confirmKey: key, userId: 1, chatId: 1, fingerprint: key, productTitle: 'x', regionTitle: null, unitPrice: 1 }));
      return opened.order.id;
    };
    const old = await open('old');
    const inFlight = await open('in-flight');
    await repo.claimForPlacing(inFlight, 1);
    clock.advance(61_000);
    const waiting = await open('waiting-for-the-wallet');

    expect(await service.recoverInterrupted()).toEqual({ unknown: 1, notPlaced: 2 });
    expect((await service.get(old))?.state).toBe('not_placed');
    expect((await service.get(inFlight))?.state).toBe('unknown');
    expect((await service.get(waiting))?.state).toBe('not_placed');
    const kinds = db.select().from(notifications).all().map((n) => [n.orderId, n.kind]);
    expect(kinds).toEqual(expect.arrayContaining([[old, 'not_placed'], [waiting, 'not_placed'], [inFlight, 'interrupted']]));
  });

  it('tells the staff member once about an order whose POST was interrupted', async () => {
    const { db, clock, service } = await setup();
    const repo = createOrderStore({ database: databaseOf(db), clock });
    const opened = await repo.openIntent(intentInput({ confirmKey: 'k', userId: 1, chatId: 1, fingerprint: 'f', productTitle: 'x', regionTitle: null, unitPrice: 1 }));
    await repo.claimForPlacing(opened.order.id, 1);

    await service.recoverInterrupted();
    await service.recoverInterrupted();

    const rows = db.select().from(notifications).where(eq(notifications.orderId, opened.order.id)).all();
    expect(rows.map((r) => [r.kind, r.status])).toEqual([['interrupted', 'pending']]);
  });

  /** An earlier local order (from the sandbox, another account) that holds the provider order id the next POST gets. */
  function oldOrderHolding(db: Db, providerOrderId: number): number {
    const at = new Date(T0 - 90 * 24 * 60 * 60_000);
    return db
      .insert(orders)
      .values({
        userId: 11, chatId: 11, confirmKey: 'old', fingerprint: 'old',
        lines: [{ product: { id: 101, title: 'Google Play 10 USD' }, region: { regionPropertyId: 5001, title: null, price: 1_250_000 }, quantity: 1, fields: [] }],
        totalAmount: 1_250_000,
        state: 'completed', providerOrderId, providerReference: 'SBX-1', sandbox: true, createdAt: at, updatedAt: at,
      })
      .returning()
      .get().id;
  }

  it('keeps what the provider accepted and sends the order to review when its id is already held by another order', async () => {
    const { sandbox, db, service } = await setup();
    oldOrderHolding(db, 9001);

    const result = await service.createIntentAndPlace(googlePlay('c-collide'));

    const [remote] = sandbox.controls.orders();
    expect(result).toMatchObject({ kind: 'accepted-unrecorded', providerReference: remote?.orderReference });
    expect(await service.get(result.order.id)).toMatchObject({
      state: 'needs_review',
      providerOrderId: null,
      acceptedOrderId: 9001,
      acceptedReference: remote?.orderReference,
      acceptedAmount: 1_250_000,
      nextCheckAt: null,
      reviewCandidates: [{ orderId: 9001, reference: remote?.orderReference, status: 'PREPARING', amount: 1_250_000, createdAt: null }],
    });
  });

  it('announces an accepted order it could not record to administrators at once, with the collision in the audit trail', async () => {
    const { db, service, audit } = await setup();
    oldOrderHolding(db, 9001);

    const result = await service.createIntentAndPlace(googlePlay('c-collide'));

    const rows = db.select().from(notifications).where(eq(notifications.orderId, result.order.id)).all();
    expect(rows.map((r) => [r.kind, r.status])).toEqual([['needs_review', 'pending']]);
    expect(audit(result.order.id)).toEqual(['order.intent', 'order.placing', 'order.needs_review']);
    const detail = db.$client.prepare("select detail from audit_log where order_id = ? and action = 'order.needs_review'").get(result.order.id);
    expect(detail).toEqual({ detail: encodeAuditFacts({ cause: 'accepted-not-recorded', providerOrder: 9001, note: 'SQLITE_CONSTRAINT_UNIQUE' }) });
  });

  it('records the flight of a POST: sent at, and answered at', async () => {
    const { clock, service } = await setup();
    clock.advance(1_000);

    const result = await service.createIntentAndPlace(googlePlay('c-flight'));

    expect(result.order.postedAt?.getTime()).toBe(T0 + 1_000);
    expect(result.order.postEndedAt?.getTime()).toBe(T0 + 1_000);
    expect(result.order).toMatchObject({ acceptedOrderId: result.order.providerOrderId, acceptedAmount: 1_250_000 });
  });
});
