import { onTestFinished } from 'vitest';
import { createAppBot } from '../../../src/app/bot-wiring.js';
import { createServices, type Services } from '../../../src/app/services.js';
import { createCatalogSync } from '../../../src/catalog/catalog-sync.js';
import { createCatalogStore } from '../../../src/db/catalog-store.js';
import { databaseOf } from '../../../src/db/seam/database-of.js';
import { systemClock, type Clock } from '../../../src/clock.js';
import { closeDb, openDb, type Db } from '../../../src/db/open.js';
import { sqliteStores } from '../../../src/db/stores.js';
import { createLogger } from '../../../src/logger.js';
import { createSandbox, type Sandbox } from '../../../src/sandbox/server.js';
import type { OrderTiming } from '../../../src/sandbox/progression.js';
import { chatDriver } from '../../e2e/chat-driver.js';
import { createFakeBotApi, type FakeBotApi, type FakeUser } from '../../support/fake-bot-api/index.js';
import { ADMIN, STAFF } from '../../support/fake-people.js';
import { worldConfig } from '../../support/world-config.js';
import { quickTelegramPace } from '../../support/quick-pace.js';

export { ADMIN, STAFF } from '../../support/fake-people.js';
export const SECOND_ADMIN: FakeUser = { id: 1002, firstName: 'Bea', languageCode: 'en' };

/** Real time, moved forward by hand: requests lapse without waiting a day. */
export interface ShiftedClock extends Clock {
  shift(ms: number): void;
}

function shiftedClock(): ShiftedClock {
  let offset = 0;
  return { now: () => systemClock.now() + offset, sleep: (ms, signal) => systemClock.sleep(ms, signal), shift: (ms) => void (offset += ms) };
}

export interface DualWorld {
  telegram: FakeBotApi;
  sandbox: Sandbox;
  services: Services;
  db: Db;
  clock: ShiftedClock;
  posts(): number;
  /** The audit rows of dual control, oldest first. */
  audit(): Array<{ actor_id: number | null; action: string; subject_id: number | null }>;
}

/**
 * The real bot as production wires it (createServices, createAppBot),
 * polling the fake Bot API, with the sandbox as provider; ADMIN from
 * ADMIN_IDS, SECOND_ADMIN added as a second administrator unless `admins`
 * is 1, and STAFF. Every administrator and STAFF have started the bot.
 */
export async function startDualWorld(options: { admins?: 1 | 2; env?: Record<string, string>; sandboxTiming?: OrderTiming } = {}): Promise<DualWorld> {
  const clock = shiftedClock();
  const telegram = await createFakeBotApi();
  const sandbox = await createSandbox({ rateLimit: false, ...(options.sandboxTiming === undefined ? {} : { timing: options.sandboxTiming }) });
  const config = worldConfig({ telegram, sandbox }, [ADMIN.id], options.env);
  const db = openDb(':memory:');
  const logger = createLogger({ level: 'silent' });
  const services = await createServices({
    config,
    stores: sqliteStores({ db, clock }),
    provider: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
    clock,
    providerClock: systemClock,
    logger,
    // A chat's messages 20 ms apart: the pace is not what these features are about.
    telegramPace: quickTelegramPace(),
  });
  await services.staff.add(STAFF.id, 'staff', ADMIN.id);
  if ((options.admins ?? 2) === 2) await services.staff.add(SECOND_ADMIN.id, 'admin', ADMIN.id);
  const catalogSync = createCatalogSync({ provider: services.provider, store: createCatalogStore({ database: databaseOf(db), clock }), clock, logger });
  await catalogSync.syncNow();
  const bot = createAppBot({ config, services, catalogSync, clock, logger });
  const polling = bot.start({ timeout: 1 });
  onTestFinished(async () => {
    await bot.stop();
    await polling;
    await telegram.close();
    await sandbox.close();
    closeDb(db);
  });
  // Telegram lets a bot write only to people who started it.
  for (const user of [ADMIN, SECOND_ADMIN, STAFF]) await chatDriver(telegram, user).say('/start', /./);
  return {
    telegram,
    sandbox,
    services,
    db,
    clock,
    posts: () => sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/orders').length,
    audit: () =>
      db.$client
        .prepare<[], { actor_id: number | null; action: string; subject_id: number | null }>("select actor_id, action, subject_id from audit_log where action like 'admin_change.%' order by id")
        .all(),
  };
}
