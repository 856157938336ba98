import { describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../../src/sandbox/seed.js';
import { chatDriver } from '../../e2e/chat-driver.js';
import type { SentMessage } from '../../support/fake-bot-api/index.js';
import { STAFF, startDualWorld } from './dual-world.js';

/** PUBG Mobile 325 UC: one region, 100 in stock, at most 10 to an order. */
const PUBG_325 = 123;

const labels = (message: SentMessage): string[] =>
  message.reply_markup && 'inline_keyboard' in message.reply_markup ? message.reply_markup.inline_keyboard.flat().map((button) => button.text) : [];

describe('the batch an order offers for more than one order may hold', () => {
  it('offers a button, not a command to type, and the button opens the batch summary for that product and quantity', async () => {
    const world = await startDualWorld({ admins: 1 });
    const sam = chatDriver(world.telegram, STAFF);
    await sam.say('/order', /Choose a category/);
    await sam.say('PUBG Mobile 325', /Products matching/);
    await sam.tap(/^PUBG Mobile 325 UC/, /How many\?/);
    const refused = await sam.say('35', /You can order at most 10/);
    expect(refused.text).toMatch(/place them as a batch .* with the button below/);
    expect(refused.text).not.toContain('/batch');
    expect(labels(refused)).toContain('📦 35 as a batch');

    const summary = await sam.tap(/35 as a batch/, /Batch #\d+/);
    expect(summary.text).toContain('4 orders, 35 units');
    expect(labels(summary)).toContain('✅ Confirm batch');
    const [draft] = await world.services.stores.batches.listForUser(STAFF.id, 1);
    expect(draft?.state).toBe('draft');
    expect(draft?.plan.map((order) => order.lines[0]!.quantity)).toEqual([10, 10, 10, 5]);
    expect(draft?.plan.every((order) => order.lines[0]!.product.id === PUBG_325)).toBe(true);
    // A summary, not an order: nothing reaches the provider until its Confirm.
    expect(world.posts()).toBe(0);
  });

  it('keeps the region chosen in the order for a product sold in several', async () => {
    const world = await startDualWorld({ admins: 1 });
    const sam = chatDriver(world.telegram, STAFF);
    await sam.say('/order', /Choose a category/);
    await sam.say('Steam Wallet 20', /Products matching/);
    await sam.tap(/^Steam Wallet 20/, /choose a region/);
    await sam.tap(/^TR/, /How many\?/);
    await sam.say('12', /You can order at most 10/);
    await sam.tap(/12 as a batch/, /2 orders, 12 units/);
    const [draft] = await world.services.stores.batches.listForUser(STAFF.id, 1);
    expect(draft?.plan.map((order) => order.lines[0]!.region.title)).toEqual(['TR', 'TR']);
  });

  it('offers the file to fill in where each order needs its own answers, and the button sends it', async () => {
    const world = await startDualWorld({ admins: 1 });
    const sam = chatDriver(world.telegram, STAFF);
    await sam.say('/order', /Choose a category/);
    await sam.say('اپل ۲۵', /Products matching/);
    await sam.tap(/اپل ۲۵/, /How many\?/);
    const refused = await sam.say('15', /You can order at most 10/);
    expect(refused.text).toMatch(/the button below sends the file to fill in/);
    expect(refused.text).not.toContain('/batch');
    const file = await sam.tap(/File to fill in/, /Fill in one row per order line/);
    expect(file.document?.fileName).toContain(String(SANDBOX_PRODUCTS.oneField));
  });
});
