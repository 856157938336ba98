import { createRunner, createSource, createUpdateFetcher, type RunnerOptions, type UpdateSink } from '@grammyjs/runner';
import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { BotContext } from './context.js';

/** Pause between tries at storing fetched updates while the database cannot take them. */
const STORE_RETRY_MS = 1_000;

/**
 * The grammY runner as `run(bot)` builds it (the same update fetcher with
 * its offset, retries, and its end on 401 and 409; the same source and
 * stop), except for what is done with a fetched batch: every update is
 * stored in the update queue, whose worker hands it to the bot, instead of
 * being handled here.
 *
 * The batch is stored before the fetcher is asked for the next one, and
 * only that next getUpdates call confirms the batch to Telegram (its offset
 * is past the batch's last update_id). So an update is confirmed only once
 * it is stored: while the database cannot take it the runner keeps trying
 * and fetches nothing, and a runner stopped meanwhile (the polling role
 * lost, a shutdown) never confirms it, so the next poller is given it
 * again. Storing is insert-if-new by update_id: an update given again
 * after a handover or a restart is recognised and not handled twice.
 */
interface QueuedPolling {
  /**
   * Stops fetching at once: the held getUpdates is aborted and no other is
   * sent by this runner, even one its retry loop still has in mind. A batch
   * not yet stored is left unconfirmed, for the next poller.
   */
  stop(): void;
  /** Rejects when the runner gives up: 401 (the token was revoked) or 409 (another client polls). */
  task: Promise<void>;
}

export function runPollingIntoQueue(
  bot: Bot<BotContext>,
  deps: {
    /** Stores the update once: false when it was stored before. Rejects when it could not be stored. */
    enqueue: (update: Update) => Promise<boolean>;
    /**
     * Whether this instance may still poll (holds the polling role). Asked
     * before every getUpdates: a poller that lost its role sends none, even
     * before its stop arrives.
     */
    mayFetch: () => boolean;
    runner: RunnerOptions;
    clock: Clock;
    logger: Logger;
    storeRetryMs?: number;
  },
): QueuedPolling {
  const retryMs = deps.storeRetryMs ?? STORE_RETRY_MS;
  let stopped = false;
  const fetchUpdates = createUpdateFetcher(
    {
      handleUpdate: () => Promise.resolve(),
      errorHandler: () => undefined,
      api: {
        getUpdates: (args, signal) =>
          stopped || !deps.mayFetch() ? Promise.reject(new Error('this instance no longer holds the polling role')) : bot.api.getUpdates(args, signal),
      },
    },
    deps.runner,
  );
  let initialised = false;
  let failing = 0;

  /** Stores one batch, trying again until it is stored; rejects only once `signal` is aborted. */
  const storeAll = async (updates: Update[], signal: AbortSignal): Promise<void> => {
    for (const update of updates) {
      for (;;) {
        if (signal.aborted) throw new Error('polling stopped before the fetched updates were stored');
        try {
          if (!(await untilAborted(deps.enqueue(update), signal))) deps.logger.info({ updateId: update.update_id }, 'update fetched again; already taken');
          break;
        } catch (error) {
          if (signal.aborted) throw error;
          failing += 1;
          // Only the error's name: a failed statement's message may quote the update's text.
          if (failing === 1) {
            deps.logger.warn({ updateId: update.update_id, err: failureName(error) }, 'could not store a fetched update; fetching no more until it is stored');
          }
          await deps.clock.sleep(retryMs, signal).catch(() => undefined);
        }
      }
    }
    if (failing > 0) {
      deps.logger.info({ failures: failing }, 'fetched updates are stored again');
      failing = 0;
    }
  };

  const source = createSource<Update>({
    async supply(batchSize, signal) {
      // As run() does: the bot learns about itself (getMe) before the first fetch.
      if (!initialised) {
        await bot.init();
        initialised = true;
      }
      const updates = await fetchUpdates(batchSize, signal);
      await storeAll(updates, signal as AbortSignal);
      return updates;
    },
  });
  // Every update of the batch is stored already; the queue's worker handles them.
  const sink: UpdateSink<Update> = { handle: async () => Infinity, size: () => 0, snapshot: () => [] };
  const runner = createRunner(source, sink);
  runner.start();
  const task = runner.task() ?? Promise.resolve();
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      // Not awaited: the runner's task may sit out a retry pause (or a 429's) before it notices; it sends nothing meanwhile.
      if (runner.isRunning()) void runner.stop()?.catch(() => undefined);
    },
    task,
  };
}

/** The promise's outcome, or a rejection as soon as `signal` aborts (a store stuck on an unreachable database must not hold a stop). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function failureName(error: unknown): string {
  const code = (error as { code?: unknown; cause?: { code?: unknown } } | null)?.cause?.code ?? (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown';
}
