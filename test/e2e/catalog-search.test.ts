import { describe, expect, it } from 'vitest';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld } from './harness.js';

describe('searching the catalog in the order conversation', () => {
  const world = sharedWorld();

  it('offers Netflix to a staff member who types its name in Persian', async () => {
    const chat = chatDriver(world.telegram, ADMIN);
    await chat.say('/order', /Choose a category/);
    const results = await chat.say('نتفلیکس', /Products matching "نتفلیکس"/);
    const buttons = results.reply_markup && 'inline_keyboard' in results.reply_markup ? results.reply_markup.inline_keyboard.flat().map((b) => b.text) : [];
    expect(buttons).toContain('Netflix 30 USD');
    await chat.tap('Netflix 30 USD', /How many\?/);
  });
});
