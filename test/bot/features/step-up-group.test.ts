import { describe, expect, it } from 'vitest';
import { chatDriver } from '../../e2e/chat-driver.js';
import type { FakeUser, SentMessage } from '../../support/fake-bot-api/index.js';
import { ADMIN, SECOND_ADMIN, STAFF, startDualWorld, type DualWorld } from './dual-world.js';
import { KEY, freshCode, secretOf } from './step-up-helpers.js';

const FORUM = { id: -100_777, type: 'supergroup' as const, title: 'Gift admins', isForum: true };
/** An administrator who has never opened a private chat with the bot. */
const CY: FakeUser = { id: 1003, firstName: 'Cy', languageCode: 'en' };
const CARD = /Approval needed: request \d+/;
const APPROVE = /^ap:y:/;
const ASKED = /Enter the 6-digit code from your authenticator app to approve request \d+, pressed in the administrators' group/;

const groupCards = (world: DualWorld) => world.telegram.messages(FORUM.id).filter((m) => CARD.test(m.text));
const privateCards = (world: DualWorld, user: FakeUser) => world.telegram.messages(user.id).filter((m) => CARD.test(m.text));
const now = (world: DualWorld, card: SentMessage) => world.telegram.messages(FORUM.id).find((m) => m.message_id === card.message_id)!;
const approveButtons = (message: SentMessage) =>
  (message.reply_markup && 'inline_keyboard' in message.reply_markup ? message.reply_markup.inline_keyboard.flat() : []).filter((b) => 'callback_data' in b && APPROVE.test(b.callback_data ?? ''));
const stateOf = (world: DualWorld, card: SentMessage) => {
  const id = Number(/request (\d+)/.exec(card.text)![1]);
  return world.db.$client.prepare<[number], { state: string }>('select state from approvals where id = ?').get(id)!.state;
};

/**
 * Ada and Bea set up authenticators (each approving the other's while
 * step-up is off), the group is bound (Bea confirms), orders above 1 IRR
 * wait for approval, and step-up is turned on; their secrets.
 */
async function groupWithStepUp(world: DualWorld): Promise<{ ada: string; bea: string }> {
  const ada = chatDriver(world.telegram, ADMIN);
  const bea = chatDriver(world.telegram, SECOND_ADMIN);
  for (const [chat, user] of [[ada, ADMIN], [bea, SECOND_ADMIN]] as const) {
    await chat.say('/stepup enrol', /send the 6-digit code/);
    await chat.say(freshCode(world, await secretOf(world, user)), /another administrator approves/);
  }
  await bea.say(`/stepup approve ${ADMIN.id}`, /authenticator is now in force/);
  await ada.say(`/stepup approve ${SECOND_ADMIN.id}`, /authenticator is now in force/);
  world.telegram.addBotToGroup(ADMIN, FORUM);
  const confirm = await bea.answerTo(() => world.telegram.sendText(ADMIN, '/admingroup bind', FORUM), /Please confirm[\s\S]*“Gift admins”/);
  world.telegram.clickButton(SECOND_ADMIN, confirm, /Confirm/);
  await world.telegram.waitFor(() => world.telegram.topics(FORUM.id).size === 3 || undefined);
  await ada.say('/approvals threshold 1', /Orders above 1 IRR now wait/);
  await ada.say('/stepup on', /Step-up is on/);
  return { ada: await secretOf(world, ADMIN), bea: await secretOf(world, SECOND_ADMIN) };
}

/** `who` orders one Google Play 10 USD; its approval card in the group. */
async function requestApproval(world: DualWorld, who: FakeUser): Promise<SentMessage> {
  const chat = chatDriver(world.telegram, who);
  await chat.say('/order', /Choose a category/);
  await chat.say('Google Play 10', /Products matching/);
  await chat.tap(/^Google Play 10 USD/, /How many\?/);
  await chat.say('1', /Please check your order/);
  const before = groupCards(world).length;
  await chat.tap(/Confirm/, /needs an administrator's approval/);
  return world.telegram.waitFor(() => (groupCards(world).length > before ? groupCards(world).at(-1) : undefined));
}

/** Presses Approve on the group's card as `user`; the answer to the press. */
async function pressApprove(world: DualWorld, user: FakeUser, card: SentMessage) {
  const press = world.telegram.clickButton(user, card, /^Approve$/);
  return world.telegram.waitFor(() => world.telegram.callbackAnswer(press));
}

/** Presses Approve on the group's card as `user`, who is then asked for their code privately; the answer to the press. */
async function pressAndAsk(world: DualWorld, user: FakeUser, card: SentMessage) {
  let press = '';
  await chatDriver(world.telegram, user).answerTo(() => void (press = world.telegram.clickButton(user, card, /^Approve$/)), ASKED);
  return world.telegram.waitFor(() => world.telegram.callbackAnswer(press));
}

/** What the bot said in the group about codes: nothing, ever. */
const codeTalk = (world: DualWorld) => world.telegram.messages(FORUM.id).filter((m) => /6-digit|authenticator|Wrong code|Too late/.test(m.text));

describe('Approve in the administrators\' group with step-up on', () => {
  it('asks the presser\'s code in their private chat, never in the group, and the group\'s card shows the approval once it is typed there', async () => {
    const world = await startDualWorld({ env: { STEP_UP_KEY: KEY } });
    const secrets = await groupWithStepUp(world);
    const ada = chatDriver(world.telegram, ADMIN);

    // The card goes to the group's approvals topic, not to the administrators' private chats.
    const card = await requestApproval(world, STAFF);
    const approvalsTopic = [...world.telegram.topics(FORUM.id)].find(([, name]) => name === 'Approvals')![0];
    expect(card.thread_id).toBe(approvalsTopic);
    expect(privateCards(world, ADMIN)).toHaveLength(0);
    expect(privateCards(world, SECOND_ADMIN)).toHaveLength(0);

    const sent = world.posts();
    const told = await pressAndAsk(world, ADMIN, card);
    expect(told.text).toMatch(/I wrote to you in our private chat/);
    // Nothing is asked in the group, and nothing is approved yet.
    expect(codeTalk(world)).toEqual([]);
    expect(now(world, card).edits).toBe(0);
    expect(stateOf(world, card)).toBe('pending');

    // A right code typed in the group is not taken there; a wrong one in private is counted, as in private approvals.
    const code = freshCode(world, secrets.ada);
    world.telegram.sendText(ADMIN, code, FORUM);
    await ada.say('000000', /Wrong code\. 4 tries left/);
    expect(stateOf(world, card)).toBe('pending');
    expect(world.posts()).toBe(sent);

    await ada.say(code, /approved/i);
    const approved = await world.telegram.waitFor(() => (now(world, card).edits > 0 ? now(world, card) : undefined));
    expect(approved.text).toMatch(/approved/i);
    expect(approveButtons(approved)).toEqual([]);
    await world.telegram.waitForMessage(STAFF.id, /approved/i);
    expect(world.posts()).toBe(sent + 1);
    expect(codeTalk(world)).toEqual([]);

    // A prompt left past its three minutes approves nothing.
    const late = await requestApproval(world, STAFF);
    await pressAndAsk(world, ADMIN, late);
    world.clock.shift(4 * 60_000);
    await ada.say(freshCode(world, secrets.ada), /Too late for that code/);
    expect(stateOf(world, late)).toBe('pending');
    expect(now(world, late).edits).toBe(0);

    // Ada is asked, Bea approves meanwhile with her own code: Ada's code then approves nothing again.
    const beaChat = chatDriver(world.telegram, SECOND_ADMIN);
    await pressAndAsk(world, ADMIN, late);
    await pressAndAsk(world, SECOND_ADMIN, late);
    const posted = world.posts();
    await beaChat.say(freshCode(world, secrets.bea), /approved/i);
    await world.telegram.waitFor(() => (now(world, late).edits > 0 ? now(world, late) : undefined));
    await ada.say(freshCode(world, secrets.ada), /Already approved by Bea/);
    expect(world.posts()).toBe(posted + 1);
    expect(now(world, late).edits).toBe(1);
  });

  it('tells an administrator with no private chat to open one, asking nothing, and never lets the requester approve their own order', async () => {
    const world = await startDualWorld({ env: { STEP_UP_KEY: KEY } });
    await world.services.staff.add(CY.id, 'admin', ADMIN.id);
    await groupWithStepUp(world);

    const card = await requestApproval(world, STAFF);
    const answer = await pressApprove(world, CY, card);
    expect(answer).toMatchObject({ show_alert: true });
    expect(answer.text).toMatch(/Open a private chat with me first/);
    expect(world.telegram.messages(CY.id)).toEqual([]);
    expect(stateOf(world, card)).toBe('pending');
    expect(now(world, card).edits).toBe(0);

    // Ada's own order: refused in the group, and no code is asked of her for it.
    const own = await requestApproval(world, ADMIN);
    const before = world.telegram.messages(ADMIN.id).length;
    const refused = await pressApprove(world, ADMIN, own);
    expect(refused.text).toBe("Your own order needs another administrator's approval.");
    expect(world.telegram.messages(ADMIN.id)).toHaveLength(before);
    expect(stateOf(world, own)).toBe('pending');
  });
});
