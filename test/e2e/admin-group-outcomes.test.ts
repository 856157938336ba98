import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser, SentMessage } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, adminForum, bindAdminGroup, sharedWorld, STAFF } from './harness.js';

const BEA: FakeUser = { id: 1002, firstName: 'Bea', languageCode: 'en' };
const CAI: FakeUser = { id: 1003, firstName: 'Cai', languageCode: 'en' };
const DEE: FakeUser = { id: 1004, firstName: 'Dee', languageCode: 'en' };
const FORUM = adminForum(-100_557);
const LONG = { timeoutMs: 20_000 };

/**
 * Four administrators working from one group: Ada asks, Bea decides on the
 * group's card, Cai reads the group only, Dee asked for private copies too.
 * What became of a request is on the group's card; privately only the one
 * who asked and those who want copies hear it again.
 */
describe('outcomes of requests decided in the administrators\' group', () => {
  const world = sharedWorld({ staff: [STAFF] });
  const ada = () => chatDriver(world.telegram, ADMIN);
  const now = (card: SentMessage) => world.telegram.messages(card.chat_id).find((m) => m.message_id === card.message_id)!;
  const privately = (who: FakeUser, pattern: RegExp) => world.telegram.messages(who.id).filter((m) => pattern.test(m.text));
  const dualCards = () => world.telegram.messages(FORUM.id).filter((m) => /Please confirm/.test(m.text));
  const approvalCards = () => world.telegram.messages(FORUM.id).filter((m) => /Ordered by/.test(m.text));

  /** Ada makes `who` an administrator while there is no group yet: Bea confirms it privately. */
  async function addAdminPrivately(who: FakeUser) {
    world.telegram.addChat(who);
    await ada().say(`/staff add ${who.id} admin`, /Sent to the other administrators/);
    const card = await world.telegram.waitForMessage(BEA.id, new RegExp(`Please confirm[\\s\\S]*make ${who.id} an administrator`), LONG);
    world.telegram.clickButton(BEA, card, /Confirm/);
    await world.telegram.waitForMessage(ADMIN.id, new RegExp(`Done: make ${who.id} an administrator`), LONG);
  }

  /**
   * Dee's private copy comes after Ada's, Bea's and Cai's (administrators are told in the order of their ids):
   * once it is there, a copy for Cai or Bea would have come too.
   */
  const deeTold = (pattern: RegExp) => world.telegram.waitFor(() => (privately(DEE, pattern).length > 0 ? true : undefined), LONG);

  /** Ada asks to make `who` an administrator: the card waits in the group. */
  async function askInGroup(who: number): Promise<SentMessage> {
    const before = dualCards().length;
    await ada().say(`/staff add ${who} admin`, /Sent to the other administrators/);
    return world.telegram.waitFor(() => (dualCards().length > before ? dualCards().at(-1) : undefined), LONG);
  }

  beforeAll(async () => {
    await ada().say('/velocity reads off', /now off/);
    await ada().say('/approvals threshold 1000000', /Orders above 1,000,000 IRR now wait/);
    world.telegram.addChat(BEA);
    await ada().say(`/staff add ${BEA.id} admin`, new RegExp(`${BEA.id} can now use giftdesk`));
    await addAdminPrivately(CAI);
    await addAdminPrivately(DEE);
    await bindAdminGroup(world, FORUM, { confirmedBy: BEA });
    await chatDriver(world.telegram, DEE).say('/admingroup private on', /You also get them in your private chat/);
  }, 120_000);

  it('tells a confirmation privately to the requester and to private copies only, the group\'s card saying it', async () => {
    const card = await askInGroup(2001);
    world.telegram.clickButton(BEA, card, /Confirm/);
    await world.telegram.waitFor(() => (/confirmed by Bea/.test(now(card).text) ? now(card) : undefined), LONG);
    const done = /Done: make 2001 an administrator\. Asked by Ada, confirmed by Bea/;
    await deeTold(done);
    expect(privately(ADMIN, done)).toHaveLength(1);
    expect(privately(DEE, done)).toHaveLength(1);
    expect(privately(CAI, done)).toHaveLength(0);
    expect(privately(BEA, done)).toHaveLength(0);
  });

  it('tells a refusal the same way', async () => {
    const card = await askInGroup(2002);
    world.telegram.clickButton(BEA, card, /Refuse/);
    await world.telegram.waitFor(() => (/refused by Bea/.test(now(card).text) ? now(card) : undefined), LONG);
    const refused = /Not done: make 2002 an administrator\. Asked by Ada, refused by Bea/;
    await deeTold(refused);
    expect(privately(ADMIN, refused)).toHaveLength(1);
    expect(privately(DEE, refused)).toHaveLength(1);
    expect(privately(CAI, refused)).toHaveLength(0);
    expect(privately(BEA, refused)).toHaveLength(0);
  });

  it('says on the group\'s card that a request lapsed, and privately only to the requester and private copies', async () => {
    const dual = await askInGroup(2003);
    const order = chatDriver(world.telegram, STAFF);
    await order.say('/order', /Choose a category/);
    await order.say('Google Play 10', /Products matching/);
    await order.tap(/^Google Play 10 USD/, /How many\?/);
    await order.say('1', /Please check your order/);
    const before = approvalCards().length;
    await order.tap(/Confirm/, /needs an administrator's approval/);
    const approval = await world.telegram.waitFor(() => (approvalCards().length > before ? approvalCards().at(-1) : undefined), LONG);

    // Both deadlines pass while the process is down: the sweeps at start expire them.
    await world.bot.stop();
    await world.database.change("update admin_requests set expires_at = expires_at - 86400000 where state = 'pending'");
    await world.database.change("update approvals set expires_at = expires_at - 86400000 where state = 'pending'");
    await world.restart();

    const lapsed = /Not done: make 2003 an administrator\. Asked by Ada; no one confirmed in time/;
    await world.telegram.waitFor(() => (lapsed.test(now(dual).text) ? true : undefined), LONG);
    const expired = /A request of Sam expired without a decision/;
    await world.telegram.waitFor(() => (expired.test(now(approval).text) ? true : undefined), LONG);
    await world.telegram.waitForMessage(STAFF.id, /has expired/, LONG);
    await deeTold(lapsed);
    await deeTold(expired);
    expect(privately(ADMIN, lapsed)).toHaveLength(1);
    expect(privately(DEE, lapsed)).toHaveLength(1);
    expect(privately(CAI, lapsed)).toHaveLength(0);
    expect(privately(BEA, lapsed)).toHaveLength(0);
    expect(privately(DEE, expired)).toHaveLength(1);
    for (const who of [ADMIN, BEA, CAI]) expect(privately(who, expired)).toHaveLength(0);
  }, 60_000);

  it('says on the group\'s card who approved a request from a private copy', async () => {
    const order = chatDriver(world.telegram, STAFF);
    await order.say('/order', /Choose a category/);
    await order.say('Google Play 10', /Products matching/);
    await order.tap(/^Google Play 10 USD/, /How many\?/);
    await order.say('1', /Please check your order/);
    const before = approvalCards().length;
    const copiesBefore = privately(DEE, /Ordered by/).length;
    await order.tap(/Confirm/, /needs an administrator's approval/);
    const card = await world.telegram.waitFor(() => (approvalCards().length > before ? approvalCards().at(-1) : undefined), LONG);
    const copy = await world.telegram.waitFor(() => privately(DEE, /Ordered by/).at(copiesBefore), LONG);
    world.telegram.clickButton(DEE, copy, /^Approve$/);
    await world.telegram.waitFor(() => (/Already approved by Dee/.test(now(card).text) ? true : undefined), LONG);
    await world.telegram.waitForMessage(STAFF.id, /approved/i, LONG);
  });
});
