import { describe, expect, it } from 'vitest';
import type { FakeUser } from '../support/fake-bot-api/index.js';
import { chatDriver, craftedPress } from './chat-driver.js';
import { sharedWorld, STAFF } from './harness.js';
import { posts, referenceIn } from './order-steps.js';

const OTHER_STAFF: FakeUser = { id: 4014, firstName: 'Olga', languageCode: 'en' };

describe('a Confirm pressed again after its order was placed', () => {
  const world = sharedWorld({ staff: [STAFF, OTHER_STAFF] });

  /** Orders one Google Play card and returns the Confirm button's data as it was on the summary, and the placed message. */
  async function placeOne() {
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await chat.say('Google Play 10', /Products matching/);
    await chat.tap(/^Google Play 10 USD/, /How many\?/);
    const summary = await chat.say('1', /Please check your order/);
    const confirmData = world.telegram.findButton(summary, /Confirm/).callback_data!;
    const placed = await chat.tap(/Confirm/, /Order A\d+ is placed/);
    return { confirmData, placed };
  }

  it('says the order was already placed, with its reference, and places nothing more', async () => {
    const { confirmData, placed } = await placeOne();
    expect(Buffer.byteLength(confirmData)).toBeLessThanOrEqual(64);
    const sent = posts(world);
    // The second tap of a double tap: sent by the phone before the first one's answer arrived.
    const second = craftedPress(world.telegram, STAFF, confirmData);
    const answer = await world.telegram.waitFor(() => world.telegram.callbackAnswer(second));
    expect(answer.text).toContain(`This order was already confirmed (${referenceIn(placed)}: `);
    expect(answer.text).toContain('it was not placed a second time');
    expect(answer.text).not.toMatch(/expired/);
    expect(posts(world)).toBe(sent);
  });

  /** Walks to a summary with Confirm, without confirming. */
  async function toSummary() {
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await chat.say('Google Play 10', /Products matching/);
    await chat.tap(/^Google Play 10 USD/, /How many\?/);
    return { chat, summary: await chat.say('1', /Please check your order/) };
  }

  const buttonsLeft = (messageId: number) => {
    const now = world.telegram.messages(STAFF.id).find((m) => m.message_id === messageId)!;
    return now.reply_markup && 'inline_keyboard' in now.reply_markup ? now.reply_markup.inline_keyboard.flat().length : 0;
  };

  it('takes the buttons off the summary when /cancel drops the order, and a late press of its Confirm places nothing', async () => {
    const { chat, summary } = await toSummary();
    const confirmData = world.telegram.findButton(summary, /Confirm/).callback_data!;
    await chat.say('/cancel', /^Cancelled/);
    await world.telegram.waitFor(() => buttonsLeft(summary.message_id) === 0);
    const sent = posts(world);
    // A press the phone sent before the buttons went.
    const late = craftedPress(world.telegram, STAFF, confirmData);
    expect((await world.telegram.waitFor(() => world.telegram.callbackAnswer(late))).text).toMatch(/This menu has expired/);
    expect(posts(world)).toBe(sent);
  });

  it('takes the buttons off the summary when a new /order drops the order', async () => {
    const { chat, summary } = await toSummary();
    await chat.say('/order', /Choose a category/);
    // The new menu comes first and the old buttons go after it (seconds on a loaded machine); with one person
    // writing, Telegram's limit has room, so the removal is not left out.
    await world.telegram.waitFor(() => buttonsLeft(summary.message_id) === 0, { timeoutMs: 15_000 });
    await chat.say('/cancel', /^Cancelled/);
  });

  it('tells someone else pressing that Confirm nothing of the order', async () => {
    const { confirmData, placed } = await placeOne();
    await chatDriver(world.telegram, OTHER_STAFF).say('/help', /How it works/);
    const pressed = craftedPress(world.telegram, OTHER_STAFF, confirmData);
    const answer = await world.telegram.waitFor(() => world.telegram.callbackAnswer(pressed));
    expect(answer.text).toMatch(/This menu has expired/);
    expect(answer.text).not.toContain(referenceIn(placed));
  });
});
