import { createDelivery } from './delivery.js';
import { DESCRIPTIONS } from './ledger.js';
import type { SandboxCatalog } from './seed.js';
import type { SeededHistory } from './seed-history.js';
import type { SandboxProduct, SandboxTransaction, StoredOrder } from './types.js';

/**
 * Sixty days of a company's wallet, made up the same way every time, for
 * the runway's benchmark and tests: spend that rises about 1.5 % a day,
 * quiet weekends, days that vary by ±25 %, one order in nine failing and
 * refunded an hour later. A top-up opens the first day; the second, at the
 * end of day 30, holds exactly what days 31 to 60 spend, so the wallet runs
 * dry at the end of the last day, and for each day of the second half the
 * days the balance actually lasted are known.
 */
export const RUNWAY_HISTORY_DAYS = 60;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** What the first day spends, before its weekday and its luck. */
const FIRST_DAY_SPEND = 8_000_000;
const GROWTH_PER_DAY = 0.015;
/** Days 5 and 6 of each week (Thursday and Friday when the history starts on a Saturday) spend this share. */
const WEEKEND_SHARE = 0.35;
const NOISE = 0.25;
const FAILING_EVERY = 9;
const TOP_UP_STEP = 1_000_000;

export interface RunwayHistoryStart {
  balance: number;
  nextTransactionId: number;
  nextOrderId: number;
  nextItemId: number;
  lastEntryAtMs: number | null;
  nowMs: number;
  referenceOf(orderId: number): string;
}

/** mulberry32: small, fast and the same on every machine. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface PlannedOrder {
  atMs: number;
  product: SandboxProduct;
  fails: boolean;
}

/** The orders of each day: as many as reach that day's spend, between 09:00 and 19:00 after `fromMs`. */
function planOrders(products: readonly SandboxProduct[], fromMs: number, seed: number): PlannedOrder[][] {
  const random = seededRandom(seed);
  let next = 0;
  let count = 0;
  const days: PlannedOrder[][] = [];
  for (let day = 0; day < RUNWAY_HISTORY_DAYS; day++) {
    const weekday = day % 7 >= 5 ? WEEKEND_SHARE : 1;
    const target = FIRST_DAY_SPEND * (1 + GROWTH_PER_DAY * day) * weekday * (1 - NOISE + 2 * NOISE * random());
    const picked: SandboxProduct[] = [];
    let spent = 0;
    while (spent < target) {
      const product = products[next++ % products.length]!;
      picked.push(product);
      spent += product.regions[0]!.price;
    }
    days.push(
      picked.map((product, i) => ({
        atMs: fromMs + day * DAY_MS + 9 * HOUR_MS + Math.floor(((10 * HOUR_MS) * i) / picked.length),
        product,
        // The last day has no refund, so that the wallet's lowest point is its very end.
        fails: day < RUNWAY_HISTORY_DAYS - 1 && ++count % FAILING_EVERY === 0,
      })),
    );
  }
  return days;
}

/** Throws RangeError when the sixty days cannot be appended from `fromMs`; changes nothing. */
export function planRunwayHistory(catalog: SandboxCatalog, fromMs: number, start: RunwayHistoryStart, seed = 60): SeededHistory {
  if (!Number.isFinite(fromMs)) throw new RangeError('from must be a time');
  if (start.lastEntryAtMs !== null && fromMs < start.lastEntryAtMs) throw new RangeError(`the history cannot start before the wallet's newest entry (${new Date(start.lastEntryAtMs).toISOString()})`);
  if (fromMs + RUNWAY_HISTORY_DAYS * DAY_MS > start.nowMs) throw new RangeError(`sixty days from ${new Date(fromMs).toISOString()} end after the sandbox's now`);
  const products = catalog.products.filter((p) => p.outcome === 'COMPLETED' && (p.regions[0]?.price ?? 0) > 0);
  if (products.length === 0) throw new RangeError('the sandbox sells no product an order could be seeded with');
  const days = planOrders(products, fromMs, seed);

  // Each day's money out and back, in time order: a refund lands an hour after its order.
  const flows = days.map((day) =>
    day
      .flatMap((o) => [{ atMs: o.atMs, spend: o.product.regions[0]!.price }, ...(o.fails ? [{ atMs: o.atMs + HOUR_MS, spend: -o.product.regions[0]!.price }] : [])])
      .sort((a, b) => a.atMs - b.atMs),
  );
  /** The most the half takes out at any moment (what its top-up must hold), and what it takes in all. */
  const peakOf = (half: { spend: number }[][]) => {
    let net = 0;
    let peak = 0;
    for (const flow of half.flat()) {
      net += flow.spend;
      peak = Math.max(peak, net);
    }
    return { peak, net };
  };
  const first = peakOf(flows.slice(0, RUNWAY_HISTORY_DAYS / 2));
  const second = peakOf(flows.slice(RUNWAY_HISTORY_DAYS / 2));
  const firstTopUp = Math.max(0, Math.ceil((first.peak - start.balance) / TOP_UP_STEP) * TOP_UP_STEP);
  const left = start.balance + firstTopUp - first.net;
  // The second half's spend less what is left: the wallet is empty at the last order.
  const secondTopUp = second.net - left;
  if (second.peak !== second.net || secondTopUp <= 0) throw new RangeError('this seed does not run the wallet dry at the end; try another');

  const orders: StoredOrder[] = [];
  const transactions: SandboxTransaction[] = [];
  let balance = start.balance;
  let orderId = start.nextOrderId;
  let itemId = start.nextItemId;
  const add = (type: 'DEBIT' | 'CREDIT', amount: number, forOrder: number | null, description: string, atMs: number) => {
    balance += type === 'CREDIT' ? amount : -amount;
    transactions.push({ id: start.nextTransactionId + transactions.length, type, amount, balanceAfter: balance, orderId: forOrder, description, createdAt: new Date(atMs).toISOString() });
  };
  if (firstTopUp > 0) add('CREDIT', firstTopUp, null, DESCRIPTIONS.topUp, fromMs + 8 * HOUR_MS);
  days.forEach((day, index) => {
    // Orders and their refunds, in time order: a refund an hour after its order.
    const events: { atMs: number; run: () => void }[] = [];
    for (const planned of day) {
      const id = orderId++;
      const reference = start.referenceOf(id);
      const region = planned.product.regions[0]!;
      orders.push({
        orderId: id,
        orderReference: reference,
        amount: region.price,
        createdAtMs: planned.atMs,
        items: [
          {
            id: itemId++,
            productId: planned.product.id,
            regionPropertyId: region.regionPropertyId,
            quantity: 1,
            unitPrice: region.price,
            totalAmount: region.price,
            delivery: planned.fails ? null : createDelivery(1, planned.product.instructions, planned.atMs),
          },
        ],
        requiredFields: {},
        finalState: planned.fails ? 'FAILED' : 'COMPLETED',
        refunded: planned.fails,
        refundDueAtMs: null,
        plan: null,
      });
      events.push({ atMs: planned.atMs, run: () => add('DEBIT', region.price, id, DESCRIPTIONS.purchase(reference), planned.atMs) });
      if (planned.fails) events.push({ atMs: planned.atMs + HOUR_MS, run: () => add('CREDIT', region.price, id, DESCRIPTIONS.refund(reference), planned.atMs + HOUR_MS) });
    }
    events.sort((a, b) => a.atMs - b.atMs).forEach((event) => event.run());
    if (index === RUNWAY_HISTORY_DAYS / 2 - 1) add('CREDIT', secondTopUp, null, DESCRIPTIONS.topUp, fromMs + (index + 1) * DAY_MS - HOUR_MS);
  });
  if (balance !== 0) throw new RangeError(`the seeded wallet ends at ${balance}, not empty`);
  return { orders, transactions };
}
