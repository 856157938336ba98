import type { Db } from '../../src/db/open.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createOrderStore, type IntentInput, type OrderRow, type OrderStore } from '../../src/db/order-store.js';
import type { FieldAnswer, OrderLine } from '../../src/orders/order-line.js';
import type { OrderService, PlaceInput, PlaceResult } from '../../src/orders/order-service.js';
import type { ProviderClient } from '../../src/provider/client.js';
import { SANDBOX_PRODUCTS, type Sandbox } from '../../src/sandbox/server.js';
import { createManualClock, type ManualClock } from './manual-clock.js';
import { memoryDb } from './memory-db.js';
import { waitUntil } from './wait-until.js';

/** What a test may change of an intent: its own fields, and the parts of its line as the table keeps them. */
export type IntentOverrides = Partial<IntentInput> & {
  productId?: number;
  productTitle?: string;
  regionPropertyId?: number;
  regionTitle?: string | null;
  quantity?: number;
  unitPrice?: number;
  fieldValues?: FieldAnswer[];
};

/** An intent for Google Play 10 USD (US) × 1 by user 1 in chat 1, in the sandbox; `overrides` replace any field. */
export function intentInput(overrides: IntentOverrides = {}): IntentInput {
  const { productId, productTitle, regionPropertyId, regionTitle, quantity, unitPrice, fieldValues, lines, ...own } = overrides;
  return {
    confirmKey: 'k1',
    userId: 1,
    chatId: 1,
    fingerprint: 'f1',
    sandbox: true,
    ...own,
    lines: lines ?? [
      {
        product: { id: productId ?? 101, title: productTitle ?? 'Google Play 10 USD' },
        region: { regionPropertyId: regionPropertyId ?? 5001, title: regionTitle === undefined ? 'US' : regionTitle, price: unitPrice ?? 1_250_000 },
        quantity: quantity ?? 1,
        fields: fieldValues ?? [],
      },
    ],
  };
}

/** A new order in 'intent'; throws when the repository does not create one, so a test cannot go on from a wrong start. */
export async function openedOrder(repo: Pick<OrderStore, 'openIntent'>, overrides: IntentOverrides = {}): Promise<OrderRow> {
  const opened = await repo.openIntent(intentInput(overrides));
  if (opened.kind !== 'created') throw new Error(`expected a new intent, got ${opened.kind}`);
  return opened.order;
}

/** A new order claimed for placing by `actorId` (its own user unless said otherwise); returned as it was opened. */
export async function placingOrder(repo: Pick<OrderStore, 'openIntent' | 'claimForPlacing'>, overrides: IntentOverrides = {}, actorId?: number): Promise<OrderRow> {
  const order = await openedOrder(repo, overrides);
  const claim = await repo.claimForPlacing(order.id, actorId ?? order.userId);
  if (claim.kind !== 'placing') throw new Error(`expected placing, got ${claim.kind}`);
  return order;
}

/** The order repository on a fresh in-memory database (closed after the test) and a manual clock. */
export function orderRepoWorld(startMs: number): { db: Db; clock: ManualClock; repo: OrderStore } {
  const db = memoryDb();
  const clock = createManualClock(startMs);
  return { db, clock, repo: createOrderStore({ database: databaseOf(db), clock }) };
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
      lines: [
        {
          product: { id: product.id, title: product.title },
          region: { regionPropertyId: region.regionPropertyId, title: region.title, price: region.price },
          quantity,
          fields: [],
        },
      ],
    });
  };
}

/**
 * Places as `place` does, then waits for the balance read production makes
 * after every order it sent (the low-balance alert), so that the read lands
 * before a test counts the sandbox's requests.
 */
export function withBalanceReadAwaited(
  sandbox: Pick<Sandbox, 'requests'>,
  place: (productId: number, quantity: number, userId: number) => Promise<PlaceResult>,
): (productId: number, quantity: number, userId: number) => Promise<PlaceResult> {
  const balanceReads = () => sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/wallet/balance').length;
  return async (productId, quantity, userId) => {
    const readsBefore = balanceReads();
    const result = await place(productId, quantity, userId);
    if (result.kind === 'placed' || result.kind === 'unknown' || result.kind === 'accepted-unrecorded') {
      await waitUntil(() => balanceReads() > readsBefore, 'the balance read that follows an order');
    }
    return result;
  };
}

/** A confirmation of Google Play 10 USD (US) × 1 by user 11 in chat 11, as the conversation hands it over; `overrides` replace any field or part of the line. */
export function googlePlayInput(confirmKey: string, overrides: Partial<Omit<PlaceInput, 'lines'>> & Partial<OrderLine> = {}): PlaceInput {
  const { product, region, quantity, fields, ...own } = overrides;
  return {
    confirmKey,
    userId: 11,
    chatId: 11,
    ...own,
    lines: [
      {
        product: product ?? { id: SANDBOX_PRODUCTS.noFields, title: 'Google Play 10 USD' },
        region: region ?? { regionPropertyId: 5001, title: 'US', price: 1_250_000 },
        quantity: quantity ?? 1,
        fields: fields ?? [],
      },
    ],
  };
}
