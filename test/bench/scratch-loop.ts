import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createAdminAlerts } from '../../src/alerts/admin-alerts.js';
import { createLowBalanceWatch } from '../../src/alerts/low-balance.js';
import { createPeopleRepo } from '../../src/db/people-repo.js';
import { createLocalPeriods } from '../../src/calendar/local-periods.js';
import { createSettingsRegistry } from '../../src/settings/settings-registry.js';
import { createSettingsStore } from '../../src/settings/settings-store.js';
import { createLimitCheck } from '../../src/spending/limit-check.js';
import { createSpendingCounter } from '../../src/spending/spending-counter.js';
import { createSpendingRuleBook } from '../../src/spending/spending-rules.js';
import { createBot } from '../../src/bot/create-bot.js';
import { createCatalogQueries } from '../../src/catalog/catalog-queries.js';
import { createCatalogWriter } from '../../src/catalog/catalog-writer.js';
import { systemClock } from '../../src/clock.js';
import { openDb } from '../../src/db/open.js';
import { createStaffRepo } from '../../src/db/staff-repo.js';
import { createStrangerRepliesRepo } from '../../src/db/stranger-replies-repo.js';
import { createLogger } from '../../src/logger.js';
import { createOrderService } from '../../src/orders/order-service.js';
import { createOrderingPause } from '../../src/orders/ordering-pause.js';
import { createProviderClient } from '../../src/provider/client.js';
import { createSandbox } from '../../src/sandbox/server.js';

const logger = createLogger({ level: 'silent' });
const sandbox = await createSandbox({ catalogSize: 10_000, rateLimit: false });
const provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 10_000, logger });
const categories = await provider.listCategories();
const products = [];
for await (const p of provider.allProducts({ pageSize: 50 })) products.push(p);
const db = openDb(join(mkdtempSync(join(tmpdir(), 'loop-')), 'x.sqlite'));
await createCatalogWriter({ db }).write({ categories, products });
const ADMIN = 1001;
const staff = createStaffRepo({ db, clock: systemClock });
staff.syncEnvAdmins([ADMIN]);
const pauses = createOrderingPause({ db, clock: systemClock });
const alerts = createAdminAlerts({ recipients: () => [], sendText: async () => undefined, clock: systemClock, logger });
const settings = createSettingsStore({ db, clock: systemClock });
const rules = createSpendingRuleBook({ settings });
const counter = createSpendingCounter({ db, periods: createLocalPeriods('UTC') });
const bot = createBot({
  token: '1:x', db, staff, strangers: createStrangerRepliesRepo({ db }), catalog: createCatalogQueries({ db }),
  catalogSync: { syncNow: async () => ({ ok: true, products: 0, categories: 0, removed: 0 }), loading: () => false },
  provider, orders: createOrderService({ db, provider, clock: systemClock, logger, sandbox: true, orderingPaused: () => pauses.current() }),
  alerts, spending: { checkLimits: createLimitCheck({ rules, counter, clock: systemClock }), rules, counter },
  lowBalance: createLowBalanceWatch({ db, clock: systemClock, settings, alerts, render: () => '', logger }),
  settingsRegistry: createSettingsRegistry(), people: createPeopleRepo({ db, clock: systemClock }),
  timeZone: 'UTC', defaultLocale: 'en', amountUnit: 'IRR', sandbox: true, orderIdleMs: 15 * 60_000, perItemLimit: 10,
  orderingPause: pauses, clock: systemClock, logger,
});
bot.botInfo = { id: 1, is_bot: true, first_name: 'b', username: 'b', can_join_groups: false, can_read_all_group_messages: false, supports_inline_queries: false, can_connect_to_business: false, has_main_web_app: false } as never;
let mid = 100;
bot.api.config.use(async (_prev, method, payload) => {
  const p = payload as Record<string, unknown>;
  if (method === 'sendMessage' || method === 'editMessageText') return { ok: true, result: { message_id: method === 'sendMessage' ? ++mid : p.message_id, date: 1, chat: { id: ADMIN, type: 'private' }, text: String(p.text) } } as never;
  return { ok: true, result: true } as never;
});
let uid = 1;
const text = (t: string) => bot.handleUpdate({ update_id: uid++, message: { message_id: uid, date: 1, chat: { id: ADMIN, type: 'private', first_name: 'A' }, from: { id: ADMIN, is_bot: false, first_name: 'A' }, text: t, ...(t.startsWith('/') ? { entities: [{ type: 'bot_command', offset: 0, length: t.split(' ')[0]!.length }] } : {}) } } as never);
const SEARCHES = ['gift 25', 'نمونه ۵۰', 'steam', 'نتفلیکس', 'sample card 7', 'گوگل پلی'];
const times: number[] = [];
const N = Number(process.env.N ?? 600);
for (let i = 0; i < N; i++) {
  await text('/order');
  const t = performance.now();
  await text(process.env.PLAIN ? '/help' : SEARCHES[i % 6]!);
  times.push(performance.now() - t);
  await text('/cancel');
}
times.sort((a, b) => a - b);
console.log('search update: p50', times[N / 2]!.toFixed(3), 'p95', times[Math.floor(N * 0.95)]!.toFixed(3));
await sandbox.close();
process.exit(0);
