import { Bot } from 'grammy';
import { startServing, type Serving } from '../../src/app/serving.js';
import type { BotContext } from '../../src/bot/context.js';
import { systemClock } from '../../src/clock.js';
import type { RoleLock } from '../../src/db/roles.js';
import type { UpdateQueueStore } from '../../src/db/update-queue-store.js';
import { createMetrics } from '../../src/http/metrics.js';
import type { Health } from '../../src/http/readiness.js';
import { createLogger } from '../../src/logger.js';
import type { FakeBotApi } from '../support/fake-bot-api/index.js';

/**
 * One instance's update intake in polling mode, as production starts it
 * (startServing with the update queue and the polling role), over a bot
 * that answers every text with the update_id it handles, so that the fake
 * Bot API counts the handlings of each update. Every Bot API call of the
 * instance carries `giftdesk_test_instance` (Telegram ignores unknown
 * parameters; the fake records them): the calls say who made them.
 */
export interface PollingInstance {
  name: string;
  serving: Serving;
  logs: { msg: string; time: number; [key: string]: unknown }[];
  /** The update_ids this instance's bot handled, in order. */
  handled: number[];
  stop(): Promise<void>;
}

export const replyFor = (updateId: number) => `handled ${updateId}`;

export async function startPollingInstance(
  name: string,
  telegram: FakeBotApi,
  deps: { updateQueue: UpdateQueueStore; pollingRole: RoleLock; handlerMs?: number },
): Promise<PollingInstance> {
  const logs: PollingInstance['logs'] = [];
  const logger = createLogger({
    level: 'debug',
    instance: name,
    destination: { write: (line: string) => void logs.push(JSON.parse(line) as PollingInstance['logs'][number]) },
  });
  const bot = new Bot<BotContext>(telegram.token, { client: { apiRoot: telegram.apiRoot } });
  bot.api.config.use((prev, method, payload, signal) => prev(method, { ...payload, giftdesk_test_instance: name } as typeof payload, signal));
  // As the app does before it takes updates (connectToTelegram): any instance's worker may handle one, poller or not.
  await bot.init();
  const handled: number[] = [];
  bot.on('message:text', async (ctx) => {
    handled.push(ctx.update.update_id);
    if (deps.handlerMs) await systemClock.sleep(deps.handlerMs);
    await ctx.reply(replyFor(ctx.update.update_id));
  });
  // As the app's bot does: a handler's error is reported, and the next update is handled.
  bot.catch((error) => logger.warn({ updateId: error.ctx.update.update_id }, 'handler failed'));
  const unused = async () => {
    throw new Error('no HTTP server in this test');
  };
  const health: Health = { healthz: unused, readyz: unused };
  const serving = await startServing({
    bot,
    config: { botMode: 'polling', httpHost: '127.0.0.1', httpPort: undefined, webhookUrl: undefined, webhookSecret: undefined, telegramApiRoot: telegram.apiRoot },
    health,
    metrics: createMetrics({ store: { ordersByState: async () => [], pendingNotifications: async () => 0 }, defaultMetrics: false }),
    onDelivery: () => undefined,
    updateQueue: deps.updateQueue,
    instanceId: name,
    pollingRole: deps.pollingRole,
    clock: systemClock,
    logger,
  });
  return { name, serving, logs, handled, stop: () => serving.stop(5_000) };
}

/** How many times the bot answered each update, counted at the fake Bot API from the replies it received. */
export function repliesPerUpdate(telegram: FakeBotApi, chatIds: number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const chatId of chatIds) {
    for (const message of telegram.messages(chatId)) {
      const match = /^handled (\d+)$/.exec(message.text);
      if (match) counts.set(Number(match[1]), (counts.get(Number(match[1])) ?? 0) + 1);
    }
  }
  return counts;
}

/** getUpdates calls made by one instance, as the fake recorded them. */
export function pollsBy(telegram: FakeBotApi, name: string) {
  return telegram.callsTo('getUpdates').filter((call) => call.payload['giftdesk_test_instance'] === name);
}

/**
 * Drops (cuts the connection of) every getUpdates call that would confirm
 * updates, while `on()` holds: a poller that dies before Telegram saw its
 * confirmation. Its updates stay pending at the fake, for the next poller.
 */
export function loseConfirmations(telegram: FakeBotApi): { off(): void } {
  let dropping = true;
  const stopListening = telegram.onCall((call) => {
    if (dropping && call.method === 'getUpdates' && Number(call.payload['offset'] ?? 0) > 0) telegram.dropNext('getUpdates');
  });
  return {
    off() {
      dropping = false;
      stopListening();
    },
  };
}
