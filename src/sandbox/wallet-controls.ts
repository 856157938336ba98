import type { SandboxFaults } from './fault-settings.js';
import { cheapestInStock, panelOrder, type PanelOrderRequest, type PlacedPanelOrder } from './panel-orders.js';
import type { SeededHistory, SeedHistoryRequest } from './seed-history.js';
import type { SandboxStore } from './store.js';
import type { SandboxProduct, SandboxTransaction } from './types.js';

export type { PanelOrderRequest, PlacedPanelOrder } from './panel-orders.js';
export type { SeedHistoryRequest } from './seed-history.js';

/** Runs `task` once, `afterMs` from now on the sandbox's clock, unless the sandbox closes first; `what` names it in the log. */
export type Schedule = (afterMs: number, what: string, task: () => unknown) => void;

export interface SeededTransactions {
  /** Oldest first, as appended. */
  transactions: SandboxTransaction[];
  /** The panel orders the debits are for, oldest first. */
  orders: PlacedPanelOrder[];
}

/** Trouble between the wallet's transactions and the orders, for the statement and the watch over unexplained debits. */
export interface WalletControls {
  /**
   * Places an order as if someone bought it in the provider's panel: debited
   * (with its DEBIT and orderId), listed by GET /orders, progressing like
   * any order, but no request of the API key made it. Required fields are
   * the panel's business and are not checked. Throws RangeError when the
   * product, region, stock or balance does not allow it.
   */
  placePanelOrder(order: PanelOrderRequest): PlacedPanelOrder;
  /** While on, orders of this product placed from now on take the money but leave no DEBIT in the transaction list. */
  setProductDebitDropped(productId: number, on: boolean): void;
  /**
   * Orders of this product placed from now on are debited their amount plus
   * `extraAmount` (once per order); their DEBIT shows what was taken, the
   * order still shows its amount. 0 switches it off.
   */
  setProductOvercharge(productId: number, extraAmount: number): void;
  /**
   * The refund of an order that ends FAILED or CANCELLED from now on lands
   * `ms` after its final state instead of with it, still exactly once. 0: at once.
   */
  setRefundDelay(ms: number): void;
  /**
   * Appends `count` transactions spread evenly from `from` to `to`: top-up
   * CREDITs and DEBITs of COMPLETED panel orders (see SeedHistoryRequest),
   * with ids and balanceAfter following on from the wallet as it is. The
   * span must lie between the wallet's newest entry and the clock's now.
   * Wallet faults do not apply to it. Throws RangeError when it cannot.
   */
  seedTransactions(request: SeedHistoryRequest): SeededTransactions;
  /** The provider's support credits a completed order back (a code that did not work); the order stays COMPLETED. */
  refundAfterSupport(orderId: number): SandboxTransaction;
  /**
   * Appends sixty days of a company's spend from `from` (src/sandbox/runway-history.ts):
   * rising, with quiet weekends and refunds, the wallet empty at the end. Throws RangeError when it cannot.
   */
  seedRunwayHistory(from: Date | number): SeededTransactions;
}

/** The extra of `overcharge_product=<id>` without `:<extra>`: 1% of the product's lowest price, rounded up, at least 1. */
function defaultOvercharge(product: SandboxProduct): number {
  const lowest = Math.min(...product.regions.map((r) => r.price));
  return Number.isFinite(lowest) ? Math.max(1, Math.ceil(lowest / 100)) : 1;
}

/** The products the wallet's SANDBOX_FAULTS name, for the check that the sandbox sells them all. */
export function walletFaultProducts(faults: SandboxFaults): number[] {
  return [...faults.droppedDebitProducts, ...faults.overchargedProducts.map((entry) => entry.productId)];
}

/** Copies, so that callers may change what they get. */
const listed = (seeded: SeededHistory): SeededTransactions => ({
  transactions: seeded.transactions.map((t) => ({ ...t })),
  orders: seeded.orders.map((o) => ({ orderId: o.orderId, orderReference: o.orderReference, amount: o.amount })),
});

export function createWalletControls(store: SandboxStore, schedule: Schedule): WalletControls & { applyFaults(faults: SandboxFaults): void } {
  const productOf = (productId: number): SandboxProduct => {
    const product = store.catalog.byId.get(productId);
    if (!product) throw new RangeError(`the sandbox sells no product ${productId}`);
    return product;
  };

  const controls: WalletControls = {
    placePanelOrder(request) {
      const order = store.createOrder(panelOrder(store.catalog, request, store.balance()));
      return { orderId: order.orderId, orderReference: order.orderReference, amount: order.amount };
    },
    setProductDebitDropped(productId, on) {
      productOf(productId);
      store.walletFaults.setDebitDropped(productId, on);
    },
    setProductOvercharge(productId, extraAmount) {
      productOf(productId);
      store.walletFaults.setOvercharge(productId, extraAmount);
    },
    setRefundDelay: (ms) => store.walletFaults.setRefundDelay(ms),
    refundAfterSupport: (orderId) => store.refundAfterSupport(orderId),
    seedTransactions: (request) => listed(store.seedHistory(request)),
    seedRunwayHistory: (from) => listed(store.seedRunwayHistory(typeof from === 'number' ? from : from.getTime())),
  };

  return {
    ...controls,
    /** Products are checked by the caller, with the other faults' products, before anything is switched on. */
    applyFaults(faults) {
      for (const id of faults.droppedDebitProducts) controls.setProductDebitDropped(id, true);
      for (const { productId, extraAmount } of faults.overchargedProducts) {
        controls.setProductOvercharge(productId, extraAmount ?? defaultOvercharge(productOf(productId)));
      }
      if (faults.refundDelaySeconds > 0) controls.setRefundDelay(faults.refundDelaySeconds * 1000);
      const after = faults.panelOrderAfterSeconds;
      if (after !== null) {
        schedule(after * 1000, 'an order placed from the provider’s panel', () => {
          const cheapest = cheapestInStock(store.catalog);
          if (!cheapest) throw new RangeError('no product is in stock');
          return controls.placePanelOrder(cheapest);
        });
      }
    },
  };
}
