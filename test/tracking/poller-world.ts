import { afterThisTest } from '../support/after-this-test.js';
import { processLeaseTime } from '../../src/db/lease-time.js';
import { sqliteStores } from '../../src/db/stores.js';
import { createDeliveryWork } from '../../src/app/background.js';
import { deliveryPartsOf } from '../../src/app/loops.js';
import { createServices } from '../../src/app/services.js';
import { systemClock } from '../../src/clock.js';
import { createAppStateStore } from '../../src/db/app-state-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createOrderLeaseStore } from '../../src/db/order-lease-store.js';
import { createDeliveryPoller, type DeliveryPollerDeps } from '../../src/tracking/poller.js';
import { silentLogger, type Logger } from '../../src/logger.js';
import { createOrderStore, type OrderRow } from '../../src/db/order-store.js';
import type { PlaceResult } from '../../src/orders/order-service.js';
import { createProviderClient, type ProviderClient } from '../../src/provider/client.js';
import { createRateLimiter } from '../../src/provider/rate-limit.js';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/server.js';
import { createFakeBotApi, type FakeBotApi } from '../support/fake-bot-api/index.js';
import { createManualClock, type ManualClock } from '../support/manual-clock.js';
import { createOrderPlacer, placingOrder, withBalanceReadAwaited } from '../support/order-fixtures.js';
import type { OrderLine } from '../../src/orders/order-line.js';
import { worldConfig } from '../support/world-config.js';

export const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
export const MINUTE = 60_000;
/** The administrator who hears of orders the provider no longer finds. */
export const ADMIN = 900;
/** Who the tests place orders for: googlePlayInput's 11, and 12 where two people order. */
const ORDERERS = [11, 12];


/** Runs after the current test, last registered first. */
export function onCleanup(cleanup: () => Promise<void> | void): void {
  afterThisTest(cleanup);
}

/** A client on the manual clock: the limiter's burst is large so that it never waits on time that does not move. */
export function clientOn(baseUrl: string, apiKey: string, clock: ManualClock): ProviderClient {
  return createProviderClient({
    baseUrl,
    apiKey,
    clock,
    limiter: createRateLimiter({ requestsPerSecond: 1_000, burst: 100_000, clock }),
    maxAttempts: 1,
  });
}

export interface WorldOptions {
  sandbox?: Omit<SandboxOptions, 'clock'>;
  poller?: Partial<Omit<DeliveryPollerDeps, 'db' | 'provider' | 'clock'>>;
  logger?: Logger;
  /** Made staff at the start, for the tests that place orders through the service itself; googlePlayInput's 11 and a second orderer 12 unless given. */
  orderers?: number[];
  /** ADMIN_IDS: the administrators made at the start; ADMIN unless given. */
  admins?: number[];
}

/**
 * The sandbox, the services and the poller as production builds them
 * (createServices, createDeliveryWork) on one manual clock and a fresh
 * SQLite database, administrators' alerts going to a fake Bot API: orders
 * progress exactly when a test moves time.
 */
export async function pollerWorld(options: WorldOptions = {}) {
  const clock = createManualClock(T0);
  const logger = options.logger ?? silentLogger;
  const sandbox: Sandbox = await createSandbox({ rateLimit: false, ...options.sandbox, clock });
  afterThisTest(() => sandbox.close());
  const telegram: FakeBotApi = await createFakeBotApi();
  afterThisTest(() => telegram.close());
  const admins = options.admins ?? [ADMIN];
  for (const admin of admins) telegram.addChat({ id: admin });
  const db: Db = openDb(':memory:');
  afterThisTest(() => closeDb(db));
  const config = worldConfig({ telegram, sandbox }, admins, { POLL_STALE_MINUTES: '30' });
  // The provider's client waits and retries in real time; the sandbox's orders move with the manual clock.
  const services = await createServices({ config, stores: sqliteStores({ db, clock }), provider: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey }, clock, providerClock: systemClock, logger });
  const { provider, orders: service } = services;
  // The people the tests order for: orders are placed only for staff.
  for (const orderer of options.orderers ?? ORDERERS) await services.staff.add(orderer, 'staff', admins[0]!);
  const repo = createOrderStore({ database: databaseOf(db), clock });
  const { poller: work, handover } = createDeliveryWork({ config, stores: services.stores, ...deliveryPartsOf(services), clock, logger, owner: 'poller-a', random: () => 0.5 });
  const notFound: { orderId: number; misses: number }[] = [];
  const alertNotFound = work.reportNotFound;
  const poller = createDeliveryPoller({
    ...work,
    // Observed on its way to the administrators.
    reportNotFound: async (order, misses) => {
      notFound.push({ orderId: order.id, misses });
      await alertNotFound?.(order, misses);
    },
    ...options.poller,
  });
  const placeFirstRegion = withBalanceReadAwaited(sandbox, createOrderPlacer({ provider, service }));
  // Orders are placed only for people on the staff (read again right before the POST): the orderer is made staff first.
  const place = async (productId: number, quantity = 1, userId = 11): Promise<PlaceResult> => {
    if (!services.staff.current.find(userId)) await services.staff.add(userId, 'staff', admins[0]!);
    return placeFirstRegion(productId, quantity, userId);
  };

  async function placed(productId: number, quantity = 1, userId = 11): Promise<OrderRow> {
    const result = await place(productId, quantity, userId);
    if (result.kind !== 'placed') throw new Error(`expected a placed order, got ${result.kind}`);
    return result.order;
  }

  /** Moves time, then runs the poller once. */
  async function advanceAndRun(ms: number) {
    clock.advance(ms);
    return poller.runOnce();
  }

  /** Moves time in steps, running the poller after each. */
  async function runFor(totalMs: number, stepMs: number) {
    for (let spent = 0; spent < totalMs; spent += stepMs) await advanceAndRun(stepMs);
  }

  const kinds = (orderId: number): string[] =>
    db.$client
      .prepare('select kind from notifications where order_id = ? order by id')
      .all(orderId)
      .map((row) => (row as { kind: string }).kind);

  const audit = (orderId: number): string[] =>
    db.$client
      .prepare('select action from audit_log where order_id = ? order by id')
      .all(orderId)
      .map((row) => (row as { action: string }).action);

  const detailCalls = () => sandbox.requests.filter((r) => r.method === 'GET' && /^\/orders\/[^/]+$/.test(r.path)).length;
  const listCalls = () => sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/orders').length;
  const posts = () => sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/orders').length;
  const get = async (orderId: number): Promise<OrderRow> => {
    const row = await repo.get(orderId);
    if (!row) throw new Error(`order ${orderId} is missing`);
    return row;
  };

  return { clock, sandbox, telegram, db, services, provider, service, repo, poller, handover, notFound, place, placed, advanceAndRun, runFor, kinds, audit, detailCalls, listCalls, posts, get };
}

export type PollerWorld = Awaited<ReturnType<typeof pollerWorld>>;

/** What a poller built by hand on a SQLite database reads and writes through. */
export function sqlitePollerStores(db: Db, clock: ManualClock): Pick<DeliveryPollerDeps, 'leases' | 'appState'> {
  return { leases: createOrderLeaseStore({ database: databaseOf(db), leases: processLeaseTime }), appState: createAppStateStore({ database: databaseOf(db), clock }) };
}

// Rows as the stores' contract writes them: one definition for both.
export { orderValues } from '../db/contract/order-tables.js';

/** How long the POST of an `unknownOrder` was in flight by default: it timed out (the e2e order timeout). */
export const LOST_POST_FLIGHT_MS = 1_500;

/**
 * An order row left in 'unknown' as if its POST, sent now, had timed out
 * after `flightMs`, without any provider order behind it.
 */
export async function unknownOrder(
  world: Pick<PollerWorld, 'repo' | 'clock'>,
  input: {
    confirmKey: string;
    productId?: number;
    regionPropertyId?: number;
    unitPrice?: number;
    quantity?: number;
    userId?: number;
    flightMs?: number;
    /** Several products: replaces the one line the other fields describe. */
    lines?: OrderLine[];
  },
): Promise<OrderRow> {
  const userId = input.userId ?? 11;
  const order = await placingOrder(
    world.repo,
    {
      confirmKey: input.confirmKey,
      userId,
      chatId: userId,
      fingerprint: `fp-${input.confirmKey}`,
      productId: input.productId ?? 101,
      regionPropertyId: input.regionPropertyId ?? 5001,
      quantity: input.quantity ?? 1,
      ...(input.unitPrice === undefined ? {} : { unitPrice: input.unitPrice }),
      ...(input.lines ? { lines: input.lines } : {}),
    },
    11,
  );
  const unknown = await world.repo.transition({
    id: order.id,
    from: 'placing',
    to: 'unknown',
    set: {
      nextCheckAt: new Date(world.clock.now() + 30_000),
      postEndedAt: new Date((order.postedAt?.getTime() ?? world.clock.now()) + (input.flightMs ?? LOST_POST_FLIGHT_MS)),
    },
    audit: { actorId: 11, action: 'order.unknown', facts: { note: 'test' } },
  });
  if (!unknown) throw new Error('could not move the order to unknown');
  return unknown;
}
