import type { OrderPlanner } from './progression.js';
import type { SandboxStore } from './store.js';
import type { SandboxOrder } from './types.js';
import { validateOrder } from './validation.js';

export type OrderPostFault =
  | { kind: 'none' }
  | { kind: 'drop-after-create' }
  | { kind: 'answer-after'; delayMs: number }
  | { kind: 'server-error-after-create' };

export interface SandboxControls {
  /** Every request answers 403 (error envelope). */
  setForbidden(on: boolean): void;
  /** Real milliseconds waited before every request is handled. */
  setLatency(ms: number): void;
  /** Share (0..1) of requests answered 500 before any effect. */
  setServerErrorRate(rate: number): void;
  /** The next `count` requests answer 429; Retry-After in seconds (default 1) or an HTTP-date at least 1 s ahead. */
  force429(count: number, retryAfter?: number | 'http-date'): void;
  /** POST /orders only: the order is created and the wallet debited, then the fault happens. Stays until changed. */
  setOrderPostFault(fault: OrderPostFault): void;
  setBalance(amount: number): void;
  balance(): number;
  /** Final state for future orders and orders not yet final of that product. */
  setProductOutcome(productId: number, finalState: string): void;
  /** Every JSON object in responses gains unknown fields. */
  setExtraFields(on: boolean): void;
  /** Snapshot of all orders, oldest first. */
  orders(): SandboxOrder[];
  /**
   * Places `count` orders of one product at once, as POST /orders would
   * (wallet debited), without the rate limit, restocking the region first:
   * for benchmarks that need many open orders quickly. Throws when an order
   * would be refused.
   */
  placeOrders(count: number, line: { productId: number; regionPropertyId: number; quantity: number }): SandboxOrder[];
  /** Each order created from now on follows the course the planner gives it (null: the shared timing again). */
  setOrderPlanner(planner: OrderPlanner | null): void;
}

/** The switches the request pipeline reads on every request. */
export interface FaultState {
  forbidden: boolean;
  latencyMs: number;
  serverErrorRate: number;
  forced429: { remaining: number; retryAfter: number | 'http-date' };
  orderPostFault: OrderPostFault;
  extraFields: boolean;
}

export function createFaultState(): FaultState {
  return {
    forbidden: false,
    latencyMs: 0,
    serverErrorRate: 0,
    forced429: { remaining: 0, retryAfter: 1 },
    orderPostFault: { kind: 'none' },
    extraFields: false,
  };
}

export function createControls(state: FaultState, store: SandboxStore): SandboxControls {
  return {
    setForbidden: (on) => {
      state.forbidden = on;
    },
    setLatency: (ms) => {
      state.latencyMs = Math.max(0, ms);
    },
    setServerErrorRate: (rate) => {
      state.serverErrorRate = Math.min(1, Math.max(0, rate));
    },
    force429: (count, retryAfter = 1) => {
      state.forced429 = { remaining: Math.max(0, Math.floor(count)), retryAfter };
    },
    setOrderPostFault: (fault) => {
      state.orderPostFault = fault;
    },
    setBalance: (amount) => store.setBalance(amount),
    balance: () => store.balance(),
    setProductOutcome: (productId, finalState) => store.setProductOutcome(productId, finalState),
    setExtraFields: (on) => {
      state.extraFields = on;
    },
    orders: () => store.listOrders().reverse(),
    placeOrders: (count, line) => {
      const placed: SandboxOrder[] = [];
      const region = store.catalog.byId.get(line.productId)?.regions.find((r) => r.regionPropertyId === line.regionPropertyId);
      if (region) region.stock = Math.max(region.stock, count * line.quantity);
      for (let i = 0; i < count; i++) {
        const result = validateOrder(
          { products: [line] },
          { products: store.catalog.byId, balance: store.balance(), maxQuantity: Number.MAX_SAFE_INTEGER, maxItemsPerOrder: 1 },
        );
        if (!result.ok) throw new Error(`sandbox refused order ${i + 1} of ${count}: ${result.status}`);
        placed.push(store.createOrder(result.order));
      }
      return placed;
    },
    setOrderPlanner: (planner) => store.setOrderPlanner(planner),
  };
}
