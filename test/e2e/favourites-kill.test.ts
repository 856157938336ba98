import { describe, expect, it } from 'vitest';
import type { SentMessage } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF } from './harness.js';
import { starProducts } from './order-steps.js';

const labels = (message: SentMessage) =>
  message.reply_markup && 'inline_keyboard' in message.reply_markup ? message.reply_markup.inline_keyboard.flat().map((b) => b.text) : [];

describe('favourites when the process is killed with -9', () => {
  const world = sharedWorld({ process: true, staff: [STAFF] });

  it('keeps favourites starred and moved by hand, and a team pick, across kill -9 and the restart', async () => {
    const chat = chatDriver(world.telegram, STAFF);
    await starProducts(world, STAFF, ['Google Play 10', 'Free Fire']);
    const admin = chatDriver(world.telegram, ADMIN);
    await admin.say('/order', /Choose a category/);
    await admin.say('Google Play 10', /Products matching/);
    await admin.tap(/^Google Play 10 USD/, /How many\?/);
    await admin.tap(/Pin for the team/, /Pinned for the team/);
    await admin.tap(/Cancel/, /Cancelled/);
    const list = await chat.say('/favourites', /Your favourites/);
    const second = labels(list).filter((l) => l.startsWith('✏️ '))[1]!.slice(3);
    await chat.tap(/^⬆$/, new RegExp(`Your favourites[\\s\\S]*★ ${second}`));
    const before = labels(await chat.say('/order', /Choose a category/)).filter((l) => /^[★📌]/u.test(l));
    expect(before[0]).toBe(`★ ${second}`);
    expect(before).toContain('📌 Google Play 10 USD');

    await world.bot.kill9();
    await world.restart();
    const after = labels(await chat.say('/order', /Choose a category/)).filter((l) => /^[★📌]/u.test(l));
    expect(after).toEqual(before);
  }, 90_000);
});
