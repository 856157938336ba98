import { BotError, type Api, type Bot } from 'grammy';
import type { Update } from 'grammy/types';
import type { Clock } from '../clock.js';
import type { ReadAhead } from '../db/update-queue-store.js';
import type { Logger } from '../logger.js';
import { startRepeating } from '../repeat.js';
import type { WebhookIntake } from '../http/webhook-intake.js';
import type { UpdateWorker } from './update-worker.js';
import type { BotContext } from './context.js';
import { offerReadAhead } from './read-ahead.js';
import { describeTelegramFailure } from './connect-telegram.js';
import { watchPolling } from './polling-watch.js';
import { runPollingIntoQueue } from './polling-runner.js';

/**
 * Where updates come from: long polling (the runner) or Telegram posting
 * them to our webhook. Either way each update is stored in the update
 * queue first, whose worker hands it to the bot: each update is handled
 * once across instances, restarts and polling handovers, one chat's
 * updates one at a time in update_id order. Both stop the same way: no new
 * update is taken, the running handlers get a bounded time to finish.
 */

/** The update types the bot handles; Telegram keeps no others for us. */
const ALLOWED_UPDATES = ['message', 'callback_query', 'my_chat_member', 'channel_post'] as const;

/** Pause between attempts to fetch updates while Telegram cannot be reached: back within seconds once it can. */
const POLL_RETRY_MS = 3_000;

/** While no update arrives, the webhook's registration is read this often: it proves Telegram is reachable. */
const WEBHOOK_PROBE_MS = 60_000;

export interface UpdateSource {
  /** Stops taking updates and waits for the handlers in progress, at most `timeoutMs`. */
  stop(timeoutMs: number): Promise<void>;
  /** Rejects when updates can no longer be received (polling: token revoked, another instance). */
  failed: Promise<never>;
}

/**
 * Notes every successful answer from the Bot API (getMe, getUpdates,
 * getWebhookInfo and any other call): readiness asks when Telegram last answered.
 */
export function noteTelegramContact(api: Api, onContact: () => void): void {
  api.config.use(async (prev, method, payload, signal) => {
    const result = await prev(method, payload, signal);
    if (result.ok) onContact();
    return result;
  });
}

/** Resolves once Telegram answered a webhook's removal: null, or the failure (never rejects, so it may wait unawaited). */
export type WebhookRemoval = Promise<unknown>;

export function removeWebhook(api: Bot<BotContext>['api']): WebhookRemoval {
  return api.deleteWebhook({ drop_pending_updates: false }).then(
    () => null,
    (error: unknown) => error ?? new Error('the webhook removal failed'),
  );
}

export async function startPolling(
  bot: Bot<BotContext>,
  deps: {
    apiRoot: string | undefined;
    /** Stores a fetched update in the update queue (insert-if-new by update_id); see runPollingIntoQueue. */
    enqueue: (update: Update) => Promise<boolean>;
    /** Whether this instance still holds the polling role: no getUpdates once it does not. */
    mayFetch: () => boolean;
    clock: Clock;
    logger: Logger;
    /** The webhook's removal, asked for already (removeWebhook): awaited instead of asking again. */
    webhookRemoval?: WebhookRemoval;
  },
): Promise<UpdateSource> {
  // A webhook left from webhook mode would make every getUpdates fail with 409. Pending updates are kept.
  // Should Telegram not answer now, polling still starts: it retries on its own, and a webhook that
  // is really there ends it with a 409 that says so.
  let failure = await (deps.webhookRemoval ?? removeWebhook(bot.api));
  // Asked for early, it may have failed before Telegram could be reached at all (getMe then waited for it): once more, now.
  if (failure !== null && deps.webhookRemoval) failure = await removeWebhook(bot.api);
  if (failure !== null) deps.logger.warn({ reason: describeTelegramFailure(failure, deps.apiRoot) }, 'could not remove a webhook before polling; polling anyway');
  watchPolling(bot.api, { logger: deps.logger, apiRoot: deps.apiRoot });
  const runner = runPollingIntoQueue(bot, {
    enqueue: deps.enqueue,
    mayFetch: deps.mayFetch,
    runner: {
      fetch: { allowed_updates: [...ALLOWED_UPDATES] },
      // Failures are reported by watchPolling: the runner's own report would print the token.
      silent: true,
      retryInterval: POLL_RETRY_MS,
    },
    clock: deps.clock,
    logger: deps.logger,
  });
  // The runner gives up on 401 (the token was revoked) and 409 (another instance polls with it).
  const failed = runner.task.then(() => new Promise<never>(() => undefined));
  return {
    // The updates already stored are the update worker's, which its owner stops.
    stop: async () => runner.stop(),
    failed,
  };
}

/**
 * Registers the webhook with Telegram (start after the HTTP server listens:
 * Telegram may post at once) and keeps reading its registration while no
 * update arrives, so that readiness knows Telegram is reachable.
 */
export async function startWebhook(
  bot: Bot<BotContext>,
  deps: { url: string; secret: string; intake: WebhookIntake; worker: UpdateWorker; clock: Clock; logger: Logger },
): Promise<UpdateSource> {
  await bot.api.setWebhook(deps.url, {
    secret_token: deps.secret,
    allowed_updates: [...ALLOWED_UPDATES],
    drop_pending_updates: false,
  });
  deps.logger.info({ url: deps.url }, 'webhook registered with Telegram');
  const probe = startRepeating({
    name: 'webhook probe',
    everyMs: WEBHOOK_PROBE_MS,
    task: async () => {
      const info = await bot.api.getWebhookInfo();
      if (info.url !== deps.url) deps.logger.warn({ registered: info.url || null }, 'Telegram no longer has our webhook; restart giftdesk to register it again');
      else if (info.last_error_message) {
        deps.logger.warn({ lastErrorAt: info.last_error_date ?? null, lastError: info.last_error_message, pending: info.pending_update_count }, 'Telegram reports webhook delivery trouble');
      }
    },
    clock: deps.clock,
    logger: deps.logger,
  });
  return {
    async stop(timeoutMs) {
      // The webhook stays registered: Telegram keeps updates for the next start, or posts them to another instance.
      deps.intake.close();
      // Updates stored and not yet claimed stay in the queue for another instance or the next start:
      // nothing more is claimed from here, while the posts in hand are stored and the probe ends.
      deps.worker.stopClaiming();
      await Promise.all([probe.stop(), deps.intake.drain(timeoutMs)]);
      await deps.worker.stop(timeoutMs);
    },
    failed: new Promise<never>(() => undefined),
  };
}

/**
 * Handles one update the way the runner does: a handler's error goes to
 * bot.catch, and nothing is thrown back at the webhook intake. What its
 * claim read ahead is handed to the handler with it (read-ahead.ts).
 */
export function dispatchTo(bot: Bot<BotContext>, logger: Logger): (update: Update, readAhead?: ReadAhead) => Promise<void> {
  return async (update, readAhead) => {
    // For the update prelude, which reads the chat's state first (update-prelude.ts).
    if (readAhead) offerReadAhead(update, readAhead);
    try {
      await bot.handleUpdate(update);
    } catch (error) {
      if (error instanceof BotError) {
        await Promise.resolve(bot.errorHandler(error)).catch(() => logger.error({ updateId: update.update_id }, 'the error handler failed'));
      } else {
        logger.error({ updateId: update.update_id, err: error instanceof Error ? error.name : String(error) }, 'an update could not be handled');
      }
    }
  };
}
