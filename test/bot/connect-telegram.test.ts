import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToTelegram, describeTelegramFailure } from '../../src/bot/connect-telegram.js';
import { createLogger } from '../../src/logger.js';
import { createFakeBotApi, type FakeBotApi } from '../support/fake-bot-api/index.js';
import { createManualClock } from '../support/manual-clock.js';
import { unusedPort } from '../support/unused-port.js';

function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    level: 'debug',
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  return { logger, lines };
}

/** Lets pending promise callbacks run until the code under test sleeps on the clock. */
async function untilSleeping(clock: ReturnType<typeof createManualClock>): Promise<void> {
  for (let i = 0; i < 200 && clock.pendingSleeps() === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 2));
}

describe('connecting to Telegram at start-up', () => {
  let telegram: FakeBotApi;
  beforeAll(async () => {
    telegram = await createFakeBotApi();
  });
  afterAll(async () => {
    await telegram?.close();
  });

  it('returns the bot’s own user', async () => {
    const { logger } = recordingLogger();
    const me = await connectToTelegram({ api: new Api(telegram.token, { apiRoot: telegram.apiRoot }), apiRoot: telegram.apiRoot, clock: createManualClock(0), logger });
    expect(me).toMatchObject({ id: telegram.botId, is_bot: true });
  });

  it('gives up at once when the token is refused, and says so without the token', async () => {
    const { logger } = recordingLogger();
    const api = new Api('42:not-the-right-token', { apiRoot: telegram.apiRoot });
    const error = await connectToTelegram({ api, apiRoot: telegram.apiRoot, clock: createManualClock(0), logger }).catch((e: unknown) => e);
    const text = describeTelegramFailure(error, telegram.apiRoot);
    expect(text).toBe('Telegram refused the bot token (401 Unauthorized). Check BOT_TOKEN: copy it again from @BotFather.');
    expect(text).not.toContain('not-the-right-token');
  });

  it('names a webhook left set as the reason getUpdates is refused', async () => {
    const api = new Api(telegram.token, { apiRoot: telegram.apiRoot });
    await api.setWebhook('http://127.0.0.1:9/unused');
    const error = await api.getUpdates({ timeout: 0 }).catch((e: unknown) => e);
    await api.deleteWebhook();
    expect(describeTelegramFailure(error, telegram.apiRoot)).toMatch(/^A webhook is set for this bot, so Telegram refuses long polling \(409 Conflict\)/);
  });

  it('waits and tries again, with a warning, while the Bot API answers with a server error', async () => {
    const { logger, lines } = recordingLogger();
    const clock = createManualClock(0);
    telegram.failNext('getMe', { code: 502, description: 'Bad Gateway' }, 2);
    const connecting = connectToTelegram({ api: new Api(telegram.token, { apiRoot: telegram.apiRoot }), apiRoot: telegram.apiRoot, clock, logger });
    await untilSleeping(clock);
    clock.advance(1_000);
    await untilSleeping(clock);
    clock.advance(2_000);
    await expect(connecting).resolves.toMatchObject({ id: telegram.botId });
    const warnings = lines.filter((line) => line['msg'] === 'cannot reach Telegram yet; retrying');
    expect(warnings.map((line) => line['retryInMs'])).toEqual([1_000, 2_000]);
    expect(warnings[0]?.['reason']).toBe('Telegram answered 502 to getMe: Bad Gateway');
  });

  it('names the address and the network error, not the request URL, when nothing answers', async () => {
    const { logger, lines } = recordingLogger();
    const clock = createManualClock(0);
    const apiRoot = `http://127.0.0.1:${await unusedPort()}`;
    const connecting = connectToTelegram({ api: new Api('42:secret-part', { apiRoot }), apiRoot, clock, logger });
    await untilSleeping(clock);
    const warning = lines.find((line) => line['msg'] === 'cannot reach Telegram yet; retrying');
    expect(warning?.['reason']).toBe(`Could not reach the Telegram Bot API at ${apiRoot} (ECONNREFUSED). Check the network and TELEGRAM_API_ROOT.`);
    expect(JSON.stringify(lines)).not.toContain('secret-part');
    void connecting.catch(() => undefined);
  });
});
