import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/seed.js';
import type { FakeUser, SentMessage } from '../support/fake-bot-api/index.js';
import { chatDriver, craftedPress as craftedPressOn } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF } from './harness.js';
import { posts, referenceIn, waitForDelivery } from './order-steps.js';

const SECOND_ADMIN: FakeUser = { id: 1002, firstName: 'Bea', languageCode: 'en' };
/** Staff members with nothing ordered today: the threshold counts a person's whole day. */
const FRESH_STAFF: FakeUser = { id: 2051, firstName: 'Nina', languageCode: 'en' };
const FRESH_STAFF_TOO: FakeUser = { id: 2052, firstName: 'Omid', languageCode: 'en' };
/** 1,250,000 IRR a card: above the threshold below. */
const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/ };
const PRICE = 1_250_000;

describe('orders above the approval threshold wait for an administrator', () => {
  const world = sharedWorld({ staff: [STAFF] });
  const admin = () => chatDriver(world.telegram, ADMIN);
  const requests = (user: FakeUser) => world.telegram.messages(user.id).filter((m) => /^Approval needed: request \d+/.test(m.text));

  beforeAll(async () => {
    // Lifted while Ada is the only administrator (with two, lifting a limit waits for the second one's Confirm).
    // Sam's requests pile up across these cases: the velocity limit on waiting requests has its own tests.
    await admin().say('/velocity pending off', /now off/);
    // A test drives a chat far faster than a person: the provider reads per minute would refuse it.
    await admin().say('/velocity reads off', /now off/);
    await admin().say(`/staff add ${SECOND_ADMIN.id} admin`, new RegExp(`${SECOND_ADMIN.id} can now use giftdesk`));
    // Telegram lets a bot write only to people who have started it.
    await chatDriver(world.telegram, SECOND_ADMIN).say('/start', /\/staff/);
    await admin().say('/approvals threshold 1000000', /Orders above 1,000,000 IRR now wait/);
    for (const fresh of [FRESH_STAFF, FRESH_STAFF_TOO]) await admin().say(`/staff add ${fresh.id} staff`, new RegExp(`${fresh.id} can now use giftdesk`));
  });

  beforeEach(() => {
    world.sandbox.controls.setProductPrice(SANDBOX_PRODUCTS.noFields, PRICE);
  });

  /** A staff member's order of `quantity` cards up to the answer to Confirm, and the request every administrator then receives. */
  async function requestApproval(user: FakeUser = STAFF, quantity = 1): Promise<{ id: string; byAdmin: Map<number, SentMessage> }> {
    const chat = chatDriver(world.telegram, user);
    const before = new Map([ADMIN, SECOND_ADMIN].map((a) => [a.id, requests(a).length]));
    await chat.say('/order', /Choose a category/);
    await chat.say(GOOGLE_PLAY.search, /Products matching/);
    await chat.tap(GOOGLE_PLAY.product, /How many\?/);
    const summary = await chat.say(String(quantity), /Please check your order/);
    // Said before Confirm, not only after.
    expect(summary.text).toMatch(/This order needs an administrator's approval/);
    await chat.tap(/Confirm/, /needs an administrator's approval/);
    const approvers = [ADMIN, SECOND_ADMIN].filter((a) => a.id !== user.id);
    const byAdmin = new Map<number, SentMessage>();
    for (const approver of approvers) {
      byAdmin.set(approver.id, await world.telegram.waitFor(() => requests(approver).length > before.get(approver.id)! && requests(approver).at(-1)));
    }
    const id = /request (\d+)/.exec([...byAdmin.values()][0]!.text)![1]!;
    return { id, byAdmin };
  }

  const craftedPress = (user: FakeUser, data: string) => craftedPressOn(world.telegram, user, data);

  /**
   * A press on a copy whose buttons were taken off once another administrator
   * decided: sent by the phone before they went, as happens when two decide
   * within a moment of each other. `message` is the copy as it was received.
   */
  async function pressLate(user: FakeUser, message: SentMessage, label: RegExp, answer: RegExp): Promise<SentMessage> {
    const data = world.telegram.findButton(message, label).callback_data!;
    const edits = world.telegram.messages(user.id).find((m) => m.message_id === message.message_id)!.edits;
    const chat = { id: user.id, type: 'private' as const, first_name: user.firstName ?? 'x' };
    world.telegram.pushUpdate({
      callback_query: {
        id: `late-${message.message_id}-${user.id}`,
        from: { id: user.id, is_bot: false, first_name: user.firstName ?? 'x' },
        message: { message_id: message.message_id, date: message.date, chat, text: message.text },
        chat_instance: `instance-${user.id}`,
        data,
      },
    });
    return world.telegram.waitFor(
      () => world.telegram.messages(user.id).find((m) => m.message_id === message.message_id && m.edits > edits && answer.test(m.text)),
      { timeoutMs: 10_000 },
    );
  }
  const buttonsOf = (message: SentMessage) =>
    message.reply_markup && 'inline_keyboard' in message.reply_markup ? message.reply_markup.inline_keyboard.flat() : [];

  /** With two administrators, raising a limit or the threshold waits: the second administrator confirms it on their card. */
  async function confirmedBySecondAdmin(): Promise<void> {
    const card = await world.telegram.waitFor(() => world.telegram.messages(SECOND_ADMIN.id).filter((m) => /Please confirm/.test(m.text) && buttonsOf(m).length > 0).at(-1));
    await press(SECOND_ADMIN, card, /Confirm/, /Done:/);
  }

  /** Presses a button of a request and waits for that message to be replaced by the answer. */
  async function press(user: FakeUser, message: SentMessage, label: RegExp, answer: RegExp): Promise<SentMessage> {
    const edits = message.edits;
    world.telegram.clickButton(user, message, label);
    return world.telegram.waitFor(
      () => world.telegram.messages(user.id).find((m) => m.message_id === message.message_id && m.edits > edits && answer.test(m.text)),
      { timeoutMs: 10_000 },
    );
  }

  it('sends nothing at Confirm and shows every administrator the full summary with Approve and Reject', async () => {
    const sent = posts(world);
    const { byAdmin } = await requestApproval();
    expect(posts(world)).toBe(sent);
    const summary = byAdmin.get(ADMIN.id)!;
    expect(summary.text).toContain(`Ordered by: ${STAFF.firstName}`);
    expect(summary.text).toContain('Product: Google Play 10 USD');
    expect(summary.text).toContain('Total: 1,250,000 IRR');
    expect(summary.text).toMatch(/Wallet now: [\d,]+ IRR/);
    // Approve lets money go, Reject stops it: coloured so (where Telegram shows styles), and said so in words.
    expect(world.telegram.findButton(summary, /^Approve$/).style).toBe('success');
    expect(world.telegram.findButton(summary, /^Reject$/).style).toBe('danger');
  });

  it('judges the threshold on the price read at Confirm: a rise above it since the summary shows the summary again and then asks for approval', async () => {
    const sent = posts(world);
    world.sandbox.controls.setProductPrice(SANDBOX_PRODUCTS.noFields, 900_000);
    const chat = chatDriver(world.telegram, FRESH_STAFF);
    await chat.say('/order', /Choose a category/);
    await chat.say(GOOGLE_PLAY.search, /Products matching/);
    await chat.tap(GOOGLE_PLAY.product, /How many\?/);
    const summary = await chat.say('1', /Please check your order/);
    expect(summary.text).not.toMatch(/approval/);

    world.sandbox.controls.setProductPrice(SANDBOX_PRODUCTS.noFields, PRICE);
    const again = await chat.tap(/Confirm/, /changed since you last saw this order/);
    expect(again.text).toContain('Total: 900,000 IRR → 1,250,000 IRR');
    expect(again.text).toMatch(/This order needs an administrator's approval/);
    expect(posts(world)).toBe(sent);

    await chat.tap(/Confirm/, /needs an administrator's approval/);
    expect(posts(world)).toBe(sent);
  });

  it('places exactly one order when approved, and tells the staff member who approved it and the order', async () => {
    const sent = posts(world);
    const { byAdmin } = await requestApproval();
    const answer = await press(ADMIN, byAdmin.get(ADMIN.id)!, /Approve/, /You approved it/);
    expect(answer.text).toMatch(/Order A\d+ is placed/);
    const told = await world.telegram.waitForMessage(STAFF.id, /Ada approved your order/);
    expect(told.text).toMatch(/Order A\d+ is placed/);
    expect(posts(world)).toBe(sent + 1);
    // Then it is followed like any order: the codes reach the staff member's chat.
    await waitForDelivery(world, STAFF.id, referenceIn(told));

    // The second administrator's summary of the same request places nothing more.
    await pressLate(SECOND_ADMIN, byAdmin.get(SECOND_ADMIN.id)!, /Approve/, /Already approved by Ada/);
    expect(posts(world)).toBe(sent + 1);
  });

  it('takes Approve and Reject off every administrator’s copy of the request once one decides', async () => {
    const { byAdmin } = await requestApproval();
    const other = byAdmin.get(SECOND_ADMIN.id)!;
    expect(world.telegram.findButton(other, /Approve/)).toBeDefined();
    await press(ADMIN, byAdmin.get(ADMIN.id)!, /Approve/, /You approved it/);
    const cleared = await world.telegram.waitFor(() => {
      const now = world.telegram.messages(SECOND_ADMIN.id).find((m) => m.message_id === other.message_id)!;
      return buttonsOf(now).length === 0 && now;
    });
    // The summary itself stays readable; only its buttons went.
    expect(cleared.text).toContain('Product: Google Play 10 USD');
    // The copy pressed keeps Approve, disabled: what was chosen stays in sight, and cannot be pressed again.
    const pressed = world.telegram.messages(ADMIN.id).find((m) => m.message_id === byAdmin.get(ADMIN.id)!.message_id)!;
    expect(pressed.reply_markup).toEqual({ inline_keyboard: [[{ text: 'Approve', disabled: {}, style: 'success' }]] });
  });

  it('tells a staff member who taps Confirm again that the order already waits for approval, and asks nobody twice', async () => {
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await chat.say(GOOGLE_PLAY.search, /Products matching/);
    await chat.tap(GOOGLE_PLAY.product, /How many\?/);
    const summary = await chat.say('1', /Please check your order/);
    const confirmData = world.telegram.findButton(summary, /Confirm/).callback_data!;
    await chat.tap(/Confirm/, /needs an administrator's approval/);
    const asked = requests(ADMIN).length;
    const again = craftedPress(STAFF, confirmData);
    const answer = await world.telegram.waitFor(() => world.telegram.callbackAnswer(again));
    expect(answer.text).toMatch(/This order was already sent for approval \(request \d+\); it was not sent a second time/);
    expect(requests(ADMIN)).toHaveLength(asked);
    const id = /request (\d+)/.exec(answer.text!)![1]!;
    await admin().say(`/approvals reject ${id}`, /Rejected/);
  });

  it('places nothing when rejected, and tells the staff member who rejected it', async () => {
    const sent = posts(world);
    const { byAdmin } = await requestApproval();
    const rejected = await press(SECOND_ADMIN, byAdmin.get(SECOND_ADMIN.id)!, /Reject/, /Rejected\. Sam is told/);
    expect(rejected.reply_markup).toEqual({ inline_keyboard: [[{ text: 'Reject', disabled: {}, style: 'danger' }]] });
    await world.telegram.waitForMessage(STAFF.id, /Bea rejected your order\. Request \d+: Google Play 10 USD/);
    await pressLate(ADMIN, byAdmin.get(ADMIN.id)!, /Approve/, /Already rejected by Bea/);
    expect(posts(world)).toBe(sent);
  });

  it('tells the staff member the reason given with /approvals reject', async () => {
    const { id } = await requestApproval();
    await admin().say(`/approvals reject ${id} over the monthly budget`, /Rejected/);
    const told = await world.telegram.waitForMessage(STAFF.id, /Reason: over the monthly budget/);
    expect(told.text).toMatch(/Ada rejected your order/);
  });

  it('asks again when the price changed meanwhile, and places the order at the new price once approved again', async () => {
    const sent = posts(world);
    const { byAdmin } = await requestApproval();
    world.sandbox.controls.setProductPrice(SANDBOX_PRODUCTS.noFields, 1_300_000);
    const again = await press(ADMIN, byAdmin.get(ADMIN.id)!, /Approve/, /The price of Google Play 10 USD \(US\) changed from 1,250,000 IRR to 1,300,000 IRR/);
    expect(again.text).toContain('Total: 1,300,000 IRR');
    expect(posts(world)).toBe(sent);
    await world.telegram.waitForMessage(STAFF.id, /price of Google Play 10 USD \(US\) in your waiting order changed from 1,250,000 IRR to 1,300,000 IRR/);

    // The other administrator's older summary no longer approves: it showed the old price.
    await press(SECOND_ADMIN, byAdmin.get(SECOND_ADMIN.id)!, /Approve/, /numbers changed since this summary/);
    expect(posts(world)).toBe(sent);

    const placed = await press(ADMIN, again, /Approve/, /You approved it/);
    expect(placed.text).toMatch(/Order A\d+ is placed/);
    expect(posts(world)).toBe(sent + 1);
    const charged = world.sandbox.controls.orders().at(-1)!;
    expect(charged.amount).toBe(1_300_000);
  });

  it('places one order when two administrators press Approve at once', async () => {
    const sent = posts(world);
    const { byAdmin } = await requestApproval();
    const first = byAdmin.get(ADMIN.id)!;
    const second = byAdmin.get(SECOND_ADMIN.id)!;
    world.telegram.clickButton(ADMIN, first, /Approve/);
    world.telegram.clickButton(SECOND_ADMIN, second, /Approve/);
    const answers = await world.telegram.waitFor(() => {
      const a = world.telegram.messages(ADMIN.id).find((m) => m.message_id === first.message_id && m.edits > first.edits);
      const b = world.telegram.messages(SECOND_ADMIN.id).find((m) => m.message_id === second.message_id && m.edits > second.edits);
      // Paced, the news edits of the cards may show before the final words: wait for both to be said.
      return a && b && [a.text, b.text].some((text) => /You approved it/.test(text)) && [a.text, b.text].some((text) => /(Already approved by|is approving it right now)/.test(text)) && [a.text, b.text];
    }, { timeoutMs: 10_000 });
    expect(answers.filter((text) => /You approved it/.test(text))).toHaveLength(1);
    expect(answers.filter((text) => /(Already approved by|is approving it right now)/.test(text))).toHaveLength(1);
    expect(posts(world)).toBe(sent + 1);
  });

  it("refuses a staff member's crafted Approve, and the request keeps waiting", async () => {
    const sent = posts(world);
    const { id, byAdmin } = await requestApproval();
    const query = craftedPress(STAFF, `ap:y:${id}:0`);
    const answer = await world.telegram.waitFor(() => world.telegram.callbackAnswer(query));
    expect(answer.text).toMatch(/Only administrators/);
    expect(posts(world)).toBe(sent);
    // Still waiting: an administrator can decide.
    await press(ADMIN, byAdmin.get(ADMIN.id)!, /Reject/, /Rejected/);
    expect(posts(world)).toBe(sent);
  });

  it("sends an administrator's own order to the other administrator only, and refuses its own Approve", async () => {
    const sent = posts(world);
    const before = requests(ADMIN).length;
    const { id, byAdmin } = await requestApproval(ADMIN);
    expect([...byAdmin.keys()]).toEqual([SECOND_ADMIN.id]);
    expect(requests(ADMIN)).toHaveLength(before);
    const query = craftedPress(ADMIN, `ap:y:${id}:0`);
    await world.telegram.waitFor(() => world.telegram.callbackAnswer(query));
    await world.telegram.waitForMessage(ADMIN.id, /Your own order needs another administrator's approval/);
    expect(posts(world)).toBe(sent);
    await press(SECOND_ADMIN, byAdmin.get(SECOND_ADMIN.id)!, /Approve/, /You approved it/);
    expect(posts(world)).toBe(sent + 1);
  });

  it('places nothing when a limit lowered meanwhile blocks the approval, and names the limit, its amount and what is left', async () => {
    const sent = posts(world);
    const { id, byAdmin } = await requestApproval();
    await admin().say(`/limits ${STAFF.id} day 1000000`, /Per day: 1,000,000 IRR/);
    const answer = await press(ADMIN, byAdmin.get(ADMIN.id)!, /Approve/, /over Sam's limits/);
    expect(answer.text).toMatch(/This order is over Sam's limits: Per day: 1,000,000 IRR, [\d,]+ IRR left\. Nothing was placed\./);
    expect(posts(world)).toBe(sent);
    // Back to no limit is a raise: it waits for the other administrator.
    await admin().say(`/limits ${STAFF.id} day default`, /Sent to the other administrators/);
    await confirmedBySecondAdmin();
    await admin().say(`/approvals reject ${id}`, /Rejected/);
  });

  it('places orders at or below the threshold at Confirm, without asking anyone', async () => {
    const sent = posts(world);
    await admin().say('/approvals threshold 2000000', /Sent to the other administrators/);
    await confirmedBySecondAdmin();
    const chat = chatDriver(world.telegram, FRESH_STAFF_TOO);
    await chat.say('/order', /Choose a category/);
    await chat.say(GOOGLE_PLAY.search, /Products matching/);
    await chat.tap(GOOGLE_PLAY.product, /How many\?/);
    const summary = await chat.say('1', /Please check your order/);
    expect(summary.text).not.toMatch(/approval/);
    await chat.tap(/Confirm/, /Order A\d+ is placed/);
    expect(posts(world)).toBe(sent + 1);
    await admin().say('/approvals threshold 1000000', /Orders above 1,000,000 IRR/);
  });

  it('places nothing when the staff member was made a viewer before the approval, and says why', async () => {
    const sent = posts(world);
    const { byAdmin } = await requestApproval();
    await admin().say(`/staff role ${STAFF.id} viewer`, /viewer/);
    try {
      await press(ADMIN, byAdmin.get(ADMIN.id)!, /Approve/, /Not placed: Sam may no longer order/);
      await pressLate(SECOND_ADMIN, byAdmin.get(SECOND_ADMIN.id)!, /Approve/, /Already rejected by Ada/);
      expect(posts(world)).toBe(sent);
    } finally {
      await admin().say(`/staff role ${STAFF.id} staff`, /staff/);
    }
  });
});
