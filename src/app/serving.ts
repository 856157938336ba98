import { hostname } from 'node:os';
import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import type { BotContext } from '../bot/context.js';
import { dispatchTo, startPolling, startWebhook, type UpdateSource, type WebhookRemoval } from '../bot/update-source.js';
import { conversationStateKey } from '../bot/update-prelude.js';
import { startUpdateWorker } from '../bot/update-worker.js';
import type { Clock } from '../clock.js';
import { chatIdOfKey, type UpdateQueueStore } from '../db/update-queue-store.js';
import type { Config } from '../config.js';
import type { Metrics } from '../http/metrics.js';
import type { Health } from '../http/readiness.js';
import { startHttpServer, type HttpServer } from '../http/server.js';
import { createWebhookIntake } from '../http/webhook-intake.js';
import type { Logger } from '../logger.js';
import type { RoleLock } from '../db/roles.js';
import { watchRole, type RoleWatch } from './role-watcher.js';

export interface Serving {
  source: UpdateSource;
  http: HttpServer | null;
  /** Whether this instance takes updates now or stands by for them: webhook mode always; polling mode while it holds the polling role or waits for it. */
  taking(): { mode: 'webhook' | 'polling'; polling: boolean; stopping: boolean };
  /** Stop taking updates, let running handlers finish (at most `timeoutMs`), then close the HTTP server. */
  stop(timeoutMs: number): Promise<void>;
}

/**
 * Starts receiving updates, by long polling or through the webhook, and the
 * HTTP server for the webhook, /healthz, /readyz and /metrics (in polling
 * mode only when HTTP_PORT is set). In webhook mode the server listens
 * before the webhook is registered: Telegram may post the first update at once.
 */
export async function startServing(deps: {
  bot: Bot<BotContext>;
  config: Pick<Config, 'botMode' | 'httpHost' | 'httpPort' | 'webhookUrl' | 'webhookSecret' | 'telegramApiRoot'>;
  health: Health;
  metrics: Metrics;
  /** Told when a webhook update arrives with the right secret. */
  onDelivery: () => void;
  /** Where every update, posted or fetched, waits to be handled, shared by every instance. */
  updateQueue: UpdateQueueStore;
  /** Told of every update before it is stored: keeps in memory what the queue must not store. */
  onArrival?: (update: Update) => void;
  /** Names this instance in the queue's claims; host and pid when not given. */
  instanceId?: string;
  /**
   * The database is this instance's alone (SQLite): its one writer takes one
   * statement at a time, so a webhook update, too, may be claimed as it is
   * stored (see UpdateWorker.accept). Several instances' webhooks may store
   * two updates of one chat at once; their updates are claimed apart.
   */
  exclusiveStorage?: boolean;
  /** Polling mode: Telegram allows one getUpdates client per bot, so only the holder of this role polls. */
  pollingRole: RoleLock;
  /** Polling mode: the webhook's removal, asked for already by a single instance (create-app.ts); its first poller awaits it instead of asking. */
  webhookRemoval?: WebhookRemoval;
  clock: Clock;
  logger: Logger;
}): Promise<Serving> {
  const { bot, config, clock, logger } = deps;
  const serve = (webhook?: Parameters<typeof startHttpServer>[0]['webhook']) =>
    startHttpServer({
      host: config.httpHost,
      port: config.httpPort ?? 0,
      health: deps.health,
      metrics: deps.metrics,
      ...(webhook ? { webhook } : {}),
      logger: logger.child({ component: 'http' }),
    });

  let http: HttpServer | null = null;
  let source: UpdateSource;
  let polling: { watch: RoleWatch; source: UpdateSource } | null = null;
  // Both modes store every update in the queue before it is handled; this worker handles them, on every
  // instance (a standby in polling mode too: it takes over what a dead poller had stored).
  // Updates a process that died was handling are handled now, not when its claims run out (a chat waits behind them).
  const orphans = await deps.updateQueue.releaseOrphans();
  if (orphans > 0) logger.warn({ updates: orphans }, 'updates left half-handled by a stopped process are handled again');
  const worker = startUpdateWorker({
    store: deps.updateQueue,
    handle: dispatchTo(bot, logger),
    holder: deps.instanceId ?? `${hostname()}:${process.pid}`,
    // The poller stores a batch one update at a time (and only the holder of the polling role polls).
    claimOnArrival: config.botMode === 'polling' || deps.exclusiveStorage === true,
    // The chat's conversation state, which every update's prelude reads first.
    readKeyOf: (chatKey) => {
      const chatId = chatIdOfKey(chatKey);
      return chatId === undefined ? undefined : conversationStateKey(chatId);
    },
    clock,
    logger: logger.child({ component: 'update-queue' }),
  });
  const enqueue = async (update: Update) => {
    deps.onArrival?.(update);
    return worker.accept(update);
  };
  if (config.botMode === 'webhook') {
    if (!config.webhookUrl || !config.webhookSecret || config.httpPort === undefined) {
      await worker.stop(0);
      throw new Error('webhook mode needs WEBHOOK_URL, WEBHOOK_SECRET and HTTP_PORT');
    }
    const intake = createWebhookIntake({
      secret: config.webhookSecret,
      enqueue,
      onDelivery: deps.onDelivery,
      onRefused: () => deps.metrics.webhookRefused(),
      clock,
      logger: logger.child({ component: 'webhook' }),
    });
    http = await serve({ path: new URL(config.webhookUrl).pathname, intake }).catch(async (error: unknown) => {
      await worker.stop(0);
      throw error;
    });
    logger.info({ url: http.url }, 'HTTP server listening');
    try {
      source = await startWebhook(bot, { url: config.webhookUrl, secret: config.webhookSecret, intake, worker, clock, logger });
    } catch (error) {
      await worker.stop(0);
      await http.close();
      throw error;
    }
  } else {
    try {
      if (config.httpPort !== undefined) {
        http = await serve();
        logger.info({ url: http.url }, 'HTTP server listening');
      }
      const role = deps.pollingRole;
      // Asked for once: a poller started again (the role lost and taken back) asks Telegram itself.
      let webhookRemoval = deps.webhookRemoval;
      const startPoller = () => {
        const removal = webhookRemoval;
        webhookRemoval = undefined;
        return startPolling(bot, { apiRoot: config.telegramApiRoot, enqueue, mayFetch: () => role.held, clock, logger, ...(removal ? { webhookRemoval: removal } : {}) });
      };
      polling = pollWhileHeld(role, startPoller, logger);
      await polling.watch.firstTry;
    } catch (error) {
      await polling?.source.stop(0);
      await worker.stop(0);
      await http?.close();
      throw error;
    }
    const poller = polling.source;
    source = {
      async stop(timeoutMs) {
        // Polling ends first (the role is released for a standby at once); the updates in hand then get their time.
        // Nothing more is claimed meanwhile: what is stored and not yet claimed is another instance's to take.
        worker.stopClaiming();
        await poller.stop(timeoutMs);
        // Updates stored and not yet claimed stay in the queue for another instance or the next start.
        await worker.stop(timeoutMs);
      },
      failed: poller.failed,
    };
  }
  let stopping = false;
  return {
    source,
    http,
    taking: () => ({ mode: config.botMode, polling: polling?.watch.active ?? false, stopping }),
    async stop(timeoutMs) {
      stopping = true;
      await source.stop(timeoutMs);
      await http?.close();
    },
  };
}

/**
 * Long polling only while this instance holds the polling role: started when
 * the role is gained, stopped when it is lost or at shutdown (releasing the
 * role at once, for a standby to take). A failure of the poller (401, 409)
 * ends the process only while it holds the role: a 409 met while handing
 * over is the other poller's turn, not a fault.
 */
function pollWhileHeld(lock: RoleLock, start: () => Promise<UpdateSource>, logger: Logger): { watch: RoleWatch; source: UpdateSource } {
  let runner: UpdateSource | null = null;
  let fail!: (error: unknown) => void;
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  const watch = watchRole(
    lock,
    {
      async start() {
        const started = await start();
        runner = started;
        started.failed.catch((error: unknown) => {
          if (runner === started && lock.held) fail(error);
        });
        logger.info('polling Telegram for updates: this instance holds the polling role');
      },
      async stop() {
        const stopping = runner;
        runner = null;
        // Fetching ends at once; the updates already stored are the worker's, which goes on.
        await stopping?.stop(0);
      },
    },
    { logger },
  );
  return {
    watch,
    source: {
      async stop() {
        await watch.stop();
      },
      failed,
    },
  };
}
