import { hostname } from 'node:os';
import type { Bot } from 'grammy';
import type { BotContext } from '../bot/context.js';
import { dispatchTo, startPolling, startWebhook, type UpdateSource } from '../bot/update-source.js';
import { startUpdateWorker } from '../bot/update-worker.js';
import type { Clock } from '../clock.js';
import type { UpdateQueueStore } from '../db/update-queue-store.js';
import type { Config } from '../config.js';
import type { Metrics } from '../http/metrics.js';
import type { Health } from '../http/readiness.js';
import { startHttpServer, type HttpServer } from '../http/server.js';
import { createWebhookIntake } from '../http/webhook-intake.js';
import type { Logger } from '../logger.js';

export interface Serving {
  source: UpdateSource;
  http: HttpServer | null;
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
  /** Webhook mode: where posted updates wait to be handled, shared by every instance. */
  updateQueue: UpdateQueueStore;
  /** Names this instance in the queue's claims; host and pid when not given. */
  instanceId?: string;
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
  if (config.botMode === 'webhook') {
    if (!config.webhookUrl || !config.webhookSecret || config.httpPort === undefined) throw new Error('webhook mode needs WEBHOOK_URL, WEBHOOK_SECRET and HTTP_PORT');
    const worker = startUpdateWorker({
      store: deps.updateQueue,
      handle: dispatchTo(bot, logger),
      holder: deps.instanceId ?? `${hostname()}:${process.pid}`,
      clock,
      logger: logger.child({ component: 'update-queue' }),
    });
    const intake = createWebhookIntake({
      secret: config.webhookSecret,
      enqueue: async (update) => {
        const fresh = await deps.updateQueue.accept(update);
        if (fresh) worker.wake();
        return fresh;
      },
      onDelivery: deps.onDelivery,
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
    if (config.httpPort !== undefined) {
      http = await serve();
      logger.info({ url: http.url }, 'HTTP server listening');
    }
    source = await startPolling(bot, { apiRoot: config.telegramApiRoot, clock, logger });
  }
  return {
    source,
    http,
    async stop(timeoutMs) {
      await source.stop(timeoutMs);
      await http?.close();
    },
  };
}
