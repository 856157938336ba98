import type { Logger } from '../logger.js';
import type { ProviderClient } from '../provider/client.js';
import { ProviderAuthError, ProviderForbiddenError, type ProviderError } from '../provider/errors.js';
import type { OrderingPause, OrderingPauseStore } from '../db/ordering-pause-store.js';

/**
 * The provider client with one addition: any answer 401 or 403, to an order
 * or to a read, by a staff member or a background loop, pauses ordering.
 * A refused key or IP is for an administrator to fix; until one resumes,
 * no POST goes out that the provider may or may not honour. Wrapping the
 * client that every caller shares is what makes sure no path is missed.
 */
export function withPauseOnRefusal(
  provider: ProviderClient,
  deps: {
    pauses: Pick<OrderingPauseStore, 'pause'>;
    /** Called once, when a refusal starts a pause; never awaited, so it must not throw. */
    onPaused: (pause: OrderingPause, status: number | null) => void;
    logger: Logger;
  },
): ProviderClient {
  // Awaited before the refusal reaches the caller, so that the next order (here or on another instance) finds the pause.
  const noteRefusal = async (error: unknown): Promise<void> => {
    if (!(error instanceof ProviderAuthError || error instanceof ProviderForbiddenError)) return;
    const refusal: ProviderError = error;
    let paused: Awaited<ReturnType<OrderingPauseStore['pause']>>;
    try {
      paused = await deps.pauses.pause({ source: 'provider', reason: refusal.providerMessage ?? `HTTP ${refusal.status ?? '?'}`, by: null });
    } catch (failure) {
      // The provider's refusal is what the caller must hear; the database's failure goes to the log.
      deps.logger.error({ err: failure instanceof Error ? failure.name : String(failure) }, 'could not record the pause after a refusal');
      return;
    }
    const { started, pause } = paused;
    if (!started) return;
    deps.logger.warn({ status: refusal.status, method: refusal.method, path: refusal.path }, 'ordering paused: the provider refused our key or IP');
    deps.onPaused(pause, refusal.status);
  };
  const watched =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (error) {
        await noteRefusal(error);
        throw error;
      }
    };

  return {
    listCategories: watched(provider.listCategories.bind(provider)),
    listProducts: watched(provider.listProducts.bind(provider)),
    async *allProducts(q, o) {
      try {
        yield* provider.allProducts(q, o);
      } catch (error) {
        await noteRefusal(error);
        throw error;
      }
    },
    getProduct: watched(provider.getProduct.bind(provider)),
    placeOrder: watched(provider.placeOrder.bind(provider)),
    getOrder: watched(provider.getOrder.bind(provider)),
    listOrders: watched(provider.listOrders.bind(provider)),
    getBalance: watched(provider.getBalance.bind(provider)),
    listTransactions: watched(provider.listTransactions.bind(provider)),
    getTransaction: watched(provider.getTransaction.bind(provider)),
  };
}
