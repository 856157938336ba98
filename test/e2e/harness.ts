import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/server.js';
import { startBotProcess, type BotProcess, type LogLine } from '../support/bot-process.js';
import { startBotInProcess } from '../support/in-process-bot.js';
import { createFakeBotApi, type ChatSpec, type FakeBotApi, type FakeBotApiOptions, type FakeUser } from '../support/fake-bot-api/index.js';
import { worldDatabase, type WorldDatabase } from '../support/world-database.js';

import { ADMIN } from '../support/fake-people.js';

export { ADMIN, PERSIAN_STAFF, STAFF, STRANGER } from '../support/fake-people.js';

/**
 * For a wait on what a background loop does on its next turn (a poll, a periodic check, a timer), not on an
 * answer: its period, plus the seconds a loaded 2-core machine adds to it. A wait that holds returns at once.
 */
export const BACKGROUND_WAIT = { timeoutMs: 20_000 };

export interface World {
  telegram: FakeBotApi;
  sandbox: Sandbox;
  bot: BotProcess;
  /** The SQLite file (on PostgreSQL: where it would be, never created). */
  databasePath: string;
  /** The database the bot runs on, read behind its back. */
  database: WorldDatabase;
  /** Starts the bot process again on the same database (after stop or kill9). */
  restart(extraEnv?: Record<string, string>): Promise<BotProcess>;
  /**
   * Starts one more instance on the same database (PostgreSQL: several may
   * run at once), handed back once it runs; it may stand by for the roles,
   * so nothing is awaited of its loops. Stopped by close().
   */
  startAnother(extraEnv?: Record<string, string>): Promise<BotProcess>;
  close(): Promise<void>;
}

export interface WorldOptions {
  sandbox?: SandboxOptions;
  env?: Record<string, string>;
  /**
   * Start the bot in sandbox mode (PROVIDER_BASE_URL=sandbox, no API key), so
   * that it runs its own sandbox provider; `world.sandbox` then sees no requests.
   */
  inProcessSandbox?: boolean;
  /**
   * Hand the world over only once the first catalog sync of each start has
   * ended (synced or failed), as tests expect the catalog at /order. Default true;
   * false for tests about what happens while it runs.
   */
  waitForCatalog?: boolean;
  /** Added through the administrator's /staff command before the world is handed over. */
  staff?: readonly FakeUser[];
  /**
   * Start the built program (dist/main.js) in its own process, for tests
   * where the process is the subject: kill -9, exit codes, its output. By
   * default the application runs in the test's process, built by the same
   * createApp as production.
   */
  process?: boolean;
  /** The database the bot runs on: SQLite (the default) or a fresh PostgreSQL database on the run's server. */
  database?: 'sqlite' | 'postgresql';
  /** With database 'postgresql': this database instead of a fresh one on the run's server (one on a server the test stops and starts). */
  postgresUrl?: string;
  /** How the fake Bot API behaves (its webhook delivery, for one). */
  telegram?: FakeBotApiOptions;
  /** Runs on the sandbox before the bot first starts: a wallet's past the bot then finds as history, not news. */
  beforeBot?: (sandbox: Sandbox) => void | Promise<void>;
}

/**
 * The whole system for an end-to-end test: the sandbox provider and the
 * fake Bot API in this process, the real bot in its own process, talking
 * to both over loopback HTTP.
 */
export async function startWorld(options: WorldOptions = {}): Promise<World> {
  const telegram = await createFakeBotApi(options.telegram);
  const sandbox = await createSandbox({ timing: { preparingMs: 300, processingMs: 300 }, ...options.sandbox });
  await options.beforeBot?.(sandbox);
  const dir = mkdtempSync(join(tmpdir(), 'giftdesk-e2e-'));
  const databasePath = join(dir, 'giftdesk.sqlite');
  const database = await worldDatabase(options.database ?? 'sqlite', databasePath, options.postgresUrl);
  const env = (extra: Record<string, string> = {}) => ({
    BOT_TOKEN: telegram.token,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    ...(options.inProcessSandbox
      ? { PROVIDER_BASE_URL: 'sandbox' }
      : { PROVIDER_BASE_URL: sandbox.baseUrl, PROVIDER_API_KEY: sandbox.apiKey }),
    ...database.env,
    ADMIN_IDS: String(ADMIN.id),
    AMOUNT_UNIT: 'IRR',
    PROVIDER_TIMEOUT_MS: '2000',
    PROVIDER_ORDER_TIMEOUT_MS: '1500',
    ...options.env,
    ...extra,
  });
  const others: BotProcess[] = [];
  const launch = async (extra?: Record<string, string>, standby = false) => {
    const settings: Record<string, string> = env(extra);
    const polls = telegram.callsTo('getUpdates').length;
    const bot = options.process ? startBotProcess(settings) : startBotInProcess(settings);
    if (settings['LOG_LEVEL'] === 'silent') {
      // Nothing is logged to wait for: the first long poll says it is running.
      await telegram.waitFor(() => telegram.callsTo('getUpdates').length > polls || undefined, { timeoutMs: 20_000 });
    } else {
      await bot.waitForLog('giftdesk is running');
      if (standby) return bot;
      // The catalog syncs in the background after start-up; both outcomes are logged by the sync itself.
      const logsInfo = ['trace', 'debug', 'info'].includes(settings['LOG_LEVEL'] ?? 'debug');
      if (options.waitForCatalog !== false && logsInfo) await bot.waitForLog(catalogSyncEnded);
    }
    return bot;
  };
  const world: World = {
    telegram,
    sandbox,
    databasePath,
    database,
    bot: await launch(),
    async restart(extra) {
      world.bot = await launch(extra);
      return world.bot;
    },
    async startAnother(extra) {
      const bot = await launch(extra, true);
      others.push(bot);
      return bot;
    },
    async close() {
      await Promise.all(others.map((other) => other.stop()));
      await world.bot.stop();
      await telegram.close();
      await sandbox.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await addStaff(world, options.staff ?? []);
  } catch (error) {
    await world.close();
    throw error;
  }
  return world;
}

const catalogSyncEnded = (line: LogLine): boolean =>
  line['component'] === 'catalog' && (line.msg === 'catalog synced' || line.msg.startsWith('catalog sync failed'));

/** Adds staff members through the administrator's /staff command. */
export async function addStaff(world: World, users: readonly FakeUser[]): Promise<void> {
  for (const user of users) {
    world.telegram.sendText(ADMIN, `/staff add ${user.id}`);
    await world.telegram.waitForMessage(ADMIN.id, new RegExp(`${user.id} can now use giftdesk`));
  }
}

/** A forum supergroup to bind as the administrators' group (its topics need a forum). */
export const adminForum = (id: number) => ({ id, type: 'supergroup' as const, title: 'Gift admins', isForum: true });

/**
 * Binds `group` as the administrators' group the way an administrator
 * does: ADMIN adds the bot and sends /admingroup bind there. With a second
 * administrator on the team the binding waits for them (dual control, its
 * card in their private chat, as no group is bound yet): `confirmedBy`
 * presses Confirm, in English. Handed back once the group's three topics
 * are made (and, bound at once, its welcome is there).
 */
export async function bindAdminGroup(world: World, group: ChatSpec, options: { confirmedBy?: FakeUser } = {}): Promise<void> {
  const long = { timeoutMs: 20_000 };
  world.telegram.addBotToGroup(ADMIN, group);
  world.telegram.sendText(ADMIN, '/admingroup bind', group);
  const { confirmedBy } = options;
  if (confirmedBy) {
    const card = await world.telegram.waitForMessage(confirmedBy.id, new RegExp(`Please confirm[\\s\\S]*“${group.title}”`), long);
    world.telegram.clickButton(confirmedBy, card, /Confirm/);
  }
  await world.telegram.waitFor(() => world.telegram.topics(group.id).size === 3 || undefined, long);
  if (!confirmedBy) await world.telegram.waitForMessage(group.id, group.title ?? '', long);
}

/**
 * One world for the enclosing describe block: started before its first test
 * and closed after its last, the bot's output printed first when DUMP_BOT is
 * set. The World returned reads through to the one started, so the block can
 * hand it to helpers as it is; hooks the block adds afterwards run while it
 * is up.
 */
export function sharedWorld(options: WorldOptions = {}): World {
  let started: World | undefined;
  beforeAll(async () => {
    started = await startWorld(options);
  });
  afterAll(async () => {
    if (process.env.DUMP_BOT) console.log(started?.bot.output());
    await started?.close();
  });
  const current = (): World => {
    if (!started) throw new Error('the world is used before it started: only in tests and hooks');
    return started;
  };
  return {
    get telegram() {
      return current().telegram;
    },
    get sandbox() {
      return current().sandbox;
    },
    get bot() {
      return current().bot;
    },
    get databasePath() {
      return current().databasePath;
    },
    get database() {
      return current().database;
    },
    restart: (extraEnv) => current().restart(extraEnv),
    startAnother: (extraEnv) => current().startAnother(extraEnv),
    close: () => current().close(),
  };
}
