import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/seed.js';
import type { FakeUser, SentMessage } from '../support/fake-bot-api/index.js';
import { chatDriver, craftedPress } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF } from './harness.js';
import { posts } from './order-steps.js';

const SECOND_ADMIN: FakeUser = { id: 1002, firstName: 'Bea', languageCode: 'en' };
/** 1,250,000 IRR a card: above the threshold below. */
const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/ };
const PRICE = 1_250_000;
const NEW_PRICE = 1_300_000;
const PRICE_NEWS = /price of Google Play 10 USD \(US\) in your waiting order changed from 1,250,000 IRR to 1,300,000 IRR/;

describe('the orderer withdraws a waiting order whose price changed', () => {
  const world = sharedWorld({ staff: [STAFF] });
  const admin = () => chatDriver(world.telegram, ADMIN);
  const requests = (user: FakeUser) => world.telegram.messages(user.id).filter((m) => /^Approval needed: request \d+/.test(m.text));
  const current = (user: FakeUser, message: SentMessage) => world.telegram.messages(user.id).find((m) => m.message_id === message.message_id)!;
  const buttonsOf = (message: SentMessage) =>
    message.reply_markup && 'inline_keyboard' in message.reply_markup ? message.reply_markup.inline_keyboard.flat() : [];

  beforeAll(async () => {
    // Sam's requests pile up across these cases, faster than a person would press.
    await admin().say('/velocity pending off', /now off/);
    await admin().say('/velocity reads off', /now off/);
    await admin().say(`/staff add ${SECOND_ADMIN.id} admin`, new RegExp(`${SECOND_ADMIN.id} can now use giftdesk`));
    await chatDriver(world.telegram, SECOND_ADMIN).say('/start', /\/staff/);
    await admin().say('/approvals threshold 1000000', /Orders above 1,000,000 IRR now wait/);
  });

  beforeEach(() => {
    world.sandbox.controls.setProductPrice(SANDBOX_PRODUCTS.noFields, PRICE);
  });

  /** Presses a button and waits for that message to be replaced by the answer. */
  async function press(user: FakeUser, message: SentMessage, label: RegExp, answer: RegExp): Promise<SentMessage> {
    const edits = current(user, message).edits;
    world.telegram.clickButton(user, message, label);
    return world.telegram.waitFor(() => {
      const now = current(user, message);
      return now.edits > edits && answer.test(now.text) && now;
    }, { timeoutMs: 10_000 });
  }

  /** A press on a copy that lost its buttons meanwhile, sent by a phone that still showed them. */
  async function pressLate(user: FakeUser, message: SentMessage, label: RegExp, answer: RegExp): Promise<SentMessage> {
    const data = world.telegram.findButton(message, label).callback_data!;
    const edits = current(user, message).edits;
    const chat = { id: user.id, type: 'private' as const, first_name: user.firstName ?? 'x' };
    world.telegram.pushUpdate({
      callback_query: {
        id: `late-${message.message_id}-${user.id}-${edits}`,
        from: { id: user.id, is_bot: false, first_name: user.firstName ?? 'x' },
        message: { message_id: message.message_id, date: message.date, chat, text: message.text },
        chat_instance: `instance-${user.id}`,
        data,
      },
    });
    return world.telegram.waitFor(() => {
      const now = current(user, message);
      return now.edits > edits && answer.test(now.text) && now;
    }, { timeoutMs: 10_000 });
  }

  /**
   * Sam's order up to the request, then the price rises and Ada's Approve
   * finds it: Ada's card asks again at the new total, Bea gets a new card,
   * and Sam gets the news with Withdraw under it.
   */
  async function repricedRequest(): Promise<{ again: SentMessage; beaCards: SentMessage[]; news: SentMessage }> {
    const chat = chatDriver(world.telegram, STAFF);
    const before = { ada: requests(ADMIN).length, bea: requests(SECOND_ADMIN).length };
    const newsBefore = world.telegram.messages(STAFF.id).filter((m) => PRICE_NEWS.test(m.text)).length;
    await chat.say('/order', /Choose a category/);
    await chat.say(GOOGLE_PLAY.search, /Products matching/);
    await chat.tap(GOOGLE_PLAY.product, /How many\?/);
    await chat.say('1', /Please check your order/);
    await chat.tap(/Confirm/, /needs an administrator's approval/);
    const card = await world.telegram.waitFor(() => requests(ADMIN).length > before.ada && requests(ADMIN).at(-1));
    await world.telegram.waitFor(() => requests(SECOND_ADMIN).length > before.bea);
    world.sandbox.controls.setProductPrice(SANDBOX_PRODUCTS.noFields, NEW_PRICE);
    const again = await press(ADMIN, card, /Approve/, /changed from 1,250,000 IRR to 1,300,000 IRR/);
    const news = await world.telegram.waitFor(() => {
      const all = world.telegram.messages(STAFF.id).filter((m) => PRICE_NEWS.test(m.text));
      return all.length > newsBefore && all.at(-1);
    });
    // The older card and the one with the new numbers, which leads with the change.
    const id = /request (\d+)/.exec(card.text)![1]!;
    const ofThis = (m: SentMessage) => m.text.includes(`Approval needed: request ${id}\n`);
    const beaCards = await world.telegram.waitFor(() => {
      const cards = world.telegram.messages(SECOND_ADMIN.id).filter(ofThis);
      return cards.length === 2 && cards;
    });
    return { again, beaCards, news };
  }

  it('withdraws the request: every administrator’s card says so, a later Approve is refused, and nothing is sent', async () => {
    const sent = posts(world);
    const { again, beaCards, news } = await repricedRequest();
    expect(world.telegram.findButton(news, /Withdraw/)).toBeDefined();

    world.telegram.clickButton(STAFF, news, /Withdraw/);
    const done = await world.telegram.waitForMessage(STAFF.id, /You withdrew your order\. Request \d+: Google Play 10 USD/);
    expect(done.text).toContain('Nothing was sent or charged');
    expect(buttonsOf(current(STAFF, news))).toHaveLength(0);

    // Each copy, Ada's asked-again card and both of Bea's, now says Sam withdrew it, with no buttons.
    for (const [user, card] of [[ADMIN, again], ...beaCards.map((c) => [SECOND_ADMIN, c] as const)] as const) {
      const now = await world.telegram.waitFor(() => {
        const m = current(user, card);
        return /Sam withdrew this request: there is nothing to approve/.test(m.text) && m;
      });
      expect(buttonsOf(now)).toHaveLength(0);
    }

    // An Approve sent by a phone that still showed the button is answered that it was withdrawn.
    await pressLate(ADMIN, again, /Approve/, /Withdrawn by Sam, who asked for it; nothing was placed/);
    expect(posts(world)).toBe(sent);

    // A second Withdraw, from a phone that still showed it, says it is withdrawn already.
    craftedPress(world.telegram, STAFF, world.telegram.findButton(news, /Withdraw/).callback_data!);
    await world.telegram.waitForMessage(STAFF.id, /You already withdrew it/);
    expect(posts(world)).toBe(sent);
  });

  it('tells the orderer plainly that it is too late once an administrator approved the new total', async () => {
    const sent = posts(world);
    const { again, news } = await repricedRequest();
    const placed = await press(ADMIN, again, /Approve/, /You approved it/);
    expect(placed.text).toMatch(/Order A\d+ is placed/);
    expect(posts(world)).toBe(sent + 1);

    world.telegram.clickButton(STAFF, news, /Withdraw/);
    const told = await world.telegram.waitForMessage(STAFF.id, /Too late to withdraw: Ada already approved it/);
    expect(told.text).toMatch(/Request \d+: Google Play 10 USD/);
    // Nothing on it can be pressed any more (a button it keeps is shown disabled).
    expect(buttonsOf(current(STAFF, news)).filter((button) => !('disabled' in button))).toHaveLength(0);
    expect(posts(world)).toBe(sent + 1);
  });
});
