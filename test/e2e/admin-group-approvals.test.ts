import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, adminForum, bindAdminGroup, sharedWorld, STAFF } from './harness.js';

const SECOND_ADMIN: FakeUser = { id: 1002, firstName: 'Bea', languageCode: 'en' };
const FORUM = adminForum(-100_555);
const LONG = { timeoutMs: 15_000 };

/** Orders above 1,000,000 IRR wait for an administrator; Google Play 10 USD costs 1,250,000 IRR in the sandbox. */
describe('approval cards in the administrators\' group', () => {
  const world = sharedWorld({ staff: [STAFF] });
  const ada = () => chatDriver(world.telegram, ADMIN);
  const groupCards = () => world.telegram.messages(FORUM.id).filter((m) => /Ordered by/.test(m.text));

  beforeAll(async () => {
    await ada().say('/velocity reads off', /now off/);
    await ada().say('/approvals threshold 1000000', /Orders above 1,000,000 IRR now wait/);
    world.telegram.addChat(SECOND_ADMIN);
    await ada().say(`/staff add ${SECOND_ADMIN.id} admin`, new RegExp(`${SECOND_ADMIN.id} can now use giftdesk`));
    await bindAdminGroup(world, FORUM, { confirmedBy: SECOND_ADMIN });
  }, 60_000);

  /** `who` orders one Google Play 10 USD to its summary and confirms: the request waits for approval. */
  async function requestApproval(who: FakeUser) {
    const chat = chatDriver(world.telegram, who);
    await chat.say('/order', /Choose a category/);
    await chat.say('Google Play 10', /Products matching/);
    await chat.tap(/^Google Play 10 USD/, /How many\?/);
    await chat.say('1', /Please check your order/);
    const before = groupCards().length;
    await chat.tap(/Confirm/, /needs an administrator's approval/);
    return world.telegram.waitFor(() => (groupCards().length > before ? groupCards().at(-1) : undefined), LONG);
  }

  it('puts the card in the approvals topic once, not in the administrators\' private chats', async () => {
    const privateBefore = world.telegram.messages(SECOND_ADMIN.id).filter((m) => /Ordered by/.test(m.text)).length;
    const card = await requestApproval(STAFF);
    const approvalsTopic = [...world.telegram.topics(FORUM.id)].find(([, name]) => name === 'Approvals')![0];
    expect(card.thread_id).toBe(approvalsTopic);
    expect(world.telegram.messages(SECOND_ADMIN.id).filter((m) => /Ordered by/.test(m.text))).toHaveLength(privateBefore);
  });

  it('refuses a press by a member who is not an administrator politely, and changes nothing', async () => {
    const card = groupCards().at(-1)!;
    const press = world.telegram.clickButton(STAFF, card, /^Approve$/);
    const answer = await world.telegram.waitFor(() => world.telegram.callbackAnswer(press), LONG);
    expect(answer.text).toBe('Only an administrator can do this; nothing was changed.');
    const [row] = await world.database.rows<{ state: string }>('select state from approvals order by id desc limit 1');
    expect(row!.state).toBe('pending');
    expect(world.telegram.messages(FORUM.id).find((m) => m.message_id === card.message_id)!.edits).toBe(0);
  });

  it('lets an administrator approve it there, the card then showing it approved', async () => {
    const card = groupCards().at(-1)!;
    world.telegram.clickButton(SECOND_ADMIN, card, /^Approve$/);
    const decided = await world.telegram.waitFor(() => {
      const now = world.telegram.messages(FORUM.id).find((m) => m.message_id === card.message_id)!;
      return now.edits > 0 && /approved/i.test(now.text) ? now : undefined;
    }, LONG);
    // The card is everyone's in the group: it names who approved it.
    expect(decided.text).toContain('Bea approved it.');
    expect(decided.text).not.toContain('You approved it');
    await world.telegram.waitForMessage(STAFF.id, /approved/i, LONG);
  });

  it('refuses the requester\'s own Approve in the group, even an administrator\'s', async () => {
    const card = await requestApproval(ADMIN);
    const press = world.telegram.clickButton(ADMIN, card, /^Approve$/);
    const answer = await world.telegram.waitFor(() => world.telegram.callbackAnswer(press), LONG);
    expect(answer.text).toBe("Your own order needs another administrator's approval.");
    const [row] = await world.database.rows<{ state: string }>('select state from approvals order by id desc limit 1');
    expect(row!.state).toBe('pending');
  });

  it('names who rejected a request on its card in the group', async () => {
    const card = await requestApproval(STAFF);
    world.telegram.clickButton(SECOND_ADMIN, card, /^Reject$/);
    const decided = await world.telegram.waitFor(() => {
      const now = world.telegram.messages(FORUM.id).find((m) => m.message_id === card.message_id)!;
      return /Rejected by/.test(now.text) ? now : undefined;
    }, LONG);
    expect(decided.text).toContain('Rejected by Bea. Sam is told.');
  });
});
