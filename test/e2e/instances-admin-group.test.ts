import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../src/safeguards/step-up/totp.js';
import type { FakeUser, SentMessage } from '../support/fake-bot-api/index.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../support/round-robin-proxy.js';
import { portForServer } from '../support/unused-port.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, adminForum, bindAdminGroup, STAFF, startWorld, type World } from './harness.js';
import { posts } from './order-steps.js';
import { batchAwaitingApproval } from './admin-group-steps.js';
import { fileRows, lastId } from './batch-steps.js';

const SECRET = 'group-Instances-0123456789abcdefghij';
const PATH = '/telegram/updates';
const NAMES = ['one', 'two'] as const;
const SECOND_ADMIN: FakeUser = { id: 1002, firstName: 'Bea', languageCode: 'en' };
const FORUM = adminForum(-100_888);
const CARD = /Approval needed: request (\d+)/;
const ASKED = /to approve request \d+, pressed in the administrators' group/;
const LONG = { timeoutMs: 15_000 };

/**
 * Two instances of giftdesk on one PostgreSQL database, in webhook mode
 * behind a proxy that hands each update to the next instance, the
 * administrators' group bound through one of them and step-up on: a card
 * is posted once in the group, an alert once, and a press or a code goes
 * to whichever instance and acts once.
 */
describe('two instances with the administrators\' group and step-up', () => {
  let world: World;
  let proxy: RoundRobinProxy;
  let secret = '';
  const ada = () => chatDriver(world.telegram, ADMIN);
  const groupCards = () => world.telegram.messages(FORUM.id).filter((m) => CARD.test(m.text));
  /** How many times the request's card was posted in the group (edits not counted). */
  const postedCards = (request: string) =>
    world.telegram.callsTo('sendMessage').filter((call) => Number(call.payload['chat_id']) === FORUM.id && String(call.payload['text']).includes(`Approval needed: request ${request}\n`)).length;
  const current = (card: SentMessage) => world.telegram.messages(FORUM.id).find((m) => m.message_id === card.message_id)!;
  const stateOf = async (card: SentMessage) => (await world.database.rows<{ state: string }>('select state from approvals where id = ?', [Number(CARD.exec(card.text)![1])]))[0]!.state;

  beforeAll(async () => {
    const ports = await Promise.all(NAMES.map(() => portForServer()));
    proxy = await startRoundRobinProxy(ports);
    const envOf = (i: number) => ({ INSTANCE_ID: NAMES[i]!, HTTP_PORT: String(ports[i]) });
    world = await startWorld({
      database: 'postgresql',
      staff: [STAFF],
      telegram: { webhookOneUpdatePerChat: true },
      env: { BOT_MODE: 'webhook', WEBHOOK_URL: proxy.url(PATH), WEBHOOK_SECRET: SECRET, STEP_UP_KEY: randomBytes(32).toString('hex'), ...envOf(0) },
    });
    await world.startAnother(envOf(1));
    await ada().say('/velocity reads off', /now off/);
    world.telegram.addChat(SECOND_ADMIN);
    await ada().say(`/staff add ${SECOND_ADMIN.id} admin`, /can now use giftdesk/);
    await ada().say('/stepup enrol', /send the 6-digit code/);
    const qr = world.telegram.messages(ADMIN.id).find((m) => m.photo !== undefined)!;
    const keyboard = (qr.reply_markup as { inline_keyboard: { text: string; copy_text?: { text: string } }[][] }).inline_keyboard;
    secret = keyboard.flat().find((button) => button.text === 'Copy key')!.copy_text!.text;
    await ada().say(totpCodeAt(secret, Date.now()), /another administrator approves/);
    await chatDriver(world.telegram, SECOND_ADMIN).say(`/stepup approve ${ADMIN.id}`, /authenticator is now in force/);
    await bindAdminGroup(world, FORUM, { confirmedBy: SECOND_ADMIN });
    await ada().say('/approvals threshold 1000000', /now wait/);
    await ada().say('/stepup on', /Step-up is on/);
  }, 120_000);
  afterAll(async () => {
    await world?.close();
    await proxy?.close();
  });

  /** STAFF orders one Google Play 10 USD (1,250,000 IRR), which waits for approval; its card in the group. */
  async function requestApproval(): Promise<SentMessage> {
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await chat.say('Google Play 10', /Products matching/);
    await chat.tap(/^Google Play 10 USD/, /How many\?/);
    await chat.say('1', /Please check your order/);
    const before = groupCards().length;
    await chat.tap(/Confirm/, /needs an administrator's approval/);
    return world.telegram.waitFor(() => (groupCards().length > before ? groupCards().at(-1) : undefined), LONG);
  }

  /** Ada presses Approve in the group and is asked her code privately; the press's answer. */
  async function press(card: SentMessage) {
    let id = '';
    await ada().answerTo(() => void (id = world.telegram.clickButton(ADMIN, card, /^Approve$/)), ASKED, LONG.timeoutMs);
    return world.telegram.waitFor(() => world.telegram.callbackAnswer(id), LONG);
  }

  it('posts the card once, and approves it once for presses and a code taken by either instance', async () => {
    const card = await requestApproval();
    const id = CARD.exec(card.text)![1]!;
    const sent = posts(world);
    // Two presses in a row: the proxy hands them to the two instances in turn; each asks Ada privately.
    const forwarded = proxy.forwards.length;
    expect((await press(card)).text).toMatch(/I wrote to you in our private chat/);
    expect((await press(card)).text).toMatch(/I wrote to you in our private chat/);
    expect(new Set(proxy.forwards.slice(forwarded).map((forward) => forward.port)).size).toBe(2);
    expect(await stateOf(card)).toBe('pending');

    await ada().say(totpCodeAt(secret, Date.now() + 30_000), /approved/i);
    await world.telegram.waitFor(() => (current(card).edits > 0 ? true : undefined), LONG);
    await world.telegram.waitForMessage(STAFF.id, /approved/i, LONG);
    expect(current(card).text).toMatch(/approved/i);
    expect(current(card).edits).toBe(1);
    expect(posts(world)).toBe(sent + 1);
    expect(postedCards(id)).toBe(1);
    expect(world.telegram.messages(ADMIN.id).filter((m) => CARD.test(m.text))).toEqual([]);
  });

  it("posts a batch's card once, and approves it once for presses and a code taken by either instance", async () => {
    // Time-steps are taken once and only go forward: this case's code must come from a step after the one the case above used.
    const stepAtStart = Math.floor(Date.now() / 30_000);
    world.sandbox.controls.setBalance(1_000_000_000);
    const card = await batchAwaitingApproval(world, STAFF, FORUM);
    const id = Number(/Batch #(\d+)/.exec(card.text)![1]);
    const batchPosts = () => world.telegram.callsTo('sendMessage').filter((call) => Number(call.payload['chat_id']) === FORUM.id && String(call.payload['text']).includes(`Batch #${id} waits`)).length;
    const since = lastId(world, STAFF.id);
    const sent = posts(world);
    const forwarded = proxy.forwards.length;
    for (let round = 0; round < 2; round++) {
      let press = '';
      await ada().answerTo(() => void (press = world.telegram.clickButton(ADMIN, card, /Approve batch/)), new RegExp(`approve batch ${id}, pressed in the administrators' group`), LONG.timeoutMs);
      expect((await world.telegram.waitFor(() => world.telegram.callbackAnswer(press), LONG)).text).toMatch(/I wrote to you in our private chat/);
    }
    expect(new Set(proxy.forwards.slice(forwarded).map((forward) => forward.port)).size).toBe(2);
    const [waiting] = await world.database.rows<{ state: string }>('select state from batches where id = ?', [id]);
    expect(waiting!.state).toBe('waiting-approval');

    await world.telegram.waitFor(() => Math.floor(Date.now() / 30_000) > stepAtStart || undefined, { timeoutMs: 35_000 });
    await ada().say(totpCodeAt(secret, Date.now() + 30_000), new RegExp(`You approved batch #${id}`));
    await world.telegram.waitFor(() => (/Approved by Ada/.test(current(card).text) ? true : undefined), LONG);
    expect(await fileRows(world, STAFF.id, since)).toHaveLength(2);
    expect(posts(world)).toBe(sent + 1);
    expect(current(card).edits).toBe(1);
    expect(batchPosts()).toBe(1);
    expect(world.telegram.messages(ADMIN.id).filter((m) => /waits for your approval/.test(m.text))).toEqual([]);
  }, 90_000);

  it('counts wrong codes typed to either instance together and alerts the group once when they lock', async () => {
    const card = await requestApproval();
    await press(card);
    for (let left = 4; left >= 1; left--) await ada().say('000000', new RegExp(`Wrong code\\. ${left} tries left`));
    await ada().say('000000', /Too many wrong codes/);
    const alertsTopic = [...world.telegram.topics(FORUM.id)].find(([, name]) => name === 'Alerts')![0];
    const alerts = () => world.telegram.messages(FORUM.id).filter((m) => /entered 5 wrong step-up codes/.test(m.text));
    await world.telegram.waitFor(() => alerts().length > 0 || undefined, LONG);
    expect(alerts().map((m) => m.thread_id)).toEqual([alertsTopic]);
    expect(await stateOf(card)).toBe('pending');
    expect(current(card).edits).toBe(0);
    expect(postedCards(CARD.exec(card.text)![1]!)).toBe(1);
    expect(world.telegram.messages(SECOND_ADMIN.id).filter((m) => /entered 5 wrong step-up codes/.test(m.text))).toEqual([]);
  });
});
