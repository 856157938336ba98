import { Api } from 'grammy';
import { beforeAll, describe, expect, it } from 'vitest';
import { portForServer } from '../support/unused-port.js';
import { ADMIN, sharedWorld } from './harness.js';

const SECRET = 'token_watch_Secret-0123456789abcdef';
const THIEF = 'https://thief.example.net/hook';

/**
 * Someone else holds the bot's token and registers a webhook of their own,
 * against the built program: the watch looks right after giftdesk's own
 * registration (never taking what the previous run left for a sign) and
 * then every TOKEN_WATCH_SECONDS, here one second.
 */
describe('a stolen bot token, against the built program', () => {
  let port = 0;
  let url = '';
  beforeAll(async () => {
    port = await portForServer();
    url = `http://127.0.0.1:${port}/telegram/updates`;
  });
  const world = sharedWorld({
    process: true,
    env: {
      BOT_MODE: 'webhook',
      get HTTP_PORT() {
        return String(port);
      },
      get WEBHOOK_URL() {
        return url;
      },
      WEBHOOK_SECRET: SECRET,
      TOKEN_WATCH_SECONDS: '1',
    },
  });

  const methodsFrom = (start: number) => world.telegram.calls.slice(start).map((call) => call.method);
  const alerts = () => world.telegram.messages(ADMIN.id).filter((m) => /Someone else is using this bot's token/.test(m.text));
  const pause = async () => (await world.database.rows<{ value: string }>('select value from app_state where key = ?', ['ordering.pause']))[0]?.value ?? 'null';

  it('takes its own webhook for no sign, looking every second', async () => {
    await world.telegram.waitFor(() => world.telegram.callsTo('getWebhookInfo').length >= 2 || undefined);
    const methods = methodsFrom(0);
    expect(methods.indexOf('setWebhook')).toBeLessThan(methods.indexOf('getWebhookInfo'));
    expect(alerts()).toEqual([]);
    expect(JSON.parse(await pause())).toBeNull();
  });

  it('looks once right after start, after removing its own webhook to poll, and takes nothing it left for a sign', async () => {
    await world.bot.stop();
    const start = world.telegram.calls.length;
    // The periodic watch would not come round for an hour: the look seen is the one at start.
    await world.restart({ BOT_MODE: 'polling', TOKEN_WATCH_SECONDS: '3600' });
    await world.telegram.waitFor(() => methodsFrom(start).includes('getWebhookInfo') || undefined);
    const methods = methodsFrom(start);
    expect(methods.indexOf('deleteWebhook')).toBeLessThan(methods.indexOf('getWebhookInfo'));
    expect(alerts()).toEqual([]);
    expect(JSON.parse(await pause())).toBeNull();
  });

  it('pauses ordering and tells administrators when another webhook URL is registered behind its back', async () => {
    await world.bot.stop();
    await world.restart();
    // Ada has talked to the bot before, so the bot may write to her.
    world.telegram.addChat(ADMIN);
    await new Api(world.telegram.token, { apiRoot: world.telegram.apiRoot }).setWebhook(THIEF);

    const [alert] = await world.telegram.waitFor(() => (alerts().length > 0 ? alerts() : undefined));
    expect(alert!.text).toContain(THIEF);
    expect(alert!.text).toMatch(/Ordering is paused.*revoke the token/s);
    expect(JSON.parse(await pause())).toMatchObject({ source: 'telegram', reason: `webhook ${THIEF}` });
    await world.bot.waitForLog((line) => line.msg === 'someone else is using the bot token: ordering paused');
    // Told once, however often the watch looks meanwhile: twice more, here.
    const looked = world.telegram.calls.length;
    await world.telegram.waitFor(() => (methodsFrom(looked).filter((method) => method === 'getWebhookInfo').length >= 2 ? true : undefined), { timeoutMs: 10_000 });
    expect(alerts()).toHaveLength(1);
  });
});
