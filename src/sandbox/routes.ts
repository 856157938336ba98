import { MESSAGES, errorBody, successBody } from './envelope.js';
import { paginate, parsePaging, type Sliceable } from './paging.js';
import type { FaultState, ItemOrder } from './controls.js';
import type { SandboxStore } from './store.js';
import type { SandboxOrder, SandboxProduct } from './types.js';
import { validateOrder } from './validation.js';

interface RouteRequest {
  method: string;
  /** Path below the base URL, e.g. '/orders/9001'. */
  path: string;
  query: Record<string, string>;
  rawBody: string;
}

export interface RouteResponse {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
  /** True when this request stored an order (and debited the wallet). */
  orderCreated?: boolean;
}

interface RouteDeps {
  store: SandboxStore;
  /** Read on every request: see SandboxControls.setOrderDetailSwap. */
  faults: Pick<FaultState, 'orderDetailSwap' | 'forgottenOrders' | 'itemOrder'>;
  maxPageSize: number;
  maxQuantity: number;
  maxItemsPerOrder: number;
}

const fail = (status: number, message: string): RouteResponse => ({ status, body: errorBody(status, message) });
const ok = (data: unknown): RouteResponse => ({ status: 200, body: successBody(data) });

function summary(p: SandboxProduct) {
  return { id: p.id, title: p.title, categoryId: p.categoryId, imageUrl: p.imageUrl, isAvailable: p.regions.some((r) => r.stock > 0) };
}

function detail(p: SandboxProduct) {
  return {
    ...summary(p),
    description: p.description,
    regionProperties: p.regions.map((r) => ({ ...r })),
    requiredFields: p.requiredFields.map((f) => ({ ...f })),
  };
}

function listEntry(o: SandboxOrder) {
  return { orderId: o.orderId, orderReference: o.orderReference, amount: o.amount, status: o.status, createdAt: o.createdAt };
}

function orderDetail(o: SandboxOrder, itemOrder: ItemOrder) {
  // The spec promises no order for the items: the sandbox can list them the other way round.
  const items = itemOrder === 'reversed' ? [...o.items].reverse() : o.items;
  return {
    ...listEntry(o),
    items: items.map((i) => ({
      id: i.id,
      productId: i.productId,
      regionPropertyId: i.regionPropertyId,
      quantity: i.quantity,
      totalAmount: i.totalAmount,
      delivery: i.delivery,
    })),
  };
}

const numericId = (raw: string): number | null => (/^[0-9]{1,15}$/.test(raw) ? Number(raw) : null);

export function createRoutes(deps: RouteDeps): (req: RouteRequest) => RouteResponse {
  const { store } = deps;
  function detailAnswer(order: SandboxOrder): RouteResponse {
    if (order.status !== 'COMPLETED') return ok(orderDetail(order, deps.faults.itemOrder));
    const other = deps.faults.orderDetailSwap ? store.listOrders().find((o) => o.orderId !== order.orderId) : undefined;
    return ok(orderDetail(other ?? order, deps.faults.itemOrder));
  }

  function paged<T>(query: Record<string, string>, items: Sliceable<T>): RouteResponse {
    const paging = parsePaging(query, deps.maxPageSize);
    if (!paging.ok) return fail(400, paging.message);
    const { data, meta } = paginate(items, paging.page, paging.pageSize);
    return { status: 200, body: successBody(data, MESSAGES.ok, meta) };
  }

  function placeOrder(rawBody: string): RouteResponse {
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      return fail(400, MESSAGES.badJson);
    }
    const result = validateOrder(body, {
      products: store.catalog.byId,
      balance: store.balance(),
      maxQuantity: deps.maxQuantity,
      maxItemsPerOrder: deps.maxItemsPerOrder,
    });
    if (!result.ok) return fail(result.status, result.message);
    const order = store.createOrder(result.order);
    const data = {
      orderId: order.orderId,
      orderReference: order.orderReference,
      amount: order.amount,
      status: 'PREPARING',
      items: order.items.map((i) => ({ id: i.id, productId: i.productId, quantity: i.quantity, totalAmount: i.totalAmount })),
    };
    return { status: 200, body: successBody(data, MESSAGES.orderCreated), orderCreated: true };
  }

  function get(segments: string[], query: Record<string, string>): RouteResponse {
    const [resource, sub, id] = segments;
    if (resource === 'products') {
      if (sub === undefined) return paged(query, store.catalog.products.map(summary));
      if (sub === 'categories') return ok(store.catalog.categories.map((c) => ({ ...c })));
      const numeric = numericId(sub);
      const product = numeric === null ? undefined : store.catalog.byId.get(numeric);
      return product ? ok(detail(product)) : fail(404, MESSAGES.productNotFound);
    }
    if (resource === 'orders') {
      if (sub === undefined) return paged(query, store.listOrderEntries());
      const order = store.findOrder(sub);
      return order && !deps.faults.forgottenOrders.has(order.orderId) ? detailAnswer(order) : fail(404, MESSAGES.orderNotFound);
    }
    if (sub === 'balance') return ok({ balance: store.balance() });
    if (id === undefined) return paged(query, store.listTransactions());
    const numeric = numericId(id);
    const found = numeric === null ? undefined : store.findTransaction(numeric);
    return found ? ok(found) : fail(404, MESSAGES.transactionNotFound);
  }

  return (req) => {
    const segments = splitPath(req.path);
    const allowed = segments && allowedMethods(segments);
    if (!segments || !allowed) return fail(404, MESSAGES.notFound);
    if (!allowed.includes(req.method)) {
      return { ...fail(405, MESSAGES.methodNotAllowed), headers: { Allow: allowed.join(', ') } };
    }
    return req.method === 'POST' ? placeOrder(req.rawBody) : get(segments, req.query);
  };
}

function splitPath(path: string): string[] | null {
  try {
    return path.split('/').filter((s) => s !== '').map(decodeURIComponent);
  } catch {
    return null;
  }
}

/** The methods a known path answers, or null for a path the API does not have. */
function allowedMethods(segments: string[]): string[] | null {
  const [resource, sub, id, extra] = segments;
  if (extra !== undefined) return null;
  if (resource === 'orders' && sub === undefined) return ['GET', 'POST'];
  if ((resource === 'products' || resource === 'orders') && id === undefined) return ['GET'];
  if (resource === 'wallet' && sub === 'balance' && id === undefined) return ['GET'];
  if (resource === 'wallet' && sub === 'transactions') return ['GET'];
  return null;
}
