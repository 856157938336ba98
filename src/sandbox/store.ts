import type { Clock } from '../clock.js';
import { createLedger, DESCRIPTIONS } from './ledger.js';
import { newestFirst, type Sliceable } from './paging.js';
import type { OrderPlanner, OrderTiming } from './progression.js';
import type { SandboxCatalog } from './seed.js';
import { planRunwayHistory, type RunwayHistoryStart } from './runway-history.js';
import { planSeededHistory, type SeededHistory, type SeedHistoryRequest } from './seed-history.js';
import { createSettlement } from './settlement.js';
import type { RegionStock, SandboxOrder, SandboxRegion, SandboxTransaction, SavedSandboxState, SaveState, StateChange, StoredOrder } from './types.js';
import type { ValidOrder } from './validation.js';
import { createWalletFaults, type WalletFaults } from './wallet-faults.js';

export interface SandboxStore {
  catalog: SandboxCatalog;
  balance(): number;
  setBalance(amount: number): void;
  /**
   * Debits and stores in one synchronous step: the order exists exactly when
   * the wallet is debited (by the wallet faults' amount, listed or not).
   */
  createOrder(order: ValidOrder): SandboxOrder;
  findOrder(idOrReference: string): SandboxOrder | undefined;
  /** Newest first. */
  listOrders(): SandboxOrder[];
  /** Newest first; reading a page copies that page only. */
  listTransactions(): Sliceable<SandboxTransaction>;
  findTransaction(id: number): SandboxTransaction | undefined;
  setProductOutcome(productId: number, finalState: string): void;
  /**
   * While on, the items of this product in orders that complete from now on
   * keep `delivery: null`: the order is COMPLETED, the other items have their codes.
   */
  setProductUndelivered(productId: number, on: boolean): void;
  /** Cards of orders completing from now on expire this many days after completion; null: a year, as by default. */
  setCardValidity(days: number | null): void;
  /** Gives each order created from now on its own course; null goes back to the shared timing. */
  setOrderPlanner(planner: OrderPlanner | null): void;
  /** The list entries of the history, newest first; reading a page makes the entries of that page only. */
  listOrderEntries(): Sliceable<OrderEntry>;
  /** Trouble with debits and refunds, for orders placed and refunds due from now on. */
  walletFaults: Omit<WalletFaults, 'debitDropped' | 'extraCharge' | 'refundDelayMs'>;
  /** Appends a made-up past to the wallet in one step; see SeedHistoryRequest. Throws RangeError when it cannot. */
  seedHistory(request: SeedHistoryRequest): SeededHistory;
  /**
   * Credits a completed order's amount back, naming the order, as the
   * provider's support does for a code that did not work; the order stays
   * COMPLETED. Throws RangeError for an order it does not know.
   */
  refundAfterSupport(orderId: number): SandboxTransaction;
  /** Appends the sixty days of src/sandbox/runway-history.ts from `fromMs`. Throws RangeError when it cannot. */
  seedRunwayHistory(fromMs: number): SeededHistory;
}

export interface OrderEntry {
  orderId: number;
  orderReference: string;
  amount: number;
  status: string;
  createdAt: string;
}

interface StoreDeps {
  clock: Clock;
  catalog: SandboxCatalog;
  /** Credited when the wallet has no history yet (a new sandbox, or a state file without transactions). */
  initialBalance: number;
  timing: OrderTiming;
  /** What a state file kept from earlier runs; a new sandbox starts empty. */
  saved?: SavedSandboxState;
  /** Called with every change before it takes effect; an in-memory sandbox keeps nothing. */
  save?: SaveState;
  /**
   * Order ids up to this one are taken elsewhere (the bot's database knows
   * them): the sequence continues above it, so that a lost or fresh state
   * file never hands out an id an earlier run already gave out.
   */
  orderIdsAbove?: number;
}

const FIRST_ORDER_ID = 9001;
// Deliberately unrelated to the order id, so that code mixing the two up fails.
const FIRST_REFERENCE_NUMBER = 100_234;

/** Follows the order id, so that a reference is never reused either. */
const referenceOf = (orderId: number): string => `A${FIRST_REFERENCE_NUMBER + orderId - FIRST_ORDER_ID}`;

export function createStore(deps: StoreDeps): SandboxStore {
  const { clock, catalog, timing } = deps;
  const save = deps.save ?? (() => undefined);
  const saved = deps.saved ?? { orders: [], transactions: [], unlistedDebits: [], stock: [], nextOrderId: null };
  const orders: StoredOrder[] = [];
  const orderIndex = new Map<number, number>();
  const ledger = createLedger();
  const walletFaults = createWalletFaults();
  const outcomes = new Map<number, string>();
  const undelivered = new Set<number>();
  let cardValidDays: number | null = null;
  const regions = new Map<number, SandboxRegion>(catalog.products.flatMap((p) => p.regions.map((r) => [r.regionPropertyId, r] as const)));
  let nextOrderId = FIRST_ORDER_ID;
  let nextItemId = 1;
  let planner: OrderPlanner | null = null;

  const iso = (ms: number) => new Date(ms).toISOString();

  /** Memory follows the state file, never the other way: an order that was not saved does not exist. */
  function commit(change: StateChange): void {
    save(change);
    apply(change);
  }

  function apply(change: StateChange): void {
    for (const order of change.orders ?? []) {
      const at = orderIndex.get(order.orderId);
      if (at === undefined) {
        orderIndex.set(order.orderId, orders.length);
        orders.push(order);
      } else orders[at] = order;
      for (const item of order.items) nextItemId = Math.max(nextItemId, item.id + 1);
    }
    ledger.apply(change.transactions ?? [], change.unlistedDebits ?? []);
    for (const { regionPropertyId, stock } of change.stock ?? []) {
      const region = regions.get(regionPropertyId);
      if (region) region.stock = stock;
    }
    if (change.nextOrderId !== undefined) nextOrderId = Math.max(nextOrderId, change.nextOrderId);
  }

  const draft = ledger.draft;

  /** A made-up past, planned from where the wallet and the sequences stand, kept in one step. */
  function appendPast(plan: (start: RunwayHistoryStart) => SeededHistory): SeededHistory {
    settle();
    const seeded = plan({ balance: ledger.balance(), nextTransactionId: ledger.nextId(), nextOrderId, nextItemId, lastEntryAtMs: ledger.lastEntryAtMs(), nowMs: clock.now(), referenceOf });
    const lastOrder = seeded.orders.at(-1);
    commit({ orders: seeded.orders, transactions: seeded.transactions, ...(lastOrder ? { nextOrderId: lastOrder.orderId + 1 } : {}) });
    return seeded;
  }
  const orderAt = (orderId: number): StoredOrder => orders[orderIndex.get(orderId)!]!;

  const outcomeFor = (productId: number) => outcomes.get(productId) ?? catalog.byId.get(productId)?.outcome ?? 'COMPLETED';
  const { settle, statusAt, finalAt } = createSettlement({
    clock,
    timing,
    catalog,
    orders,
    orderAt,
    commit,
    draft,
    outcomeFor,
    undelivered,
    cardValidDays: () => cardValidDays,
    refundDelayMs: walletFaults.refundDelayMs,
  });

  function view(order: StoredOrder): SandboxOrder {
    return structuredClone({
      orderId: order.orderId,
      orderReference: order.orderReference,
      amount: order.amount,
      status: statusAt(order, clock.now()),
      finalAtMs: finalAt(order),
      createdAt: iso(order.createdAtMs),
      createdAtMs: order.createdAtMs,
      items: order.items,
      requiredFields: order.requiredFields,
      refunded: order.refunded,
    });
  }

  function setBalance(amount: number): void {
    const delta = amount - ledger.balance();
    if (delta === 0) return;
    // Kept as a transaction so that the balance always equals the sum of the history.
    commit({ transactions: [draft(delta > 0 ? 'CREDIT' : 'DEBIT', Math.abs(delta), null, DESCRIPTIONS.correction, clock.now())] });
  }

  /** What the order's debit takes and whether the list shows it: the price asked unless a wallet fault says otherwise. */
  function debitOf(order: StoredOrder): Pick<StateChange, 'transactions' | 'unlistedDebits'> {
    const productIds = order.items.map((item) => item.productId);
    const charged = order.amount + walletFaults.extraCharge(productIds);
    if (walletFaults.debitDropped(productIds)) return { unlistedDebits: [ledger.draftUnlisted(charged, order.orderId, order.createdAtMs)] };
    return { transactions: [draft('DEBIT', charged, order.orderId, DESCRIPTIONS.purchase(order.orderReference), order.createdAtMs)] };
  }

  function createOrder(valid: ValidOrder): SandboxOrder {
    const now = clock.now();
    const orderId = nextOrderId;
    const stock = new Map<number, number>();
    for (const line of valid.lines) {
      const id = line.region.regionPropertyId;
      stock.set(id, (stock.get(id) ?? line.region.stock) - line.quantity);
    }
    let itemId = nextItemId;
    const order: StoredOrder = {
      orderId,
      orderReference: referenceOf(orderId),
      amount: valid.amount,
      createdAtMs: now,
      items: valid.lines.map((line) => ({
        id: itemId++,
        productId: line.product.id,
        regionPropertyId: line.region.regionPropertyId,
        quantity: line.quantity,
        unitPrice: line.region.price,
        totalAmount: line.region.price * line.quantity,
        delivery: null,
      })),
      requiredFields: structuredClone(valid.requiredFields),
      finalState: null,
      refunded: false,
      refundDueAtMs: null,
      plan: planner ? planner({ orderId, createdAtMs: now }) : null,
    };
    // One step: the order exists exactly when the wallet is debited and its number is taken.
    commit({
      orders: [order],
      ...debitOf(order),
      stock: [...stock].map(([regionPropertyId, left]): RegionStock => ({ regionPropertyId, stock: left })),
      nextOrderId: orderId + 1,
    });
    return view(order);
  }

  // What earlier runs kept comes first, as it was: no second initial credit, no refill.
  apply({
    orders: saved.orders,
    transactions: saved.transactions,
    unlistedDebits: saved.unlistedDebits,
    stock: saved.stock,
    ...(saved.nextOrderId === null ? {} : { nextOrderId: saved.nextOrderId }),
  });
  const continueAt = orders.reduce((next, o) => Math.max(next, o.orderId + 1), Math.max(nextOrderId, (deps.orderIdsAbove ?? 0) + 1));
  if (continueAt !== saved.nextOrderId) commit({ nextOrderId: continueAt });
  if (ledger.lastEntryAtMs() === null && deps.initialBalance > 0) {
    commit({ transactions: [draft('CREDIT', deps.initialBalance, null, DESCRIPTIONS.topUp, clock.now())] });
  }

  return {
    catalog,
    balance: () => {
      settle();
      return ledger.balance();
    },
    setBalance: (amount) => {
      settle();
      setBalance(amount);
    },
    createOrder(valid) {
      settle();
      return createOrder(valid);
    },
    findOrder(idOrReference) {
      settle();
      const found = /^[0-9]+$/.test(idOrReference)
        ? orders[orderIndex.get(Number(idOrReference)) ?? -1]
        : orders.find((o) => o.orderReference === idOrReference);
      return found ? view(found) : undefined;
    },
    listOrders() {
      settle();
      return orders.map(view).reverse();
    },
    listOrderEntries() {
      settle();
      const now = clock.now();
      return newestFirst(orders, (o) => ({ orderId: o.orderId, orderReference: o.orderReference, amount: o.amount, status: statusAt(o, now), createdAt: iso(o.createdAtMs) }));
    },
    setOrderPlanner(next) {
      planner = next;
    },
    listTransactions() {
      settle();
      return ledger.newestFirst();
    },
    findTransaction(id) {
      settle();
      return ledger.find(id);
    },
    setProductOutcome(productId, finalState) {
      // Orders already final keep their state; only open and future ones change.
      settle();
      outcomes.set(productId, finalState);
    },
    setProductUndelivered(productId, on) {
      // Orders already final keep their codes; only those completing from now on are affected.
      settle();
      if (on) undelivered.add(productId);
      else undelivered.delete(productId);
    },
    setCardValidity(days) {
      // Cards already delivered keep their dates.
      settle();
      cardValidDays = days;
    },
    walletFaults: {
      setDebitDropped: walletFaults.setDebitDropped,
      setOvercharge: walletFaults.setOvercharge,
      setRefundDelay(ms) {
        // Orders that reached their final state before keep the delay they had then.
        settle();
        walletFaults.setRefundDelay(ms);
      },
    },
    refundAfterSupport(orderId) {
      settle();
      const index = orderIndex.get(orderId);
      if (index === undefined) throw new RangeError(`the sandbox has no order ${orderId}`);
      const order = orders[index]!;
      const credit = draft('CREDIT', order.amount, order.orderId, DESCRIPTIONS.refund(order.orderReference), clock.now());
      commit({ transactions: [credit] });
      return { ...credit };
    },
    seedHistory: (request) => appendPast((start) => planSeededHistory(catalog, request, start)),
    seedRunwayHistory: (fromMs) => appendPast((start) => planRunwayHistory(catalog, fromMs, start)),
  };
}
