import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { exitCode, startBotProcess } from '../support/bot-process.js';
import { createFakeBotApi, type FakeBotApi } from '../support/fake-bot-api/index.js';
import { ADMIN } from './harness.js';

describe('one database, one provider', () => {
  let telegram: FakeBotApi;
  let live: Sandbox;
  let dir: string;
  beforeAll(async () => {
    telegram = await createFakeBotApi();
    // Stands in for the live provider: the bot sees an ordinary base URL and key.
    live = await createSandbox();
    dir = mkdtempSync(join(tmpdir(), 'giftdesk-identity-'));
  });
  afterAll(async () => {
    await telegram?.close();
    await live?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const env = (provider: Record<string, string>, databasePath?: string) => ({
    BOT_TOKEN: telegram.token,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    ADMIN_IDS: String(ADMIN.id),
    ...provider,
    ...(databasePath ? { DATABASE_PATH: databasePath } : {}),
  });

  it('refuses to start a sandbox database against the live provider, saying what to do, and sends the provider nothing', async () => {
    const databasePath = join(dir, 'shared.sqlite');
    const sandboxRun = startBotProcess(env({ PROVIDER_BASE_URL: 'sandbox' }, databasePath));
    await sandboxRun.waitForLog('giftdesk is running');
    expect(await sandboxRun.stop()).toBe(0);

    const liveRun = startBotProcess(env({ PROVIDER_BASE_URL: `${live.baseUrl}/`, PROVIDER_API_KEY: live.apiKey, LOG_LEVEL: 'silent' }, databasePath));
    expect(await exitCode(liveRun)).toBe(2);
    expect(liveRun.output()).toContain(`giftdesk did not start: the database ${databasePath} belongs to the sandbox, but PROVIDER_BASE_URL is now ${live.baseUrl}.`);
    expect(liveRun.output()).toContain('set DATABASE_PATH to a new file');
    expect(liveRun.output()).not.toContain(live.apiKey);
    expect(live.requests).toHaveLength(0);
  });

  it('keeps sandbox mode in a database file of its own when DATABASE_PATH is not set', async () => {
    const bot = startBotProcess(env({ PROVIDER_BASE_URL: 'sandbox' }));
    try {
      const running = await bot.waitForLog('giftdesk is running');
      expect(running['databasePath']).toBe('./data/giftdesk-sandbox.sqlite');
      expect(existsSync(join(bot.cwd, 'data', 'giftdesk-sandbox.sqlite'))).toBe(true);
      expect(existsSync(join(bot.cwd, 'data', 'giftdesk.sqlite'))).toBe(false);
    } finally {
      await bot.stop();
    }
  });
});
