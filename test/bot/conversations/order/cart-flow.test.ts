import { describe, expect, it } from 'vitest';
import { addFreeFire, addGoogle, orderThreeProducts } from '../../../e2e/cart-steps.js';
import { chatDriver, craftedPress } from '../../../e2e/chat-driver.js';
import { ADMIN, STAFF, startBotWorld, type BotWorld } from './bot-world.js';

/** Google Play 10 USD (no questions), its US region at 1,250,000 IRR. */
const GOOGLE_REGION = 5001;

async function threeLines(world: BotWorld) {
  const chat = chatDriver(world.telegram, STAFF);
  const summary = await orderThreeProducts(chat, { googleQuantity: '2' });
  return { chat, summary };
}

describe('an order of several products', () => {
  it('lists three lines in one summary and places them with one POST of three products', async () => {
    const world = await startBotWorld();
    const { chat, summary } = await threeLines(world);
    expect(summary.text).toContain('1. Google Play 10 USD (US) × 2');
    expect(summary.text).toContain('2. Free Fire 520 Diamonds (Global) × 1');
    expect(summary.text).toMatch(/3\. .*اپل.* × 1/);
    expect(summary.text).toContain('sam@example.com');
    // 2 × 1,250,000 + 480,000 + 3,100,000
    expect(summary.text).toContain('Total: 6,080,000 IRR');
    expect(world.posts()).toBe(0);
    const placed = await chat.tap(/Confirm order/, /is placed/);
    expect(world.posts()).toBe(1);
    const [order] = world.sandbox.controls.orders();
    expect(order!.items.map((item) => [item.productId, item.quantity])).toEqual([[101, 2], [109, 1], [102, 1]]);
    expect(Object.keys(order!.requiredFields).sort()).toEqual(['102', '109']);
    expect(order!.requiredFields['109']!.map((f) => f.fieldId)).toEqual([9]);
    expect(placed.text).toContain('• Google Play 10 USD (US) × 2');
    expect(placed.text).toContain('• Free Fire 520 Diamonds (Global) × 1');
  });

  it('changes a line\'s quantity and removes a line before Confirm', async () => {
    const world = await startBotWorld();
    const { chat } = await threeLines(world);
    await chat.tap(/✏️ 1\. /, /Line 1: Google Play 10 USD/);
    const asked = await chat.tap(/^Quantity$/, /How many\?/);
    expect(asked.text).toContain('Line 1: Google Play 10 USD');
    const changed = await chat.say('3', /Please check your order/);
    expect(changed.text).toContain('1. Google Play 10 USD (US) × 3');
    await chat.tap(/✏️ 2\. /, /Line 2: Free Fire/);
    const removed = await chat.tap(/Remove from this order/, /was removed from the order/);
    expect(removed.text).not.toContain('Free Fire 520 Diamonds (Global) ×');
    expect(removed.text).toContain('2. ');
    await chat.tap(/Confirm order/, /is placed/);
    const [order] = world.sandbox.controls.orders();
    expect(order!.items.map((item) => [item.productId, item.quantity])).toEqual([[101, 3], [102, 1]]);
    expect(Object.keys(order!.requiredFields)).toEqual(['102']);
  });

  it('opens the line of a product chosen again instead of adding it twice', async () => {
    const world = await startBotWorld();
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await addGoogle(chat, '2');
    await chat.tap(/Add another product/, /Choose a category/);
    await chat.say('Google Play 10', /Products matching/);
    const opened = await chat.tap(/^Google Play 10 USD/, /already in this order/);
    expect(opened.text).toContain('Change its line here');
    const back = await chat.tap(/Back/, /Please check your order/);
    expect(back.text).toContain('Google Play 10 USD');
    expect(back.text).not.toContain('2. ');
  });

  it('offers no "Add another product" at the line limit and says why', async () => {
    const world = await startBotWorld({ maxProductsPerOrder: 2 });
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await addGoogle(chat, '1');
    await chat.tap(/Add another product/, /Choose a category/);
    const full = await addFreeFire(chat, '1');
    expect(full.text).toContain('An order holds at most 2 products');
    expect(() => world.telegram.findButton(full, /Add another product/)).toThrow();
  });

  it('removing the only line returns to the categories', async () => {
    const world = await startBotWorld();
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await addGoogle(chat, '1');
    await chat.tap(/^Edit$/, /What would you like to change/);
    await chat.tap(/Remove from this order/, /Choose a category/);
  });

  it('shows a price changed on one line between the summary and Confirm old -> new, and asks Confirm again', async () => {
    const world = await startBotWorld();
    const { chat } = await threeLines(world);
    world.sandbox.controls.setRegionOffer(GOOGLE_REGION, { price: 1_300_000 });
    const again = await chat.tap(/Confirm order/, /changed since you last saw this order/);
    expect(again.text).toContain('1,250,000 IRR → 1,300,000 IRR each');
    expect(again.text).toContain('Total: 6,080,000 IRR → 6,180,000 IRR');
    expect(world.posts()).toBe(0);
    await chat.tap(/Confirm order/, /is placed/);
    expect(world.posts()).toBe(1);
    expect(world.sandbox.controls.orders()[0]!.amount).toBe(6_180_000);
  });

  it('places ten products with one POST, reading each product once and the balance once between the summary and the POST', async () => {
    const world = await startBotWorld({ maxProductsPerOrder: 10, catalogSize: 200 });
    // Ten products in a few seconds: every summary reads every line again, far faster than a person builds a cart.
    await world.services.velocity.setCap('reads', null, ADMIN.id);
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    // Generated products of even number have one region and ask nothing; these ten cost 10 USD each.
    const titles = Array.from({ length: 10 }, (_, i) => `Sample Gift Card 10 USD #${2 + 20 * i}`);
    for (const [index, title] of titles.entries()) {
      if (index > 0) await chat.tap(/Add another product/, /Products in this order so far/);
      await chat.say(title, /Products matching/);
      await chat.tap(new RegExp(`^${title.replace(/[#]/g, '\\$&')}`), /How many\?/);
      await chat.say('1', /Please check your order/);
    }
    const before = world.sandbox.requests.length;
    await chat.tap(/Confirm order/, /is placed/);
    const sent = world.sandbox.requests.slice(before);
    const post = sent.findIndex((r) => r.method === 'POST' && r.path === '/orders');
    const reads = sent.slice(0, post).map((r) => `${r.method} ${r.path.replace(/[0-9]+$/, ':id')}`);
    expect(reads.filter((r) => r === 'GET /products/:id')).toHaveLength(10);
    expect(reads.filter((r) => r !== 'GET /products/:id')).toEqual(['GET /wallet/balance']);
    expect(world.posts()).toBe(1);
    expect(world.sandbox.controls.orders()[0]!.items).toHaveLength(10);
  });

  it('refuses an "Edit line" press for a line the order does not have', async () => {
    const world = await startBotWorld();
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await addGoogle(chat, '1');
    const id = craftedPress(world.telegram, STAFF, 'o:el:2');
    await world.telegram.waitFor(() => world.telegram.callbackAnswer(id));
    expect(world.telegram.callbackAnswer(id)?.text).toMatch(/no longer valid/);
  });

  it('a forged press that removes or opens a line acts on nobody else\'s cart', async () => {
    const world = await startBotWorld();
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await addGoogle(chat, '1');
    await chat.tap(/Add another product/, /Choose a category/);
    await addFreeFire(chat, '1');
    // Someone else, in their own chat (the only place their presses reach), with an order of their own at the categories.
    const other = chatDriver(world.telegram, ADMIN);
    await other.say('/order', /Choose a category/);
    for (const forged of ['o:rm', 'o:el:1', 'o:el:2']) {
      const id = craftedPress(world.telegram, ADMIN, forged);
      await world.telegram.waitFor(() => world.telegram.callbackAnswer(id));
      expect(world.telegram.callbackAnswer(id)?.text, forged).toMatch(/no longer valid/);
    }
    await chat.tap(/Confirm order/, /is placed/);
    expect(world.sandbox.controls.orders()[0]!.items.map((item) => item.productId)).toEqual([101, 109]);
  });
});
