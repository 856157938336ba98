import { describe, expect, it } from 'vitest';
import { batchCatalog } from '../../../src/batches/batch-catalog.js';
import { checkBatch } from '../../../src/batches/batch-check.js';
import { addFreeFire, addGoogle } from '../../e2e/cart-steps.js';
import { chatDriver, craftedPress } from '../../e2e/chat-driver.js';
import { ADMIN, STAFF, startBotWorld } from '../conversations/order/bot-world.js';

/** The sandbox's seeded products: Google Play 10 USD (no questions) and Free Fire 520 Diamonds (a player id). */
const GOOGLE = { id: 101, title: 'Google Play 10 USD' };
const FREE_FIRE = 109;

describe('a product hidden while someone is ordering it', () => {
  it('is refused at Confirm, names the product, places nothing and leaves the order at the categories', async () => {
    const world = await startBotWorld();
    const admin = chatDriver(world.telegram, ADMIN);
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await addGoogle(chat, '1');
    await admin.say(`/catalog hide product ${GOOGLE.id}`, /Hidden from staff/);

    const refused = await chat.tap(/Confirm order/, /An administrator hid Google Play 10 USD from staff/);
    expect(refused.text).toContain('Nothing was ordered');
    expect(refused.text).toContain('Choose a category');
    expect(world.posts()).toBe(0);
    expect(world.sandbox.controls.orders()).toHaveLength(0);
  });

  it('takes only the hidden line out of an order of several products, and Confirm then places the rest', async () => {
    const world = await startBotWorld();
    const admin = chatDriver(world.telegram, ADMIN);
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await addGoogle(chat, '2');
    await chat.tap(/Add another product/, /Products in this order so far: 1/);
    await addFreeFire(chat, '1');
    await admin.say(`/catalog hide product ${FREE_FIRE}`, /Hidden from staff/);

    const again = await chat.tap(/Confirm order/, /Please check your order/);
    expect(again.text).toMatch(/An administrator hid Free Fire 520 Diamonds from staff/);
    expect(again.text).not.toMatch(/Free Fire 520 Diamonds \(Global\) ×/);
    expect(world.posts()).toBe(0);
    await chat.tap(/Confirm order/, /is placed/);
    const [order] = world.sandbox.controls.orders();
    expect(order!.items.map((item) => [item.productId, item.quantity])).toEqual([[GOOGLE.id, 2]]);
  });

  it('takes a line hidden since the summary out when the summary is shown again', async () => {
    const world = await startBotWorld();
    const admin = chatDriver(world.telegram, ADMIN);
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await addGoogle(chat, '1');
    await chat.tap(/Add another product/, /Products in this order so far: 1/);
    await admin.say(`/catalog hide product ${GOOGLE.id}`, /Hidden from staff/);
    // Back to the order from the categories: the summary is read again.
    const back = await chat.tap(/Back to the order|Back to your order/, /An administrator hid Google Play 10 USD/);
    expect(back.text).toContain('Choose a category');
    expect(world.posts()).toBe(0);
  });

  it('refuses a forged button naming a hidden product, or one the catalog does not hold, without asking the provider', async () => {
    const world = await startBotWorld();
    const admin = chatDriver(world.telegram, ADMIN);
    const chat = chatDriver(world.telegram, STAFF);
    await admin.say(`/catalog hide product ${GOOGLE.id}`, /Hidden from staff/);
    await chat.say('/order', /Choose a category/);
    await chat.say('Free Fire', /Products matching/);
    const reads = () => world.sandbox.requests.filter((r) => r.method === 'GET' && /^\/products\/\d+$/.test(r.path)).length;
    const before = reads();

    await chat.answerTo(() => craftedPress(world.telegram, STAFF, `o:p:${GOOGLE.id}`), /Administrators have taken this product off the list/);
    await chat.answerTo(() => craftedPress(world.telegram, STAFF, 'o:p:987654'), /no longer offered/);
    expect(reads()).toBe(before);
    expect(world.posts()).toBe(0);
  });

  it('reads a batch row naming a hidden product by its exact title as hidden, not as unknown', async () => {
    const world = await startBotWorld();
    const admin = chatDriver(world.telegram, ADMIN);
    await admin.say(`/catalog hide product ${GOOGLE.id}`, /Hidden from staff/);
    const catalog = batchCatalog({ catalog: world.services.catalog, provider: world.services.provider });
    const rows = [
      { rowNumber: 2, cells: { product: GOOGLE.title, quantity: '1' }, stray: [] },
      { rowNumber: 3, cells: { product: 'No Such Card 5 USD', quantity: '1' }, stray: [] },
    ];
    expect(await checkBatch({ header: ['product', 'quantity'], rows }, catalog)).toEqual({
      ok: false,
      problems: [
        { row: 2, column: 'product', rule: 'not-orderable', value: GOOGLE.title },
        { row: 3, column: 'product', rule: 'unknown-product', value: 'No Such Card 5 USD' },
      ],
    });
  });
});
