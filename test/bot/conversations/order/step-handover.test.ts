import { describe, expect, it } from 'vitest';
import { chatDriver } from '../../../e2e/chat-driver.js';
import { STAFF, startBotWorld } from './bot-world.js';

describe('each order step handed to the next', () => {
  it('keeps the stored order as small after twenty taps as after the first, and the order still goes through once', async () => {
    const world = await startBotWorld();
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await chat.tap(/^Apple iTunes/, /choose a product/);
    // Read as the answer arrives, a size may still be the step before's; either is one step's.
    const sizes = [world.conversationBytes(STAFF.id)];
    for (let i = 0; i < 10; i += 1) {
      await chat.tap(/Back/, /Choose a category/);
      sizes.push(world.conversationBytes(STAFF.id));
      await chat.tap(/^Apple iTunes/, /choose a product/);
      sizes.push(world.conversationBytes(STAFF.id));
    }
    // One conversation for the whole order would keep every earlier step: ~2.5 KB more per tap.
    expect(sizes[0]).toBeGreaterThan(0);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(2 * sizes[0]!);

    await chat.tap(/^Apple/, /How many\?/);
    await chat.say('1', /Please check your order/);
    await chat.tap(/Confirm/, /Order A\d+ is placed/);
    expect(world.posts()).toBe(1);
  });
});
