import { describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import { createBatchStore } from '../../src/db/batch-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createOrderPlacer, withBalanceReadAwaited } from '../support/order-fixtures.js';
import { ADMIN, senderWorld, STAFF, UNTIL_FINAL_MS } from './sender-world.js';

const googlePlay = SANDBOX_PRODUCTS.noFields;
const OTHER = 12;

describe("notification sender: a chat's second", () => {
  it("keeps every chat to a message a second without holding anyone's codes behind one person's many deliveries", async () => {
    const world = await senderWorld();
    // Telegram's second per chat, with room for a loaded machine's jitter between two sends arriving.
    world.telegram.enforceLimits({ chatSpacingMs: 750, globalMax: 30, globalWindowMs: 1_000 });
    await world.services.staff.add(OTHER, 'staff', ADMIN);
    world.telegram.addChat({ id: OTHER });
    const place = withBalanceReadAwaited(world.sandbox, createOrderPlacer({ provider: world.provider, service: world.service }));
    const mine = [];
    for (let i = 0; i < 5; i++) mine.push(await place(googlePlay, 1, STAFF));
    const theirs = await place(googlePlay, 1, OTHER);
    world.clock.advance(UNTIL_FINAL_MS);
    for (const result of [...mine, theirs]) {
      if (result.kind !== 'placed') throw new Error(`order was ${result.kind}`);
      await world.settle(result.order, 'completed', 'delivered', 'COMPLETED');
    }

    const first = await world.sender.runOnce();
    // The first of the five, and the other person's, whose codes waited for nobody.
    expect(first).toEqual({ sent: 2, retried: 0, undeliverable: 0 });
    expect(world.messagesTo(OTHER)).toHaveLength(1);
    expect(world.messagesTo(STAFF)).toHaveLength(1);
    // The other four wait their turns, a second apart, not counted as attempts.
    const waiting = mine.slice(1).map((result) => world.notification(result.order.id));
    expect(waiting.map((row) => [row.status, row.attempts, row.nextAttemptAt - world.clock.now()])).toEqual([
      ['pending', 0, 1_000],
      ['pending', 0, 2_000],
      ['pending', 0, 3_000],
      ['pending', 0, 4_000],
    ]);

    for (let runs = 0; runs < 8 && world.messagesTo(STAFF).length < 5; runs++) {
      world.clock.advance(1_000);
      await world.sender.runOnce();
    }
    expect(world.messagesTo(STAFF)).toHaveLength(5);
    const refused = world.telegram.calls.filter((call) => call.response?.ok === false);
    expect(refused).toEqual([]);
  });

  it("gives a batch's orders no turns of the chat: their codes wait for the batch's file, not for a second each", async () => {
    const world = await senderWorld();
    world.telegram.enforceLimits({ chatSpacingMs: 750, globalMax: 30, globalWindowMs: 1_000 });
    const product = await world.provider.getProduct(googlePlay);
    const region = product.regionProperties[0]!;
    const line = { product: { id: product.id, title: product.title }, region: { regionPropertyId: region.regionPropertyId, title: region.title, price: region.price }, quantity: 1, fields: [] };
    const plan = Array.from({ length: 5 }, () => ({ lines: [line], rows: [] }));
    const batch = await createBatchStore({ database: databaseOf(world.db) }).create(
      { key: 'b1', requesterId: STAFF, chatId: STAFF, source: 'quantity', fileHash: null, fileName: null, plan, total: 5 * region.price },
      new Date(world.clock.now()),
    );
    const placed = [];
    for (let index = 0; index < plan.length; index++) {
      placed.push(await world.service.createIntentAndPlace({ confirmKey: `b1:${index}`, userId: STAFF, chatId: STAFF, lines: [line], batch: { id: batch.id, index } }));
    }
    world.clock.advance(UNTIL_FINAL_MS);
    for (const result of placed) {
      if (result.kind !== 'placed') throw new Error(`order was ${result.kind}`);
      await world.settle(result.order, 'completed', 'delivered', 'COMPLETED');
    }

    // One run takes all five: none is put off to a later second, and none sends a message of its own.
    await world.sender.runOnce();
    expect(placed.map((result) => world.notification(result.order.id).status)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
    expect(world.messagesTo(STAFF)).toHaveLength(0);
  });
});
