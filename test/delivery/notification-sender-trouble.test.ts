import { describe, expect, it } from 'vitest';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { processLeaseTime } from '../../src/db/lease-time.js';
import { createNotificationSender, retryDelayMs } from '../../src/delivery/notification-sender.js';
import { createNotificationStore, leasedOutbox } from '../../src/db/notification-store.js';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import { ADMIN, partsSent, quickSenderWorld, spoilersOf, STAFF } from './sender-world.js';

/** The notification sender when Telegram or the provider is in trouble: 429s, blocked chats, network failures, restarts mid-delivery. */

const googlePlay = SANDBOX_PRODUCTS.noFields;
const TOO_MANY = { code: 429, description: 'Too Many Requests: retry after 7', retryAfter: 7 };

describe('notification sender: Telegram trouble', () => {
  it('waits retry_after when Telegram answers 429, then delivers once', async () => {
    const world = await quickSenderWorld();
    const order = await world.completedOrder(googlePlay, 2);
    world.telegram.failNext('sendMessage', TOO_MANY);

    const first = await world.sender.runOnce();
    expect(first).toEqual({ sent: 0, retried: 1, undeliverable: 0 });
    const row = world.notification(order.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 0, leaseOwner: null });
    expect(row.nextAttemptAt).toBe(world.clock.now() + 7_000);

    world.clock.advance(6_999);
    expect((await world.sender.runOnce()).sent).toBe(0);
    world.clock.advance(1);
    expect((await world.sender.runOnce()).sent).toBe(1);
    expect(world.messagesTo(STAFF)).toHaveLength(1);
  });

  it('resumes a split delivery after a 429 without sending the earlier parts again', async () => {
    const world = await quickSenderWorld({ sandbox: { maxQuantity: 30 } });
    const order = await world.completedOrder(googlePlay, 30);
    let calls = 0;
    const send = world.deps.send;
    const sender = createNotificationSender({
      ...world.deps,
      send: async (chatId, message) => {
        calls++;
        if (calls === 2) world.telegram.failNext('sendMessage', TOO_MANY);
        return send(chatId, message);
      },
    });

    await sender.runOnce();
    expect(world.messagesTo(STAFF)).toHaveLength(1);
    world.clock.advance(7_000);
    await sender.runOnce();

    const messages = world.messagesTo(STAFF);
    expect(messages.flatMap(spoilersOf)).toEqual(world.cardsOf(order).flatMap((c) => [c.code, c.pin, c.serial]));
    expect(new Set(messages.map((m) => m.text)).size).toBe(messages.length);
  });

  it('resumes a split delivery after a restart from the part Telegram accepted last, sending no part twice', async () => {
    const world = await quickSenderWorld({ sandbox: { maxQuantity: 30 } });
    const order = await world.completedOrder(googlePlay, 30);
    let calls = 0;
    const before = createNotificationSender({
      ...world.deps,
      owner: 'before-restart',
      send: async (chatId, message) => {
        calls++;
        if (calls === 2) world.telegram.failNext('sendMessage', { code: 502, description: 'Bad Gateway' });
        return world.deps.send(chatId, message);
      },
    });

    expect((await before.runOnce()).retried).toBe(1);
    expect(partsSent(world, order.id)).toBe(1);
    const after = createNotificationSender({ ...world.deps, owner: 'after-restart' });
    world.clock.advance(retryDelayMs(1, () => 0.5));
    expect((await after.runOnce()).sent).toBe(1);

    const messages = world.messagesTo(STAFF);
    expect(messages.flatMap(spoilersOf)).toEqual(world.cardsOf(order).flatMap((c) => [c.code, c.pin, c.serial]));
    expect(new Set(messages.map((m) => m.text)).size).toBe(messages.length);
    expect(partsSent(world, order.id)).toBe(messages.length);
  });

  it('stops a split delivery once another sender has taken the notification over', async () => {
    const world = await quickSenderWorld({ sandbox: { maxQuantity: 30 } });
    const order = await world.completedOrder(googlePlay, 30);
    const other = leasedOutbox(createNotificationStore({ database: databaseOf(world.db), leases: processLeaseTime }), { owner: 'other', leaseMs: 120_000 });
    let calls = 0;
    const slow = createNotificationSender({
      ...world.deps,
      send: async (chatId, message) => {
        calls++;
        if (calls === 2) {
          world.clock.advance(120_001);
          expect(await other.claimDue(world.clock.now(), 10)).toHaveLength(1);
        }
        return world.deps.send(chatId, message);
      },
    });

    expect(await slow.runOnce()).toEqual({ sent: 0, retried: 0, undeliverable: 0 });

    expect(world.messagesTo(STAFF)).toHaveLength(2);
    expect(partsSent(world, order.id)).toBe(1);
    expect(world.notification(order.id)).toMatchObject({ status: 'pending', leaseOwner: 'other' });
  });

  it('marks the notification undeliverable and tells administrators when the staff member blocked the bot', async () => {
    const world = await quickSenderWorld();
    const order = await world.completedOrder(googlePlay);
    world.telegram.blockBy(STAFF);

    const run = await world.sender.runOnce();

    expect(run).toEqual({ sent: 0, retried: 0, undeliverable: 1 });
    expect(world.notification(order.id)).toMatchObject({ status: 'undeliverable', lastError: 'blocked by the staff member' });
    const alert = world.messagesTo(ADMIN).at(-1);
    expect(alert?.text).toContain('blocked the bot');
    expect(alert?.text).toContain(`/track ${order.providerReference}`);
    for (const card of world.cardsOf(order)) expect(alert?.text).not.toContain(card.code);

    world.clock.advance(60 * 60_000);
    expect(await world.sender.runOnce()).toEqual({ sent: 0, retried: 0, undeliverable: 0 });
  });

  it('retries with backoff after a network-like Telegram failure', async () => {
    const world = await quickSenderWorld();
    const order = await world.completedOrder(googlePlay);
    world.telegram.failNext('sendMessage', { code: 502, description: 'Bad Gateway' });

    expect((await world.sender.runOnce()).retried).toBe(1);
    const row = world.notification(order.id);
    expect(row.attempts).toBe(1);
    expect(row.nextAttemptAt).toBe(world.clock.now() + retryDelayMs(1, () => 0.5));

    world.clock.advance(retryDelayMs(1, () => 0.5));
    expect((await world.sender.runOnce()).sent).toBe(1);
  });

  it('marks a message Telegram refuses as undeliverable and tells administrators', async () => {
    const world = await quickSenderWorld();
    const order = await world.completedOrder(googlePlay);
    world.telegram.failNext('sendMessage', { code: 400, description: 'Bad Request: chat not found' });

    expect((await world.sender.runOnce()).undeliverable).toBe(1);
    expect(world.notification(order.id).lastError).toContain('chat not found');
    expect(world.messagesTo(ADMIN).at(-1)?.text).toContain('Telegram refused');
  });

  it('retries later when the provider cannot give the delivery', async () => {
    const world = await quickSenderWorld();
    const order = await world.completedOrder(googlePlay);
    world.sandbox.controls.setServerErrorRate(1);

    expect((await world.sender.runOnce()).retried).toBe(1);
    expect(world.notification(order.id).lastError).toMatch(/^ProviderServerError: GET \/orders\/\S+: provider answered 500.* \(127\.0\.0\.1:\d+, \d+ ms\)$/);
    expect(world.messagesTo(STAFF)).toHaveLength(0);

    world.sandbox.controls.setServerErrorRate(0);
    world.clock.advance(retryDelayMs(1, () => 0.5));
    expect((await world.sender.runOnce()).sent).toBe(1);
  });
});
