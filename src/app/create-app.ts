import { createAppBot } from './bot-wiring.js';
import { startLoops } from './loops.js';
import { startBuiltInSandbox } from './built-in-sandbox.js';
import { createServices } from './services.js';
import { StartupError } from './startup-error.js';
import { maskedUrl } from '../db/postgres/url.js';
import { openStorage, storageIsExclusive } from './storage.js';
import { createCommandMenus, registerCommands } from '../bot/commands.js';
import { describeTelegramFailure } from '../bot/connect-telegram.js';
import { askTelegramEarly } from '../bot/early-telegram.js';
import { noteTelegramContact } from '../bot/update-source.js';
import { newProductsHiddenSetting } from '../catalog/catalog-visibility.js';
import { createCatalogSync } from '../catalog/catalog-sync.js';
import { systemClock, type Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { StaffRole } from '../domain/staff-roles.js';
import { createHealth } from '../http/readiness.js';
import type { Logger } from '../logger.js';
import type { ProcessProbe } from '../process-probe.js';
import { INTERACTIVE_MAX_WAIT_MS } from '../provider/rate-limit.js';
import type { Sandbox } from '../sandbox/server.js';
import { startServing } from './serving.js';
import { repairInterrupted, REPAIR_EVERY_MS } from './repairs.js';
import { watchRole, type RoleWatch } from './role-watcher.js';
import { watchLiveInstances, type LiveInstances } from './live-instances.js';
import { startRepeating, type Repeating } from '../repeat.js';
import { translatorFor, type Locale } from '../text/i18n.js';
import { pollingConflictOf } from '../alerts/token-watch.js';

export { StartupError } from './startup-error.js';

/** Background work that ended this recently, as the database went, still makes this instance the one that tells of the outage. */
const BACKGROUND_JUST_ENDED_MS = 10_000;

/** What the process gives the application: time, logging, and the means to claim the database. */
export interface AppIo {
  clock: Clock;
  logger: Logger;
  /** Unique per process: written on the database claim. */
  owner: string;
  probe: ProcessProbe;
  /** Another instance took the database over (or its SQLite file is gone): the process should stop, with `exitCode` when given (a restart is wanted). */
  onClaimLost: (exitCode?: number) => void;
  /**
   * PostgreSQL: the connection saying this instance is alive was lost (the
   * server stopped or ended it). Others may now repair what this instance was
   * doing, so its application must stop; the process may build it again once
   * the database answers (run-app.ts). Without it, the claim counts as lost.
   */
  onDatabaseLost?: (error: Error) => void;
  /** Built again after the database was lost: the command menus Telegram keeps are not set again. */
  rebuilt?: boolean;
}

/** Who to tell while the database cannot be read: the staff as this instance last read them, and whether it did the background work. */
export interface OutageContacts {
  people: ReadonlyArray<{ telegramId: number; role: StaffRole; locale: Locale }>;
  heldBackground: boolean;
}

export interface App {
  /** Stops taking updates, finishes those in hand, stops the loops, closes the sandbox and the database. */
  stop(): Promise<void>;
  /** Rejects, with Telegram's failure described in its message, when updates can no longer be received. */
  failed: Promise<never>;
  /** Read without the database: for the notices of an outage, taken the moment it began. */
  outageContacts(): OutageContacts;
}

/**
 * The one composition root: the database, the provider (the built-in
 * sandbox in sandbox mode), the services, the bot, the background loops and
 * the HTTP endpoints, started in that order. A reason not to start is
 * thrown as a StartupError for the process shell to report.
 */
export async function createApp(config: Config, io: AppIo): Promise<App> {
  const { clock, logger } = io;
  // Before the database is opened: whatever this instance starts, it starts after this.
  const openedAt = clock.now();
  // Who the bot is, and a webhook's removal, travel to Telegram and back while the database and the services open.
  // Only a single instance that polls (SQLite: the database is its alone) removes a webhook at start; among several
  // only the one that gets the polling role does, as a standby's removal would hide another deployment's webhook
  // from the token watch.
  const telegram = askTelegramEarly({
    token: config.botToken,
    apiRoot: config.telegramApiRoot,
    removeWebhook: config.botMode === 'polling' && storageIsExclusive(config),
    clock,
    logger,
  });
  const storage = await openStorage(config, { ...io, instance: config.instanceId });
  const { stores } = storage;
  // Aborted first at shutdown: a catalog run in progress must not hold the exit.
  const shutdown = new AbortController();
  let sandbox: Sandbox | null = null;
  let loops: Repeating[] = [];
  let background: RoleWatch | null = null;
  let instances: LiveInstances | null = null;
  try {
    const startedAt = clock.now();
    sandbox = config.sandboxMode ? await startBuiltInSandbox(config, stores.orderQueries, logger) : null;
    warnOfMissingUnits(config, logger);

    // Telegram counts the bot, in real seconds: each instance keeps to its share of the limits.
    instances = await watchLiveInstances({ roles: storage.roles, clock: systemClock, logger });
    const services = await createServices({
      config,
      stores,
      liveInstances: instances.count,
      provider: sandbox ? { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey } : { baseUrl: config.providerBaseUrl, apiKey: config.providerApiKey ?? '' },
      clock,
      shutdown: shutdown.signal,
      logger,
    });
    const { staff, provider, metrics } = services;
    // Readiness: when Telegram last answered or delivered, and when the delivery sweep last completed.
    let telegramContactAt: number | null = null;
    let sweepDoneAt: number | null = null;

    const catalogSync = createCatalogSync({
      provider,
      store: services.catalog,
      clock,
      logger: logger.child({ component: 'catalog' }),
      signal: shutdown.signal,
      hideNew: () => services.settings.read(newProductsHiddenSetting),
    });
    const bot = createAppBot({ config, services, catalogSync, clock, logger });
    noteTelegramContact(bot.api, () => {
      telegramContactAt = clock.now();
    });

    try {
      bot.botInfo = await telegram.identity;
      telegramContactAt = clock.now();
    } catch (error) {
      throw new StartupError(describeTelegramFailure(error, config.telegramApiRoot), 1, 'failed to start', 'could not connect to Telegram');
    }
    logger.info({ username: bot.botInfo.username }, 'connected to Telegram');
    if (!io.rebuilt) {
      // The menu next to the text box is no reason to keep staff waiting: set it while polling runs.
      // Paced as a fan-out: a long staff list's menus never push an answer to a person back.
      void registerCommands(services.fanOutApi, translatorFor, logger);
      // Administrators and viewers have menus of their own; someone ADMIN_IDS no longer lists loses theirs.
      // In the background: a long staff list must not hold up the start.
      const menus = createCommandMenus({ api: services.fanOutApi, translate: translatorFor, logger });
      void (async () => {
        for (const change of services.adminIdChanges) if (change.to === null) await menus.clear(change.telegramId);
        for (const member of await staff.list()) if (member.role !== 'staff') await menus.show(member);
      })();
    }

    // The loops' first runs (the catalog refresh, a dozen passes) wait until updates are being taken; the repair of
    // interrupted orders does not, and comes before serving as it did.
    let updatesTaken!: () => void;
    const firstRunsAfter = new Promise<void>((resolve) => {
      updatesTaken = resolve;
    });
    // The background work runs on the one instance holding its role: here at once on SQLite, on PostgreSQL
    // when this instance gets the role (at start, or when its holder stops or dies).
    const repairs = () =>
      repairInterrupted({ orders: services.orders, approvals: services.approvals, roles: storage.roles, updates: services.stores.updateQueue, startedAt: openedAt, placeTimeoutMs: config.providerOrderTimeoutMs, clock, logger });
    const backgroundRole = storage.roles.lock('background');
    // When this instance last stopped the background work: a database lost takes the role's connection a moment before the presence's.
    let backgroundEndedAt: number | null = null;
    background = watchRole(
      backgroundRole,
      {
        start: async () => {
          // Before the loops: the sweep then finds an interrupted order already marked for it.
          await repairs();
          loops = await startLoops({
            config,
            services,
            catalogSync,
            shutdown: shutdown.signal,
            firstRunsAfter,
            onSweepDone: (at) => {
              sweepDoneAt = at;
            },
            clock,
            logger,
          });
          // Other instances may crash later in the middle of an order: their orphans are looked for while this one holds the role.
          if (!storage.roles.exclusive) loops.push(startRepeating({ name: 'interrupted order repair', everyMs: REPAIR_EVERY_MS, task: repairs, clock, logger }));
        },
        stop: async () => {
          backgroundEndedAt = clock.now();
          const running = loops;
          loops = [];
          await Promise.allSettled(running.map((loop) => loop.stop()));
        },
      },
      { logger },
    );
    await background.firstTry;

    const health = createHealth({
      store: services.stores.health,
      clock,
      startedAt,
      lastTelegramContact: () => telegramContactAt,
      lastSweepDone: () => sweepDoneAt,
      // Readiness says whether orders can be sent: the database's answer, not the copy chats are shown.
      orderingPaused: () => services.stores.orderingPause.current(),
      providerPausedUntil: () => services.limiter.pausedUntil(),
      interactiveMaxWaitMs: INTERACTIVE_MAX_WAIT_MS,
      updates: () => serving?.taking() ?? { mode: config.botMode, polling: false, stopping: false },
      background: async () => ({ here: backgroundRole.held, holder: await backgroundRole.holder() }),
    });
    let serving: Awaited<ReturnType<typeof startServing>> | undefined;
    try {
      serving = await startServing({
        bot,
        config,
        health,
        metrics,
        onDelivery: () => {
          telegramContactAt = clock.now();
        },
        updateQueue: services.stores.updateQueue,
        onArrival: (update) => services.pressedKeyboards.keep(update),
        pollingRole: storage.roles.lock('polling'),
        ...(telegram.webhookRemoval ? { webhookRemoval: telegram.webhookRemoval } : {}),
        instanceId: config.instanceId,
        exclusiveStorage: storage.roles.exclusive,
        clock,
        logger,
      });
    } catch (error) {
      throw new StartupError(describeTelegramFailure(error, config.telegramApiRoot), 1, 'failed to start', 'could not start receiving updates');
    }
    // After this turn, in which the poller sent its first getUpdates.
    setImmediate(updatesTaken);
    // The first look at Telegram's registration comes after our own (setWebhook, or the poller's deleteWebhook), so
    // that it cannot take what the previous run left for a sign. An instance that does not poll removed nothing:
    // it leaves the look to the periodic watch.
    void services.tokenWatch.registered(config.botMode === 'webhook' || serving.taking().polling);
    // Where the data is, as the operator set it: the SQLite path, or the PostgreSQL URL without its password.
    const where = config.databaseUrl === null ? { databasePath: config.databasePath } : { databaseUrl: maskedUrl(config.databaseUrl) };
    logger.info({ sandbox: config.sandboxMode, database: stores.database, ...where, mode: config.botMode }, 'giftdesk is running');

    return {
      async stop() {
        shutdown.abort();
        // Each part's end is logged (debug): a stop that hangs names the part it waits for.
        const part = async (name: string, work: () => Promise<unknown>) => {
          const began = clock.now();
          await work();
          logger.debug({ part: name, ms: clock.now() - began }, 'stopped');
        };
        // The updates in hand get their time, and the background work ends beside them: its role is released at
        // once for another instance to take, and its provider reads no longer take turns from the staff whose
        // steps are still running here. Both still need the provider (the sandbox too) and the database.
        await Promise.all([
          part('updates', async () => serving?.stop(config.providerOrderTimeoutMs + 5_000)),
          part('background work', async () => background?.stop()),
        ]);
        await part('instance count', async () => instances?.stop());
        await part('sandbox', async () => sandbox?.close());
        await part('storage', () => storage.close());
      },
      outageContacts: () => ({
        people: staff.current.list().map((member) => ({ telegramId: member.telegramId, role: member.role, locale: services.localeOf(member.telegramId) })),
        heldBackground: backgroundRole.held || (background?.active ?? false) || (backgroundEndedAt !== null && clock.now() - backgroundEndedAt < BACKGROUND_JUST_ENDED_MS),
      }),
      failed: serving.source.failed.catch(async (error: unknown) => {
        // Another client took the updates while this one held the polling role: ordering stays paused after this process ends.
        const conflict = pollingConflictOf(error);
        if (conflict) await services.tokenWatch.pollingConflict(conflict).catch(() => undefined);
        throw new Error(describeTelegramFailure(error, config.telegramApiRoot));
      }),
    };
  } catch (error) {
    // A start that fails half-way leaves nothing running: the loops, the built-in sandbox and the claim on the database end here.
    shutdown.abort();
    await background?.stop();
    await instances?.stop();
    await Promise.allSettled(loops.map((loop) => loop.stop()));
    await sandbox?.close();
    await storage.close();
    throw error;
  }
}

/** A bare number invites a tenfold misreading: the provider may count in Rial while staff think in Toman. */
function warnOfMissingUnits(config: Pick<Config, 'amountUnit'>, logger: Logger): void {
  if (config.amountUnit.en === '' && config.amountUnit.fa === '') {
    logger.warn("AMOUNT_UNIT is empty: amounts are shown without a unit; set it to the unit of the provider's amounts, such as IRR (Rial) or Toman");
  } else if (config.amountUnit.en === '' || config.amountUnit.fa === '') {
    const bare = config.amountUnit.en === '' ? 'AMOUNT_UNIT_EN' : 'AMOUNT_UNIT_FA';
    logger.warn(`${bare} is empty and AMOUNT_UNIT is not set: readers of that language see amounts without a unit`);
  }
}
