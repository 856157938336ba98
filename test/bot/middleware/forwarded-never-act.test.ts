import { describe, expect, it } from 'vitest';
import { chatDriver } from '../../e2e/chat-driver.js';
import type { FakeBotApi, FakeUser } from '../../support/fake-bot-api/index.js';
import type { RawUpdate } from '../../support/fake-bot-api/types.js';
import { ADMIN, STAFF, startBotWorld } from '../conversations/order/bot-world.js';

let nextId = 900_000;

/** A message as Telegram shows it once forwarded: someone else's words, with the forwarder as `from`. */
function forward(telegram: FakeBotApi, by: FakeUser, text: string, how: 'origin' | 'legacy' = 'origin') {
  const original = { id: 555_001, is_bot: false, first_name: 'Accomplice' };
  const marks = how === 'origin' ? { forward_origin: { type: 'user', date: 1, sender_user: original } } : { forward_from: original, forward_date: 1 };
  const entities = text.startsWith('/') ? [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }] : undefined;
  telegram.pushUpdate({
    message: {
      message_id: nextId++,
      date: Math.floor(Date.now() / 1000),
      chat: { id: by.id, type: 'private', first_name: by.firstName },
      from: { id: by.id, is_bot: false, first_name: by.firstName },
      text,
      ...(entities ? { entities } : {}),
      ...marks,
    } as unknown as NonNullable<RawUpdate['message']>,
  });
}

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
