import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser, SentMessage } from '../support/fake-bot-api/index.js';
import { addFreeFire, addGoogle } from './cart-steps.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF } from './harness.js';
import { localOrder, referenceIn, waitForDelivery } from './order-steps.js';

const PERSIAN_ADMIN: FakeUser = { id: 5006, firstName: 'Nasrin', languageCode: 'fa' };
const FREE_FIRE = 'Free Fire 520 Diamonds (Global)';

const buttons = (message: SentMessage) => ((message.reply_markup as { inline_keyboard?: { text: string }[][] } | undefined)?.inline_keyboard ?? []).map((row) => row.map((b) => b.text));

/**
 * An order of two products (Google Play × 1, Free Fire × 3): the delivery
 * lists Free Fire as product 2 and numbers its cards 1 to 3. The third Free
 * Fire card is the order's fourth; a case on it names it as the delivery
 * did, "card 3 of Free Fire (product 2)", wherever the case is shown.
 */
describe('a case on a card of an order of several products', () => {
  const world = sharedWorld({ staff: [STAFF], sandbox: { initialBalance: 1_000_000_000, timing: { preparingMs: 0, processingMs: 0 } }, env: { TIME_ZONE: 'UTC' } });

  beforeAll(async () => {
    world.telegram.addChat(PERSIAN_ADMIN);
    const admin = chatDriver(world.telegram, ADMIN);
    await admin.say(`/staff add ${PERSIAN_ADMIN.id} admin`, new RegExp(`${PERSIAN_ADMIN.id} can now use giftdesk`));
    await chatDriver(world.telegram, PERSIAN_ADMIN).say('/balance', /موجودی کیف پول/);
  });

  it("names the card by its product and that product's number, as the delivery numbered it", async () => {
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await addGoogle(chat, '1');
    await chat.tap(/Add another product/, /Products in this order so far: 1/);
    await addFreeFire(chat, '3');
    const reference = referenceIn(await chat.tap(/Confirm order/, /Order A\d+ is placed/));
    const orderId = (await localOrder(world, reference))!.id;
    const delivery = await waitForDelivery(world, STAFF.id, reference);
    // The delivery: Free Fire is product 2, its cards "Card 1".."Card 3", the third copied as "code 2.3".
    const text = delivery.map((m) => m.text).join('\n');
    expect(text.slice(text.indexOf(`2. ${FREE_FIRE}`))).toMatch(/Card 1[\s\S]*Card 2[\s\S]*Card 3/);
    expect(JSON.stringify(delivery.map((m) => m.reply_markup))).toContain('Copy code 2.3');

    const which = await chat.answerTo(() => world.telegram.clickButton(STAFF, delivery.at(-1)!, /Problem with this code/), new RegExp(`Which card of order ${reference} does not work`));
    expect(which.text).toContain(`1. Google Play 10 USD (US) × 1\n2. ${FREE_FIRE} × 3`);
    expect(buttons(which)).toEqual([['Card 1.1'], ['Card 2.1', 'Card 2.2', 'Card 2.3'], ['All cards']]);
    const subject = `card 3 of ${FREE_FIRE} (product 2) in order ${reference}`;
    const reasons = await chat.answerTo(() => world.telegram.clickButton(STAFF, which, /^Card 2\.3$/), /What is wrong with the code of/);
    expect(reasons.text).toContain(`the code of ${subject}?`);
    await chat.answerTo(() => world.telegram.clickButton(STAFF, reasons, /Invalid code/), /What happened, in one line/);
    await chat.answerTo(() => world.telegram.clickButton(STAFF, chat.currentMenu(), /Skip/), new RegExp(`Case #1 is open for ${subject.replace(/[()]/g, '\\$&')}\\.`));

    // Stored as before: the order's own count of its cards (the fourth).
    const rows = await world.database.rows<{ order_id: number; card: number }>('select order_id, card from code_cases');
    expect(rows.map((row) => ({ order: row.order_id, card: Number(row.card) }))).toEqual([{ order: orderId, card: 4 }]);

    const told = await world.telegram.waitForMessage(ADMIN.id, /Case #1: a code that does not work/, { timeoutMs: 5_000 });
    expect(told.text).toContain(`Card: 3 of 3 of product 2, ${FREE_FIRE}, as the delivery numbers them`);
    const persian = await world.telegram.waitForMessage(PERSIAN_ADMIN.id, /پرونده #۱: کدی که کار نمی‌کند/, { timeoutMs: 5_000 });
    expect(persian.text).toContain(`کارت: ۳ از ۳ کارت محصول ۲، ${FREE_FIRE}، با شماره‌ای که تحویل نشان داد`);

    const admin = chatDriver(world.telegram, ADMIN);
    const list = await admin.say('/cases', /Open cases \(1\):/);
    expect(list.text).toContain(`#1 · open · ${subject} ·`);
    const card = await admin.answerTo(() => world.telegram.clickButton(ADMIN, list, /^#1$/), /Case #1: open/);
    expect(card.text).toContain(subject);
    expect(card.text).toContain(`Card: 3 of 3 of product 2, ${FREE_FIRE}`);
    const persianList = await chatDriver(world.telegram, PERSIAN_ADMIN).say('/cases', /پرونده/);
    expect(persianList.text).toContain(`کارت ۳ از ${FREE_FIRE} (محصول ۲) در سفارش`);
  });
});
