import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/seed.js';
import type { FakeUser } from '../support/fake-bot-api/index.js';
import { chatDriver, craftedPress } from './chat-driver.js';
import { ADMIN, PERSIAN_STAFF, sharedWorld, STAFF } from './harness.js';
import { orderThroughChat, posts, referenceIn, sandboxOrder, waitForDelivery } from './order-steps.js';

const OTHER_STAFF: FakeUser = { id: 4004, firstName: 'Olga', languageCode: 'en' };
const VIEWER: FakeUser = { id: 5005, firstName: 'Vic', languageCode: 'en' };

describe('order again', () => {
  const world = sharedWorld({ staff: [STAFF, OTHER_STAFF, PERSIAN_STAFF] });
  const staff = () => chatDriver(world.telegram, STAFF);
  /** The Apple card (one required question, the e-mail), ordered and delivered before the tests. */
  let reference = '';
  let localId = '';
  /** Google Play 10 USD, ordered and delivered in Persian. */
  let persianReference = '';

  beforeAll(async () => {
    await chatDriver(world.telegram, ADMIN).say(`/staff add ${VIEWER.id} viewer`, /can now use giftdesk/);
    const chat = staff();
    await chat.say('/order', /Choose a category/);
    await chat.say('گیفت کارت اپل ۲۵', /Products matching/);
    await chat.tap(/^گیفت کارت اپل ۲۵/, /How many\?/);
    await chat.say('2', /Please send/);
    await chat.say('first@example.com', /Please check your order/);
    reference = referenceIn(await chat.tap(/Confirm/, /Order A\d+ is placed/));
    await waitForDelivery(world, STAFF.id, reference);
    const detail = await chat.say(`/track ${reference}`, new RegExp(`Order ${reference} \\(our #\\d+\\)`));
    localId = /our #(\d+)/.exec(detail.text)![1]!;
  });

  it('goes from /track straight to a summary with the same choices and answers at the price of now, and Confirm places one new order', async () => {
    world.sandbox.controls.setProductPrice(SANDBOX_PRODUCTS.oneField, 3_200_000);
    const chat = staff();
    await chat.say(`/track ${reference}`, new RegExp(`Order ${reference}`));
    const sent = posts(world);
    const summary = await chat.tap(/Order again/, /Please check your order/);
    expect(summary.text).toContain(`The price changed since order ${reference}: 3,100,000 IRR → 3,200,000 IRR each.`);
    expect(summary.text).toContain('گیفت کارت اپل ۲۵ دلاری');
    expect(summary.text).toContain('first@example.com');
    expect(summary.text).toMatch(/× 2|Quantity: 2/);
    const placed = await chat.tap(/Confirm/, /Order A\d+ is placed/);
    expect(posts(world)).toBe(sent + 1);
    const again = referenceIn(placed);
    expect(again).not.toBe(reference);
    const order = sandboxOrder(world, again);
    expect(order.amount).toBe(6_400_000);
    expect(order.items[0]).toMatchObject({ productId: SANDBOX_PRODUCTS.oneField, quantity: 2 });
    expect(JSON.stringify(order.requiredFields)).toContain('first@example.com');
  });

  it("shows the end customer's answers to the orderer and administrators in /track, and none to a viewer", async () => {
    expect((await staff().say(`/track ${reference}`, new RegExp(`Order ${reference}`))).text).toContain('first@example.com');
    expect((await chatDriver(world.telegram, ADMIN).say(`/track ${reference}`, new RegExp(`Order ${reference}`))).text).toContain('first@example.com');
    const seen = await chatDriver(world.telegram, VIEWER).say(`/track ${reference}`, new RegExp(`Order ${reference}`));
    expect(seen.text).not.toContain('first@example.com');
    expect(seen.text).toContain("The end customer's answers are shown to the orderer and administrators only.");
  });

  it('starts from an order opened on an /orders page too', async () => {
    const chat = staff();
    await chat.say('/orders', /Your recent orders/);
    await chat.tap(new RegExp(`\\. ${reference} `), new RegExp(`Order ${reference}`));
    await chat.tap(/Order again/, /Please check your order/);
    await chat.tap(/Cancel/, /Cancelled/);
  });

  it('refuses another staff member, a viewer and an order still open, even with a forged button, and places nothing', async () => {
    // Both have a chat with the bot to press in.
    await chatDriver(world.telegram, OTHER_STAFF).say('/help', /./);
    await chatDriver(world.telegram, VIEWER).say('/help', /./);
    const sent = posts(world);
    const answerTo = async (user: FakeUser, data: string) => {
      const query = craftedPress(world.telegram, user, data);
      return (await world.telegram.waitFor(() => world.telegram.callbackAnswer(query))).text;
    };
    expect(await answerTo(OTHER_STAFF, `oa:${localId}`)).toMatch(/Only the person who placed this order/);
    expect(await answerTo(VIEWER, `oa:${localId}`)).toMatch(/As a viewer/);
    // A new order, not yet delivered: the button is not offered, and a forged one is refused.
    const open = referenceIn(await chatDriver(world.telegram, OTHER_STAFF).say('/order', /Choose a category/).then(async () => {
      const chat = chatDriver(world.telegram, OTHER_STAFF);
      await chat.say('Google Play 10', /Products matching/);
      await chat.tap(/^Google Play 10 USD/, /How many\?/);
      await chat.say('1', /Please check your order/);
      return chat.tap(/Confirm/, /Order A\d+ is placed/);
    }));
    const detail = await chatDriver(world.telegram, OTHER_STAFF).say(`/track ${open}`, new RegExp(`Order ${open} \\(our #\\d+\\)`));
    expect(() => world.telegram.findButton(detail, /Order again/)).toThrow();
    expect(await answerTo(OTHER_STAFF, `oa:${/our #(\d+)/.exec(detail.text)![1]}`)).toMatch(/still open/);
    expect(posts(world)).toBe(sent + 1);
  });

  it('in Persian, reaches the summary with the Persian texts', async () => {
    const chat = chatDriver(world.telegram, PERSIAN_STAFF);
    const mine = referenceIn(await orderThroughChat(world, PERSIAN_STAFF, { search: 'Google Play 10', product: /^Google Play 10 USD/, quantity: 1, locale: 'fa' }));
    persianReference = mine;
    await world.telegram.waitForMessage(PERSIAN_STAFF.id, new RegExp(`سفارش ${mine} تحویل شد`), { timeoutMs: 25_000 });
    await chat.say(`/track ${mine}`, new RegExp(`سفارش ${mine}`));
    const summary = await chat.tap(/سفارش دوباره/, /سفارش خود را بررسی کنید/);
    expect(summary.text).toContain('Google Play 10 USD');
    await chat.tap(/لغو/, /لغو شد/);
  });

  it('re-creates every line of an order of two products, each re-quoted, and places them in one POST', async () => {
    const chat = staff();
    await chat.say('/order', /Choose a category/);
    await chat.say('Free Fire', /Products matching/);
    await chat.tap(/^Free Fire 520/, /How many\?/);
    await chat.say('2', /Please send/);
    await chat.say('55555', /optional/);
    await chat.tap(/Skip/, /Please check your order/);
    await chat.tap(/Add another product/, /Products in this order so far: 1/);
    await chat.say('Netflix 30', /Products matching/);
    await chat.tap(/^Netflix 30 USD/, /How many\?/);
    await chat.say('1', /Please send/);
    await chat.say('cart@example.com', /Please send/);
    await chat.say('09121234567', /Please check your order/);
    const first = referenceIn(await chat.tap(/Confirm/, /Order A\d+ is placed/));
    await waitForDelivery(world, STAFF.id, first);
    world.sandbox.controls.setProductPrice(SANDBOX_PRODUCTS.twoFields, 3_800_000);
    await chat.say(`/track ${first}`, new RegExp(`Order ${first}`));
    const sent = posts(world);
    const summary = await chat.tap(/Order again/, /Please check your order/);
    expect(summary.text).toContain('1. Free Fire 520 Diamonds (Global) × 2');
    expect(summary.text).toContain('2. Netflix 30 USD (US) × 1');
    expect(summary.text).toContain('Netflix 30 USD: the price changed, 3,700,000 IRR → 3,800,000 IRR each.');
    expect(summary.text).toContain('cart@example.com');
    const placed = await chat.tap(/Confirm/, /Order A\d+ is placed/);
    expect(posts(world)).toBe(sent + 1);
    const order = sandboxOrder(world, referenceIn(placed));
    expect(order.items.map((item) => [item.productId, item.quantity])).toEqual([[SANDBOX_PRODUCTS.unusualFields, 2], [SANDBOX_PRODUCTS.twoFields, 1]]);
    expect(order.amount).toBe(2 * 480_000 + 3_800_000);
  });

  it('says so and starts at the categories when the provider no longer offers the product', async () => {
    const chat = chatDriver(world.telegram, PERSIAN_STAFF);
    const mine = persianReference;
    world.sandbox.controls.withdrawProduct(SANDBOX_PRODUCTS.noFields);
    await chat.say(`/track ${mine}`, new RegExp(`سفارش ${mine}`));
    const sent = posts(world);
    const menu = await chat.tap(/سفارش دوباره/, /یک دسته را انتخاب کنید/);
    expect(menu.text).toContain(`محصول سفارش ${mine} دیگر عرضه نمی‌شود`);
    expect(posts(world)).toBe(sent);
  });
});
