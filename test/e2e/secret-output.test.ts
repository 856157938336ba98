import { describe, expect, it } from 'vitest';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, type World } from './harness.js';

/**
 * Cuts the bot's next long polls (the one in flight is released by a first
 * message), waits until it polls successfully again, and checks it answers.
 */
async function outageWhilePolling(world: World): Promise<void> {
  const chat = chatDriver(world.telegram, ADMIN);
  await world.telegram.waitFor(() => world.telegram.callsTo('getUpdates').length > 0 || undefined);
  world.telegram.dropNext('getUpdates', 3);
  const before = world.telegram.callsTo('getUpdates').length;
  await chat.say('/help', /\/order/);
  await world.telegram.waitFor(() => world.telegram.callsTo('getUpdates').length >= before + 4 || undefined, { timeoutMs: 20_000 });
  await chat.say('/help', /\/order/);
}

function expectNoSecret(world: World): void {
  const output = world.bot.output();
  const [, tokenSecret = ''] = world.telegram.token.split(':');
  expect(tokenSecret.length).toBeGreaterThan(20);
  expect(output).not.toContain(tokenSecret);
  expect(output).not.toContain(world.sandbox.apiKey);
}

describe('a Bot API outage while polling, at the most talkative log level', () => {
  const world = sharedWorld({ process: true, env: { LOG_LEVEL: 'trace' } });

  it('reports the outage in its own words and never prints the token', async () => {
    await outageWhilePolling(world);

    expect(world.bot.logs().some((line) => line.msg === 'cannot fetch updates from Telegram; retrying')).toBe(true);
    expect(world.bot.logs().some((line) => line.msg === 'receiving updates from Telegram again')).toBe(true);
    expectNoSecret(world);
  });
});

describe('a Bot API outage while polling, with logging switched off', () => {
  const world = sharedWorld({ process: true, env: { LOG_LEVEL: 'silent' } });

  it('prints nothing at all, the token least of all', async () => {
    await outageWhilePolling(world);

    expectNoSecret(world);
    expect(world.bot.output().trim()).toBe('');
  });
});
