import { createDelivery } from './delivery.js';
import { DESCRIPTIONS } from './ledger.js';
import type { SandboxCatalog } from './seed.js';
import type { SandboxProduct, SandboxTransaction, StoredOrder } from './types.js';

/**
 * A past of the wallet made up at once, for benchmarks that need a month of
 * history: `count` transactions spread evenly from `from` to `to` (both
 * ends included), a share of them DEBITs of orders bought in the provider's
 * panel (quantity 1, COMPLETED with their codes, one product after another
 * among those that complete), the rest top-up CREDITs each large enough
 * for the debits up to the next top-up, so that the wallet never goes below
 * what it held before. Stock is left as it is: that past is already sold.
 */
export interface SeedHistoryRequest {
  count: number;
  /** A Date, or milliseconds since the epoch by the sandbox's clock. */
  from: Date | number;
  to: Date | number;
  /** Share (0..1) of the transactions that are debits; 0.9 when not given. */
  debitShare?: number;
}

/** Where the wallet and the sequences stand when the history is appended. */
interface SeedStart {
  balance: number;
  nextTransactionId: number;
  nextOrderId: number;
  nextItemId: number;
  /** The newest entry's time: the seeded past may not go back before it, so ids and times keep the same order. */
  lastEntryAtMs: number | null;
  nowMs: number;
  referenceOf(orderId: number): string;
}

export interface SeededHistory {
  /** Oldest first. */
  orders: StoredOrder[];
  /** Oldest first. */
  transactions: SandboxTransaction[];
}

const DEFAULT_DEBIT_SHARE = 0.9;
const MAX_SEEDED = 1_000_000;
/** Top-ups are whole millions, at least ten, like the credits a person makes. */
const TOP_UP_STEP = 1_000_000;
const TOP_UP_MIN = 10_000_000;

const msOf = (time: Date | number): number => (typeof time === 'number' ? time : time.getTime());

/** Throws RangeError saying what is wrong with the request; changes nothing. */
export function planSeededHistory(catalog: SandboxCatalog, request: SeedHistoryRequest, start: SeedStart): SeededHistory {
  const { count } = request;
  const debitShare = request.debitShare ?? DEFAULT_DEBIT_SHARE;
  const fromMs = msOf(request.from);
  const toMs = msOf(request.to);
  if (!Number.isSafeInteger(count) || count < 0 || count > MAX_SEEDED) throw new RangeError(`count must be a whole number from 0 to ${MAX_SEEDED}, got ${count}`);
  if (!(debitShare >= 0 && debitShare <= 1)) throw new RangeError(`debitShare must be a share from 0 to 1, got ${debitShare}`);
  if (!Number.isFinite(fromMs) || !Number.isFinite(toMs) || fromMs > toMs) throw new RangeError('from and to must be times, from no later than to');
  if (start.lastEntryAtMs !== null && fromMs < start.lastEntryAtMs) {
    throw new RangeError(
      `the history cannot start before the wallet's newest entry (${new Date(start.lastEntryAtMs).toISOString()}): ` +
        'start the sandbox earlier on its clock, or with initialBalance 0 for a wallet with no history',
    );
  }
  if (toMs > start.nowMs) throw new RangeError(`the history cannot end after the sandbox's now (${new Date(start.nowMs).toISOString()})`);
  if (count === 0) return { orders: [], transactions: [] };

  const products = catalog.products.filter((p) => p.outcome === 'COMPLETED' && (p.regions[0]?.price ?? 0) > 0);
  if (products.length === 0) throw new RangeError('the sandbox sells no product an order could be seeded with');

  const isCredit = creditPositions(count, debitShare);
  const debitProduct: (SandboxProduct | null)[] = [];
  let debits = 0;
  for (let i = 0; i < count; i++) debitProduct.push(isCredit[i] ? null : products[debits++ % products.length]!);
  // What each top-up has to cover: the debits after it, up to the next top-up.
  const topUp = new Array<number>(count).fill(0);
  let run = 0;
  for (let i = count - 1; i >= 0; i--) {
    const product = debitProduct[i];
    if (product) run += product.regions[0]!.price;
    else {
      topUp[i] = Math.max(TOP_UP_MIN, Math.ceil(run / TOP_UP_STEP) * TOP_UP_STEP);
      run = 0;
    }
  }
  // `run` is now what the debits before the first top-up take from the wallet as it is.
  if (run > start.balance) {
    throw new RangeError(`the wallet holds ${start.balance}, not enough for the debits before the first top-up (${run}); lower debitShare or raise the balance first`);
  }

  const orders: StoredOrder[] = [];
  const transactions: SandboxTransaction[] = [];
  let balance = start.balance;
  let orderId = start.nextOrderId;
  let itemId = start.nextItemId;
  for (let i = 0; i < count; i++) {
    const atMs = count === 1 ? fromMs : fromMs + Math.round(((toMs - fromMs) * i) / (count - 1));
    const createdAt = new Date(atMs).toISOString();
    const id = start.nextTransactionId + i;
    const product = debitProduct[i];
    if (!product) {
      balance += topUp[i]!;
      transactions.push({ id, type: 'CREDIT', amount: topUp[i]!, balanceAfter: balance, orderId: null, description: DESCRIPTIONS.topUp, createdAt });
      continue;
    }
    const region = product.regions[0]!;
    const orderReference = start.referenceOf(orderId);
    orders.push({
      orderId,
      orderReference,
      amount: region.price,
      createdAtMs: atMs,
      items: [
        {
          id: itemId++,
          productId: product.id,
          regionPropertyId: region.regionPropertyId,
          quantity: 1,
          unitPrice: region.price,
          totalAmount: region.price,
          delivery: createDelivery(1, product.instructions, atMs),
        },
      ],
      requiredFields: {},
      finalState: 'COMPLETED',
      refunded: false,
      refundDueAtMs: null,
      plan: null,
    });
    balance -= region.price;
    transactions.push({ id, type: 'DEBIT', amount: region.price, balanceAfter: balance, orderId, description: DESCRIPTIONS.purchase(orderReference), createdAt });
    orderId++;
  }
  return { orders, transactions };
}

/** Top-ups spread evenly among the debits, the first one first, so that the debits after it are covered. */
function creditPositions(count: number, debitShare: number): boolean[] {
  const credits = Math.round(count * (1 - debitShare));
  const isCredit = new Array<boolean>(count).fill(false);
  for (let k = 0; k < credits; k++) isCredit[Math.floor((k * count) / credits)] = true;
  return isCredit;
}
