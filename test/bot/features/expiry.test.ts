import { describe, expect, it } from 'vitest';
import { orders } from '../../../src/db/schema.js';
import { handedOverButton } from '../../../src/delivery/handed-over-button.js';
import { plain } from '../../../src/text/formatted.js';
import { translatorFor } from '../../../src/text/i18n.js';
import { chatDriver, craftedPress } from '../../e2e/chat-driver.js';
import type { SentMessage } from '../../support/fake-bot-api/index.js';
import { orderRow } from '../../db/contract/order-rows.js';
import { ADMIN, startDualWorld, STAFF, type DualWorld } from './dual-world.js';

const DAY = 86_400_000;

type Button = { text: string; callback_data?: string; copy_text?: { text: string } };
const keyboardOf = (message: SentMessage) => (message.reply_markup as { inline_keyboard?: Button[][] } | undefined)?.inline_keyboard ?? [];

/** A delivered order of STAFF with two expiring cards, and its delivery's last message as the sender makes it: a copy button, then Mark handed over. */
async function deliveredWithExpiry(world: DualWorld): Promise<{ orderId: number; message: SentMessage }> {
  const order = world.db.insert(orders).values(orderRow(world.clock.now(), { userId: STAFF.id, chatId: STAFF.id, state: 'completed', providerReference: 'A100999' })).returning().get();
  const expiresAt = world.clock.now() + 10 * DAY;
  await world.services.stores.codeExpiries.record({ orderId: order.id, userId: STAFF.id, cards: [0, 1].map((cardIndex) => ({ itemIndex: 0, cardIndex, productId: 101, expiresAt })), at: world.clock.now() });
  const { messageId } = await world.services.send(STAFF.id, {
    text: plain('Order A100999 is delivered'),
    buttons: [[{ text: 'Copy code 1', copyText: 'SECRET-CODE-1' }], [handedOverButton(translatorFor('en'), order.id)]],
  });
  return { orderId: order.id, message: world.telegram.messages(STAFF.id).find((m) => m.message_id === messageId)! };
}

const handedOverRows = (world: DualWorld) =>
  world.db.$client.prepare("select actor_id as actorId, order_id as orderId, detail from audit_log where action = 'codes.handed_over'").all() as { actorId: number; orderId: number; detail: string }[];

describe('codes handed over, and /expiry', () => {
  it('marks the codes handed over at the orderer’s press, once, audited, with the button turned into a note and the copy buttons kept', async () => {
    const world = await startDualWorld();
    const { orderId, message } = await deliveredWithExpiry(world);

    const press = world.telegram.clickButton(STAFF, message, /Mark handed over/);
    const noted = await world.telegram.waitFor(() => {
      const now = world.telegram.messages(STAFF.id).find((m) => m.message_id === message.message_id);
      return now && now.edits > 0 ? now : undefined;
    });
    expect(world.telegram.callbackAnswer(press)?.text).toBe('Marked handed over: no reminder will come for these codes.');
    expect(keyboardOf(noted)).toEqual([[{ text: 'Copy code 1', copy_text: { text: 'SECRET-CODE-1' } }], [{ text: '✔️ Handed over', callback_data: `oh:${orderId}` }]]);
    expect(noted.text).toBe(message.text);
    const marked = world.db.$client.prepare('select handed_over_at as at from code_expiries where order_id = ?').all(orderId) as { at: number | null }[];
    expect(marked.map((row) => row.at !== null)).toEqual([true, true]);

    // Twice: a word, nothing written, nothing edited.
    const again = world.telegram.clickButton(STAFF, noted, /Handed over/);
    await world.telegram.waitFor(() => world.telegram.callbackAnswer(again));
    expect(world.telegram.callbackAnswer(again)?.text).toBe('These codes are already marked handed over.');
    expect(handedOverRows(world)).toEqual([{ actorId: STAFF.id, orderId, detail: JSON.stringify({ facts: { cards: 2 } }) }]);
    expect(world.telegram.messages(STAFF.id).find((m) => m.message_id === message.message_id)?.edits).toBe(1);

    const audit = await chatDriver(world.telegram, ADMIN).say(`/audit #${orderId}`, /handed over/);
    expect(audit.text).toContain(`· Sam\nmarked 2 codes of order #${orderId} (Google Play 10 USD × 1) handed over`);
  });

  it('refuses a press by anyone but the orderer, whatever the button says', async () => {
    const world = await startDualWorld();
    const { orderId } = await deliveredWithExpiry(world);
    const forged = craftedPress(world.telegram, ADMIN, `oh:${orderId}`);
    await world.telegram.waitFor(() => world.telegram.callbackAnswer(forged));
    expect(world.telegram.callbackAnswer(forged)).toMatchObject({ text: 'Only the person who placed the order can mark its codes handed over.', show_alert: true });
    expect(handedOverRows(world)).toEqual([]);
  });

  it('sets the reminder days for administrators only, lists them in /settings and audits the change in words', async () => {
    const world = await startDualWorld({ env: { TIME_ZONE: 'Asia/Tehran' } });
    const ada = chatDriver(world.telegram, ADMIN);
    expect((await ada.say('/expiry', /Expiry reminders are off/)).text).toContain('/expiry remind <days|off>');
    expect((await ada.say('/settings', /Settings you can change/)).text).toContain('• Reminder before codes expire: off\n  Change with /expiry remind <days|off>');

    await ada.say('/expiry remind 400', /“400” is not a whole number of days from 1 to 365, or off/);
    await ada.say('/expiry remind ۳', /reminded 3 days before they expire, from 09:00 \(Iran Standard Time\)/);
    expect((await ada.say('/settings', /Settings you can change/)).text).toContain('• Reminder before codes expire: 3 days before, from 09:00 (Iran Standard Time)');
    await chatDriver(world.telegram, STAFF).say('/expiry remind 5', /administrators/);
    await ada.say('/expiry remind off', /Expiry reminders are off/);

    const audit = await ada.say('/audit', /expiry reminders/);
    expect(audit.text).toContain('set expiry reminders to 3 days (was off)');
    expect(audit.text).toContain('set expiry reminders to off (was 3 days)');
  });
});
