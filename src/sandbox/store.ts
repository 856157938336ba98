import type { Clock } from '../clock.js';
import { createDelivery } from './delivery.js';
import { REFUNDING_STATES, finalAtMs, outcomeOf, phaseAt, type OrderPlan, type OrderPlanner, type OrderTiming } from './progression.js';
import type { SandboxCatalog } from './seed.js';
import type { SandboxOrder, SandboxOrderItem, SandboxTransaction } from './types.js';
import type { ValidOrder } from './validation.js';

interface StoredOrder {
  orderId: number;
  orderReference: string;
  amount: number;
  createdAtMs: number;
  items: SandboxOrderItem[];
  requiredFields: SandboxOrder['requiredFields'];
  /** Set once the order has reached its final state; never changes after. */
  finalState: string | null;
  refunded: boolean;
  /** Its own course when a planner was set at its creation; the shared timing otherwise. */
  plan: OrderPlan | null;
}

export interface SandboxStore {
  catalog: SandboxCatalog;
  balance(): number;
  setBalance(amount: number): void;
  /** Debits and stores in one synchronous step: the order exists exactly when the wallet is debited. */
  createOrder(order: ValidOrder): SandboxOrder;
  findOrder(idOrReference: string): SandboxOrder | undefined;
  /** Newest first. */
  listOrders(): SandboxOrder[];
  /** Newest first. */
  listTransactions(): SandboxTransaction[];
  findTransaction(id: number): SandboxTransaction | undefined;
  setProductOutcome(productId: number, finalState: string): void;
  /** Gives each order created from now on its own course; null goes back to the shared timing. */
  setOrderPlanner(planner: OrderPlanner | null): void;
  /** The list entries of the history, newest first, without copying every item and delivery. */
  listOrderEntries(): OrderEntry[];
}

export interface OrderEntry {
  orderId: number;
  orderReference: string;
  amount: number;
  status: string;
  createdAt: string;
}

export interface StoreDeps {
  clock: Clock;
  catalog: SandboxCatalog;
  initialBalance: number;
  timing: OrderTiming;
}

const FIRST_ORDER_ID = 9001;
// Deliberately unrelated to the order id, so that code mixing the two up fails.
const FIRST_REFERENCE_NUMBER = 100_234;

export function createStore(deps: StoreDeps): SandboxStore {
  const { clock, catalog, timing } = deps;
  const orders: StoredOrder[] = [];
  const transactions: SandboxTransaction[] = [];
  const outcomes = new Map<number, string>();
  let balance = 0;
  let nextItemId = 1;
  let nextTransactionId = 1;
  let planner: OrderPlanner | null = null;

  const iso = (ms: number) => new Date(ms).toISOString();

  function record(type: 'DEBIT' | 'CREDIT', amount: number, orderId: number | null, description: string, atMs: number) {
    balance += type === 'CREDIT' ? amount : -amount;
    transactions.push({
      id: nextTransactionId++,
      type,
      amount,
      balanceAfter: balance,
      orderId,
      description,
      createdAt: iso(atMs),
    });
  }

  const outcomeFor = (productId: number) => outcomes.get(productId) ?? catalog.byId.get(productId)?.outcome ?? 'COMPLETED';

  const finalAt = (order: StoredOrder): number => order.plan?.finalAtMs ?? finalAtMs(order.createdAtMs, timing);

  function statusAt(order: StoredOrder, now: number): string {
    if (order.finalState !== null) return order.finalState;
    const detour = order.plan?.detour;
    if (order.plan) {
      if (now >= order.plan.finalAtMs) return 'PROCESSING';
      if (detour && now >= detour.fromMs) return detour.status;
      return phaseAt(order.createdAtMs, now, timing) === 'PREPARING' ? 'PREPARING' : 'PROCESSING';
    }
    const phase = phaseAt(order.createdAtMs, now, timing);
    return phase === 'FINAL' ? 'PROCESSING' : phase;
  }

  function finalize(order: StoredOrder): void {
    const doneAt = finalAt(order);
    order.finalState = outcomeOf(order.items.map((i) => i.productId), outcomeFor);
    if (order.finalState === 'COMPLETED') {
      for (const item of order.items) {
        const instructions = catalog.byId.get(item.productId)?.instructions ?? '';
        item.delivery = createDelivery(item.quantity, instructions, doneAt);
      }
    }
    if (REFUNDING_STATES.has(order.finalState) && !order.refunded) {
      order.refunded = true;
      record('CREDIT', order.amount, order.orderId, `بازگشت وجه سفارش ${order.orderReference}`, doneAt);
    }
  }

  /** Brings every open order up to the clock; refunds land here, once. */
  function settle(): void {
    const now = clock.now();
    const due = orders
      .filter((o) => o.finalState === null && now >= finalAt(o))
      .sort((a, b) => finalAt(a) - finalAt(b) || a.createdAtMs - b.createdAtMs);
    for (const order of due) finalize(order);
  }

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
    const delta = amount - balance;
    if (delta === 0) return;
    // Kept as a transaction so that the balance always equals the sum of the history.
    record(delta > 0 ? 'CREDIT' : 'DEBIT', Math.abs(delta), null, 'اصلاح موجودی کیف پول', clock.now());
  }

  if (deps.initialBalance > 0) record('CREDIT', deps.initialBalance, null, 'شارژ کیف پول', clock.now());

  return {
    catalog,
    balance: () => {
      settle();
      return balance;
    },
    setBalance: (amount) => {
      settle();
      setBalance(amount);
    },
    createOrder(valid) {
      settle();
      const now = clock.now();
      const orderId = FIRST_ORDER_ID + orders.length;
      const order: StoredOrder = {
        orderId,
        orderReference: `A${FIRST_REFERENCE_NUMBER + orders.length}`,
        amount: valid.amount,
        createdAtMs: now,
        items: valid.lines.map((line) => ({
          id: nextItemId++,
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
        plan: planner ? planner({ orderId, createdAtMs: now }) : null,
      };
      for (const line of valid.lines) line.region.stock -= line.quantity;
      record('DEBIT', valid.amount, orderId, `خرید سفارش ${order.orderReference}`, now);
      orders.push(order);
      return view(order);
    },
    findOrder(idOrReference) {
      settle();
      const found = /^[0-9]+$/.test(idOrReference)
        ? orders.find((o) => o.orderId === Number(idOrReference))
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
      return orders
        .map((o) => ({ orderId: o.orderId, orderReference: o.orderReference, amount: o.amount, status: statusAt(o, now), createdAt: iso(o.createdAtMs) }))
        .reverse();
    },
    setOrderPlanner(next) {
      planner = next;
    },
    listTransactions() {
      settle();
      return structuredClone(transactions).reverse();
    },
    findTransaction(id) {
      settle();
      const found = transactions.find((t) => t.id === id);
      return found ? structuredClone(found) : undefined;
    },
    setProductOutcome(productId, finalState) {
      // Orders already final keep their state; only open and future ones change.
      settle();
      outcomes.set(productId, finalState);
    },
  };
}
