import type { Db } from '../../src/db/open.js';
import { createOrderRepo, type IntentInput, type OrderRepo, type OrderRow } from '../../src/orders/order-repo.js';
import type { OrderService, PlaceInput, PlaceResult } from '../../src/orders/order-service.js';
import type { ProviderClient } from '../../src/provider/client.js';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import { createManualClock, type ManualClock } from './manual-clock.js';
import { memoryDb } from './memory-db.js';

/** An intent for Google Play 10 USD (US) × 1 by user 1 in chat 1, in the sandbox; `overrides` replace any field. */
export function intentInput(overrides: Partial<IntentInput> = {}): IntentInput {
  return {
    confirmKey: 'k1',
    userId: 1,
    chatId: 1,
    fingerprint: 'f1',
    productId: 101,
    productTitle: 'Google Play 10 USD',
    regionPropertyId: 5001,
    regionTitle: 'US',
    quantity: 1,
    unitPrice: 1_250_000,
    fieldValues: [],
    sandbox: true,
    ...overrides,
  };
}

/** A new order in 'intent'; throws when the repository does not create one, so a test cannot go on from a wrong start. */
export function openedOrder(repo: OrderRepo, overrides: Partial<IntentInput> = {}): OrderRow {
  const opened = repo.openIntent(intentInput(overrides));
  if (opened.kind !== 'created') throw new Error(`expected a new intent, got ${opened.kind}`);
  return opened.order;
}

/** A new order claimed for placing by `actorId` (its own user unless said otherwise); returned as it was opened. */
export function placingOrder(repo: OrderRepo, overrides: Partial<IntentInput> = {}, actorId?: number): OrderRow {
  const order = openedOrder(repo, overrides);
  const claim = repo.claimForPlacing(order.id, actorId ?? order.userId);
  if (claim.kind !== 'placing') throw new Error(`expected placing, got ${claim.kind}`);
  return order;
}

/** The order repository on a fresh in-memory database (closed after the test) and a manual clock. */
export function orderRepoWorld(startMs: number): { db: Db; clock: ManualClock; repo: OrderRepo } {
  const db = memoryDb();
  const clock = createManualClock(startMs);
  return { db, clock, repo: createOrderRepo({ db, clock }) };
}

/**
 * Places orders through the service as the chat's Confirm would: the
 * product's first region, no fields, a new confirm key each time.
 */
export function createOrderPlacer(deps: { provider: Pick<ProviderClient, 'getProduct'>; service: Pick<OrderService, 'createIntentAndPlace'> }) {
  let confirmations = 0;
  return async (productId: number, quantity: number, userId: number): Promise<PlaceResult> => {
    const product = await deps.provider.getProduct(productId);
    const region = product.regionProperties[0];
    if (!region) throw new Error(`product ${productId} has no region`);
    confirmations++;
    return deps.service.createIntentAndPlace({
      confirmKey: `confirm-${confirmations}`,
      userId,
      chatId: userId,
      product: { id: product.id, title: product.title },
      region: { regionPropertyId: region.regionPropertyId, title: region.title, price: region.price },
      quantity,
      fields: [],
    });
  };
}

/** A confirmation of Google Play 10 USD (US) × 1 by user 11 in chat 11, as the conversation hands it over; `overrides` replace any field. */
export function googlePlayInput(confirmKey: string, overrides: Partial<PlaceInput> = {}): PlaceInput {
  return {
    confirmKey,
    userId: 11,
    chatId: 11,
    product: { id: SANDBOX_PRODUCTS.noFields, title: 'Google Play 10 USD' },
    region: { regionPropertyId: 5001, title: 'US', price: 1_250_000 },
    quantity: 1,
    fields: [],
    ...overrides,
  };
}
