import { afterAll, describe, expect, it } from 'vitest';
import { chatDriver } from './chat-driver.js';
import { PERSIAN_STAFF, sharedWorld, STAFF } from './harness.js';
import { posts } from './order-steps.js';

describe('the guided order', () => {
  const world = sharedWorld({ staff: [STAFF, PERSIAN_STAFF] });

  afterAll(() => {
    if (process.env.DUMP_CALLS) console.log(world.telegram.calls.filter((c) => c.method !== 'getUpdates').map((c) => `${c.method} ${JSON.stringify(c.payload).slice(0, 150)} -> ${JSON.stringify(c.response).slice(0, 150)}`).join('\n'));
  });

  const staff = () => chatDriver(world.telegram, STAFF);

  /** /order, then the streaming category, then Netflix (two required fields). */
  async function openNetflix(chat = staff(), texts = { category: /Choose a category/, products: /choose a product/, quantity: /How many\?/ }) {
    await chat.say('/order', texts.category);
    await chat.tap(/سرویس‌های پخش/, texts.products);
    await chat.tap(/Netflix 30 USD/, texts.quantity);
    return chat;
  }

  it('walks a product with two required fields to a placed order', async () => {
    const before = posts(world);
    const chat = await openNetflix();

    await chat.say('lots', /Please send a whole number/);
    await chat.say('99', /at most 10/);
    await chat.say('۲', /Please send: ایمیل گیرنده/);

    await chat.say('not-an-email', /not an e-mail address/);
    const phoneQuestion = await chat.say('  Buyer@Example.com ', /Please send: شماره موبایل گیرنده/);
    // The provider's Persian title, with what kind of answer it is in the reader's English.
    expect(phoneQuestion.text).toContain('Please send: شماره موبایل گیرنده (a phone number)');

    // Back to the e-mail question, answer it again, then the phone.
    await chat.tap(/Back/, /Please send: ایمیل گیرنده/);
    await chat.say('buyer@example.com', /Please send: شماره موبایل گیرنده/);
    // The provider's field takes 10 to 14 digits: that one rule is said, from the first try on.
    await chat.say('12', /A phone number has 10 to 14 digits; that has 2\./);
    await chat.say('12345678', /A phone number has 10 to 14 digits; that has 8\./);
    const summary = await chat.say('+۹۸۹۱۲۱۲۳۴۵۶۷', /Please check your order/);

    expect(summary.text).toContain('Netflix 30 USD');
    expect(summary.text).toContain('Quantity: 2');
    expect(summary.text).toContain('Total: 7,400,000 IRR');
    expect(summary.text).toContain('buyer@example.com');
    expect(summary.text).toContain('+989121234567');
    expect(summary.text).toMatch(/Wallet after: [\d,]+ IRR/);

    // Edit the quantity from the summary; it comes back to the summary.
    await chat.tap(/Edit/, /What would you like to change/);
    await chat.tap(/^Quantity$/, /How many\?/);
    await chat.tap(/^1$/, /Total: 3,700,000 IRR/);

    const placed = await chat.tap(/Confirm/, /Order A\d+ is placed/);
    // Settled: Confirm stays, disabled, to show what was pressed; nothing can be pressed again.
    expect(placed.reply_markup).toEqual({ inline_keyboard: [[{ text: 'Confirm order', disabled: {}, style: 'success' }]] });
    expect(posts(world)).toBe(before + 1);

    const order = world.sandbox.controls.orders().at(-1)!;
    expect(order.items[0]).toMatchObject({ productId: 103, quantity: 1 });
    expect(order.requiredFields).toEqual({
      '103': [
        { fieldId: 7, value: 'buyer@example.com' },
        { fieldId: 8, value: '+989121234567' },
      ],
    });
  });

  it('places one order when Confirm is tapped twice', async () => {
    const chat = await openNetflix();
    await chat.say('1', /Please send: ایمیل گیرنده/);
    await chat.say('twice@example.com', /Please send: شماره موبایل/);
    const summary = await chat.say('09121234567', /Please check your order/);
    const before = posts(world);
    const data = world.telegram.findButton(summary, /Confirm/).callback_data!;
    let second = '';
    const placed = await chat.answerTo(() => {
      world.telegram.pressButton(STAFF, summary.message_id, data);
      second = world.telegram.pressButton(STAFF, summary.message_id, data);
    }, /Order A\d+ is placed/);
    await world.telegram.waitFor(() => world.telegram.callbackAnswer(second));
    // The second tap hears of the order the first one placed, not of an expired menu.
    expect(world.telegram.callbackAnswer(second)?.text).toContain(`This order was already confirmed (${/Order (A\d+) is placed/.exec(placed.text)![1]}: `);
    expect(posts(world)).toBe(before + 1);
  });

  it('cancels from a button and from /cancel', async () => {
    const chat = await openNetflix();
    await chat.tap(/Cancel/, /Cancelled\. Nothing was ordered/);

    await openNetflix(chat);
    await chat.say('/cancel', /^Cancelled\. Nothing was ordered/);
    await chat.say('3', /I did not understand/);
  });

  it('searches product names typed at the category step', async () => {
    const chat = staff();
    await chat.say('/order', /Choose a category/);
    const results = await chat.say('wallet', /Products matching "wallet"/);
    // A title full of markup characters arrives intact as plain button text.
    expect(world.telegram.findButton(results, /Steam <Wallet> & Co_\*\[EU\]\*/)).toBeDefined();
    await chat.say('/cancel', /^Cancelled/);
  });

  it('continues at the same step after a restart', async () => {
    const chat = await openNetflix();
    await world.bot.stop();
    await world.restart();
    await chat.say('1', /Please send: ایمیل گیرنده/);
    await chat.say('/cancel', /^Cancelled/);
  });

  it('answers other commands while an order waits, and starts afresh on /order', async () => {
    const chat = await openNetflix();
    await chat.say('/help', /\/order/);
    await chat.say('1', /Please send: ایمیل گیرنده/);
    await chat.say('/order', /Choose a category/);
    await chat.say('/cancel', /^Cancelled/);
  });

  it('speaks Persian to a Persian-speaking staff member', async () => {
    const chat = chatDriver(world.telegram, PERSIAN_STAFF);
    await openNetflix(chat, { category: /یک دسته را انتخاب کنید/, products: /یک محصول از دستهٔ/, quantity: /چند عدد؟/ });
    expect(chat.currentMenu().text).toContain('۳٬۷۰۰٬۰۰۰ IRR');
    await chat.say('/cancel', /^لغو شد/);
  });
});
