import { randomUUID } from 'node:crypto';
import { createApp, StartupError, type App } from '../../src/app/create-app.js';
import { systemClock } from '../../src/clock.js';
import { parseConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { createProcessProbe } from '../../src/process-probe.js';
import { createSecretFilter } from '../../src/secret-filter.js';
import { waitForLogLine, type BotProcess, type LogLine } from './bot-process.js';

/**
 * The application built by createApp in this process, as production builds
 * it, with its log lines kept in memory: for end-to-end tests of what the
 * bot does, where the process itself is not the subject. It answers like a
 * bot process, but cannot be killed with SIGKILL; tests of that start the
 * built program (bot-process.ts).
 */
export function startBotInProcess(env: Record<string, string>): BotProcess {
  const config = parseConfig({ LOG_LEVEL: 'debug', ...env });
  let raw = '';
  const parsed: LogLine[] = [];
  const destination = {
    write(line: string) {
      raw += line;
      try {
        const value = JSON.parse(line) as LogLine;
        if (value && typeof value === 'object' && typeof value.msg === 'string') parsed.push(value);
      } catch {
        // Not a log line; kept in the raw output.
      }
    },
  };
  const logger = createLogger({ level: config.logLevel, destination, filter: createSecretFilter([config.botToken, config.providerApiKey, config.webhookSecret]) });

  let exit: (code: number | null) => void = () => undefined;
  const exited = new Promise<number | null>((resolve) => {
    exit = resolve;
  });
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  let stopping: Promise<number | null> | null = null;
  const started: Promise<App | null> = createApp(config, {
    clock: systemClock,
    logger,
    owner: `in-process:${process.pid}:${randomUUID()}`,
    probe: createProcessProbe(),
    onClaimLost: () => void stop(),
  }).catch((error: unknown) => {
    raw += `${error instanceof StartupError ? `giftdesk ${error.stage}: ${error.reason}` : String(error)}\n`;
    exit(error instanceof StartupError ? error.exitCode : 1);
    return null;
  });
  void started.then((app) =>
    app?.failed.catch(async (error: unknown) => {
      raw += `giftdesk stopped: ${error instanceof Error ? error.message : String(error)}\n`;
      // As the process shell does: updates can no longer be received, exit code 1.
      await stop(1);
    }),
  );

  function stop(code = 0): Promise<number | null> {
    stopping ??= (async () => {
      const app = await started;
      if (app) {
        try {
          await app.stop();
          logger.info('giftdesk stopped');
        } finally {
          exit(code);
        }
      }
      return exited;
    })();
    return stopping;
  }

  return {
    cwd: process.cwd(),
    exited,
    output: () => raw,
    logs: () => parsed,
    waitForLog: (match, timeoutMs) => waitForLogLine({ lines: parsed, ended: () => ended, output: () => raw }, match, timeoutMs),
    stop: () => stop(),
    async kill9() {
      throw new Error('a bot in this process cannot be killed: start this world with { process: true }');
    },
  };
}
