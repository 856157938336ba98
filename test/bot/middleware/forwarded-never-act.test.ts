import { describe, expect, it } from 'vitest';
import { chatDriver, forwardedText as forward } from '../../e2e/chat-driver.js';
import { ADMIN, STAFF, startBotWorld } from '../conversations/order/bot-world.js';

describe('forwarded messages', () => {
  it("never run as the forwarder's command, with either Bot API's forward marks", async () => {
    const world = await startBotWorld();
    const admin = chatDriver(world.telegram, ADMIN);
    for (const how of ['origin', 'legacy'] as const) {
      const refusal = await admin.answerTo(() => forward(world.telegram, ADMIN, '/staff add 4242 admin', how), /Forwarded commands are not run/);
      expect(refusal.text).toContain('type the command yourself');
    }
    const list = await admin.say('/staff', /Staff/);
    expect(list.text).not.toContain('4242');
  });

  it('do not answer a step of an order: the step waits for what the person types', async () => {
    const world = await startBotWorld();
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await chat.say('Google Play 10', /Products matching/);
    await chat.tap(/^Google Play 10 USD/, /How many\?/);
    await chat.answerTo(() => forward(world.telegram, STAFF, '1'), /I do not act on forwarded messages/);
    await chat.say('1', /Please check your order/);
  });
});
