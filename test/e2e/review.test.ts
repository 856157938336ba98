import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReviewCandidate } from '../../src/domain/order-states.js';
import { orderFingerprint } from '../../src/orders/fingerprint.js';
import { createProviderClient, type ProviderClient } from '../../src/provider/client.js';
import type { PlacedOrder } from '../../src/provider/schemas.js';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import { chatDriver } from './chat-driver.js';
import type { SentMessage } from '../support/fake-bot-api/index.js';
import { ADMIN, sharedWorld, STAFF } from './harness.js';
import { cardsOf, localOrder, orderThroughChat, posts, sandboxOrder, spoilers, waitForDelivery } from './order-steps.js';

const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/ };

interface ReviewedOrder {
  userId: number;
  quantity: number;
  fingerprint: string;
  candidates: ReviewCandidate[];
}

const candidateOf = (placed: PlacedOrder): ReviewCandidate => ({
  orderId: placed.orderId,
  reference: placed.orderReference,
  status: placed.status,
  amount: placed.amount,
  createdAt: new Date().toISOString(),
});

describe('administrators settling orders that wait for review', () => {
  // Slow enough that an order adopted right away is still in progress: the poller has to take it over.
  const world = sharedWorld({ sandbox: { timing: { preparingMs: 1_200, processingMs: 300 } }, staff: [STAFF] });
  let provider: ProviderClient;
  let region = { regionPropertyId: 0, price: 0 };

  const admin = () => chatDriver(world.telegram, ADMIN);

  /**
   * What reconciliation leaves behind when it cannot tell the candidates
   * apart, written through a second connection while the bot runs (WAL).
   */
  function insertNeedsReview(order: ReviewedOrder): number {
    const db = new Database(world.databasePath, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      const now = Date.now() - 60_000;
      const result = db
        .prepare(
          `insert into orders (user_id, chat_id, confirm_key, fingerprint, lines, total_amount, state, sandbox, created_at, posted_at,
             updated_at, check_count, review_candidates)
           values (?, ?, ?, ?, ?, ?, 'needs_review', 0, ?, ?, ?, 6, ?)`,
        )
        .run(
          order.userId,
          order.userId,
          `review-${order.fingerprint}`,
          order.fingerprint,
          JSON.stringify([
            {
              product: { id: SANDBOX_PRODUCTS.noFields, title: 'Google Play 10 USD' },
              region: { regionPropertyId: region.regionPropertyId, title: 'US', price: region.price },
              quantity: order.quantity,
              fields: [],
            },
          ]),
          region.price * order.quantity,
          now,
          now,
          now,
          JSON.stringify(order.candidates),
        );
      return Number(result.lastInsertRowid);
    } finally {
      db.close();
    }
  }

  function orderRow(id: number) {
    const db = new Database(world.databasePath, { readonly: true, fileMustExist: true });
    try {
      return db.prepare('select state, provider_reference, next_check_at from orders where id = ?').get(id) as
        | { state: string; provider_reference: string | null; next_check_at: number | null }
        | undefined;
    } finally {
      db.close();
    }
  }

  function auditOf(id: number) {
    const db = new Database(world.databasePath, { readonly: true, fileMustExist: true });
    try {
      return db.prepare('select actor_id, action from audit_log where order_id = ? order by id').all(id) as { actor_id: number | null; action: string }[];
    } finally {
      db.close();
    }
  }

  const place = (quantity: number) =>
    provider.placeOrder({ products: [{ productId: SANDBOX_PRODUCTS.noFields, regionPropertyId: region.regionPropertyId, quantity }] });

  beforeAll(async () => {
    // Telegram lets a bot write only to people who have started it.
    await chatDriver(world.telegram, STAFF).say('/start', /Hello!/);
    provider = createProviderClient({ baseUrl: world.sandbox.baseUrl, apiKey: world.sandbox.apiKey });
    const product = await provider.getProduct(SANDBOX_PRODUCTS.noFields);
    const first = product.regionProperties[0]!;
    region = { regionPropertyId: first.regionPropertyId, price: first.price };
  });

  it('lists an order waiting for review, adopts the provider order named, and delivers its codes to the staff member', async () => {
    const placed = await place(2);
    const lookalike = await place(2);
    const id = insertNeedsReview({
      userId: STAFF.id,
      quantity: 2,
      fingerprint: 'e2e-review-adopt',
      candidates: [candidateOf(placed), candidateOf(lookalike)],
    });

    const list = await admin().say('/review', /Orders waiting for your decision/);
    expect(list.text).toContain(`#${id}: Google Play 10 USD (US) × 2, 2,500,000 IRR, ordered by ${STAFF.firstName}`);
    expect(list.text).toContain(placed.orderReference);
    expect(list.text).toContain(lookalike.orderReference);

    const done = await admin().say(`/review #${id} adopt ${placed.orderReference}`, /^Done: order #\d+ is provider order/);
    expect(done.text).toContain(`order #${id} is provider order ${placed.orderReference} (Preparing at the provider)`);

    const adopted = await world.telegram.waitForMessage(STAFF.id, new RegExp(`placed after all: reference ${placed.orderReference}`));
    const parts = await waitForDelivery(world, STAFF.id, placed.orderReference);
    expect(parts[0]!.message_id).toBeGreaterThan(adopted.message_id);
    const cards = cardsOf(sandboxOrder(world, placed.orderReference));
    expect(cards).toHaveLength(2);
    expect(parts.flatMap(spoilers)).toEqual(expect.arrayContaining(cards.map((card) => card.code)));
    expect(await localOrder(world, placed.orderReference)).toMatchObject({ id, state: 'completed', next_check_at: null });
    expect(auditOf(id)).toContainEqual({ actor_id: ADMIN.id, action: 'order.adopted' });
    await admin().say('/review', /No order is waiting for review/);
  });

  it('refuses to adopt a provider order another of our orders already follows', async () => {
    const placed = await place(1);
    const first = insertNeedsReview({ userId: STAFF.id, quantity: 1, fingerprint: 'e2e-review-first', candidates: [candidateOf(placed)] });
    const second = insertNeedsReview({ userId: STAFF.id, quantity: 1, fingerprint: 'e2e-review-second', candidates: [candidateOf(placed)] });
    await admin().say(`/review #${first} adopt ${placed.orderId}`, /^Done: order #\d+ is provider order/);

    const refused = await admin().say(`/review #${second} adopt ${placed.orderReference}`, /already belongs to our order/);

    expect(refused.text).toContain(`#${first}`);
    expect(orderRow(second)).toMatchObject({ state: 'needs_review', provider_reference: null });
    await admin().say(`/review #${second} none`, /Mark this order as not placed\?/);
    await admin().tap(/Confirm: nothing was placed/, /marked as not placed/);
    // Heard before the next test waits for the same words about another order. It waits its turn in the staff
    // member's chat behind the notices of the two adopted orders, a second apart: a deadline, not the default 2 s.
    await world.telegram.waitForMessage(STAFF.id, /was not placed and nothing was charged/, { timeoutMs: 10_000 });
  });

  it('settles an order as not placed only after the confirmation, and the staff member can then order the same again', async () => {
    const staff = chatDriver(world.telegram, STAFF);
    const fingerprint = orderFingerprint(STAFF.id, [
      {
        product: { id: SANDBOX_PRODUCTS.noFields, title: 'Google Play 10 USD' },
        region: { regionPropertyId: region.regionPropertyId, title: null, price: region.price },
        quantity: 1,
        fields: [],
      },
    ]);
    const id = insertNeedsReview({ userId: STAFF.id, quantity: 1, fingerprint, candidates: [] });
    const postsBefore = posts(world);
    await orderThroughChat(world, STAFF, { ...GOOGLE_PLAY, quantity: 1 }, /identical order is still being checked/);
    expect(posts(world)).toBe(postsBefore);

    await staff.say(`/review #${id} none`, /Only administrators can do that/);
    const asked = await admin().say(`/review #${id} none`, /Mark this order as not placed\?/);
    expect(asked.text).toContain(`#${id}: Google Play 10 USD (US) × 1`);
    expect(orderRow(id)?.state).toBe('needs_review');

    let settled: Promise<SentMessage> | undefined;
    const told = await staff.answerTo(() => {
      settled = admin().tap(/Confirm: nothing was placed/, /^Done: order #\d+ is marked as not placed/);
    }, /was not placed and nothing was charged\. It is safe to order it again\./);
    expect(told.text).toContain('Google Play 10 USD (US) × 1');
    expect((await settled!).message_id).toBe(asked.message_id);
    expect(orderRow(id)?.state).toBe('not_placed');
    expect(auditOf(id)).toContainEqual({ actor_id: ADMIN.id, action: 'order.not_placed' });

    await orderThroughChat(world, STAFF, { ...GOOGLE_PLAY, quantity: 1 });
    expect(posts(world)).toBe(postsBefore + 1);
    await admin().say(`/review #${id} none`, new RegExp(`Order #${id} is not waiting for review: it is Not placed`));
  });
});
