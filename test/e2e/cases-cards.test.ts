import { describe, expect, it } from 'vitest';
import { readCsv } from '../support/csv-reader.js';
import type { SentMessage } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF, type World } from './harness.js';
import { cardsOf, expectAbsent, localOrder, orderThroughChat, referenceIn, sandboxOrder, waitForDelivery } from './order-steps.js';

const TWO_CARDS = { search: 'Google Play 10', product: /^Google Play 10 USD/, quantity: 2 };

const buttons = (message: SentMessage) => ((message.reply_markup as { inline_keyboard?: { text: string }[][] } | undefined)?.inline_keyboard ?? []).flat().map((b) => b.text);

async function answerOf(world: World, press: string): Promise<string> {
  await world.telegram.waitFor(() => world.telegram.callbackAnswer(press));
  return world.telegram.callbackAnswer(press)?.text ?? '';
}

/** "ABCD-1234-EFGH" as a person might retype it: lower case, spaces for dashes. */
const retyped = (code: string) => code.toLowerCase().replace(/-/g, ' ');

/**
 * An order of two cards: each card is its own case. Card 1 and card 2 are
 * reported one after the other, card 1 again is refused, a line carrying a
 * code is refused before anything is stored or told, and one refund of the
 * order closes both cases, the statement naming both.
 */
describe('cases per card of an order of several', () => {
  const world = sharedWorld({ staff: [STAFF], sandbox: { timing: { preparingMs: 0, processingMs: 0 } }, env: { TIME_ZONE: 'UTC' } });

  it('reports card 1 and card 2 as two cases, refuses card 1 again and a line carrying a code, and one refund closes both', async () => {
    const reference = referenceIn(await orderThroughChat(world, STAFF, TWO_CARDS));
    const orderId = (await localOrder(world, reference))!.id;
    const delivery = (await waitForDelivery(world, STAFF.id, reference)).at(-1)!;
    expect(delivery.text).toMatch(/Card 1[\s\S]*Card 2/);
    const cards = cardsOf(sandboxOrder(world, reference));
    expect(cards).toHaveLength(2);
    const chat = chatDriver(world.telegram, STAFF);

    // Card 1: which card, a reason, then a line; the line with card 1's code is refused and the question asked again.
    const which = await chat.answerTo(() => world.telegram.clickButton(STAFF, delivery, /Problem with this code/), new RegExp(`Which card of order ${reference} does not work`));
    expect(buttons(which)).toEqual(['Card 1', 'Card 2', 'All cards']);
    const reasons = await chat.answerTo(() => world.telegram.clickButton(STAFF, which, /^Card 1$/), new RegExp(`What is wrong with the code of card 1 of order ${reference}\\?`));
    const prompt = await chat.answerTo(() => world.telegram.clickButton(STAFF, reasons, /Invalid code/), /What happened, in one line/);
    const leaked = `the shop refused ${retyped(cards[0]!.code)} twice`;
    const again = await chat.answerTo(() => world.telegram.sendText(STAFF, leaked, undefined, { replyTo: prompt.message_id }), /This line contains one of the order's codes/);
    expect(again.reply_markup).toMatchObject({ force_reply: true });
    expect(await world.database.rows('select id from code_cases')).toEqual([]);
    await chat.answerTo(() => world.telegram.sendText(STAFF, 'The shop says the code is invalid', undefined, { replyTo: again.message_id }), new RegExp(`Case #1 is open for card 1 of order ${reference}\\.`));
    const told = await world.telegram.waitForMessage(ADMIN.id, /Case #1: a code that does not work \(Invalid code\)/, { timeoutMs: 5_000 });
    expect(told.text).toContain('Card: 1 of 2, as the delivery numbers them');
    expect(told.text).toContain('In their words: The shop says the code is invalid');

    // Card 2 of the same order is another code: accepted, with Skip.
    const which2 = await chat.answerTo(() => world.telegram.clickButton(STAFF, delivery, /Problem with this code/), /Which card of order/);
    const reasons2 = await chat.answerTo(() => world.telegram.clickButton(STAFF, which2, /^Card 2$/), /the code of card 2 of order/);
    await chat.answerTo(() => world.telegram.clickButton(STAFF, reasons2, /Already used/), /What happened, in one line/);
    await chat.answerTo(() => world.telegram.clickButton(STAFF, chat.currentMenu(), /Skip/), new RegExp(`Case #2 is open for card 2 of order ${reference}\\.`));
    await world.telegram.waitForMessage(ADMIN.id, /Case #2: a code that does not work \(Already used\)/, { timeoutMs: 5_000 });

    // Card 1 again: refused with the reason, on the card's button.
    const which3 = await chat.answerTo(() => world.telegram.clickButton(STAFF, delivery, /Problem with this code/), /Which card of order/);
    expect(await answerOf(world, world.telegram.clickButton(STAFF, which3, /^Card 1$/))).toBe(
      `Case #1 is already open for card 1 of order ${reference}: the same codes are not reported twice. You will hear here of every step.`,
    );
    // All cards while cards' cases are open repeats them.
    expect(await answerOf(world, world.telegram.clickButton(STAFF, which3, /All cards/))).toMatch(/^Case #1 is already open/);
    const rows = await world.database.rows<{ id: number; order_id: number; card: number | null; note: string | null }>('select id, order_id, card, note from code_cases order by id');
    expect(rows.map((row) => ({ ...row, card: row.card === null ? null : Number(row.card) }))).toEqual([
      { id: 1, order_id: orderId, card: 1, note: 'The shop says the code is invalid' },
      { id: 2, order_id: orderId, card: 2, note: null },
    ]);
    // Neither code reached an administrator, nor the log.
    const codes = cards.flatMap((card) => [card.code, card.pin, card.serial]).filter((s) => s.length > 0);
    const seen = world.telegram.messages(ADMIN.id).map((m) => `${m.text}\n${JSON.stringify(m.reply_markup ?? {})}`).join('\n');
    expectAbsent(seen, [...codes, retyped(cards[0]!.code)], 'Case #2');
    expectAbsent(world.bot.output(), [...codes, retyped(cards[0]!.code)], 'case opened');

    const admin = chatDriver(world.telegram, ADMIN);
    const list = await admin.say('/cases', /Open cases \(2\):/);
    expect(list.text).toContain(`#1 · open · card 1 of order ${reference} ·`);
    expect(list.text).toContain(`#2 · open · card 2 of order ${reference} ·`);

    // One refund of the order closes both cases; the statement and its file name both.
    const refund = world.sandbox.controls.refundAfterSupport(sandboxOrder(world, reference).orderId);
    const statement = await admin.say('/statement', /Wallet statement/);
    expect(statement.text).toMatch(new RegExp(`Case #1, #2: order #${orderId} \\(Sam\\), refunded [\\d,]+ IRR by transaction ${refund.id}\\.`));
    await world.telegram.waitForMessage(STAFF.id, /Case #1 \(order A\d+\) is closed as refunded/);
    await world.telegram.waitForMessage(STAFF.id, /Case #2 \(order A\d+\) is closed as refunded/);
    expect((await world.database.rows<{ state: string }>('select state from code_cases order by id')).map((row) => row.state)).toEqual(['refunded', 'refunded']);
    const file = await world.telegram.waitFor(() => world.telegram.messages(ADMIN.id).filter((m) => m.document !== undefined).at(-1));
    const { rows: csv } = readCsv(file.document!.content);
    expect(csv[0]!.at(-1)).toBe('Case #');
    expect(csv.find((row) => row[0] === String(refund.id))!.at(-1)).toBe('1, 2');
  });
});
