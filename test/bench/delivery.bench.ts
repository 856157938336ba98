/**
 * Delivery benchmark: N open orders at the sandbox provider complete at
 * random over a window; giftdesk's real sweep and sender (with a recording
 * send port) deliver them, and beside them, in the same run and under the
 * same budget against a twin sandbox, a naive poller reads every open
 * order's detail in turn. Printed per N: lag from the provider's COMPLETED
 * to the send (p50/p95/max), provider requests per delivered order,
 * requests per second while orders are open and nothing changes and while
 * nothing is open, 429s, and the ratios to the naive poller. A plain sweep
 * runs beside them too, against a third twin sandbox: every 5 s it reads
 * the history pages newest first until every open order is seen, then the
 * detail of each order listed COMPLETED (four at a time), and counts an
 * order delivered when that detail arrives (no database, no sender).
 *
 * BENCH_QUIET_S and BENCH_WINDOW_S set the quiet phase (300 s) and the
 * window the orders complete over (600 s), in provider time. BENCH_TRACE
 * prints each giftdesk sweep's result, the pauses between history reads,
 * every sweep's pages and requests, and the lag split at the page read
 * that saw the order completed (delivery-trace.ts) on stderr.
 *
 * giftdesk runs once per database in BENCH_DATABASES (sqlite,postgresql by
 * default), each against a sandbox of its own with the same orders and the
 * same course, in the same run as the naive poller: the stores are the
 * SQLite or the PostgreSQL ones (a throwaway server, postgres-cluster.ts),
 * nothing else differs.
 *
 * Time is scaled (BENCH_SCALE, 10 by default): every clock in the run
 * (sandbox, rate limits, client budget, sweep, sender) runs that much
 * faster than the wall clock, so the provider's limit (10 req/s) and the
 * budget (8 req/s) scale with it. Every figure is printed in provider time,
 * i.e. converted back to what it would be unscaled.
 *
 *   npm run bench:delivery
 *   BENCH_SIZES=10,100,1000,10000 BENCH_VARIANTS=plain,detour BENCH_SCALE=10 npm run bench:delivery
 *   BENCH_DATABASES=postgresql npm run bench:delivery
 *   BENCH_SIZES=100 BENCH_VARIANTS=plain BENCH_WINDOW_S=120 npm run bench:delivery
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createAdminAlerts } from '../../src/alerts/admin-alerts.js';
import { translatorFor } from '../../src/text/i18n.js';
import type { Clock } from '../../src/clock.js';
import { createAppStateStore } from '../../src/db/app-state-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { closeDb, openDb } from '../../src/db/open.js';
import { processLeaseTime, serverLeaseTime } from '../../src/db/lease-time.js';
import { closePostgres, openPostgres } from '../../src/db/postgres/open.js';
import { orders as pgOrders } from '../../src/db/postgres/schema.js';
import { orders } from '../../src/db/schema.js';
import { startNotificationSender } from '../../src/delivery/notification-sender.js';
import { createNotificationStore, type NotificationStore } from '../../src/db/notification-store.js';
import type { AppStateStore } from '../../src/db/app-state-store.js';
import { silentLogger } from '../../src/logger.js';
import { createProviderClient, type ProviderClient } from '../../src/provider/client.js';
import { ProviderRateLimitedError } from '../../src/provider/errors.js';
import { createRateLimiter } from '../../src/provider/rate-limit.js';
import { WINDOW_SPAN_MS } from '../../src/domain/request-budget.js';
import { createSandbox, SANDBOX_PRODUCTS, type Sandbox } from '../../src/sandbox/server.js';
import { createDetailHandover } from '../../src/tracking/detail-handover.js';
import { createOrderLeaseStore, type OrderLeaseStore } from '../../src/db/order-lease-store.js';
import { startDeliveryPoller } from '../../src/tracking/poller-loop.js';
import { inPool } from '../../src/tracking/in-pool.js';
import { traceDelivery } from './delivery-trace.js';
import { createDatabaseAt, startPostgresCluster, stopPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';

const SCALE = Number(process.env.BENCH_SCALE ?? 10);
const SIZES = (process.env.BENCH_SIZES ?? '10,100,1000').split(',').map(Number).filter((n) => n > 0);
const VARIANTS = (process.env.BENCH_VARIANTS ?? 'plain,detour').split(',').filter((v): v is Variant => v === 'plain' || v === 'detour');
const BUDGET = 8;
const PROVIDER_LIMIT = 10;
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
/** Orders are open and nothing changes for this long first: the quiet cost is measured there. */
const QUIET_MS = Number(process.env.BENCH_QUIET_S ?? 300) * SECOND;
/** The sweep slows down after a few sweeps that saw no change: the settled rate is measured from here on. */
const SETTLED_FROM_MS = 60 * SECOND;
const WINDOW_MS = Number(process.env.BENCH_WINDOW_S ?? 600) * SECOND;
/** The plain sweep's pace: one whole pass every 5 s, start to start. */
const PLAIN_SWEEP_MS = 5 * SECOND;
/** Measured after the last delivery, with nothing open. */
const IDLE_MS = 30 * SECOND;

type Variant = 'plain' | 'detour';
type Database = 'sqlite' | 'postgresql';
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgresql').split(',').filter((d): d is Database => d === 'sqlite' || d === 'postgresql');

/** An order as the order service records it once the provider has accepted it. */
type OpenOrder = typeof orders.$inferInsert;

interface BenchStores {
  leases: OrderLeaseStore;
  appState: AppStateStore;
  notifications: NotificationStore;
  close: () => Promise<void>;
}

/** The stores the sweep and the sender use, on a new database of the given kind holding `rows`. */
async function benchStores(database: Database, name: string, rows: OpenOrder[], clock: Clock, dir: string, server: PostgresCluster | null): Promise<BenchStores> {
  if (database === 'sqlite') {
    const db = openDb(join(dir, `${name}.sqlite`));
    db.transaction((tx) => {
      for (const row of rows) tx.insert(orders).values(row).run();
    });
    return {
      leases: createOrderLeaseStore({ database: databaseOf(db), leases: processLeaseTime }),
      appState: createAppStateStore({ database: databaseOf(db), clock }),
      notifications: createNotificationStore({ database: databaseOf(db), leases: processLeaseTime }),
      close: async () => closeDb(db),
    };
  }
  if (!server) throw new Error('no PostgreSQL server started');
  const { url } = await createDatabaseAt(server.root, name);
  const db = await openPostgres(url);
  for (let i = 0; i < rows.length; i += 500) await db.insert(pgOrders).values(rows.slice(i, i + 500));
  return {
    leases: createOrderLeaseStore({ database: databaseOf(db), leases: serverLeaseTime }),
    appState: createAppStateStore({ database: databaseOf(db), clock }),
    notifications: createNotificationStore({ database: databaseOf(db), leases: serverLeaseTime }),
    close: () => closePostgres(db),
  };
}

/** BENCH_TRACE: each sweep's result, in provider seconds from the start, on stderr. */
const traceLogger = (clock: Clock, database: string) => {
  const start = clock.now();
  const line = (object: unknown, msg?: string) => console.error(`${database} ${((clock.now() - start) / SECOND).toFixed(1)} ${msg ?? ''} ${JSON.stringify(object)}`);
  const logger = { ...silentLogger, debug: line, warn: line, error: line, child: () => logger };
  return logger as unknown as typeof silentLogger;
};

/** Provider time running SCALE times faster than the wall clock. */
function scaledClock(scale: number, startMs: number): Clock {
  const origin = performance.now();
  return {
    now: () => Math.round(startMs + (performance.now() - origin) * scale),
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const timer = setTimeout(() => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        }, Math.max(0, ms) / scale);
        const onAbort = () => {
          clearTimeout(timer);
          reject(signal?.reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
      }),
  };
}

function client(sandbox: Sandbox, clock: Clock): ProviderClient {
  return createProviderClient({
    baseUrl: sandbox.baseUrl,
    apiKey: sandbox.apiKey,
    clock,
    limiter: createRateLimiter({ requestsPerSecond: BUDGET, clock }),
    timeoutMs: 10_000,
  });
}

interface Side {
  lags: number[];
  requests: number;
  pages: number;
  tooMany: number;
  /** Requests per second in the first 30 s of quiet, while the sweep still keeps its usual pace. */
  quietRate: number;
  /** Requests per second once the pace has settled, over whole sweep cycles. */
  settledRate: number;
  idleRate: number;
  finishedMs: number;
  delivered: number;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

async function run(n: number, variant: Variant, dir: string, server: PostgresCluster | null) {
  const t0 = Date.UTC(2026, 10, 21, 10, 0, 0);
  const clock = scaledClock(SCALE, t0);
  const planner = ({ createdAtMs }: { createdAtMs: number }) => {
    const finalAtMs = createdAtMs + QUIET_MS + Math.random() * WINDOW_MS;
    const detourFrom = createdAtMs + QUIET_MS + Math.random() * (finalAtMs - createdAtMs - QUIET_MS);
    return variant === 'detour' ? { finalAtMs, detour: { status: 'UNDER_MANUAL_REVIEW', fromMs: detourFrom } } : { finalAtMs };
  };
  // One sandbox per database, one for the plain sweep and one for the naive poller, each with its own rate limit.
  const sandboxes = await Promise.all(
    [...DATABASES, 'plain', 'naive'].map(() => createSandbox({ clock, initialBalance: 1e15, rateLimit: { perSecond: PROVIDER_LIMIT, burst: PROVIDER_LIMIT } })),
  );
  const theirs = sandboxes.at(-1)!;
  const plainSandbox = sandboxes.at(-2)!;
  const line = { productId: SANDBOX_PRODUCTS.noFields, regionPropertyId: 0, quantity: 1 };
  line.regionPropertyId = (await client(theirs, clock).getProduct(line.productId)).regionProperties[0]!.regionPropertyId;
  // Every sandbox gets the same course for the same order.
  const courses = new Map<number, ReturnType<typeof planner>>();
  for (const sandbox of sandboxes) {
    sandbox.controls.setOrderPlanner((order) => {
      const course = courses.get(order.orderId) ?? planner(order);
      courses.set(order.orderId, course);
      return course;
    });
  }
  const started = clock.now();
  const placed = sandboxes.map((sandbox) => sandbox.controls.placeOrders(n, line));
  const theirOrders = placed.at(-1)!;
  const plainOrders = placed.at(-2)!;
  const firstRequests = sandboxes.map((sandbox) => sandbox.requests.length);

  // giftdesk, once per database: the orders as the order service records them, then the real sweep and sender.
  const ourSides = await Promise.all(
    DATABASES.map(async (database, d) => {
      const ours = sandboxes[d]!;
      const ourOrders = placed[d]!;
      const rows: OpenOrder[] = ourOrders.map((order, index) => {
        const at = new Date(order.createdAtMs);
        return {
          userId: index + 1, chatId: index + 1, confirmKey: `bench-${index}`, fingerprint: `bench-${index}`,
          lines: [{ product: { id: line.productId, title: 'Google Play 10 USD' }, region: { regionPropertyId: line.regionPropertyId, title: null, price: order.amount }, quantity: 1, fields: [] }],
          totalAmount: order.amount, state: 'in_progress',
          providerOrderId: order.orderId, providerReference: order.orderReference, providerStatus: 'PREPARING',
          sandbox: true, createdAt: at, postedAt: at, updatedAt: at, nextCheckAt: new Date(at.getTime() + 2_000),
        };
      });
      const stores = await benchStores(database, `bench_${n}_${variant}_${database}`, rows, clock, dir, server);
      const sentAt = new Map<number, number>();
      const provider = client(ours, clock);
      const handover = createDetailHandover({ clock, maxEntries: Math.max(1_000, n) });
      const loops = [
        startDeliveryPoller({
          leases: stores.leases, appState: stores.appState, provider, clock, random: Math.random, logger: process.env.BENCH_TRACE ? traceLogger(clock, database) : silentLogger, owner: 'bench', staleMs: 60 * MINUTE,
          requestsPerSecond: BUDGET, handover, everyMs: SECOND,
        }),
        startNotificationSender({
          notifications: stores.notifications, provider, clock, random: Math.random, logger: silentLogger, owner: 'bench',
          send: async (chatId, message) => {
            if (!sentAt.has(chatId) && message.text.text.includes('is delivered')) sentAt.set(chatId, clock.now());
            return { messageId: sentAt.size };
          },
          translate: (locale) => translatorFor(locale), localeOf: () => 'en', isStaff: () => true, adminRecipients: () => [],
          alerts: createAdminAlerts({ recipients: () => [], sendText: async () => undefined, clock, logger: silentLogger }),
          handover, presentation: { amountUnit: 'IRR', timeZone: 'UTC', monthCalendar: 'gregorian', sandbox: true }, everyMs: SECOND, batchSize: 50,
        }),
      ];
      return { database, ours, ourOrders, stores, sentAt, loops, firstRequest: firstRequests[d]! };
    }),
  );

  // The naive poller: every open order's detail in turn, under the same budget.
  const naiveAt = new Map<number, number>();
  let stopNaive = false;
  const naive = (async () => {
    const theirClient = client(theirs, clock);
    const open = new Set(theirOrders.map((order) => order.orderId));
    while (open.size > 0 && !stopNaive) {
      for (const id of [...open]) {
        if (stopNaive) return;
        try {
          const detail = await theirClient.getOrder(id, { priority: 'background' });
          if (detail.status === 'COMPLETED') {
            naiveAt.set(id, clock.now());
            open.delete(id);
          }
        } catch (error) {
          if (!(error instanceof ProviderRateLimitedError)) throw error;
        }
      }
    }
  })();

  // The plain sweep: every 5 s, the pages newest first until every open order is seen, then each completed order's detail.
  const plainAt = new Map<number, number>();
  const plain = (async () => {
    const plainClient = client(plainSandbox, clock);
    const open = new Set(plainOrders.map((order) => order.orderId));
    while (open.size > 0 && !stopNaive) {
      const passStarted = clock.now();
      const wanted = new Set(open);
      const completed: number[] = [];
      try {
        for (let page = 1; wanted.size > 0 && page <= 250 && !stopNaive; page++) {
          const { items } = await plainClient.listOrders({ page, pageSize: 50 }, { priority: 'background' });
          for (const entry of items) if (wanted.delete(entry.orderId) && entry.status === 'COMPLETED') completed.push(entry.orderId);
          if (items.length < 50) break;
        }
        await inPool(completed, 4, async (id) => {
          const detail = await plainClient.getOrder(id, { priority: 'background' });
          if (detail.status === 'COMPLETED' && open.delete(id)) plainAt.set(id, clock.now());
        });
      } catch (error) {
        if (!(error instanceof ProviderRateLimitedError)) throw error;
      }
      if (stopNaive) return;
      await clock.sleep(Math.max(0, passStarted + PLAIN_SWEEP_MS - clock.now()));
    }
  })();

  const deadline = started + QUIET_MS + WINDOW_MS + Math.max(20 * MINUTE, (4 * n * SECOND) / BUDGET);
  while ((ourSides.some((o) => o.sentAt.size < n) || naiveAt.size < n || plainAt.size < n) && clock.now() < deadline) await clock.sleep(SECOND);
  const oursDone = ourSides.map((o) => Math.max(...o.sentAt.values()));
  // Nothing open any more: what giftdesk asks while idle.
  const idleFrom = ourSides.map((o) => o.ours.requests.length);
  await clock.sleep(IDLE_MS);
  const idleRequests = ourSides.map((o, d) => o.ours.requests.length - idleFrom[d]!);
  stopNaive = true;
  for (const o of ourSides) for (const loop of o.loops) await loop.stop();
  await naive;
  await plain;
  for (const o of ourSides) await o.stores.close();
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));

  if (process.env.BENCH_TRACE) {
    const at = ourSides[0]!.ours.requests.filter((r) => r.path === '/orders' && r.method === 'GET' && r.at > started + QUIET_MS).map((r) => r.at);
    const gaps = at.slice(1).map((t, i) => t - at[i]!).filter((g) => g > 300);
    console.error('sweep gaps (s):', gaps.map((g) => (g / 1000).toFixed(1)).join(' '));
  }
  const finalOf = (sandbox: Sandbox) => new Map(sandbox.controls.orders().map((order) => [order.orderId, order.finalAtMs]));
  if (process.env.BENCH_TRACE) {
    const o = ourSides[0]!;
    traceDelivery({
      requests: o.ours.requests, startedAt: started, windowFrom: started + QUIET_MS, orderIds: o.ourOrders.map((order) => order.orderId), pageSize: 50,
      completedAt: finalOf(o.ours), sentAt: new Map([...o.sentAt].map(([chatId, at]) => [o.ourOrders[chatId - 1]!.orderId, at])),
    });
  }
  const side = (sandbox: Sandbox, from: number, delivered: Map<number, number>, idOf: (key: number) => number, until: number, idle: number): Side => {
    const finals = finalOf(sandbox);
    const requests = sandbox.requests.slice(from).filter((r) => r.at <= until);
    // Per-order figures and the finish count from the first possible completion; the quiet phase is reported as rates.
    const windowFrom = started + QUIET_MS;
    const active = requests.filter((r) => r.at > windowFrom);
    const quiet = requests.filter((r) => r.at > started + 5 * SECOND && r.at <= started + 30 * SECOND);
    // Whole cycles only: from the first sweep that starts after SETTLED_FROM_MS to the last one that starts before the quiet ends.
    const settled = requests.filter((r) => r.at > started + SETTLED_FROM_MS && r.at <= started + QUIET_MS).map((r) => r.at);
    const sweepStarts = settled.filter((at, i) => i === 0 || at - settled[i - 1]! > 3 * SECOND);
    const [cycleFrom, cycleTo] = [sweepStarts[0], sweepStarts.at(-1)];
    const settledRate =
      cycleFrom !== undefined && cycleTo !== undefined && cycleTo > cycleFrom
        ? (settled.filter((at) => at >= cycleFrom && at < cycleTo).length * SECOND) / (cycleTo - cycleFrom)
        : Number.NaN;
    return {
      lags: [...delivered].map(([key, at]) => at - (finals.get(idOf(key)) ?? Number.NaN)).sort((a, b) => a - b),
      requests: active.length,
      pages: active.filter((r) => r.path === '/orders' && r.method === 'GET').length,
      tooMany: requests.filter((r) => r.status === 429).length,
      quietRate: (quiet.length * SECOND) / (25 * SECOND),
      settledRate,
      idleRate: (idle * SECOND) / IDLE_MS,
      finishedMs: until - windowFrom,
      delivered: delivered.size,
    };
  };
  const giftdesk = ourSides.map((o, d) => ({
    database: o.database,
    side: side(o.ours, o.firstRequest, o.sentAt, (chatId) => o.ourOrders[chatId - 1]!.orderId, oursDone[d]!, idleRequests[d]!),
  }));
  const baseline = side(theirs, firstRequests.at(-1)!, naiveAt, (id) => id, Math.max(...naiveAt.values()), Number.NaN);
  const plainSide = side(plainSandbox, firstRequests.at(-2)!, plainAt, (id) => id, Math.max(...plainAt.values()), Number.NaN);
  return { n, variant, giftdesk, baseline, plain: plainSide };
}

const s = (ms: number) => (ms / SECOND).toFixed(1);
const dir = mkdtempSync(join(tmpdir(), 'giftdesk-bench-delivery-'));
console.log(`Delivery benchmark: budget ${BUDGET} req/s, provider limit ${PROVIDER_LIMIT} req/s, completions at random over ${WINDOW_MS / MINUTE} min after ${QUIET_MS / MINUTE} min of quiet (settled rate from ${SETTLED_FROM_MS / SECOND} s on).`);
console.log(`Time scaled x${SCALE}; every figure below is in provider time (unscaled). Lag: provider COMPLETED -> codes sent. Requests per order, pages and the finish count from the end of the quiet phase.\n`);
/**
 * The targets, against the plain 5-second sweep in the same run, from 100
 * open orders on: lag p95 at most 0.7 times the plain sweep's, with at most
 * 1.5 times its requests per delivered order; at 10,000, where the budget
 * itself is the limit, the finish within 1.15 times its floor instead.
 */
const LAG_VS_PLAIN = 0.7;
const REQUESTS_VS_PLAIN = 1.5;
const FLOOR_TARGET = 1.15;
/**
 * What the limiter lets out at most: `BUDGET` grants in any window of
 * WINDOW_SPAN_MS (the provider's second and the margins for a late
 * departure and the network), 6.4 a second at 8. The floor at this rate is
 * the one no sweep under this limiter can beat; the floor at the nominal
 * budget is printed beside it.
 */
const LIMITER_CEILING = (BUDGET * SECOND) / WINDOW_SPAN_MS;
console.log('| open orders | variant | database | giftdesk lag p50 / p95 / max (s) | plain 5 s sweep lag p50 / p95 / max (s) | naive lag p50 / p95 / max (s) | p95 vs plain / naive | giftdesk req/order | plain / naive req/order | req/s open & quiet: first 30 s / settled | req/s nothing open | 429s giftdesk / plain / naive | giftdesk finish (s) | floor (pages + N) at the limiter ceiling / at the nominal budget (s) | finish / floor: ceiling, nominal | targets |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
const server = DATABASES.includes('postgresql') ? startPostgresCluster() : null;
try {
  for (const n of SIZES) {
    for (const variant of VARIANTS) {
      const wall = performance.now();
      const { giftdesk, baseline: b, plain: pl } = await run(n, variant, dir, server);
      const lag = (side: Side) => `${s(quantile(side.lags, 0.5))} / ${s(quantile(side.lags, 0.95))} / ${s(side.lags.at(-1) ?? Number.NaN)}`;
      const perOrderOf = (side: Side) => side.requests / side.delivered;
      for (const { database, side: g } of giftdesk) {
        const floor = ((g.pages + n) * SECOND) / LIMITER_CEILING;
        const nominalFloor = ((g.pages + n) * SECOND) / BUDGET;
        const p95 = quantile(g.lags, 0.95);
        const vsPlain = p95 / quantile(pl.lags, 0.95);
        const requestsVsPlain = perOrderOf(g) / perOrderOf(pl);
        const finishVsFloor = g.finishedMs / floor;
        const met =
          g.delivered === n && (n >= 10_000 ? finishVsFloor <= FLOOR_TARGET : n < 100 || (vsPlain <= LAG_VS_PLAIN && requestsVsPlain <= REQUESTS_VS_PLAIN));
        const targets = n >= 10_000 ? `finish ≤ ${FLOOR_TARGET}× floor` : n >= 100 ? `p95 ≤ ${LAG_VS_PLAIN}× plain, ≤ ${REQUESTS_VS_PLAIN}× its req/order: ${requestsVsPlain.toFixed(2)}×` : 'none';
        console.log(
          `| ${n} | ${variant === 'detour' ? 'via UNDER_MANUAL_REVIEW' : 'direct'} | ${database} | ${lag(g)} | ${lag(pl)} | ${lag(b)} | ${vsPlain.toFixed(2)} / ${(p95 / quantile(b.lags, 0.95)).toFixed(2)} | ` +
            `${perOrderOf(g).toFixed(2)} | ${perOrderOf(pl).toFixed(2)} / ${perOrderOf(b).toFixed(2)} | ${g.quietRate.toFixed(2)} / ${g.settledRate.toFixed(2)} | ${g.idleRate.toFixed(2)} | ${g.tooMany} / ${pl.tooMany} / ${b.tooMany} | ` +
            `${s(g.finishedMs)} | ${s(floor)} / ${s(nominalFloor)} | ${finishVsFloor.toFixed(2)}, ${(g.finishedMs / nominalFloor).toFixed(2)} | ${met ? 'met' : 'MISSED'} (${targets}) |` +
            (g.delivered < n || b.delivered < n || pl.delivered < n ? ` delivered ${g.delivered}/${n}, plain ${pl.delivered}/${n}, naive ${b.delivered}/${n}` : ''),
        );
      }
      if (process.env.BENCH_VERBOSE) console.error(`  (${n} ${variant}: ${((performance.now() - wall) / SECOND).toFixed(0)} s wall)`);
    }
  }
} finally {
  if (server) stopPostgresCluster(server);
  rmSync(dir, { recursive: true, force: true });
}
