import { describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF } from './harness.js';
import {
  acceptedSendsContaining,
  cardsOf,
  deliveryMessages,
  DELIVERY_WAIT_MS,
  localOrder,
  orderThroughChat,
  posts,
  referenceIn,
  sandboxOrder,
  waitForDelivery,
} from './order-steps.js';

const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/, quantity: 1 };

describe('a provider that answers the detail of another order', () => {
  const world = sharedWorld({ staff: [STAFF] });

  it('delivers no codes of the wrong order and alerts administrators, then delivers the right ones once the provider answers right', async () => {
    const first = referenceIn(await orderThroughChat(world, STAFF, GOOGLE_PLAY));
    await waitForDelivery(world, STAFF.id, first);
    const firstCode = cardsOf(sandboxOrder(world, first))[0]!.code;
    const firstCodeSends = acceptedSendsContaining(world, firstCode).length;

    // Every completed order's detail is now the first order's.
    world.sandbox.controls.setOrderDetailSwap(true);
    const second = referenceIn(await orderThroughChat(world, STAFF, GOOGLE_PLAY));
    const alert = await world.telegram.waitForMessage(ADMIN.id, /the provider answered with order/, { timeoutMs: DELIVERY_WAIT_MS });
    expect(alert.text).toContain(`(${second})`);
    expect(alert.text).toContain(`(${first})`);
    expect(sandboxOrder(world, second).status).toBe('COMPLETED');
    expect((await localOrder(world, second))?.state).not.toBe('completed');
    expect(deliveryMessages(world, STAFF.id, second)).toEqual([]);
    expect(acceptedSendsContaining(world, firstCode)).toHaveLength(firstCodeSends);

    world.sandbox.controls.setOrderDetailSwap(false);
    await waitForDelivery(world, STAFF.id, second);
    expect(acceptedSendsContaining(world, firstCode)).toHaveLength(firstCodeSends);
  });

  it('shows nothing under Show codes when the provider answers with another order', async () => {
    const orders = world.sandbox.controls.orders();
    const second = orders.at(-1)!.orderReference;
    const firstCode = cardsOf(orders.at(-2)!)[0]!.code;
    const firstCodeSends = acceptedSendsContaining(world, firstCode).length;

    world.sandbox.controls.setOrderDetailSwap(true);
    const chat = chatDriver(world.telegram, STAFF);
    const detail = await chat.say(`/track ${second}`, new RegExp(`Order ${second}`));
    const reply = await chat.answerTo(() => world.telegram.clickButton(STAFF, detail, /Show codes/), /different order, so nothing is shown/);
    expect(reply.protect_content).not.toBe(true);
    expect(acceptedSendsContaining(world, firstCode)).toHaveLength(firstCodeSends);
    world.sandbox.controls.setOrderDetailSwap(false);
  });
});

describe('a provider field pattern that backtracks', () => {
  const world = sharedWorld({ staff: [STAFF] });

  it('checks a long answer against ^(a+)+$ without holding up other chats', async () => {
    world.sandbox.controls.updateField(SANDBOX_PRODUCTS.unusualFields, 10, { pattern: '^(a+)+$', maxLength: undefined });
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await chat.say('Free Fire', /Products matching/);
    await chat.tap(/^Free Fire 520 Diamonds/, /How many\?/);
    await chat.say('1', /Question 1 of 2/);
    await chat.say('12345', /Question 2 of 2/);

    const patternRefused = chat.answerTo(() => world.telegram.sendText(STAFF, `${'a'.repeat(499)}!`), /format entered is not right/);
    // Measured from the update's arrival at the fake Bot API to the reply's: the bot's own time.
    const askedAt = Date.now();
    world.telegram.sendText(ADMIN, '/help');
    const help = await world.telegram.waitForMessage(ADMIN.id, /\/order/);
    await patternRefused;

    const reply = world.telegram.callsTo('sendMessage').find((call) => call.payload.chat_id === ADMIN.id && call.payload.text === help.text);
    // Backtracking on 500 characters would take longer than the universe's age: a second is room for a loaded machine only.
    expect(reply!.at - askedAt).toBeLessThan(1_000);
  });
});

describe('a Retry-After of a whole day', () => {
  const world = sharedWorld({ staff: [STAFF] });

  it('is clamped, and every /balance meanwhile is answered at once with when to try again', async () => {
    await world.bot.waitForLog('product prices refreshed');
    world.sandbox.controls.force429(1, 86_400);
    const chat = chatDriver(world.telegram, STAFF);
    const started = Date.now();
    const first = await chat.say('/balance', /asked us to wait until \d\d:\d\d \(Coordinated Universal Time\), about 10 min/);
    expect(first.text).not.toMatch(/Error/);
    await world.bot.waitForLog('provider Retry-After clamped');
    expect(world.bot.output()).toMatch(/"requestedMs":86400000/);

    const requests = world.sandbox.requests.length;
    await chat.say('/balance', /asked us to wait until \d\d:\d\d \(Coordinated Universal Time\)/);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(world.sandbox.requests.length).toBe(requests);
    await world.telegram.waitForMessage(ADMIN.id, /stop sending requests for 86,400 seconds/);
  });
});

describe('a negative price', () => {
  const world = sharedWorld({ staff: [STAFF] });

  it('is refused as a bad answer: no summary, no Confirm, no order sent', async () => {
    world.sandbox.controls.setProductPrice(SANDBOX_PRODUCTS.noFields, -3_100_000);
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await chat.say(GOOGLE_PLAY.search, /Products matching/);
    await chat.tap(GOOGLE_PLAY.product, /could not read/);

    const texts = world.telegram.messages(STAFF.id).map((m) => `${m.text}\n${JSON.stringify(m.reply_markup ?? {})}`);
    expect(texts.filter((text) => /Please check your order|Confirm|-3,100,000|−3,100,000/.test(text))).toEqual([]);
    expect(posts(world)).toBe(0);
  });
});
