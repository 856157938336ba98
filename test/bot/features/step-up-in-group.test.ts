import { describe, expect, it } from 'vitest';
import type { FakeUser } from '../../support/fake-bot-api/index.js';
import { chatDriver } from '../../e2e/chat-driver.js';
import { ADMIN, SECOND_ADMIN, startDualWorld } from './dual-world.js';
import { KEY, freshCode, secretOf } from './step-up-helpers.js';

const NEWCOMER: FakeUser = { id: 1003, firstName: 'Cai', languageCode: 'en' };
const FORUM = { id: -100_557, type: 'supergroup' as const, title: 'Gift admins', isForum: true };
const LONG = { timeoutMs: 10_000 };

describe('a step-up code for a card pressed in the administrators\' group', () => {
  it('is asked for, and typed, in the presser\'s private chat, never in the group; the group\'s card then says who confirmed', async () => {
    const world = await startDualWorld({ env: { STEP_UP_KEY: KEY } });
    const ada = chatDriver(world.telegram, ADMIN);
    const bea = chatDriver(world.telegram, SECOND_ADMIN);
    world.telegram.addBotToGroup(ADMIN, FORUM);
    world.telegram.sendText(ADMIN, '/admingroup bind', FORUM);
    const binding = await world.telegram.waitForMessage(SECOND_ADMIN.id, /Please confirm[\s\S]*“Gift admins”/, LONG);
    world.telegram.clickButton(SECOND_ADMIN, binding, /Confirm/);
    await world.telegram.waitFor(() => world.telegram.topics(FORUM.id).size === 3 || undefined, LONG);

    // A card in the group while step-up is off; then Bea sets up her authenticator and step-up is turned on.
    world.telegram.addChat(NEWCOMER);
    await ada.say(`/staff add ${NEWCOMER.id} admin`, /Sent to the other administrators/);
    const card = await world.telegram.waitForMessage(FORUM.id, /Please confirm[\s\S]*wants to make/, LONG);
    await bea.say('/stepup enrol', /send the 6-digit code/);
    const secret = await secretOf(world, SECOND_ADMIN);
    await bea.say(freshCode(world, secret), /another administrator approves/);
    await ada.say(`/stepup approve ${SECOND_ADMIN.id}`, /authenticator is now in force/);
    await bea.say('/stepup on', /Step-up is on/);

    const inGroup = world.telegram.messages(FORUM.id).length;
    await bea.answerTo(() => world.telegram.clickButton(SECOND_ADMIN, card, /Confirm/), /6-digit code from your authenticator app/);
    expect(world.telegram.messages(FORUM.id)).toHaveLength(inGroup);
    await bea.say(freshCode(world, secret), /Done: make .* an administrator\. Asked by Ada, confirmed by Bea/);
    const decided = await world.telegram.waitFor(() => {
      const now = world.telegram.messages(FORUM.id).find((m) => m.message_id === card.message_id)!;
      return /confirmed by Bea/.test(now.text) ? now : undefined;
    }, LONG);
    expect(decided.text).toMatch(/Asked by Ada, confirmed by Bea/);
    expect(world.telegram.messages(FORUM.id)).toHaveLength(inGroup);
  }, 60_000);
});
