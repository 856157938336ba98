import type { CallOptions, ProviderClient } from './client.js';

/**
 * The provider, with a read that is already on its way shared by whoever
 * asks for the same thing meanwhile: a product's detail, or the balance.
 * When staff are busy, most of them look at the same few products and all
 * at the one balance, and each read waits its turn in the request budget;
 * twenty people at a summary then cost two reads rather than forty, and
 * every one of them gets an answer the provider gave after they asked or
 * just before (the shared read had not been answered yet when they asked).
 * Nothing is kept once the answer is in: the next ask reads again.
 *
 * Only reads of the same priority are shared (a person never waits behind
 * a background read's turn), and only those without a signal: a read that
 * its caller may abort is its own.
 */
export function withSharedReads(provider: ProviderClient): ProviderClient {
  const inFlight = new Map<string, Promise<unknown>>();
  const shared = <T>(key: string, options: CallOptions | undefined, read: () => Promise<T>): Promise<T> => {
    if (options?.signal) return read();
    const slot = `${options?.priority ?? 'interactive'} ${key}`;
    const running = inFlight.get(slot) as Promise<T> | undefined;
    // Each joiner gets its own copy: an answer one caller changes is never another's.
    if (running) return running.then((answer) => structuredClone(answer));
    const started = read().finally(() => inFlight.delete(slot));
    inFlight.set(slot, started);
    return started;
  };
  return {
    ...provider,
    // The rest are not shared: pages and orders are read by one loop each, and a POST is never shared.
    getProduct: (id, o) => shared(`product ${id}`, o, () => provider.getProduct(id, o)),
    getBalance: (o) => shared('balance', o, () => provider.getBalance(o)),
  };
}
