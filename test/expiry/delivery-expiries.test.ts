import { describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import type { SentMessage } from '../support/fake-bot-api/index.js';
import { senderWorld, STAFF } from '../delivery/sender-world.js';

type World = Awaited<ReturnType<typeof senderWorld>>;
const googlePlay = SANDBOX_PRODUCTS.noFields;

const rows = (world: World) => world.db.$client.prepare('select * from code_expiries order by id').all() as Record<string, unknown>[];
const buttonRows = (message: SentMessage) =>
  ((message.reply_markup as { inline_keyboard?: { text: string; callback_data?: string; copy_text?: { text: string } }[][] } | undefined)?.inline_keyboard ?? []);

describe('a delivery whose cards expire', () => {
  it('remembers each card’s expiry for its reminder, never its code, and offers Mark handed over below the copy buttons', async () => {
    const world = await senderWorld();
    const order = await world.completedOrder(googlePlay, 2);
    await world.sender.runOnce();

    const [delivery] = world.messagesTo(STAFF);
    const keyboard = buttonRows(delivery!);
    // The copy buttons, then Mark handed over, then the way to report a code that does not work.
    expect(keyboard.at(-2)).toEqual([{ text: '✅ Mark handed over', callback_data: `oh:${order.id}` }]);
    expect(keyboard.at(-1)).toEqual([{ text: '⚠️ Problem with this code', callback_data: `cs:p:${order.id}` }]);
    expect(keyboard.slice(0, -2).flat().every((button) => button.copy_text !== undefined)).toBe(true);

    // The sandbox writes 2027-11-21: the cards work through that day in TIME_ZONE (UTC here).
    const expiresAt = Date.parse('2027-11-22T00:00:00Z');
    expect(rows(world)).toMatchObject([
      { order_id: order.id, item_index: 0, card_index: 0, product_id: googlePlay, user_id: STAFF, expires_at: expiresAt, handed_over_at: null, reminder_state: null },
      { order_id: order.id, item_index: 0, card_index: 1, product_id: googlePlay, user_id: STAFF, expires_at: expiresAt, handed_over_at: null, reminder_state: null },
    ]);
    const stored = JSON.stringify(rows(world));
    for (const card of world.cardsOf(order)) for (const secret of [card.code, card.pin, card.serial]) expect(stored).not.toContain(secret);
  });

  it('labels the button in the reader’s language', async () => {
    const world = await senderWorld({ staffLocale: 'fa' });
    await world.completedOrder(googlePlay, 1);
    await world.sender.runOnce();
    expect(buttonRows(world.messagesTo(STAFF)[0]!).at(-2)?.[0]?.text).toBe('✅ کدها را تحویل دادم');
  });

  it('remembers nothing of a delivery withheld from someone no longer on the staff', async () => {
    const world = await senderWorld();
    await world.completedOrder(googlePlay, 1);
    await world.removeStaff(STAFF);
    await world.sender.runOnce();
    expect(world.messagesTo(STAFF)).toHaveLength(0);
    expect(rows(world)).toEqual([]);
  });
});
