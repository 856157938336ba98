import { onTestFinished } from 'vitest';
import { createCatalogStore } from '../../../../src/db/catalog-store.js';
import { databaseOf } from '../../../../src/db/seam/database-of.js';
import { sqliteStores } from '../../../../src/db/stores.js';
import { createAppBot } from '../../../../src/app/bot-wiring.js';
import { createServices } from '../../../../src/app/services.js';
import { createCatalogSync } from '../../../../src/catalog/catalog-sync.js';
import { systemClock, type Clock } from '../../../../src/clock.js';
import { CONVERSATION_KEY_PREFIX } from '../../../../src/bot/conversations/order/idle-sweeper.js';
import { closeDb, openDb } from '../../../../src/db/open.js';
import { createLogger } from '../../../../src/logger.js';
import type { OrderingPauseStore } from '../../../../src/db/ordering-pause-store.js';
import { createSandbox, type Sandbox } from '../../../../src/sandbox/server.js';
import type { OrderTiming } from '../../../../src/sandbox/progression.js';
import { ADMIN, STAFF } from '../../../e2e/harness.js';
import { createFakeBotApi, type FakeBotApi } from '../../../support/fake-bot-api/index.js';
import { worldConfig } from '../../../support/world-config.js';
import { chatDriver } from '../../../e2e/chat-driver.js';

// The same people as in the end-to-end tests.
export { ADMIN, STAFF } from '../../../e2e/harness.js';

export interface BotWorld {
  telegram: FakeBotApi;
  sandbox: Sandbox;
  /** The real ordering switch of this bot's database, as /pause and /resume use it. */
  pauses: OrderingPauseStore;
  /** POST /orders requests the sandbox received. */
  posts(): number;
  /** Size of the order conversation's stored state for a chat, in characters of JSON; 0 when none is stored. */
  conversationBytes(chatId: number): number;
  /** The services the bot runs on, for what a test sets or places around the chat. */
  services: Awaited<ReturnType<typeof createServices>>;
}

/**
 * The real bot, wired by the same functions as production (createServices
 * and createAppBot) in this process, against the sandbox and the fake Bot
 * API, polling until the test finishes, with its messages badged as in
 * sandbox mode. For what the end-to-end world cannot be given: a clock the
 * test moves, a pause switched between two taps.
 */
export async function startBotWorld(
  options: { clock?: Clock; orderLimit?: number; approvalThreshold?: number; catalogSynced?: boolean; maxProductsPerOrder?: number; catalogSize?: number; sandboxTiming?: OrderTiming } = {},
): Promise<BotWorld> {
  const clock = options.clock ?? systemClock;
  const telegram = await createFakeBotApi();
  const sandbox = await createSandbox({
    rateLimit: false,
    ...(options.sandboxTiming === undefined ? {} : { timing: options.sandboxTiming }),
    ...(options.catalogSize === undefined ? {} : { catalogSize: options.catalogSize }),
    // A provider that takes as many products as the bot is set to offer.
    ...(options.maxProductsPerOrder === undefined ? {} : { maxItemsPerOrder: Math.max(5, options.maxProductsPerOrder) }),
  });
  const config = worldConfig({ telegram, sandbox }, [ADMIN.id], {
    ...(options.maxProductsPerOrder === undefined ? {} : { PROVIDER_MAX_PRODUCTS_PER_ORDER: String(options.maxProductsPerOrder) }),
  });
  const db = openDb(':memory:');
  const logger = createLogger({ level: 'silent' });
  const services = await createServices({ config, stores: sqliteStores({ db, clock }), provider: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey }, clock, providerClock: systemClock, logger });
  await services.staff.add(STAFF.id, 'staff', ADMIN.id);
  if (options.orderLimit !== undefined) await services.spendingRules.setDefault('order', options.orderLimit, ADMIN.id);
  if (options.approvalThreshold !== undefined) await services.spendingRules.setDefault('approval', options.approvalThreshold, ADMIN.id);
  const catalogSync = createCatalogSync({ provider: services.provider, store: createCatalogStore({ database: databaseOf(db), clock }), clock, logger });
  // false: a new database, as before the first refresh.
  if (options.catalogSynced ?? true) await catalogSync.syncNow();
  const bot = createAppBot({ config, services, catalogSync, clock, logger });
  const pauses = services.orderingPause;
  const polling = bot.start({ timeout: 1 });
  onTestFinished(async () => {
    await bot.stop();
    await polling;
    await telegram.close();
    await sandbox.close();
    closeDb(db);
  });
  return {
    telegram,
    sandbox,
    pauses,
    services,
    posts: () => sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/orders').length,
    conversationBytes: (chatId) =>
      db.$client.prepare<[string], { n: number }>('select length(value) as n from bot_sessions where key = ?').get(`${CONVERSATION_KEY_PREFIX}${chatId}`)?.n ?? 0,
  };
}

/** STAFF's order of one Google Play 10 USD card, up to its summary: the chat, and the summary it shows. */
export async function toSummary(world: Pick<Awaited<ReturnType<typeof startBotWorld>>, 'telegram'>) {
  const chat = chatDriver(world.telegram, STAFF);
  await chat.say('/order', /Choose a category/);
  await chat.say('Google Play 10', /Products matching/);
  await chat.tap(/^Google Play 10 USD/, /How many\?/);
  return { chat, summary: await chat.say('1', /Please check your order/) };
}
