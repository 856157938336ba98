import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { hostname } from 'node:os';
import { StartupError } from './app/create-app.js';
import { runApp, type RunningApp } from './app/run-app.js';
import { systemClock } from './clock.js';
import { ConfigError, effectiveConfig, parseConfig, type Config } from './config.js';
import { filesPrivateFromNowOn, readableByOthers } from './db/private-file.js';
import { createLogger, createPrettyDestination, type Logger } from './logger.js';
import { guardProcessOutput } from './output-guard.js';
import { createProcessProbe } from './process-probe.js';
import { createSecretFilter } from './secret-filter.js';

/**
 * The process shell: reads the environment, builds the application
 * (src/app/create-app.ts), and owns what only a process has: stderr, the exit code and
 * the signals. Every reason to stop goes through fail().
 */
async function main(): Promise<void> {
  // Every file made from here on (database, WAL, backups, sandbox state) is the running account's alone.
  filesPrivateFromNowOn();
  // A local .env is a convenience for operators; real environments set variables directly.
  const envFile = existsSync('.env');
  if (envFile) process.loadEnvFile('.env');

  let config: Config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(null, { stderr: `${error.message}\nSee .env.example for every setting.`, exitCode: 2 });
    throw error;
  }

  const secrets = createSecretFilter([config.botToken, config.providerApiKey, config.webhookSecret, config.stepUpKey]);
  const logger = createLogger({
    level: config.logLevel,
    filter: secrets,
    instance: config.instanceId,
    ...(config.logPretty ? { destination: await prettyDestination() } : {}),
  });
  guardProcessOutput(logger, secrets);
  logger.info(effectiveConfig(config), 'effective configuration');
  if (envFile && readableByOthers('.env')) {
    logger.warn({ file: resolve('.env') }, '.env is readable by other users of this machine, and it holds the bot token and the API key: run chmod 600 .env');
  }
  // Before anything starts: a SIGTERM during start-up (a deploy, a test) is a stop, not an abrupt kill.
  const shutdown = installShutdown(logger);

  let app: RunningApp;
  try {
    app = await runApp(config, {
      clock: systemClock,
      logger,
      owner: `${hostname()}:${process.pid}:${randomUUID()}`,
      probe: createProcessProbe(),
      // A clean stop, with the exit code asked for (1 when the SQLite file was lost: a supervisor starts it again on the saved file).
      onClaimLost: (exitCode) => {
        if (exitCode !== undefined) process.exitCode = exitCode;
        process.kill(process.pid, 'SIGTERM');
      },
    });
  } catch (error) {
    if (!(error instanceof StartupError)) throw error;
    fail(logger, {
      log: error.logMessage,
      reason: error.reason,
      stderr: `giftdesk ${error.stage}: ${error.reason}${error.hint ? `\n${error.hint}` : ''}`,
      exitCode: error.exitCode,
    });
  }

  const stop = async (): Promise<void> => {
    const stopping = systemClock.now();
    await app.stop();
    // The last line of a run: an operator reading the log knows the exit was clean and nothing was cut off.
    logger.info({ ms: systemClock.now() - stopping }, 'giftdesk stopped');
  };
  shutdown.ready(stop);
  app.failed.catch(async (error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    await stop().catch(() => undefined);
    fail(logger, { log: 'stopped receiving updates from Telegram', reason, stderr: `giftdesk stopped: ${reason}`, exitCode: 1 });
  });
}

/** The one way out on failure: a fatal log line (once a logger exists), one message on stderr, and the exit code. */
function fail(logger: Logger | null, how: { log?: string; reason?: string; stderr: string; exitCode: number }): never {
  if (logger && how.log) logger.fatal({ reason: how.reason }, how.log);
  process.stderr.write(`${how.stderr}\n`);
  process.exit(how.exitCode);
}

/** LOG_PRETTY asks for a development dependency; without it, say so rather than crash with a stack. */
async function prettyDestination(): Promise<Awaited<ReturnType<typeof createPrettyDestination>>> {
  try {
    return await createPrettyDestination();
  } catch (error) {
    fail(null, { stderr: `giftdesk did not start: ${error instanceof Error ? error.message : String(error)}`, exitCode: 2 });
  }
}

/**
 * Takes SIGINT and SIGTERM from the first moment. A signal that arrives
 * while the app is still starting is held and acted on as soon as it is up
 * (`ready`): without a handler, the operating system would end the process
 * on the spot, in the middle of whatever it was writing. A second signal
 * finds no handler left and ends the process at once, for a start-up that
 * hangs (a database that never answers).
 */
function installShutdown(logger: Logger): { ready(stop: () => Promise<void>): void } {
  let signalled = false;
  let stopApp: (() => Promise<void>) | null = null;
  const run = (stop: () => Promise<void>) =>
    stop()
      .then(() => process.exit(Number(process.exitCode ?? 0)))
      .catch((error: unknown) => {
        logger.error({ err: String(error) }, 'unclean shutdown');
        process.exit(1);
      });
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) return;
    signalled = true;
    logger.info({ signal }, 'shutting down');
    if (stopApp) void run(stopApp);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return {
    ready(stop) {
      stopApp = stop;
      if (signalled) void run(stop);
    },
  };
}

main().catch((error: unknown) => {
  // Config errors exit above and provider errors carry no key; the filter catches what else might.
  const described = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  fail(null, { stderr: `giftdesk failed to start: ${createSecretFilter([process.env['BOT_TOKEN'], process.env['PROVIDER_API_KEY'], process.env['STEP_UP_KEY']])(described)}`, exitCode: 1 });
});
