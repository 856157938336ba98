import { SandboxFaultsError, type SandboxFaults } from './fault-settings.js';
import type { OrderPlanner } from './progression.js';
import type { SandboxStore } from './store.js';
import type { SandboxField, SandboxOrder, SandboxProduct } from './types.js';
import { validateOrder } from './validation.js';
import { createWalletControls, walletFaultProducts, type Schedule, type WalletControls } from './wallet-controls.js';

function productOf(store: SandboxStore, productId: number): SandboxProduct {
  const product = store.catalog.byId.get(productId);
  if (!product) throw new RangeError(`the sandbox has no product ${productId}`);
  return product;
}

export type OrderPostFault =
  | { kind: 'none' }
  | { kind: 'drop-after-create' }
  | { kind: 'answer-after'; delayMs: number }
  | { kind: 'server-error-after-create' }
  /** 502 answered before anything happens: no order, no debit. */
  | { kind: 'server-error-before-create' };

export interface SandboxControls extends WalletControls {
  /** Every request answers 403 (error envelope). */
  setForbidden(on: boolean): void;
  /** Real milliseconds waited before every request is handled. */
  setLatency(ms: number): void;
  /** Real milliseconds waited on top of that by the catalog lists (GET /products, /products/categories). */
  setCatalogLatency(ms: number): void;
  /** Share (0..1) of requests answered 429 with Retry-After: 1, before any effect. */
  setRateLimitRate(rate: number): void;
  /** Share (0..1) of created orders whose answer is dropped, as drop-after-create does for every order. */
  setDropAfterCreateRate(rate: number): void;
  /**
   * Switches on the faults of SANDBOX_FAULTS (on top of any already on).
   * Throws SandboxFaultsError when a product named there is not in the catalog.
   */
  applyFaults(faults: SandboxFaults): void;
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
  /** While on, this product's items in orders completing from now on have no codes (`delivery: null`); the order still completes. */
  setProductUndelivered(productId: number, on: boolean): void;
  /** Cards of orders completing from now on are written to expire this many days after completion (a date, as the sandbox writes it); null: a year. */
  setCardValidity(days: number | null): void;
  /** The price or stock of one region from now on, as when the provider reprices or sells between two reads. */
  setRegionOffer(regionPropertyId: number, change: { price?: number; stock?: number }): void;
  /** Every JSON object in responses gains unknown fields. */
  setExtraFields(on: boolean): void;
  /**
   * While on, every read of a COMPLETED order's detail is answered with the
   * detail of another order, the newest other one: a provider that mixes up
   * deliveries.
   */
  setOrderDetailSwap(on: boolean): void;
  /**
   * The order in which an order's detail lists its items: as they were
   * posted (the default), or the other way round. The spec promises no
   * order, so giftdesk must number a delivery's cards the same either way.
   */
  setItemOrder(order: ItemOrder): void;
  /**
   * The provider loses an order it accepted: reading its detail is answered
   * 404, as when another provider, or a sandbox started afresh, answers for
   * the same database. Its debit and its line in the history stay.
   */
  forgetOrder(orderId: number): void;
  /** Sets the price of every region of a product; any integer, negative included. */
  setProductPrice(productId: number, price: number): void;
  /** The provider stops offering a product: it leaves the listing, and reading or ordering it is answered 404. */
  withdrawProduct(productId: number): void;
  /** Changes one required field of one product; a key set to undefined is removed. */
  updateField(productId: number, fieldId: number, changes: Partial<Omit<SandboxField, 'fieldId'>>): void;
  /** Snapshot of all orders, oldest first. */
  orders(): SandboxOrder[];
  /**
   * Creates an order as if someone bought it in the provider's panel: the
   * same validation and debit as POST /orders, outside the API (no request,
   * no fault). Throws when the order is refused. placePanelOrder takes a
   * product and a quantity instead of a request body.
   */
  placeOutsideApi(body: unknown): SandboxOrder;
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

/** How an order's detail lists its items: see SandboxControls.setItemOrder. */
export type ItemOrder = 'posted' | 'reversed';

/** The switches the request pipeline reads on every request. */
export interface FaultState {
  forbidden: boolean;
  latencyMs: number;
  catalogLatencyMs: number;
  serverErrorRate: number;
  rateLimitRate: number;
  dropAfterCreateRate: number;
  forced429: { remaining: number; retryAfter: number | 'http-date' };
  orderPostFault: OrderPostFault;
  extraFields: boolean;
  orderDetailSwap: boolean;
  itemOrder: ItemOrder;
  /** Orders whose detail is answered 404: see SandboxControls.forgetOrder. */
  forgottenOrders: Set<number>;
}

export function createFaultState(): FaultState {
  return {
    forbidden: false,
    latencyMs: 0,
    catalogLatencyMs: 0,
    serverErrorRate: 0,
    rateLimitRate: 0,
    dropAfterCreateRate: 0,
    forced429: { remaining: 0, retryAfter: 1 },
    orderPostFault: { kind: 'none' },
    extraFields: false,
    orderDetailSwap: false,
    itemOrder: 'posted',
    forgottenOrders: new Set(),
  };
}

/** POST /orders as the routes handle it; the status and whether an order was created. */
type PlaceThroughRoutes = (body: unknown) => { status: number; created: boolean };

const share = (rate: number) => Math.min(1, Math.max(0, rate));

export function createControls(state: FaultState, store: SandboxStore, placeThroughRoutes: PlaceThroughRoutes, schedule: Schedule): SandboxControls {
  const { applyFaults: applyWalletFaults, ...wallet } = createWalletControls(store, schedule);
  const controls: SandboxControls = {
    ...wallet,
    setForbidden: (on) => {
      state.forbidden = on;
    },
    setLatency: (ms) => {
      state.latencyMs = Math.max(0, ms);
    },
    setCatalogLatency: (ms) => {
      state.catalogLatencyMs = Math.max(0, ms);
    },
    setServerErrorRate: (rate) => {
      state.serverErrorRate = share(rate);
    },
    setRateLimitRate: (rate) => {
      state.rateLimitRate = share(rate);
    },
    setDropAfterCreateRate: (rate) => {
      state.dropAfterCreateRate = share(rate);
    },
    applyFaults: (faults) => {
      // Every product first, so that a wrong id switches nothing on.
      const named = [...faults.failProducts, ...faults.actionProducts, ...faults.undeliveredProducts, ...walletFaultProducts(faults)];
      const unknown = [...new Set(named)].filter((id) => !store.catalog.byId.has(id));
      if (unknown.length > 0) throw new SandboxFaultsError(`the sandbox sells no product ${unknown.join(', ')}`);
      if (faults.latencyMs > 0) controls.setLatency(faults.latencyMs);
      if (faults.catalogLatencyMs > 0) controls.setCatalogLatency(faults.catalogLatencyMs);
      if (faults.errorRate > 0) controls.setServerErrorRate(faults.errorRate);
      if (faults.rateLimitRate > 0) controls.setRateLimitRate(faults.rateLimitRate);
      if (faults.dropAfterCreateRate > 0) controls.setDropAfterCreateRate(faults.dropAfterCreateRate);
      for (const id of faults.failProducts) controls.setProductOutcome(id, 'FAILED');
      for (const id of faults.actionProducts) controls.setProductOutcome(id, 'ACTION_REQUIRED');
      for (const id of faults.undeliveredProducts) controls.setProductUndelivered(id, true);
      applyWalletFaults(faults);
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
    setProductUndelivered: (productId, on) => store.setProductUndelivered(productId, on),
    setCardValidity: (days) => store.setCardValidity(days),
    setRegionOffer: (regionPropertyId, change) => {
      const region = store.catalog.products.flatMap((p) => p.regions).find((r) => r.regionPropertyId === regionPropertyId);
      if (!region) throw new Error(`the sandbox has no region ${regionPropertyId}`);
      if (change.price !== undefined) region.price = change.price;
      if (change.stock !== undefined) region.stock = change.stock;
    },
    setExtraFields: (on) => {
      state.extraFields = on;
    },
    setOrderDetailSwap: (on) => {
      state.orderDetailSwap = on;
    },
    setItemOrder: (order) => {
      state.itemOrder = order;
    },
    forgetOrder: (orderId) => {
      state.forgottenOrders.add(orderId);
    },
    setProductPrice: (productId, price) => {
      for (const region of productOf(store, productId).regions) region.price = price;
    },
    withdrawProduct: (productId) => {
      productOf(store, productId);
      store.catalog.byId.delete(productId);
      store.catalog.products = store.catalog.products.filter((p) => p.id !== productId);
    },
    updateField: (productId, fieldId, changes) => {
      const product = productOf(store, productId);
      // Fields are shared between seed products: replace this product's copy only.
      product.requiredFields = product.requiredFields.map((field) => {
        if (field.fieldId !== fieldId) return field;
        const updated: Record<string, unknown> = { ...field, ...changes };
        for (const key of Object.keys(updated)) if (updated[key] === undefined) delete updated[key];
        return updated as unknown as SandboxField;
      });
    },
    orders: () => store.listOrders().reverse(),
    placeOutsideApi: (body) => {
      const answer = placeThroughRoutes(body);
      const newest = store.listOrders()[0];
      if (!answer.created || !newest) throw new Error(`the sandbox refused the order (${answer.status})`);
      return newest;
    },
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
  return controls;
}
