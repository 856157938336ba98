import { describe, expect, it } from 'vitest';
import type { SentMessage } from '../support/fake-bot-api/index.js';
import { addApple, addFreeFire, addGoogle } from './cart-steps.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF } from './harness.js';
import { copyButtons, expectAbsent, localOrder, referenceIn, sandboxOrder, waitForDelivery } from './order-steps.js';

const GOOGLE = 'Google Play 10 USD (US)';
const FREE_FIRE = 'Free Fire 520 Diamonds (Global)';
const APPLE = 'گیفت کارت اپل ۲۵ دلاری (US)';
const P = { google: 101, apple: 102, freeFire: 109 };

const buttons = (message: SentMessage) => ((message.reply_markup as { inline_keyboard?: { text: string }[][] } | undefined)?.inline_keyboard ?? []).map((row) => row.map((b) => b.text));

/**
 * The provider promises no order for an order's items, and this one lists
 * them the other way round from how they were posted (Apple, Free Fire,
 * Google). The delivery still numbers the products as the order posted
 * them (Google 1, Free Fire 2, Apple 3), and a case on "Card 3.1" is about
 * the very card the delivery's "Copy code 3.1" copies: Apple's first.
 */
describe('a case on an order whose items the provider lists in another order', () => {
  const world = sharedWorld({ staff: [STAFF], sandbox: { initialBalance: 1_000_000_000, timing: { preparingMs: 0, processingMs: 0 } }, env: { TIME_ZONE: 'UTC' } });

  it('numbers the delivery and the case from the posted lines, so "2.3" is one card on both sides', async () => {
    world.sandbox.controls.setItemOrder('reversed');
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await addGoogle(chat, '1');
    await chat.tap(/Add another product/, /Products in this order so far: 1/);
    await addFreeFire(chat, '3');
    await chat.tap(/Add another product/, /Products in this order so far: 2/);
    await addApple(chat, '2');
    const reference = referenceIn(await chat.tap(/Confirm order/, /Order A\d+ is placed/));
    const orderId = (await localOrder(world, reference))!.id;
    const delivery = await waitForDelivery(world, STAFF.id, reference);

    // The sandbox's own record, as posted; its answers listed the items the other way round.
    const sandbox = sandboxOrder(world, reference);
    expect(sandbox.items.map((item) => item.productId)).toEqual([P.google, P.freeFire, P.apple]);
    const codesOf = (productId: number) => sandbox.items.find((item) => item.productId === productId)!.delivery!.cards.map((card) => card.code);

    // The delivery: products numbered as posted, each copy button copying its own product's card.
    const text = delivery.map((m) => m.text).join('\n');
    const headings = text.split('\n').filter((line) => /^\d\. /.test(line));
    expect(headings).toEqual([`1. ${GOOGLE} × 1`, `2. ${FREE_FIRE} × 3`, `3. ${APPLE} × 2`]);
    const copies = new Map(delivery.flatMap(copyButtons).map((button) => [button.label, button.copies]));
    expect(copies.get('Copy code 1.1')).toBe(codesOf(P.google)[0]);
    expect(copies.get('Copy code 2.3')).toBe(codesOf(P.freeFire)[2]);
    expect(copies.get('Copy code 3.1')).toBe(codesOf(P.apple)[0]);
    expect(copies.get('Copy code 3.2')).toBe(codesOf(P.apple)[1]);

    // /track's Show codes reads the provider again, items still reversed, and numbers them the same way.
    const track = await chat.say(`/track ${reference}`, new RegExp(`Order ${reference}`));
    const shown = await chat.answerTo(() => world.telegram.clickButton(STAFF, track, /Show codes/), new RegExp(`^Codes of order ${reference}`));
    expect(shown.text.split('\n').filter((line) => /^\d\. /.test(line))).toEqual(headings);
    expect(new Map(copyButtons(shown).map((button) => [button.label, button.copies]))).toEqual(copies);

    // The case's card picker lists the same products under the same numbers.
    const which = await chat.answerTo(() => world.telegram.clickButton(STAFF, delivery.at(-1)!, /Problem with this code/), new RegExp(`Which card of order ${reference} does not work`));
    expect(which.text).toContain(`1. ${GOOGLE} × 1\n2. ${FREE_FIRE} × 3\n3. ${APPLE} × 2`);
    expect(buttons(which)).toEqual([['Card 1.1'], ['Card 2.1', 'Card 2.2', 'Card 2.3'], ['Card 3.1', 'Card 3.2'], ['All cards']]);

    // "Card 3.1": Apple's first card, the one "Copy code 3.1" copied.
    const subject = `card 1 of ${APPLE} (product 3) in order ${reference}`;
    const reasons = await chat.answerTo(() => world.telegram.clickButton(STAFF, which, /^Card 3\.1$/), /What is wrong with the code of/);
    expect(reasons.text).toContain(`the code of ${subject}?`);
    await chat.answerTo(() => world.telegram.clickButton(STAFF, reasons, /Invalid code/), /What happened, in one line/);
    await chat.answerTo(() => world.telegram.clickButton(STAFF, chat.currentMenu(), /Skip/), /Case #1 is open for/);
    // The order's own count: Google's one card, Free Fire's three, then Apple's first is the fifth.
    const rows = await world.database.rows<{ order_id: number; card: number }>('select order_id, card from code_cases');
    expect(rows.map((row) => ({ order: row.order_id, card: Number(row.card) }))).toEqual([{ order: orderId, card: 5 }]);

    // The administrators are told of the same card, and of no code.
    const told = await world.telegram.waitForMessage(ADMIN.id, /Case #1: a code that does not work/, { timeoutMs: 5_000 });
    expect(told.text).toContain(`Card: 1 of 2 of product 3, ${APPLE}, as the delivery numbers them`);
    expectAbsent(told.text, sandbox.items.flatMap((item) => item.delivery!.cards.flatMap((card) => [card.code, card.pin, card.serial])), 'Case #1');
  });
});
