import { onTestFinished } from 'vitest';
import { createAdminAlerts } from '../../../../src/alerts/admin-alerts.js';
import { createLowBalanceWatch } from '../../../../src/alerts/low-balance.js';
import { createLocalPeriods } from '../../../../src/text/local-periods.js';
import { createCatalogQueries } from '../../../../src/catalog/catalog-queries.js';
import { createCatalogSync } from '../../../../src/catalog/catalog-sync.js';
import { systemClock, type Clock } from '../../../../src/clock.js';
import { createBot } from '../../../../src/bot/create-bot.js';
import { CONVERSATION_KEY_PREFIX } from '../../../../src/bot/conversations/order/idle-sweeper.js';
import { closeDb, openDb } from '../../../../src/db/open.js';
import { createPeopleRepo } from '../../../../src/db/people-repo.js';
import { createStaffRepo } from '../../../../src/db/staff-repo.js';
import { createStrangerRepliesRepo } from '../../../../src/db/stranger-replies-repo.js';
import { createLogger } from '../../../../src/logger.js';
import { createOrderService } from '../../../../src/orders/order-service.js';
import { createOrderingPause, type OrderingPauseSwitch } from '../../../../src/orders/ordering-pause.js';
import { createProviderClient } from '../../../../src/provider/client.js';
import { createSandbox, type Sandbox } from '../../../../src/sandbox/server.js';
import { createSettingsRegistry } from '../../../../src/settings/settings-registry.js';
import { createSettingsStore } from '../../../../src/settings/settings-store.js';
import { createLimitCheck } from '../../../../src/orders/limit-check.js';
import { createSpendingCounter } from '../../../../src/orders/spending-counter.js';
import { createSpendingRuleBook } from '../../../../src/orders/spending-rules.js';
import { ADMIN, STAFF } from '../../../e2e/harness.js';
import { createFakeBotApi, type FakeBotApi } from '../../../support/fake-bot-api/index.js';

// The same people as in the end-to-end tests.
export { ADMIN, STAFF } from '../../../e2e/harness.js';

export interface BotWorld {
  telegram: FakeBotApi;
  sandbox: Sandbox;
  /** The real ordering switch of this bot's database, as /pause and /resume use it. */
  pauses: OrderingPauseSwitch;
  /** POST /orders requests the sandbox received. */
  posts(): number;
  /** Size of the order conversation's stored state for a chat, in characters of JSON; 0 when none is stored. */
  conversationBytes(chatId: number): number;
}

/**
 * The real bot, built by createBot in this process with the real order
 * service, against the sandbox and the fake Bot API, polling until the test
 * finishes. For what the end-to-end process cannot be given: a clock the
 * test moves, a pause switched between two taps.
 */
export async function startBotWorld(options: { clock?: Clock; orderLimit?: number; catalogSynced?: boolean } = {}): Promise<BotWorld> {
  const clock = options.clock ?? systemClock;
  const telegram = await createFakeBotApi();
  const sandbox = await createSandbox({ rateLimit: false });
  const db = openDb(':memory:');
  const logger = createLogger({ level: 'silent' });
  const staff = createStaffRepo({ db, clock });
  staff.syncEnvAdmins([ADMIN.id]);
  staff.add(STAFF.id, 'staff', ADMIN.id);
  const provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1_000, logger });
  const catalogSync = createCatalogSync({ provider, db, clock, logger });
  const pauses = createOrderingPause({ db, clock });
  // false: a new database, as before the first refresh.
  if (options.catalogSynced ?? true) await catalogSync.syncNow();
  const alerts = createAdminAlerts({ recipients: () => [], sendText: async () => undefined, clock, logger });
  const settings = createSettingsStore({ db, clock });
  const rules = createSpendingRuleBook({ settings });
  if (options.orderLimit !== undefined) rules.setDefault('order', options.orderLimit, ADMIN.id);
  const counter = createSpendingCounter({ db, periods: createLocalPeriods('UTC') });
  const checkLimits = createLimitCheck({ rules, counter, clock });
  const bot = createBot({
    token: telegram.token,
    apiRoot: telegram.apiRoot,
    db,
    staff,
    people: createPeopleRepo({ db, clock }),
    strangers: createStrangerRepliesRepo({ db }),
    catalog: createCatalogQueries({ db }),
    catalogSync,
    provider,
    orders: createOrderService({ db, provider, clock, logger, sandbox: true, orderingPaused: () => pauses.current(), checkLimits }),
    alerts,
    spending: { checkLimits, rules, counter },
    lowBalance: createLowBalanceWatch({ db, clock, settings, alerts, render: () => '', logger }),
    settingsRegistry: createSettingsRegistry(),
    defaultLocale: 'en',
    amountUnit: 'IRR',
    timeZone: 'UTC',
    sandbox: true,
    orderIdleMs: 15 * 60_000,
    perItemLimit: 10,
    orderingPause: pauses,
    clock,
    logger,
  });
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
    posts: () => sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/orders').length,
    conversationBytes: (chatId) =>
      db.$client.prepare<[string], { n: number }>('select length(value) as n from bot_sessions where key = ?').get(`${CONVERSATION_KEY_PREFIX}${chatId}`)?.n ?? 0,
  };
}
