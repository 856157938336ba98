import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCode, startBotProcess } from '../support/bot-process.js';
import { createFakeBotApi, type FakeBotApi } from '../support/fake-bot-api/index.js';
import { unusedPort } from '../support/unused-port.js';
import { ADMIN, sharedWorld } from './harness.js';

const WRONG_TOKEN = '987654:wrong-secret-token-part';

describe('starting with a bad Telegram setting', () => {
  let telegram: FakeBotApi;
  let dir: string;
  beforeAll(async () => {
    telegram = await createFakeBotApi();
    dir = mkdtempSync(join(tmpdir(), 'giftdesk-start-'));
  });
  afterAll(async () => {
    await telegram?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const env = (overrides: Record<string, string>) => ({
    BOT_TOKEN: telegram.token,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    PROVIDER_BASE_URL: 'sandbox',
    DATABASE_PATH: join(dir, `${Math.random().toString(36).slice(2)}.sqlite`),
    ADMIN_IDS: String(ADMIN.id),
    ...overrides,
  });

  it('says the token was refused, without printing it, when Telegram answers 401', async () => {
    const bot = startBotProcess(env({ BOT_TOKEN: WRONG_TOKEN }));
    expect(await exitCode(bot)).toBe(1);
    expect(bot.output()).toContain('giftdesk failed to start: Telegram refused the bot token');
    expect(bot.output()).toContain('BOT_TOKEN');
    expect(bot.output()).not.toContain('wrong-secret-token-part');
    expect(telegram.callsTo('getMe').length).toBeGreaterThan(0);
  });

  it('stops with exit code 2 and says which setting to change when the database folder cannot be created', async () => {
    const bot = startBotProcess(env({ DATABASE_PATH: '/proc/giftdesk/giftdesk.sqlite' }));
    expect(await exitCode(bot)).toBe(2);
    expect(bot.output()).toContain('giftdesk did not start: cannot create or open the database at /proc/giftdesk/giftdesk.sqlite');
    expect(bot.output()).toContain('Set DATABASE_PATH');
    expect(telegram.callsTo('getUpdates')).toHaveLength(0);
  });

  it('stops with exit code 2 and names the fault when SANDBOX_FAULTS names a product the sandbox does not sell', async () => {
    const bot = startBotProcess(env({ SANDBOX_FAULTS: 'fail_product=424242' }));
    expect(await exitCode(bot)).toBe(2);
    expect(bot.output()).toContain('giftdesk did not start: SANDBOX_FAULTS: the sandbox sells no product 424242');
    expect(telegram.callsTo('getUpdates')).toHaveLength(0);
  });

  it('keeps trying, and says where and why in its log, while the Bot API cannot be reached', async () => {
    const closed = await unusedPort();
    const bot = startBotProcess(env({ TELEGRAM_API_ROOT: `http://127.0.0.1:${closed}` }));
    try {
      const line = await bot.waitForLog('cannot reach Telegram yet; retrying', 20_000);
      expect(line['reason']).toBe(
        `Could not reach the Telegram Bot API at http://127.0.0.1:${closed} (ECONNREFUSED). Check the network and TELEGRAM_API_ROOT.`,
      );
      expect(bot.child?.exitCode).toBeNull();
      expect(bot.output()).not.toContain(telegram.token.split(':')[1]!);
    } finally {
      await bot.kill9();
    }
  });
});

describe('starting without an amount unit', () => {
  let telegram: FakeBotApi;
  let dir: string;
  beforeAll(async () => {
    telegram = await createFakeBotApi();
    dir = mkdtempSync(join(tmpdir(), 'giftdesk-unit-'));
  });
  afterAll(async () => {
    await telegram?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('warns that amounts are shown without a unit and which setting to change', async () => {
    const bot = startBotProcess({
      BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      PROVIDER_BASE_URL: 'sandbox',
      DATABASE_PATH: join(dir, 'unit.sqlite'),
      ADMIN_IDS: String(ADMIN.id),
      AMOUNT_UNIT: '',
    });
    try {
      const line = await bot.waitForLog((l) => l.msg.startsWith('AMOUNT_UNIT is empty'), 20_000);
      expect(line['level']).toBe(40);
      expect(line['msg']).toContain('Rial');
    } finally {
      await bot.kill9();
    }
  });
});

describe('a second instance with the same token', () => {
  const world = sharedWorld({ process: true, inProcessSandbox: true });

  it('makes the first one stop cleanly and say why, with ordering paused and administrators told', async () => {
    // The administrator has a chat with the bot, as every administrator does.
    world.telegram.addChat(ADMIN);
    const second = startBotProcess({
      BOT_TOKEN: world.telegram.token,
      TELEGRAM_API_ROOT: world.telegram.apiRoot,
      PROVIDER_BASE_URL: 'sandbox',
      DATABASE_PATH: `${world.databasePath}-second`,
      ADMIN_IDS: String(ADMIN.id),
    });
    try {
      await second.waitForLog('giftdesk is running');
      expect(await exitCode(world.bot)).toBe(1);
      expect(world.bot.output()).toContain('giftdesk stopped: Another program is receiving this bot’s updates with the same token (409 Conflict).');
      expect(world.bot.output()).not.toContain('triggerUncaughtException');
      // It may be a thief's program rather than a second giftdesk: ordering paused, administrators told, before it ended.
      await world.telegram.waitForMessage(ADMIN.id, /another program is taking the bot's messages/);
      // The newer instance carries on.
      world.telegram.sendText(ADMIN, '/help');
      await world.telegram.waitForMessage(ADMIN.id, /\/order/);
    } finally {
      await second.stop();
    }
  });
});
