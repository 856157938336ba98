import { describe, expect, it } from 'vitest';
import { createNotificationSender, retryDelayMs, startNotificationSender } from '../../src/delivery/notification-sender.js';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import { ADMIN, quickSenderWorld, spoilersOf, STAFF, UNTIL_FINAL_MS, type SenderWorld } from './sender-world.js';
import { encodeAuditFacts } from '../../src/db/audit-log.js';

const googlePlay = SANDBOX_PRODUCTS.noFields;

describe('notification sender: delivered orders', () => {
  it('delivers a completed order exactly once however many times it runs', async () => {
    const world = await quickSenderWorld();
    const order = await world.completedOrder(googlePlay, 2);

    const runs = [await world.sender.runOnce(), await world.sender.runOnce(), await world.sender.runOnce()];

    expect(runs.map((r) => r.sent)).toEqual([1, 0, 0]);
    expect(world.messagesTo(STAFF)).toHaveLength(1);
    expect(world.notification(order.id).status).toBe('sent');
  });

  it('sends a batch order’s codes once: not again as a message when the batch’s file carried them, even if the file overtook the message', async () => {
    let fileSentAt: number | null = null;
    const world = await quickSenderWorld({ sender: { batchFileSentAt: async () => fileSentAt } });
    const inBatch = (orderId: number) => {
      // The batch row itself is not what this is about: the order only has to belong to one.
      world.db.$client.pragma('foreign_keys = OFF');
      world.db.$client.prepare('update orders set batch_id = 1 where id = ?').run(orderId);
      world.db.$client.pragma('foreign_keys = ON');
    };
    const inFile = await world.completedOrder(googlePlay, 1);
    inBatch(inFile.id);
    // The batch runner sent the file (with these codes) before the sender got to the news.
    world.clock.advance(1_000);
    fileSentAt = world.clock.now();
    await world.sender.runOnce();
    expect(world.messagesTo(STAFF)).toHaveLength(0);
    expect(world.notification(inFile.id).status).toBe('sent');

    // An order that ended after the file went out (it waited for a person) is told on its own.
    const later = await world.completedOrder(googlePlay, 1);
    inBatch(later.id);
    await world.sender.runOnce();
    expect(world.messagesTo(STAFF)).toHaveLength(1);
    expect(world.messagesTo(STAFF)[0]!.text).toContain(later.providerReference!);
  });

  it('sends nothing to someone removed from the staff, and tells the administrators where the codes are', async () => {
    const world = await quickSenderWorld();
    await world.completedOrder(googlePlay, 1);
    await world.removeStaff(STAFF);

    await world.sender.runOnce();

    expect(world.messagesTo(STAFF)).toHaveLength(0);
    const [alert] = world.messagesTo(ADMIN);
    expect(alert?.text).toMatch(/no longer on the staff.*\/track A\d+/s);
    expect(alert?.entities.filter((e) => e.type === 'spoiler')).toHaveLength(0);
  });

  it('sends no codes to someone made a viewer after ordering, and tells the administrators where they are', async () => {
    const world = await quickSenderWorld();
    const order = await world.completedOrder(googlePlay, 1);
    await world.services.staff.changeRole(STAFF, 'viewer', ADMIN);

    await world.sender.runOnce();

    expect(world.messagesTo(STAFF)).toHaveLength(0);
    expect(world.notification(order.id).status).toBe('undeliverable');
    const [alert] = world.messagesTo(ADMIN);
    expect(alert?.text).toMatch(/is a viewer now.*\/track A\d+/s);
    expect(alert?.entities.filter((e) => e.type === 'spoiler')).toHaveLength(0);
  });

  it('shows every code, PIN and serial as a spoiler, with protected content', async () => {
    const world = await quickSenderWorld();
    const order = await world.completedOrder(googlePlay, 2);

    await world.sender.runOnce();

    const [message] = world.messagesTo(STAFF);
    expect(message?.protect_content).toBe(true);
    const cards = world.cardsOf(order);
    expect(spoilersOf(message!)).toEqual(cards.flatMap((c) => [c.code, c.pin, c.serial]));
    // The sandbox writes 2027-11-21; the reader gets it as a date of their calendar.
    expect(cards[0]?.expiresAt).toBe('2027-11-21');
    expect(message?.text).toContain('Expires at: 21 Nov 2027');
  });

  it('heads the delivery with the sandbox badge, the reference, the product and the quantity', async () => {
    const world = await quickSenderWorld();
    const order = await world.completedOrder(googlePlay, 2);

    await world.sender.runOnce();

    const lines = world.messagesTo(STAFF)[0]?.text.split('\n') ?? [];
    expect(lines.slice(0, 2)).toEqual(['[SANDBOX]', `Order ${order.providerReference} is delivered: Google Play 10 USD (US) × 2`]);
  });

  it('splits a delivery of 30 codes across messages under 4096 characters, in order', async () => {
    const world = await quickSenderWorld({ sandbox: { maxQuantity: 30 } });
    const order = await world.completedOrder(googlePlay, 30);

    const run = await world.sender.runOnce();

    expect(run.sent).toBe(1);
    const messages = world.messagesTo(STAFF);
    expect(messages.length).toBeGreaterThan(1);
    for (const message of messages) {
      expect(message.text.length).toBeLessThan(4096);
      expect(message.entities.length).toBeLessThanOrEqual(100);
      expect(message.protect_content).toBe(true);
    }
    expect(messages.flatMap(spoilersOf)).toEqual(world.cardsOf(order).flatMap((c) => [c.code, c.pin, c.serial]));
  });

  it('writes no code, PIN or serial to the log', async () => {
    const world = await quickSenderWorld({ sandbox: { maxQuantity: 30 } });
    const order = await world.completedOrder(googlePlay, 30);
    world.telegram.failNext('sendMessage', { code: 500, description: 'Internal Server Error' });

    await world.sender.runOnce();
    world.clock.advance(10 * 60_000);
    await world.sender.runOnce();

    expect(world.notification(order.id).status).toBe('sent');
    const log = world.logLines.join('');
    expect(log).toContain('notification sent');
    // A PIN is four random digits, which an order number or a delay in milliseconds may equal by chance:
    // it is looked for in the log's texts, where a leaked card would be, not among its numbers.
    const texts = world.logLines.flatMap((line) => stringsIn(JSON.parse(line))).join('\n');
    for (const card of world.cardsOf(order)) {
      expect(log).not.toContain(card.code);
      expect(log).not.toContain(card.serial);
      expect(texts).not.toMatch(new RegExp(`(^|[^0-9])${card.pin}($|[^0-9])`, 'm'));
    }
  });

  it('writes an audit row when the codes are sent', async () => {
    const world = await quickSenderWorld();
    const order = await world.completedOrder(googlePlay);

    await world.sender.runOnce();

    const actions = world.db.$client.prepare('select action, detail from audit_log where order_id = ? order by id').all(order.id);
    expect(actions.at(-1)).toEqual({ action: 'notification.sent', detail: encodeAuditFacts({ kind: 'delivered', messages: 1 }) });
  });

  it('sends a notification once when two senders run at the same time', async () => {
    const world = await quickSenderWorld();
    await world.completedOrder(googlePlay, 2);
    const other = createNotificationSender({ ...world.deps, owner: 'sender-b' });

    const runs = await Promise.all([world.sender.runOnce(), other.runOnce()]);

    expect(runs[0].sent + runs[1].sent).toBe(1);
    expect(world.messagesTo(STAFF)).toHaveLength(1);
  });

  it('runs on its own once started and stops cleanly', async () => {
    const world = await quickSenderWorld();
    const order = await world.completedOrder(googlePlay);

    const loop = startNotificationSender({ ...world.deps, everyMs: 1_000 });
    await world.telegram.waitFor(() => world.messagesTo(STAFF).length === 1);
    await loop.stop();

    expect(world.notification(order.id).status).toBe('sent');
  });
});

describe('notification sender: orders of several products', () => {
  /** Google Play (no fields) × 2 and Apple (an e-mail) × 1 in one order, completed. */
  async function twoProductOrder(world: SenderWorld) {
    const [play, apple] = await Promise.all([world.provider.getProduct(googlePlay), world.provider.getProduct(SANDBOX_PRODUCTS.oneField)]);
    const line = (product: typeof play, quantity: number, fields: { fieldId: number; title: string; value: string }[]) => {
      const region = product.regionProperties[0]!;
      return {
        product: { id: product.id, title: product.title },
        region: { regionPropertyId: region.regionPropertyId, title: region.title, price: region.price },
        quantity,
        fields,
      };
    };
    const result = await world.service.createIntentAndPlace({
      confirmKey: 'cart-1',
      userId: STAFF,
      chatId: STAFF,
      lines: [line(play, 2, []), line(apple, 1, [{ fieldId: 7, title: 'E-mail', value: 'buyer@example.com' }])],
    });
    if (result.kind !== 'placed') throw new Error(`order was ${result.kind}`);
    world.clock.advance(UNTIL_FINAL_MS);
    return { order: await world.settle(result.order, 'completed', 'delivered', 'COMPLETED'), play, apple };
  }

  it("groups the codes under each line's product, every code of both lines in a spoiler", async () => {
    const world = await quickSenderWorld();
    const { order, play, apple } = await twoProductOrder(world);
    expect((await world.sender.runOnce()).sent).toBe(1);

    const text = world.messagesTo(STAFF).map((m) => m.text).join('\n');
    // The heading counts; each product heads its own codes, numbered as their copy buttons are.
    expect(text.split('\n').slice(0, 2)).toEqual(['[SANDBOX]', `Order ${order.providerReference} is delivered: 2 products, 3 cards`]);
    expect(text).toContain(`1. ${play.title}`);
    expect(text).toContain(`2. ${apple.title}`);
    const playAt = text.indexOf(`${play.title}`);
    const appleAt = text.indexOf(`${apple.title}`, playAt + play.title.length);
    expect(playAt).toBeGreaterThanOrEqual(0);
    expect(appleAt).toBeGreaterThan(playAt);
    const remote = world.sandbox.controls.orders().find((o) => o.orderId === order.providerOrderId)!;
    const codes = remote.items.flatMap((item) => item.delivery?.cards.map((card) => card.code) ?? []);
    expect(codes).toHaveLength(3);
    const spoilers = world.messagesTo(STAFF).flatMap(spoilersOf);
    for (const code of codes) expect(spoilers).toContain(code);
    expect(world.messagesTo(ADMIN)).toHaveLength(0);
  });

  it('names the line that came without codes to the staff member and alerts administrators, sending the codes that came', async () => {
    const world = await quickSenderWorld();
    world.sandbox.controls.setProductUndelivered(SANDBOX_PRODUCTS.oneField, true);
    const { order, apple } = await twoProductOrder(world);
    expect((await world.sender.runOnce()).sent).toBe(1);

    const text = world.messagesTo(STAFF).map((m) => m.text).join('\n');
    expect(text).toMatch(new RegExp(`No codes came for: ${apple.title}.*Administrators are told`));
    const remote = world.sandbox.controls.orders().find((o) => o.orderId === order.providerOrderId)!;
    const playCodes = remote.items.filter((item) => item.productId === googlePlay).flatMap((item) => item.delivery!.cards.map((card) => card.code));
    expect(playCodes).toHaveLength(2);
    const spoilers = world.messagesTo(STAFF).flatMap(spoilersOf);
    for (const code of playCodes) expect(spoilers).toContain(code);
    expect(remote.items.find((item) => item.productId === SANDBOX_PRODUCTS.oneField)?.delivery).toBeNull();
    const alert = world.messagesTo(ADMIN).map((m) => m.text).join('\n');
    expect(alert).toContain(`these products came without codes: ${apple.title}`);
    expect(alert).toContain(order.providerReference!);
  });
});

describe('retryDelayMs', () => {
  it('doubles from five seconds up to a five-minute cap, with jitter in the upper half', () => {
    const low = () => 0;
    const high = () => 1;
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, high))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(1, low)).toBe(2_500);
    expect(retryDelayMs(30, high)).toBe(300_000);
  });
});

/** Every string in a parsed log line, however deep. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}
