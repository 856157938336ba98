import { HttpError, type Api } from 'grammy';
import type { Logger } from '../logger.js';
import { describeTelegramFailure } from './connect-telegram.js';

/** How often a failing getUpdates is reported while it keeps failing: the first time, then every Nth. */
const REPORT_EVERY = 20;

const watched = new WeakSet<Api>();

/**
 * Reports trouble fetching updates in our own words. The runner's own report
 * (switched off with `silent`) prints the whole network error, whose cause
 * quotes the request URL, and the URL holds the bot token. One warning when
 * the trouble starts, a reminder now and then, one line when it ends.
 */
export function watchPolling(api: Api, deps: { logger: Logger; apiRoot: string | undefined }): void {
  // Polling starts again each time the polling role is taken: one report of each failure, not one per start.
  if (watched.has(api)) return;
  watched.add(api);
  let failures = 0;
  const failed = (reason: string) => {
    failures += 1;
    if (failures === 1 || failures % REPORT_EVERY === 0) {
      deps.logger.warn({ reason, failures }, 'cannot fetch updates from Telegram; retrying');
    }
  };
  api.config.use(async (prev, method, payload, signal) => {
    if (method !== 'getUpdates') return prev(method, payload, signal);
    try {
      const result = await prev(method, payload, signal);
      if (!result.ok) failed(`Telegram answered ${result.error_code} to getUpdates: ${result.description}`);
      else if (failures > 0) {
        deps.logger.info({ failures }, 'receiving updates from Telegram again');
        failures = 0;
      }
      return result;
    } catch (error) {
      if (!signal?.aborted && error instanceof HttpError) failed(describeTelegramFailure(error, deps.apiRoot));
      throw error;
    }
  });
}
