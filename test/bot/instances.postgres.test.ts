import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createAppBot } from '../../src/app/bot-wiring.js';
import { deliveryPartsOf } from '../../src/app/loops.js';
import { createServices, type Services } from '../../src/app/services.js';
import { createCatalogSync } from '../../src/catalog/catalog-sync.js';
import { systemClock } from '../../src/clock.js';
import { parseConfig } from '../../src/config.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { postgresStores } from '../../src/db/postgres-stores.js';
import { createLogger } from '../../src/logger.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { chatDriver } from '../e2e/chat-driver.js';
import { ADMIN, STAFF } from '../e2e/harness.js';
import { createFakeBotApi, type FakeBotApi } from '../support/fake-bot-api/index.js';
import { freshDatabase } from '../support/postgres-database.js';

/**
 * Two instances' services on one PostgreSQL, each on its own pool, built by
 * createServices as production builds them; the bot runs on the second.
 * What an administrator changes through the first holds on the second's
 * next update.
 */
let first: PgDb;
let second: PgDb;
let telegram: FakeBotApi;
let sandbox: Sandbox;
beforeAll(async () => {
  const url = await freshDatabase('bot_instances');
  first = await openPostgres(url);
  second = await openPostgres(url);
  telegram = await createFakeBotApi();
  sandbox = await createSandbox({ rateLimit: false });
});
afterAll(async () => {
  await telegram?.close();
  await sandbox?.close();
  await Promise.all([first, second].filter(Boolean).map(closePostgres));
});

async function services(db: PgDb): Promise<Services & { config: ReturnType<typeof parseConfig> }> {
  const config = {
    ...parseConfig({
      BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      PROVIDER_BASE_URL: sandbox.baseUrl,
      PROVIDER_API_KEY: sandbox.apiKey,
      ADMIN_IDS: String(ADMIN.id),
      AMOUNT_UNIT: 'IRR',
      TIME_ZONE: 'UTC',
      PROVIDER_REQUESTS_PER_SECOND: '1000',
    }),
    sandboxMode: true,
  };
  const logger = createLogger({ level: 'silent' });
  const built = await createServices({ config, stores: postgresStores({ db, clock: systemClock }), provider: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey }, clock: systemClock, logger });
  return { ...built, config };
}

/** Google Play 10 USD twice: 2,500,000 IRR in the seed. */
async function toSummary(chat: ReturnType<typeof chatDriver>) {
  await chat.say('/order', /Choose a category/);
  await chat.say('Google Play 10', /Products matching/);
  await chat.tap(/^Google Play 10 USD/, /How many\?/);
  return chat.say('2', /Please check your order/);
}

describe('an administrator working through another instance', () => {
  it('sets a spending limit that this one applies at the next update, and removes a staff member, who is refused here', async () => {
    const a = await services(first);
    const b = await services(second);
    const logger = createLogger({ level: 'silent' });
    const catalogSync = createCatalogSync({ provider: b.provider, store: b.catalog, clock: systemClock, logger });
    await catalogSync.syncNow();
    const bot = createAppBot({ config: b.config, services: b, catalogSync, clock: systemClock, logger });
    const polling = bot.start({ timeout: 1 });
    onTestFinished(async () => {
      await bot.stop();
      await polling;
    });

    await a.staff.add(STAFF.id, 'staff', ADMIN.id);
    const chat = chatDriver(telegram, STAFF);
    expect((await toSummary(chat)).text).not.toContain('per-order limit');
    await chat.say('/cancel', /.+/);

    await a.spendingRules.setDefault('order', 1_000_000, ADMIN.id);
    expect((await toSummary(chat)).text).toContain('per-order limit');
    await chat.say('/cancel', /.+/);

    await a.staff.remove(STAFF.id, ADMIN.id);
    const refused = await chat.say('/order', /authorised staff only/);
    expect(refused.text).toContain(String(STAFF.id));
  });
});

describe('the pause and the catalog, changed through another instance', () => {
  it('a pause through the first instance answers /order on this one at its next update, and a resume opens it again', async () => {
    const a = await services(first);
    const b = await services(second);
    const logger = createLogger({ level: 'silent' });
    const catalogSync = createCatalogSync({ provider: b.provider, store: b.catalog, clock: systemClock, logger });
    await catalogSync.syncNow();
    const bot = createAppBot({ config: b.config, services: b, catalogSync, clock: systemClock, logger });
    const polling = bot.start({ timeout: 1 });
    onTestFinished(async () => {
      await bot.stop();
      await polling;
    });
    await a.staff.add(STAFF.id, 'staff', ADMIN.id);
    const chat = chatDriver(telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await chat.say('/cancel', /.+/);

    await a.orderingPause.pause({ source: 'admin', reason: 'stocktake', by: ADMIN.id });
    expect((await chat.say('/order', /once ordering is open/)).text).toContain('stocktake');
    await a.orderingPause.resume(ADMIN.id);
    await chat.say('/order', /Choose a category/);
    await chat.say('/cancel', /.+/);
  });

  it('a catalog refresh by the first instance is on this one\'s menu at its next /order', async () => {
    const a = await services(first);
    const b = await services(second);
    const logger = createLogger({ level: 'silent' });
    const catalogSync = createCatalogSync({ provider: b.provider, store: b.catalog, clock: systemClock, logger });
    await catalogSync.syncNow();
    const bot = createAppBot({ config: b.config, services: b, catalogSync, clock: systemClock, logger });
    const polling = bot.start({ timeout: 1 });
    onTestFinished(async () => {
      await bot.stop();
      await polling;
    });
    await a.staff.add(STAFF.id, 'staff', ADMIN.id);
    const chat = chatDriver(telegram, STAFF);
    const before = await chat.say('/order', /Choose a category/);
    await chat.say('/cancel', /.+/);
    const { categories, products } = await (async () => {
      const cats = await a.provider.listCategories();
      const all = [];
      for await (const p of a.provider.allProducts({ pageSize: 50 })) all.push(p);
      return { categories: cats, products: all };
    })();
    await a.catalog.write({ categories: [{ ...categories[0]!, title: 'Renamed Shelf' }, ...categories.slice(1)], products });
    const after = await chat.say('/order', /Choose a category/);
    expect(JSON.stringify(before.reply_markup)).not.toContain('Renamed Shelf');
    expect(JSON.stringify(after.reply_markup)).toContain('Renamed Shelf');
    await chat.say('/cancel', /.+/);
  });
});

describe('the background work on one instance, after a change through another', () => {
  it('reads who is staff again before a pass: a person removed elsewhere is sent no codes', async () => {
    const a = await services(first);
    const b = await services(second);
    await a.staff.add(STAFF.id + 1, 'staff', ADMIN.id);
    const parts = deliveryPartsOf(b);
    await parts.freshen!();
    expect(parts.mayReceiveCodes!(STAFF.id + 1)).toBe(true);

    await a.staff.remove(STAFF.id + 1, ADMIN.id);
    // Until the pass reads again, this instance's copy still has them: the pass must freshen first.
    expect(parts.isStaff(STAFF.id + 1)).toBe(true);
    await parts.freshen!();
    expect(parts.isStaff(STAFF.id + 1)).toBe(false);
  });
});
