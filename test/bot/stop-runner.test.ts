import { run, type RunnerHandle } from '@grammyjs/runner';
import { Bot } from 'grammy';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stopRunner } from '../../src/bot/stop-runner.js';
import { systemClock } from '../../src/clock.js';
import { createLogger } from '../../src/logger.js';
import { createFakeBotApi, type FakeBotApi } from '../support/fake-bot-api/index.js';

const USER = { id: 2002, firstName: 'Sam' };

describe('stopping the update runner', () => {
  let telegram: FakeBotApi;
  let runner: RunnerHandle | undefined;
  let release: () => void = () => undefined;
  let entered: Promise<void>;
  let finished: boolean;

  beforeEach(async () => {
    telegram = await createFakeBotApi();
    finished = false;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let enter: () => void = () => undefined;
    entered = new Promise<void>((resolve) => (enter = resolve));
    const bot = new Bot(telegram.token, { client: { apiRoot: telegram.apiRoot } });
    bot.on('message', async () => {
      enter();
      await gate;
      finished = true;
    });
    runner = run(bot, { runner: { silent: true } });
  });
  afterEach(async () => {
    release();
    if (runner?.isRunning()) await runner.stop();
    await telegram.close();
  });

  it('waits for an update that is still being handled', async () => {
    telegram.sendText(USER, 'hello');
    await entered;
    let stopped = false;
    const stopping = stopRunner(runner!, { clock: systemClock, logger: createLogger({ level: 'silent' }), timeoutMs: 5_000 }).then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
  });

  it('gives up on a handler that outlasts the time allowed, and says so', async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'warn', destination: { write: (line: string) => void lines.push(line) } });
    telegram.sendText(USER, 'hello');
    await entered;
    await stopRunner(runner!, { clock: systemClock, logger, timeoutMs: 100 });
    expect(finished).toBe(false);
    expect(lines.join('')).toContain('stopped before every update was handled');
  });
});
