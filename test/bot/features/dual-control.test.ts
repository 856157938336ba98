import { describe, expect, it, vi } from 'vitest';
import { createAdminRequestExpiry } from '../../../src/safeguards/dual-control/dual-control-announcer.js';
import { ADMIN_REQUEST_EXPIRY_MS } from '../../../src/safeguards/dual-control/admin-change.js';
import { SANDBOX_PRODUCTS } from '../../../src/sandbox/seed.js';
import { createLogger } from '../../../src/logger.js';
import { chatDriver, craftedPress } from '../../e2e/chat-driver.js';
import type { FakeUser, SentMessage } from '../../support/fake-bot-api/index.js';
import { ADMIN, SECOND_ADMIN, STAFF, startDualWorld, type DualWorld } from './dual-world.js';

const cards = (world: DualWorld, user: FakeUser) => world.telegram.messages(user.id).filter((m) => /Please confirm/.test(m.text));
const buttons = (message: SentMessage) => (message.reply_markup && 'inline_keyboard' in message.reply_markup ? message.reply_markup.inline_keyboard.flat() : []);

/** The newest card `user` received, once it arrived. */
const newestCard = (world: DualWorld, user: FakeUser, after = 0) => world.telegram.waitFor(() => cards(world, user).length > after && cards(world, user).at(-1));

/** Presses a button on a message and waits for that message to be replaced by the answer. */
async function press(world: DualWorld, user: FakeUser, message: SentMessage, label: RegExp, answer: RegExp): Promise<SentMessage> {
  const edits = world.telegram.messages(user.id).find((m) => m.message_id === message.message_id)!.edits;
  world.telegram.clickButton(user, message, label);
  return world.telegram.waitFor(() => world.telegram.messages(user.id).find((m) => m.message_id === message.message_id && m.edits > edits && answer.test(m.text)));
}

/** A press whose answer is a pop-up on the button (the card stays as it is). */
async function popUp(world: DualWorld, user: FakeUser, data: string): Promise<string> {
  const id = craftedPress(world.telegram, user, data);
  const answer = await world.telegram.waitFor(() => world.telegram.callbackAnswer(id));
  return answer.text ?? '';
}

const requestId = (card: SentMessage) => /dc:y:(\d+)/.exec(buttons(card).map((b) => ('callback_data' in b ? b.callback_data : '')).join(' '))![1]!;
const staffDay = (world: DualWorld) => world.services.spendingRules.rulesFor(STAFF.id).day;

describe('dual control with two administrators', () => {
  it('sends a raised or lifted velocity limit to the other administrator, and sets a lower one at once', async () => {
    const world = await startDualWorld();
    const ada = chatDriver(world.telegram, ADMIN);
    const before = world.services.velocity.cap('orders');
    await ada.say('/velocity orders off', /Sent to the other administrators: set “Most orders per person per hour” to off/);
    expect(world.services.velocity.cap('orders')).toBe(before);
    const card = await newestCard(world, SECOND_ADMIN);
    await press(world, SECOND_ADMIN, card, /Confirm/, /Done: set “Most orders per person per hour” to off/);
    expect(world.services.velocity.cap('orders')).toBeNull();

    await ada.say('/velocity orders 5', /5/);
    expect(world.services.velocity.cap('orders')).toBe(5);
    // Only the lift was a request.
    expect(world.audit().filter((a) => a.action === 'admin_change.requested')).toHaveLength(1);

    // Alone, the command shows every limit as it is now before how to change one.
    const shown = await ada.say('/velocity', /Usage: \/velocity/);
    expect(shown.text).toContain('Most orders per person per hour: 5');
    expect(shown.text).toContain(`Most provider requests per person per minute: ${world.services.velocity.cap('reads') ?? 'off'}`);
  });

  it('applies a raised limit only once a second administrator confirms, and tells both', async () => {
    const world = await startDualWorld();
    const ada = chatDriver(world.telegram, ADMIN);
    // Lowering (from no limit) never waits, and is told to the other administrator.
    await ada.say('/limits default day 5000000', /Team default, Per day: 5,000,000 IRR/);
    await world.telegram.waitForMessage(SECOND_ADMIN.id, /Ada changed this: set the team's “Per day” to 5,000,000 IRR/);

    await ada.say(`/limits ${STAFF.id} day off`, /Sent to the other administrators: set Sam's “Per day” to no limit/);
    expect(staffDay(world)).toBe(5_000_000);
    expect(cards(world, ADMIN)).toHaveLength(0);
    const card = await newestCard(world, SECOND_ADMIN);
    expect(card.text).toContain('Ada wants to set Sam\'s “Per day” to no limit.');

    await press(world, SECOND_ADMIN, card, /Confirm/, /Done: set Sam's “Per day” to no limit\. Asked by Ada, confirmed by Bea/);
    expect(staffDay(world)).toBeNull();
    await world.telegram.waitForMessage(ADMIN.id, /Done: set Sam's “Per day” to no limit\. Asked by Ada, confirmed by Bea/);
    expect(world.audit().map((a) => [a.action, a.actor_id])).toEqual([
      ['admin_change.requested', ADMIN.id],
      ['admin_change.confirmed', SECOND_ADMIN.id],
    ]);

    // The same button again, as a replay: already decided, nothing applied twice.
    const data = `dc:y:${requestId(card)}`;
    craftedPress(world.telegram, SECOND_ADMIN, data);
    await world.telegram.waitForMessage(SECOND_ADMIN.id, /Already confirmed/);
    expect(world.audit()).toHaveLength(2);
  });

  it('applies nothing when the second administrator refuses', async () => {
    const world = await startDualWorld();
    const ada = chatDriver(world.telegram, ADMIN);
    await ada.say('/approvals threshold 1000000', /Orders above 1,000,000 IRR now wait/);
    await ada.say('/approvals threshold off', /Sent to the other administrators: set the team's “Approval above” to never needed/);
    const card = await newestCard(world, SECOND_ADMIN);
    await press(world, SECOND_ADMIN, card, /Refuse/, /Not done: .*Asked by Ada, refused by Bea/);
    expect(world.services.spendingRules.defaults().approval).toBe(1_000_000);
    await world.telegram.waitForMessage(ADMIN.id, /Not done: set the team's “Approval above” to never needed\. Asked by Ada, refused by Bea/);
  });

  it('refuses the requester\'s own Confirm, a crafted id, and lifting one\'s own limit alone', async () => {
    const world = await startDualWorld();
    // With no team threshold yet: an own "off" would still exempt them once there is one.
    await chatDriver(world.telegram, ADMIN).say(`/limits ${ADMIN.id} approval off`, /Sent to the other administrators: set Ada's “Approval above” to never needed/);
    const card = await newestCard(world, SECOND_ADMIN);
    const id = requestId(card);
    expect(await popUp(world, ADMIN, `dc:y:${id}`)).toMatch(/You can't confirm your own request/);
    expect(world.services.spendingRules.overridesFor(ADMIN.id)).toEqual({});
    expect((await world.services.stores.adminRequests.get(Number(id)))!.state).toBe('pending');

    craftedPress(world.telegram, SECOND_ADMIN, 'dc:y:999999');
    await world.telegram.waitForMessage(SECOND_ADMIN.id, /This request no longer exists/);
    // A staff member pressing a crafted Confirm decides nothing either.
    craftedPress(world.telegram, STAFF, `dc:y:${id}`);
    expect((await world.services.stores.adminRequests.get(Number(id)))!.state).toBe('pending');
  });

  it('makes a staff member an administrator only once the other administrator confirms, and tells them', async () => {
    const world = await startDualWorld();
    await chatDriver(world.telegram, ADMIN).say(`/staff role ${STAFF.id} admin`, /Sent to the other administrators: make Sam an administrator/);
    expect((await world.services.stores.staff.find(STAFF.id))!.role).toBe('staff');
    const card = await newestCard(world, SECOND_ADMIN);
    await press(world, SECOND_ADMIN, card, /Confirm/, /Done: make Sam an administrator\. Asked by Ada, confirmed by Bea/);
    expect((await world.services.stores.staff.find(STAFF.id))!.role).toBe('admin');
    await world.telegram.waitForMessage(STAFF.id, /Ada changed your role: you are now administrator/i);
  });

  it('does not let an administrator demoted meanwhile confirm, even while this process still thinks them one', async () => {
    const world = await startDualWorld();
    await chatDriver(world.telegram, ADMIN).say('/staff add 4004 admin', /Sent to the other administrators: make 4004 an administrator/);
    const card = await newestCard(world, SECOND_ADMIN);
    // Demoted in the database behind this process's copy, as another instance would.
    await world.services.stores.staff.changeRole(SECOND_ADMIN.id, 'staff', ADMIN.id);
    const answer = await popUp(world, SECOND_ADMIN, `dc:y:${requestId(card)}`);
    expect(answer).toMatch(/Only administrators can do that|Only an administrator can decide this/);
    expect(await world.services.stores.staff.find(4004)).toBeNull();
  });

  it('lets the request lapse after a day: a late Confirm changes nothing, and the expiry pass tells every administrator', async () => {
    const world = await startDualWorld();
    const ada = chatDriver(world.telegram, ADMIN);
    await ada.say('/limits default order 2000000', /Team default, Per order: 2,000,000 IRR/);
    await ada.say(`/limits ${STAFF.id} order off`, /Sent to the other administrators/);
    const card = await newestCard(world, SECOND_ADMIN);
    world.clock.shift(ADMIN_REQUEST_EXPIRY_MS + 1_000);
    await press(world, SECOND_ADMIN, card, /Confirm/, /This request lapsed/);
    expect(world.services.spendingRules.overridesFor(STAFF.id)).toEqual({});

    await createAdminRequestExpiry({ dual: world.services.dualControl, announcer: world.services.dualControlAnnouncer, news: world.services.stores.expiryNews, logger: createLogger({ level: 'silent' }) })();
    await world.telegram.waitForMessage(ADMIN.id, /Not done: set Sam's “Per order” to no limit\. Asked by Ada; no one confirmed in time/);
    await world.telegram.waitForMessage(SECOND_ADMIN.id, /no one confirmed in time/);
    expect(world.audit().map((a) => a.action)).toEqual(['admin_change.requested', 'admin_change.expired']);
  });

  it('finishes the news of a request that lapsed in a process that stopped before telling: each administrator told once, the card settled', async () => {
    const world = await startDualWorld();
    const ada = chatDriver(world.telegram, ADMIN);
    await ada.say(`/limits ${STAFF.id} order off`, /Sent to the other administrators/);
    const card = await newestCard(world, SECOND_ADMIN);
    world.clock.shift(ADMIN_REQUEST_EXPIRY_MS + 1_000);
    // The move to 'expired' is made and the process stops before a word goes out.
    expect(await world.services.dualControl.expireDue()).toHaveLength(1);
    const lapsed = (user: FakeUser) => world.telegram.messages(user.id).filter((m) => /no one confirmed in time/.test(m.text));
    expect(lapsed(ADMIN)).toEqual([]);

    // Two passes at once, as two instances would run them, then another later.
    const pass = () => createAdminRequestExpiry({ dual: world.services.dualControl, announcer: world.services.dualControlAnnouncer, news: world.services.stores.expiryNews, logger: createLogger({ level: 'silent' }) })();
    await Promise.all([pass(), pass()]);
    await pass();
    for (const user of [ADMIN, SECOND_ADMIN]) expect(lapsed(user)).toHaveLength(1);
    const now = world.telegram.messages(SECOND_ADMIN.id).find((m) => m.message_id === card.message_id)!;
    expect(buttons(now)).toEqual([]);
  });

  /** A lapsed request's news owed, with its card on SECOND_ADMIN's chat and a pass to finish it, as another instance would build it. */
  async function lapsedWorld() {
    const world = await startDualWorld();
    await chatDriver(world.telegram, ADMIN).say(`/limits ${STAFF.id} order off`, /Sent to the other administrators/);
    const card = await newestCard(world, SECOND_ADMIN);
    // Lapsed only once the card is recorded: one that lapsed while on its way is settled by the bot at once, faults or not.
    await vi.waitFor(async () => expect((await world.services.stores.adminRequests.get(Number(requestId(card))))?.cards).toHaveLength(1));
    world.clock.shift(ADMIN_REQUEST_EXPIRY_MS + 1_000);
    expect(await world.services.dualControl.expireDue()).toHaveLength(1);
    const pass = () => createAdminRequestExpiry({ dual: world.services.dualControl, announcer: world.services.dualControlAnnouncer, news: world.services.stores.expiryNews, logger: createLogger({ level: 'silent' }) })();
    const lapsed = (user: FakeUser) => world.telegram.messages(user.id).filter((m) => /no one confirmed in time/.test(m.text));
    const cardNow = () => world.telegram.messages(SECOND_ADMIN.id).find((m) => m.message_id === card.message_id)!;
    return { world, pass, lapsed, cardNow };
  }

  it.each([
    ['out of reach (502)', { code: 502, description: 'Bad Gateway' }],
    ['busy (429)', { code: 429, description: 'Too Many Requests: retry after 1', retryAfter: 1 }],
  ])('keeps a lapse\'s news owed while Telegram is %s: a later pass tells each administrator once and settles the card', async (_, fault) => {
    const { world, pass, lapsed, cardNow } = await lapsedWorld();
    world.telegram.failNext('sendMessage', fault);
    world.telegram.failNext('editMessageReplyMarkup', fault);
    await pass();
    for (const user of [ADMIN, SECOND_ADMIN]) expect(lapsed(user)).toEqual([]);
    expect(buttons(cardNow())).not.toEqual([]);

    await pass();
    await pass();
    for (const user of [ADMIN, SECOND_ADMIN]) expect(lapsed(user)).toHaveLength(1);
    expect(buttons(cardNow())).toEqual([]);
    expect(await world.services.stores.expiryNews.owed('admin')).toBe(0);
  });

  it("waits out Telegram busy for the other administrators' lines once the first has gone: each told once, in the one pass", async () => {
    const { world, pass, lapsed } = await lapsedWorld();
    // The requester's line goes; the other administrator's meets a 429 once.
    let refused = false;
    const stop = world.telegram.onCall((call) => {
      if (refused || call.method !== 'sendMessage' || Number(call.payload['chat_id']) !== SECOND_ADMIN.id) return;
      refused = true;
      world.telegram.failNext('sendMessage', { code: 429, description: 'Too Many Requests: retry after 1', retryAfter: 1 });
    });
    await pass();
    stop();
    expect(refused).toBe(true);
    for (const user of [ADMIN, SECOND_ADMIN]) expect(lapsed(user)).toHaveLength(1);
    expect(await world.services.stores.expiryNews.owed('admin')).toBe(0);
    await pass();
    for (const user of [ADMIN, SECOND_ADMIN]) expect(lapsed(user)).toHaveLength(1);
  });

  it('counts a card that can no longer be edited as settled, and a line refused for good as told: nothing is sent or edited again', async () => {
    const { world, pass, lapsed } = await lapsedWorld();
    // The requester's line goes first: they blocked the bot, and the other administrator is told all the same.
    world.telegram.failNext('sendMessage', { code: 403, description: 'Forbidden: bot was blocked by the user' });
    world.telegram.failNext('editMessageReplyMarkup', { code: 400, description: 'Bad Request: message to edit not found' });
    await pass();
    expect(lapsed(SECOND_ADMIN)).toHaveLength(1);
    expect(await world.services.stores.expiryNews.owed('admin')).toBe(0);
    const calls = world.telegram.calls.length;
    await pass();
    expect(world.telegram.calls.slice(calls).filter((call) => call.method !== 'getUpdates')).toEqual([]);
    expect(lapsed(ADMIN)).toEqual([]);
    expect(lapsed(SECOND_ADMIN)).toHaveLength(1);
  });

  it('holds dual control after demoting the other administrator: no lifting one\'s limit, no approving one\'s own order', async () => {
    const world = await startDualWorld();
    world.sandbox.controls.setProductPrice(SANDBOX_PRODUCTS.noFields, 1_250_000);
    const ada = chatDriver(world.telegram, ADMIN);
    await ada.say('/approvals threshold 1000000', /Orders above 1,000,000 IRR now wait/);
    // Removing power never waits: the other administrator is staff at once.
    await ada.say(`/staff role ${SECOND_ADMIN.id} staff`, /Bea.* is now Staff|1002 is now/i);
    await ada.say(`/limits ${ADMIN.id} approval off`, /Not changed: .*there is none/);
    await ada.say('/approvals threshold off', /Not changed: .*there is none/);
    expect(world.services.spendingRules.rulesFor(ADMIN.id).approval).toBe(1_000_000);

    await ada.say('/order', /Choose a category/);
    await ada.say('Google Play 10', /Products matching/);
    await ada.tap(/^Google Play 10 USD/, /How many\?/);
    await ada.say('1', /Please check your order/);
    await ada.tap(/Confirm/, /needs an administrator's approval/);
    const request = await world.telegram.waitFor(() => world.telegram.messages(ADMIN.id).filter((m) => /Approval needed: request \d+/.test(m.text)).at(-1));
    world.telegram.clickButton(ADMIN, request, /Approve/);
    await world.telegram.waitForMessage(ADMIN.id, /Your own order needs another administrator's approval/);
    expect(world.posts()).toBe(0);
  });
});

describe('with a single administrator', () => {
  it('applies a raised limit at once, as before', async () => {
    const world = await startDualWorld({ admins: 1 });
    await chatDriver(world.telegram, ADMIN).say(`/limits ${ADMIN.id} approval off`, /Ada, Approval above: never needed/);
    expect(world.services.spendingRules.rulesFor(ADMIN.id).approval).toBeNull();
    expect(world.audit()).toEqual([]);
  });
});
