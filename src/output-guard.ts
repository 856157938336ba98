import { format } from 'node:util';
import type { Logger } from './logger.js';
import type { SecretFilter } from './secret-filter.js';

/**
 * Libraries print on their own (grammY's runner dumps a failed getUpdates
 * with the request URL, which holds the bot token; Node prints an unhandled
 * rejection with its whole cause chain). From here on nothing reaches the
 * terminal that way: console output becomes a filtered log line at the
 * configured level, and an error nobody caught is logged filtered before
 * the process ends as it would have.
 */
export function guardProcessOutput(logger: Logger, filter: SecretFilter): void {
  const toLog = (level: 'debug' | 'info' | 'warn' | 'error') =>
    (...args: unknown[]) => logger[level]({ source: 'library' }, filter(format(...args)));
  console.log = toLog('info');
  console.info = toLog('info');
  console.debug = toLog('debug');
  console.warn = toLog('warn');
  console.error = toLog('error');
  console.trace = toLog('debug');

  const fatal = (kind: string) => (error: unknown) => {
    logger.fatal({ kind }, filter(describe(error)));
    process.stderr.write(`giftdesk stopped: ${filter(describe(error))}\n`);
    process.exit(1);
  };
  process.on('uncaughtException', fatal('uncaught exception'));
  process.on('unhandledRejection', fatal('unhandled rejection'));
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : format(error);
}
