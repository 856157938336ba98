import { Api } from 'grammy';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdminAlerts } from '../../src/alerts/admin-alerts.js';
import { tokenWatchFor } from '../../src/alerts/token-watch.js';
import { systemClock } from '../../src/clock.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { silentLogger } from '../../src/logger.js';
import { createOrderingPauseStore } from '../../src/db/ordering-pause-store.js';
import { createAppStateStore } from '../../src/db/app-state-store.js';
import { translatorFor } from '../../src/text/i18n.js';
import { ADMIN } from '../support/fake-people.js';
import { createFakeBotApi, type FakeBotApi } from '../support/fake-bot-api/index.js';

const OURS = 'https://giftdesk.example.com/telegram';
let telegram: FakeBotApi;
const opened: Db[] = [];
beforeEach(async () => {
  await telegram?.close();
  telegram = await createFakeBotApi();
  // The administrator has a private chat with the bot, as every staff member does.
  telegram.addChat(ADMIN);
});
afterAll(async () => {
  await telegram?.close();
  opened.splice(0).forEach(closeDb);
});

/** The watch as the app composes it, on a real pause store and real alerts through the fake Bot API. */
function watch(mode: 'polling' | 'webhook', shared?: { db: Db; webhookUrl?: string }) {
  const db = shared?.db ?? openDb(':memory:');
  if (!shared) opened.push(db);
  const api = new Api(telegram.token, { apiRoot: telegram.apiRoot });
  const pauses = createOrderingPauseStore({ database: databaseOf(db), clock: systemClock });
  const alerts = createAdminAlerts({
    recipients: () => [{ telegramId: ADMIN.id, locale: 'en' }],
    sendText: async (chatId, text) => void (await api.sendMessage(chatId, text)),
    clock: systemClock,
    logger: silentLogger,
  });
  const tokenWatch = tokenWatchFor({
    config: { botMode: mode, webhookUrl: mode === 'webhook' ? (shared?.webhookUrl ?? OURS) : undefined },
    api,
    appState: createAppStateStore({ database: databaseOf(db), clock: systemClock }),
    pauses,
    alerts,
    translate: translatorFor,
    logger: silentLogger,
  });
  return { tokenWatch, pauses, api, db };
}

/** What someone holding the token does to take the bot's messages: their own webhook. */
const stealWebhook = () => new Api(telegram.token, { apiRoot: telegram.apiRoot }).setWebhook('https://thief.example.net/hook');

describe('the bot token watch', () => {
  it('tells a WEBHOOK_URL changed on a running fleet from a stolen token: the URL another of our instances registered pauses nothing, a stranger\'s still does', async () => {
    const NEW = 'https://giftdesk.example.com/telegram-v2';
    const before = watch('webhook');
    const after = watch('webhook', { db: before.db, webhookUrl: NEW });
    await before.tokenWatch.registered(false);
    // An instance started with the new WEBHOOK_URL registers it: the older one sees another URL at Telegram.
    await after.api.setWebhook(NEW);
    await after.tokenWatch.registered(true);
    await before.tokenWatch.check();
    expect(await before.pauses.current()).toBeNull();

    await stealWebhook();
    await before.tokenWatch.check();
    expect(await before.pauses.current()).toMatchObject({ source: 'telegram', reason: 'webhook https://thief.example.net/hook' });
  });

  it('tells a fleet switched from polling to webhook from a stolen token, at the watch and at a 409', async () => {
    const polling = watch('polling');
    const webhook = watch('webhook', { db: polling.db });
    await webhook.api.setWebhook(OURS);
    await webhook.tokenWatch.registered(true);
    await polling.tokenWatch.check();
    await polling.tokenWatch.pollingConflict("Conflict: can't use getUpdates method while webhook is active");
    expect(await polling.pauses.current()).toBeNull();
    expect(telegram.messages(ADMIN.id)).toEqual([]);
  });

  it('in polling mode, pauses ordering and tells administrators once when a webhook appears that giftdesk did not set', async () => {
    const { tokenWatch, pauses } = watch('polling');
    await tokenWatch.check();
    expect(await pauses.current()).toBeNull();

    await stealWebhook();
    await tokenWatch.check();
    await tokenWatch.check();

    expect(await pauses.current()).toMatchObject({ source: 'telegram', by: null, reason: 'webhook https://thief.example.net/hook' });
    const alerts = telegram.messages(ADMIN.id).filter((m) => m.text.includes('thief.example.net'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain('revoke the token');
  });

  it('in webhook mode, accepts its own webhook and a missing one, and pauses on another address', async () => {
    const { tokenWatch, pauses, api } = watch('webhook');
    await tokenWatch.check();
    await api.setWebhook(OURS);
    await tokenWatch.check();
    expect(await pauses.current()).toBeNull();

    await stealWebhook();
    await tokenWatch.check();
    expect(await pauses.current()).toMatchObject({ source: 'telegram' });
  });

  it('looks on its periodic ticks only after giftdesk registered itself, and once at once when asked to', async () => {
    const { tokenWatch, pauses, api } = watch('polling');
    // What a previous run in webhook mode left, before this run's deleteWebhook: no sign.
    await api.setWebhook(OURS);
    await tokenWatch.tick();
    expect(telegram.callsTo('getWebhookInfo')).toHaveLength(0);
    await api.deleteWebhook();

    // A non-polling instance removed nothing: marked registered, it does not look until the next tick.
    await tokenWatch.registered(false);
    expect(telegram.callsTo('getWebhookInfo')).toHaveLength(0);
    await stealWebhook();
    await tokenWatch.tick();
    expect(await pauses.current()).toMatchObject({ source: 'telegram' });
  });

  it('looks once right after registering: a webhook someone else set is seen at start, not minutes later', async () => {
    const { tokenWatch, pauses } = watch('polling');
    await stealWebhook();
    await tokenWatch.registered(true);
    expect(await pauses.current()).toMatchObject({ source: 'telegram', reason: 'webhook https://thief.example.net/hook' });
  });

  it('pauses and alerts when another client takes updates while giftdesk polls', async () => {
    const { tokenWatch, pauses } = watch('polling');
    await tokenWatch.pollingConflict('Conflict: terminated by other getUpdates request');
    expect(await pauses.current()).toMatchObject({ source: 'telegram', reason: 'polling-conflict' });
    expect(telegram.messages(ADMIN.id).some((m) => m.text.includes('another program is taking the bot'))).toBe(true);
  });
});
