import type { Config } from '../config.js';
import { startHoldingServer, type HoldingServer } from '../http/holding-server.js';
import { createApp, type App, type AppIo } from './create-app.js';
import { createOutageNotices, type OutageNotices } from './outage-notices.js';

/** How often an instance whose database is away asks whether it answers again. */
const DATABASE_RETRY_MS = 1_000;
/** A rebuild that keeps failing is logged once, then this often, not every second. */
const FAILURE_LOG_EVERY_MS = 30_000;

export interface RunningApp {
  /** Stops whatever runs now: the application, or the wait for its database. */
  stop(): Promise<void>;
  /** Rejects when updates can no longer be received from Telegram (the application's own `failed`). */
  failed: Promise<never>;
}

/**
 * The application as the process runs it. On PostgreSQL the database can go
 * away under a running instance (a restart, a failover, its connections
 * ended) and come back. The connection that says this instance is alive goes
 * with it, and other instances may then repair what this one was doing, so
 * this one cannot simply carry on: its application stops (nothing is sent to
 * the provider without the database, and no claim it held is its own any
 * more), and is built again in the same process as soon as the database
 * answers, with a new presence, roles taken afresh and the updates stored
 * meanwhile handled then. Meanwhile the process stays up: the holding server
 * tells /readyz that the database is away and answers staff who write that
 * nothing was ordered, and the instance that did the background work tells
 * administrators once the outage lasts DATABASE_OUTAGE_ALERT_SECONDS, and
 * once more when it ends.
 */
export async function runApp(config: Config, io: Omit<AppIo, 'onDatabaseLost' | 'rebuilt'>): Promise<RunningApp> {
  const { clock, logger } = io;
  let reject!: (error: unknown) => void;
  const failed = new Promise<never>((_, r) => {
    reject = r;
  });
  let stopping = false;
  const waiting = new AbortController();
  let current: App | null = null;
  let recovering: Promise<void> | null = null;
  /** Set when the database is lost while an application is still being built: it stops as soon as it is up. */
  let lostWhileBuilding: Error | null = null;

  const lost = (error: Error): void => {
    if (stopping || recovering) return;
    if (!current) {
      lostWhileBuilding = error;
      return;
    }
    recovering = recover(current, error).finally(() => {
      recovering = null;
    });
  };

  const build = async (rebuilt: boolean): Promise<App> => {
    lostWhileBuilding = null;
    const app = await createApp(config, { ...io, rebuilt, onDatabaseLost: lost });
    current = app;
    app.failed.catch((error: unknown) => {
      // An application stopped for an outage may end its polling with an error of its own: only the running one's counts.
      if (app === current && !stopping) reject(error);
    });
    if (lostWhileBuilding) lost(lostWhileBuilding);
    return app;
  };

  const recover = async (app: App, error: Error): Promise<void> => {
    const lostAt = clock.now();
    logger.error(
      { err: error.message },
      'lost the database: this instance stops its work and sends nothing to the provider until the database answers again; it starts again by itself',
    );
    // Nothing else may keep the process up meanwhile (polling mode without HTTP_PORT): it waits for its database, it does not end.
    const keepAlive = setInterval(() => undefined, 60_000);
    try {
      await waitForDatabase(app, lostAt);
    } finally {
      clearInterval(keepAlive);
    }
  };

  const waitForDatabase = async (app: App, lostAt: number): Promise<void> => {
    const contacts = app.outageContacts();
    current = null;
    const notices = createOutageNotices({ config, contacts, lostAt, clock, logger });
    await app.stop().catch((problem: unknown) => logger.warn({ err: String(problem) }, 'stopping after the database was lost did not end cleanly'));
    const alertAt = lostAt + config.databaseOutageAlertSeconds * 1_000;
    let alerted = false;
    let holding: HoldingServer | null = null;
    let lastFailureLog = -Infinity;
    while (!stopping) {
      holding ??= await hold(lostAt, notices);
      if (contacts.heldBackground && !alerted && clock.now() >= alertAt) {
        alerted = true;
        await notices.alert();
      }
      await clock.sleep(DATABASE_RETRY_MS, waiting.signal).catch(() => undefined);
      if (stopping || !(await databaseAnswers(config.databaseUrl!))) continue;
      // The application's own server takes the port back.
      await holding?.close();
      holding = null;
      try {
        await build(true);
        logger.info({ awayMs: clock.now() - lostAt }, 'the database answers again; giftdesk is running again');
        await notices.back();
        return;
      } catch (problem) {
        if (clock.now() - lastFailureLog >= FAILURE_LOG_EVERY_MS) {
          lastFailureLog = clock.now();
          logger.warn({ err: problem instanceof Error ? problem.message : String(problem) }, 'the database answers, but giftdesk could not start again yet; trying every second');
        }
      }
    }
    await holding?.close();
  };

  /** The holding server on the application's port, when it has one; a port still taken is tried again next round. */
  const hold = async (lostAt: number, notices: OutageNotices): Promise<HoldingServer | null> => {
    if (config.httpPort === undefined) return null;
    return startHoldingServer({
      host: config.httpHost,
      port: config.httpPort,
      ...(config.botMode === 'webhook' && config.webhookUrl && config.webhookSecret ? { webhook: { path: new URL(config.webhookUrl).pathname, secret: config.webhookSecret } } : {}),
      lostAt,
      onUpdate: (update) => notices.answer(update),
      clock,
      logger: logger.child({ component: 'http' }),
    }).catch(() => null);
  };

  await build(false);
  return {
    failed,
    async stop() {
      stopping = true;
      waiting.abort();
      await recovering;
      await current?.stop();
    },
  };
}

/** Whether the PostgreSQL server answers again; its driver is loaded here, not at start, so that a start on SQLite never loads it. */
async function databaseAnswers(url: string): Promise<boolean> {
  const { postgresAnswers } = await import('../db/postgres/open.js');
  return postgresAnswers(url);
}
