import type { Update } from 'grammy/types';
import { beforeAll, describe, expect, it } from 'vitest';
import { portForServer } from '../support/unused-port.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld } from './harness.js';

const SECRET = 'webhook_Secret-0123456789abcdefghij';

/** An update as Telegram would post it, for posts made by hand (wrong secrets). */
function textUpdate(updateId: number, text: string): Update {
  return {
    update_id: updateId,
    message: {
      message_id: 900_000 + updateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: ADMIN.id, type: 'private', first_name: 'Ada' },
      from: { id: ADMIN.id, is_bot: false, first_name: 'Ada' },
      text,
      entities: [{ type: 'bot_command', offset: 0, length: text.length }],
    },
  };
}

describe('webhook mode', () => {
  let port = 0;
  let url = '';
  beforeAll(async () => {
    port = await portForServer();
    url = `http://127.0.0.1:${port}/telegram/updates`;
  });
  const world = sharedWorld({ process: true,
    env: {
      BOT_MODE: 'webhook',
      get HTTP_PORT() {
        return String(port);
      },
      get WEBHOOK_URL() {
        return url;
      },
      WEBHOOK_SECRET: SECRET,
    },
  });
  const admin = () => chatDriver(world.telegram, ADMIN);

  it('registers the webhook with its secret and the handled update types at start, without dropping pending updates', () => {
    expect(world.telegram.callsTo('setWebhook').at(-1)?.payload).toMatchObject({
      url,
      secret_token: SECRET,
      allowed_updates: ['message', 'callback_query', 'my_chat_member', 'channel_post'],
      drop_pending_updates: false,
    });
    expect(world.telegram.callsTo('getUpdates')).toEqual([]);
  });

  it('answers updates Telegram posts with the right secret', async () => {
    await admin().say('/help', /How it works/);
    expect(world.telegram.webhookDeliveries.at(-1)?.status).toBe(200);
  });

  it('refuses an update with a wrong or missing secret with 401 and handles nothing', async () => {
    const before = world.telegram.messages(ADMIN.id).length;

    expect(await world.telegram.postToWebhook(textUpdate(70_001, '/help'), 'wrong_secret')).toBe(401);
    expect(await world.telegram.postToWebhook(textUpdate(70_002, '/help'), null)).toBe(401);
    // Handled in order after the refused ones had they been taken: exactly one answer proves they were not.
    await admin().say('/help', /How it works/);

    expect(world.telegram.messages(ADMIN.id).length - before).toBe(1);
    // Summed up, at most one line a minute: the first refusal's line, not one per attempt.
    expect(world.bot.logs().filter((line) => line.msg === 'webhook requests refused since the last report: wrong or missing secret token')).toHaveLength(1);
  });

  it('keeps one chat in order while Telegram posts its updates at once', async () => {
    // /balance waits for the provider, /help does not: handled out of order, the answers would interleave wrongly.
    world.sandbox.controls.setLatency(150);
    const before = world.telegram.messages(ADMIN.id).length;
    const sent = ['/balance', '/help', '/balance', '/help', '/balance', '/help'];
    for (const text of sent) world.telegram.sendText(ADMIN, text);

    const answers = await world.telegram.waitFor(() => {
      const now = world.telegram.messages(ADMIN.id).slice(before);
      return now.length >= sent.length ? now : undefined;
    });
    world.sandbox.controls.setLatency(0);

    expect(answers.map((m) => (/Wallet balance/.test(m.text) ? '/balance' : /How it works/.test(m.text) ? '/help' : m.text))).toEqual(sent);
  });

  it('answers an update in hand before it stops', async () => {
    world.sandbox.controls.setLatency(1_500);
    const before = world.telegram.messages(ADMIN.id).length;
    world.telegram.sendText(ADMIN, '/balance');
    // Taken by the bot (answered 200) while its provider read is still on the way.
    await world.telegram.waitFor(() => world.telegram.pendingUpdates().length === 0 || undefined);

    expect(await world.bot.stop()).toBe(0);
    world.sandbox.controls.setLatency(0);

    expect(world.telegram.messages(ADMIN.id).slice(before).map((m) => m.text)).toEqual([expect.stringMatching(/Wallet balance/)]);
    expect(world.bot.logs().some((line) => line.msg === 'stopped before every update was handled')).toBe(false);
  });

  it('removes the webhook before polling when started in polling mode', async () => {
    await world.bot.stop();
    const deletes = world.telegram.callsTo('deleteWebhook').length;

    await world.restart({ BOT_MODE: 'polling' });

    expect(world.telegram.callsTo('deleteWebhook').length).toBe(deletes + 1);
    const calls = world.telegram.calls.map((call) => call.method);
    expect(calls.lastIndexOf('deleteWebhook')).toBeLessThan(calls.lastIndexOf('getUpdates'));
    expect(calls.indexOf('getUpdates')).toBeGreaterThan(calls.lastIndexOf('deleteWebhook'));
    expect(world.telegram.callsTo('deleteWebhook').at(-1)?.payload).toMatchObject({ drop_pending_updates: false });
    expect(world.telegram.webhook()).toBeNull();
    await admin().say('/help', /How it works/);
  });

  it('asks for the removal beside getMe on a single instance, and once more when that early ask failed', async () => {
    await world.bot.stop();
    await world.restart({ BOT_MODE: 'webhook' });
    expect(world.telegram.webhook()?.url).toBe(url);
    await world.bot.stop();
    const before = world.telegram.calls.length;
    // Telegram out of reach for a moment at start: getMe is tried again a second later, and the removal asked beside it fails.
    world.telegram.failNext('getMe', { code: 502, description: 'Bad Gateway' }, 1);
    world.telegram.failNext('deleteWebhook', { code: 502, description: 'Bad Gateway' }, 1);

    await world.restart({ BOT_MODE: 'polling' });

    const calls = world.telegram.calls.slice(before).map((call) => call.method);
    const getMes = calls.flatMap((method, index) => (method === 'getMe' ? [index] : []));
    const removals = calls.flatMap((method, index) => (method === 'deleteWebhook' ? [index] : []));
    expect(getMes.length).toBeGreaterThanOrEqual(2);
    // Asked without waiting for getMe's answer: before getMe's second try.
    expect(removals[0]).toBeLessThan(getMes[1]!);
    // The early ask failed: asked again before polling, so no webhook is left to end it with a 409.
    expect(removals).toHaveLength(2);
    expect(removals[1]).toBeLessThan(calls.indexOf('getUpdates'));
    expect(world.telegram.webhook()).toBeNull();
    await admin().say('/help', /How it works/);
  });
});
