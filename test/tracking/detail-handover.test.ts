import { describe, expect, it, vi } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import { createDetailHandover } from '../../src/tracking/detail-handover.js';
import { startNotificationSender } from '../../src/delivery/notification-sender.js';
import { createManualClock } from '../support/manual-clock.js';
import { senderWorld, spoilersOf, STAFF, T0 } from '../delivery/sender-world.js';

const googlePlay = SANDBOX_PRODUCTS.noFields;
const detailReads = (world: Awaited<ReturnType<typeof senderWorld>>) =>
  world.sandbox.requests.filter((r) => r.method === 'GET' && /^\/orders\/[^/]+$/.test(r.path)).length;

describe('codes handed from the sweep to the sender', () => {
  it('sends the codes of the detail the sweep read without reading the order again', async () => {
    const handover = createDetailHandover({ clock: createManualClock(T0) });
    const world = await senderWorld({ sender: { handover } });
    const order = await world.completedOrder(googlePlay, 2);
    handover.put(order.id, await world.provider.getOrder(order.providerOrderId!));
    const reads = detailReads(world);

    await world.sender.runOnce();

    expect(detailReads(world)).toBe(reads);
    const cards = world.cardsOf(order);
    expect(spoilersOf(world.messagesTo(STAFF)[0]!)).toEqual(cards.flatMap((c) => [c.code, c.pin, c.serial]));
    expect(handover.get(order)).toBeNull();
  });

  it('reads the order afresh when nothing was handed over, as after a restart', async () => {
    const handover = createDetailHandover({ clock: createManualClock(T0) });
    const world = await senderWorld({ sender: { handover } });
    const order = await world.completedOrder(googlePlay, 1);
    const reads = detailReads(world);

    await world.sender.runOnce();

    expect(detailReads(world)).toBe(reads + 1);
    expect(world.notification(order.id).status).toBe('sent');
  });

  it('never hands one order the detail of another', async () => {
    const handover = createDetailHandover({ clock: createManualClock(T0) });
    const world = await senderWorld({ sender: { handover } });
    const first = await world.completedOrder(googlePlay, 1);
    const second = await world.completedOrder(googlePlay, 1);
    // A detail filed under the wrong order is refused: the sender reads the right one.
    handover.put(second.id, await world.provider.getOrder(first.providerOrderId!));

    await world.sender.runOnce();
    // One delivery of a chat a run, the next a second later: Telegram takes a message a second in a chat.
    world.clock.advance(1_000);
    await world.sender.runOnce();

    const secondCards = world.cardsOf(second).map((c) => c.code);
    const sentToSecond = world.messagesTo(STAFF).filter((m) => m.text.includes(second.providerReference!));
    expect(sentToSecond).toHaveLength(1);
    expect(spoilersOf(sentToSecond[0]!)).toContain(secondCards[0]);
  });

  it('sends the codes as soon as the sweep has written them, not at the next turn of the sender', async () => {
    const world = await senderWorld();
    const handover = createDetailHandover({ clock: world.clock });
    const loop = startNotificationSender({ ...world.deps, handover, everyMs: 60_000 });
    // The first run finds nothing; the sender then pauses for a minute that never passes here.
    await vi.waitFor(() => expect(world.clock.pendingSleeps()).toBeGreaterThan(0));
    const order = await world.completedOrder(googlePlay, 1);
    handover.put(order.id, await world.provider.getOrder(order.providerOrderId!));

    handover.written();
    await world.telegram.waitFor(() => world.messagesTo(STAFF).length === 1);
    await loop.stop();

    expect(world.notification(order.id).status).toBe('sent');
  });

  it('forgets a detail once it is older than its limit or pushed out by newer ones', () => {
    const clock = createManualClock(T0);
    const handover = createDetailHandover({ clock, maxEntries: 2, maxAgeMs: 60_000 });
    const detail = (orderId: number) => ({ orderId, orderReference: `A${orderId}`, amount: 1, status: 'COMPLETED', createdAt: null, items: [] });
    handover.put(1, detail(9001));
    handover.put(2, detail(9002));
    handover.put(3, detail(9003));

    expect(handover.get({ id: 1, providerOrderId: 9001 })).toBeNull();
    expect(handover.get({ id: 2, providerOrderId: 9002 })?.orderId).toBe(9002);
    clock.advance(60_001);
    expect(handover.get({ id: 3, providerOrderId: 9003 })).toBeNull();
  });
});
