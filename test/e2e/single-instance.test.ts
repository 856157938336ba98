import { describe, expect, it } from 'vitest';
import { startBotProcess } from '../support/bot-process.js';
import { ADMIN, sharedWorld } from './harness.js';

describe('one giftdesk per database', () => {
  const world = sharedWorld({ process: true });

  it('refuses to start a second instance on the same database, and the first keeps working', async () => {
    const second = startBotProcess({
      BOT_TOKEN: world.telegram.token,
      TELEGRAM_API_ROOT: world.telegram.apiRoot,
      PROVIDER_BASE_URL: world.sandbox.baseUrl,
      PROVIDER_API_KEY: world.sandbox.apiKey,
      DATABASE_PATH: world.databasePath,
      ADMIN_IDS: String(ADMIN.id),
    });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/did not start: another giftdesk is running on this database/);

    world.telegram.sendText(ADMIN, '/help');
    // The first instance may still be finishing its own start on a loaded machine: its answer comes when it polls.
    await world.telegram.waitForMessage(ADMIN.id, /\/order/, { timeoutMs: 15_000 });
  });

  it('starts again at once after a clean stop', async () => {
    await world.bot.stop();
    const bot = await world.restart();
    await bot.waitForLog('giftdesk is running');
    // A clean stop released the database: the next run takes it as a free one, with nothing to take over or wait for.
    expect(bot.logs().some((line) => line.msg.startsWith('took over the database'))).toBe(false);
  });

  it('takes over at once after kill -9, without waiting for the old heartbeat to go quiet', async () => {
    await world.bot.kill9();
    const bot = await world.restart();
    const line = await bot.waitForLog('took over the database from a run that ended without releasing it');
    // The proof that the old run has ended; on a machine slow enough to start it, the heartbeat may have gone quiet first.
    expect(['its process has ended', 'its heartbeat went quiet']).toContain(line['reason']);
    // Without either it would wait STALE_AFTER_MS (5 s) for the heartbeat to go quiet.
    expect(line['waitedMs']).toBeLessThan(1_000);
    world.telegram.sendText(ADMIN, '/help');
    await world.telegram.waitForMessage(ADMIN.id, /\/order/);
  });
});

