import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser, SentMessage } from '../support/fake-bot-api/index.js';
import { chatDriver, craftedGroupPress } from './chat-driver.js';
import { ADMIN, adminForum, bindAdminGroup, sharedWorld, STAFF } from './harness.js';

const SECOND_ADMIN: FakeUser = { id: 1002, firstName: 'Bea', languageCode: 'en' };
const NEWCOMER: FakeUser = { id: 1003, firstName: 'Cai', languageCode: 'en' };
const LATECOMER: FakeUser = { id: 1004, firstName: 'Dev', languageCode: 'en' };
const THIRD_COMER: FakeUser = { id: 1005, firstName: 'Eli', languageCode: 'en' };
const FORUM = adminForum(-100_556);
const LONG = { timeoutMs: 15_000 };

/** Dual-control cards (a privileged change waiting for a second administrator) once the administrators' group is bound. */
describe('dual-control cards in the administrators\' group', () => {
  const world = sharedWorld({ staff: [STAFF] });
  const ada = () => chatDriver(world.telegram, ADMIN);
  const cardsIn = (chatId: number) => world.telegram.messages(chatId).filter((m) => /Please confirm/.test(m.text));
  const now = (card: SentMessage) => world.telegram.messages(card.chat_id).find((m) => m.message_id === card.message_id)!;
  const answerTo = (press: string) => world.telegram.waitFor(() => world.telegram.callbackAnswer(press), LONG);
  let approvalsTopic = 0;

  beforeAll(async () => {
    world.telegram.addChat(SECOND_ADMIN);
    await ada().say(`/staff add ${SECOND_ADMIN.id} admin`, new RegExp(`${SECOND_ADMIN.id} can now use giftdesk`));
    // No group is bound yet: the binding's own card goes to the other administrator privately.
    await bindAdminGroup(world, FORUM, { confirmedBy: SECOND_ADMIN });
    approvalsTopic = [...world.telegram.topics(FORUM.id)].find(([, name]) => name === 'Approvals')![0];
  }, 60_000);

  /** Ada asks to make `who` an administrator: a privileged change that waits for a second one. */
  async function askForAdmin(who: FakeUser): Promise<SentMessage> {
    world.telegram.addChat(who);
    const before = cardsIn(FORUM.id).length;
    await ada().say(`/staff add ${who.id} admin`, /Sent to the other administrators/);
    return world.telegram.waitFor(() => (cardsIn(FORUM.id).length > before ? cardsIn(FORUM.id).at(-1) : undefined), LONG);
  }

  it('puts the card in the approvals topic once, and none in the other administrator\'s private chat', async () => {
    const card = await askForAdmin(NEWCOMER);
    expect(card.thread_id).toBe(approvalsTopic);
    expect(card.text).toContain(`Ada wants to make ${NEWCOMER.id} an administrator`);
    await ada().say('/help', /./);
    expect(world.telegram.messages(SECOND_ADMIN.id).filter((m) => /wants to make/.test(m.text))).toHaveLength(0);
  });

  it('refuses a member who is not an administrator and the requester\'s own Confirm, changing nothing', async () => {
    const card = cardsIn(FORUM.id).at(-1)!;
    expect((await answerTo(world.telegram.clickButton(STAFF, card, /Confirm/))).text).toBe('Only an administrator can do this; nothing was changed.');
    expect((await answerTo(world.telegram.clickButton(ADMIN, card, /Confirm/))).text).toBe("You can't confirm your own request: another administrator must.");
    const [row] = await world.database.rows<{ state: string }>('select state from admin_requests order by id desc limit 1');
    expect(row!.state).toBe('pending');
    expect(now(card).edits).toBe(0);
  });

  it('lets the other administrator confirm it there, the card then saying who confirmed it, and the requester told privately', async () => {
    const card = cardsIn(FORUM.id).at(-1)!;
    world.telegram.clickButton(SECOND_ADMIN, card, /Confirm/);
    const decided = await world.telegram.waitFor(() => (/confirmed by Bea/.test(now(card).text) ? now(card) : undefined), LONG);
    expect(decided.text).toMatch(new RegExp(`Done: make ${NEWCOMER.id} an administrator\\. Asked by Ada, confirmed by Bea\\.`));
    await world.telegram.waitForMessage(ADMIN.id, /Done: make .* an administrator\. Asked by Ada, confirmed by Bea/, LONG);
    const [row] = await world.database.rows<{ state: string }>('select state from admin_requests order by id desc limit 1');
    expect(row!.state).toBe('confirmed');
  });

  it('says on the card who refused a request', async () => {
    const card = await askForAdmin(LATECOMER);
    world.telegram.clickButton(SECOND_ADMIN, card, /Refuse/);
    const decided = await world.telegram.waitFor(() => (/refused by Bea/.test(now(card).text) ? now(card) : undefined), LONG);
    expect(decided.text).toMatch(/Not done: make .* an administrator\. Asked by Ada, refused by Bea\./);
    const [row] = await world.database.rows<{ state: string }>('select state from admin_requests order by id desc limit 1');
    expect(row!.state).toBe('refused');
  });

  it('sends the card to each other administrator privately when the group does not take it', async () => {
    const stopWatching = world.telegram.onCall((call) => {
      if (call.method !== 'sendMessage' || String(call.payload['chat_id']) !== String(FORUM.id) || !String(call.payload['text']).includes('wants to make')) return;
      // This very send is refused, as Telegram refuses a message to a topic deleted meanwhile.
      world.telegram.failNext('sendMessage', { code: 400, description: 'Bad Request: message thread not found' });
      stopWatching();
    });
    world.telegram.addChat(THIRD_COMER);
    await ada().say(`/staff add ${THIRD_COMER.id} admin`, /Sent to the other administrators/);
    const card = await world.telegram.waitForMessage(SECOND_ADMIN.id, new RegExp(`Ada wants to make ${THIRD_COMER.id} an administrator`), LONG);
    world.telegram.clickButton(SECOND_ADMIN, card, /Refuse/);
    await world.telegram.waitForMessage(SECOND_ADMIN.id, /Not done: .*refused by Bea/, LONG);
  });

  it('refuses, politely and before any feature, an administrator\'s press in the group of a button that does not belong there', async () => {
    // A code reveal, a problem case, an order's tracking, a favourite: each answers in the chat where it is pressed.
    for (const data of ['oc:1', 'cs:p:1', 'ot:1', 'fv:so:1']) {
      const answer = await answerTo(craftedGroupPress(world.telegram, SECOND_ADMIN, FORUM, data));
      expect(answer.text).toBe("This button does not work in the administrators' group; nothing was changed. Use it in your private chat with the bot.");
      expect(answer.show_alert).toBe(true);
    }
    const audit = await world.database.rows<{ action: string }>("select action from audit_log where action like 'case.%'");
    expect(audit).toHaveLength(0);
  });
});
