import { describe, expect, it } from 'vitest';
import { batchCatalog } from '../../../src/batches/batch-catalog.js';
import { checkBatch } from '../../../src/batches/batch-check.js';
import { createCatalogSync } from '../../../src/catalog/catalog-sync.js';
import { newProductsHiddenSetting } from '../../../src/catalog/catalog-visibility.js';
import { createLogger } from '../../../src/logger.js';
import { systemClock } from '../../../src/clock.js';
import { chatDriver } from '../../e2e/chat-driver.js';
import { ADMIN, STAFF, startBotWorld, type BotWorld } from '../conversations/order/bot-world.js';

async function productId(world: BotWorld, title: string): Promise<number> {
  const found = await world.services.catalog.search({ query: title, page: 1, pageSize: 8 });
  return found.items.find((p) => p.title === title)!.id;
}

describe('/catalog: what administrators hide from staff', () => {
  it('keeps a hidden product out of the menu and search, and refuses it from an old button and in a batch row, saying why', async () => {
    const world = await startBotWorld();
    const admin = chatDriver(world.telegram, ADMIN);
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await chat.say('Google Play 10', /Products matching/);
    await chat.tap(/^Google Play 10 USD/, /How many\?/);
    await chat.say('1', /Please check your order/);
    await chat.tap(/Confirm/, /Order A\d+ is placed/);
    const id = await productId(world, 'Google Play 10 USD');

    // A list shown before the product was hidden: its button still names it.
    await chat.say('/order', /Choose a category/);
    await chat.say('Google Play 10', /Products matching/);
    const hid = await admin.say(`/catalog hide ${id}`, /Hidden from staff/);
    expect(hid.text).toContain('Google Play 10 USD');
    await chat.tap(/^Google Play 10 USD/, /Administrators have taken this product off the list/);
    expect((await chat.say('Google Play 10 USD', /Products matching|No product matches/)).text).not.toMatch(/• Google Play 10 USD\n/);
    await chat.say('/cancel', /Cancelled/);

    const catalog = batchCatalog({ catalog: world.services.catalog, provider: world.services.provider });
    const checked = await checkBatch({ header: ['product', 'quantity'], rows: [{ rowNumber: 2, cells: { product: String(id), quantity: '1' }, stray: [] }] }, catalog);
    expect(checked).toEqual({ ok: false, problems: [{ row: 2, column: 'product', rule: 'not-orderable', value: String(id) }] });
    // Asked for by quantity, there is no file to fix: the product is said to be unavailable.
    const refused = await chat.say(`/batch ${id} 3`, /not available|Row|file/);
    expect(refused.text).toContain('Google Play 10 USD is not available: administrators have taken it off the list.');
    expect(refused.text).not.toMatch(/Row|file/);

    expect((await admin.say('/catalog', /Hidden from staff:/)).text).toContain(`product ${id} (Google Play 10 USD)`);
    await admin.say(`/catalog show ${id}`, /Offered to staff again/);
    expect((await admin.say('/catalog', /Nothing is hidden/)).text).toContain('are offered at once');
    const audit = (await admin.say('/audit', /hid product/)).text;
    expect(audit).toContain(`hid product ${id} (Google Play 10 USD) from staff`);
    expect(audit).toContain(`offered product ${id} (Google Play 10 USD) to staff again`);
  });

  it('hides a whole category, and lets new products from the provider arrive hidden when set', async () => {
    const world = await startBotWorld();
    const admin = chatDriver(world.telegram, ADMIN);
    const chat = chatDriver(world.telegram, STAFF);
    const product = await world.services.catalog.product(await productId(world, 'Google Play 10 USD'));
    await admin.say(`/catalog hide category ${product!.categoryId}`, /Hidden from staff: category/);
    await chat.say('/order', /Choose a category/);
    expect((await chat.say('Google Play 10 USD', /Products matching|No product matches/)).text).not.toMatch(/• Google Play 10 USD\n/);
    await chat.say('/cancel', /Cancelled/);
    await admin.say(`/catalog show category ${product!.categoryId}`, /Offered to staff again/);

    await admin.say('/catalog new hidden', /will arrive hidden/);
    expect((await admin.say('/settings', /New products from the provider/)).text).toContain('arrive hidden until an administrator shows them');
    // Every product is new to an emptied catalog: the next refresh brings them all in hidden.
    await world.services.catalog.write({ categories: [], products: [] });
    const logger = createLogger({ level: 'silent' });
    const sync = createCatalogSync({ provider: world.services.provider, store: world.services.catalog, clock: systemClock, logger, hideNew: () => world.services.settings.read(newProductsHiddenSetting) });
    expect((await sync.syncNow()).ok).toBe(true);
    await chat.say('/order', /The catalog is empty/);
    await chat.say('/cancel', /Cancelled|Nothing to cancel/);
    expect((await admin.say('/catalog', /Hidden from staff:/)).text).toMatch(/Google Play 10 USD\), new from the provider/);
  });
});
