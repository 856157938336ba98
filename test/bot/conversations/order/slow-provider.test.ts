import { describe, expect, it } from 'vitest';
import { chatDriver } from '../../../e2e/chat-driver.js';
import type { RecordedCall } from '../../../support/fake-bot-api/index.js';
import { STAFF, startBotWorld, type BotWorld } from './bot-world.js';

const typingIn = (world: BotWorld, chatId: number): RecordedCall[] =>
  world.telegram.callsTo('sendChatAction').filter((call) => call.payload['chat_id'] === chatId && call.payload['action'] === 'typing');

/** When the bot's answer to the last step arrived at the fake Bot API. */
const answeredAt = (world: BotWorld, chatId: number): number =>
  world.telegram
    .callsTo('editMessageText')
    .concat(world.telegram.callsTo('sendMessage'))
    .filter((call) => call.payload['chat_id'] === chatId)
    .reduce((latest, call) => Math.max(latest, call.at), 0);

describe('a step that waits on a slow provider', () => {
  it('shows typing while the product is read, before the quantity question arrives', async () => {
    const world = await startBotWorld();
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await chat.say('Google Play 10', /Products matching/);
    world.sandbox.controls.setLatency(1_200);
    await chat.tap(/^Google Play 10 USD/, /How many\?/);
    const typing = typingIn(world, STAFF.id);
    expect(typing.length).toBeGreaterThanOrEqual(1);
    expect(typing[0]!.at).toBeLessThan(answeredAt(world, STAFF.id));
  });

  it('shows typing while the summary reads the product and the balance', async () => {
    const world = await startBotWorld();
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await chat.say('Google Play 10', /Products matching/);
    await chat.tap(/^Google Play 10 USD/, /How many\?/);
    const before = typingIn(world, STAFF.id).length;
    world.sandbox.controls.setLatency(1_200);
    await chat.say('1', /Please check your order/);
    expect(typingIn(world, STAFF.id).length).toBeGreaterThan(before);
  });

  it('shows no typing when the provider answers at once', async () => {
    const world = await startBotWorld();
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await chat.say('Google Play 10', /Products matching/);
    await chat.tap(/^Google Play 10 USD/, /How many\?/);
    await chat.say('1', /Please check your order/);
    expect(typingIn(world, STAFF.id)).toEqual([]);
  });
});
