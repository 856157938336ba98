import type { ProviderClient } from './client.js';

/**
 * The provider, with `signal` given to every call: aborting it ends the
 * calls in progress at once, a wait for the request budget included. The
 * background work reads through this so that stopping it (a clean stop, a
 * role handed to another instance) does not wait for sweeps whose reads
 * queue behind staff requests. Never for a POST: an order already sent is
 * answered, not abandoned. With no signal (a caller that is never
 * stopped, a test), the provider as it is.
 */
export function withCallSignal(provider: ProviderClient, signal: AbortSignal | undefined): ProviderClient {
  if (!signal) return provider;
  return {
    listCategories: (o) => provider.listCategories({ ...o, signal }),
    listProducts: (q, o) => provider.listProducts(q, { ...o, signal }),
    allProducts: (q, o) => provider.allProducts(q, { ...o, signal }),
    getProduct: (id, o) => provider.getProduct(id, { ...o, signal }),
    placeOrder: (body, o) => provider.placeOrder(body, o),
    getOrder: (idOrReference, o) => provider.getOrder(idOrReference, { ...o, signal }),
    listOrders: (q, o) => provider.listOrders(q, { ...o, signal }),
    getBalance: (o) => provider.getBalance({ ...o, signal }),
    listTransactions: (q, o) => provider.listTransactions(q, { ...o, signal }),
    getTransaction: (id, o) => provider.getTransaction(id, { ...o, signal }),
  };
}
