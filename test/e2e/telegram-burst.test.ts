import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import type { FakeRateLimits, FakeUser, RecordedCall } from '../support/fake-bot-api/index.js';
import { ADMIN, sharedWorld } from './harness.js';
import { waitForDelivery } from './order-steps.js';
import { recordPlaced } from './record-placed.js';

/**
 * Telegram's flood control: one message a second to a chat, thirty a
 * second from the bot, with 100 ms of room for the loopback's jitter (a
 * message sent on time may reach the fake a little late, the next one a
 * little early). Enforced once the people are set up: thirty /staff
 * commands typed back to back are not what this test is about.
 */
const TELEGRAM: FakeRateLimits = { chatSpacingMs: 750, globalMax: 30, globalWindowMs: 1_000 };
/** What puts something in a chat or changes it, as the fake counts it. */
const COUNTED = /^(send(?!chataction)|edit|copy|forward|deletemessage|setmycommands|deletemycommands)/i;

const ORDERS_EACH = 2;
/** The set-up's news to administrators keeps to each chat's second: the one who confirms every new administrator gets the most. */
const SETUP_WAIT_MS = 30_000;
const staff: FakeUser[] = Array.from({ length: 20 }, (_, i) => ({ id: 40_001 + i, firstName: `Staff${i + 1}`, languageCode: 'en' }));
/** With ADMIN, ten administrators. */
const admins: FakeUser[] = Array.from({ length: 9 }, (_, i) => ({ id: 50_001 + i, firstName: `Admin${i + 2}`, languageCode: 'en' }));
const US = { productId: SANDBOX_PRODUCTS.noFields, regionPropertyId: 5001, quantity: 1 };

describe('a burst of orders against a Telegram that enforces its limits', () => {
  const world = sharedWorld({ staff });

  beforeAll(async () => {
    const say = async (from: FakeUser, text: string, answer: RegExp) => {
      const since = world.telegram.messages(from.id).at(-1)?.message_id ?? 0;
      world.telegram.sendText(from, text);
      await world.telegram.waitForMessage(from.id, (m) => m.message_id > since && answer.test(m.text), { timeoutMs: SETUP_WAIT_MS });
    };
    // Telegram lets a bot write only to people who have started it.
    for (const person of [...staff, ...admins]) world.telegram.addChat(person);
    // The first other administrator is made at once; each one after needs a second administrator's word (dual control).
    const [first, ...others] = admins;
    await say(ADMIN, `/staff add ${first!.id} admin`, new RegExp(`${first!.id} can now use giftdesk`));
    for (const person of others) await say(ADMIN, `/staff add ${person.id} admin`, new RegExp(`make ${person.id} an administrator`));
    for (const person of others) {
      const card = await world.telegram.waitForMessage(first!.id, new RegExp(`wants to make ${person.id} an administrator`), { timeoutMs: SETUP_WAIT_MS });
      world.telegram.clickButton(first!, card, /Confirm/);
    }
    for (const person of others) await world.telegram.waitForMessage(ADMIN.id, new RegExp(`Done: make ${person.id} an administrator`), { timeoutMs: SETUP_WAIT_MS });
    await say(ADMIN, '/feed on', /every order placed/);
    // The set-up's last news and menus have gone out: what the limits judge from here on is the burst alone.
    await world.telegram.waitFor(() => {
      const last = world.telegram.calls.findLast((call) => COUNTED.test(call.method));
      return (last === undefined || Date.now() - last.at > 1_500) || undefined;
    }, { timeoutMs: SETUP_WAIT_MS });
  }, 120_000);

  it('40 orders completing within the same second for 20 staff, with the feed on to 10 administrators, meet no 429 and every message arrives', async () => {
    // Every order stays open at the provider until one chosen instant, when all of them complete.
    let completeAt = Number.MAX_SAFE_INTEGER;
    world.sandbox.controls.setOrderPlanner(() => ({
      get finalAtMs() {
        return completeAt;
      },
    }));
    const enforcedFrom = world.telegram.calls.length;
    world.telegram.enforceLimits(TELEGRAM);

    const placed = world.sandbox.controls.placeOrders(staff.length * ORDERS_EACH, US);
    // Each person's two orders one after the other, as two Confirms in a row make them.
    const ownerOf = (index: number) => staff[Math.floor(index / ORDERS_EACH)]!;
    recordPlaced(world, placed, { userIdOf: (index) => ownerOf(index).id, keyPrefix: 'burst', audited: true });
    completeAt = Date.now() + 200;

    const references = placed.map((order) => order.orderReference);
    await Promise.all(placed.map((order, index) => waitForDelivery(world, ownerOf(index).id, order.orderReference)));
    const feedLines = (chatId: number) =>
      world.telegram
        .messages(chatId)
        .flatMap((m) => m.text.split('\n'))
        .filter((line) => line.startsWith('🛒') && line.includes('ordered Google Play 10 USD × 1'));
    const everyAdmin = [ADMIN, ...admins];
    await world.telegram.waitFor(() => everyAdmin.every((a) => feedLines(a.id).length === placed.length) || undefined, { timeoutMs: 90_000 });

    const enforced = world.telegram.calls.slice(enforcedFrom).filter((call: RecordedCall) => COUNTED.test(call.method));
    const refused = enforced.filter((call) => call.response?.ok === false);
    expect(refused.map((call) => `${call.method} ${String(call.payload['chat_id'])}: ${call.response?.ok === false ? call.response.description : ''}`)).toEqual([]);
    const deliveries = enforced.filter((call) => typeof call.payload['text'] === 'string' && /^Order A\d+ is delivered/.test(call.payload['text']));
    expect(deliveries).toHaveLength(references.length);
    const last = (calls: readonly { at: number }[]) => Math.max(...calls.map((call) => call.at)) - completeAt;
    const first = (calls: readonly { at: number }[]) => Math.min(...calls.map((call) => call.at)) - completeAt;
    // The codes are ours once the sweep has read each order's detail, at the provider's request budget.
    const ids = new Set(placed.map((order) => `/orders/${order.orderId}`));
    const reads = world.sandbox.requests.filter((request) => request.method === 'GET' && ids.has(request.path) && request.at >= completeAt);
    console.log(
      `burst: ${enforced.length} messages, none refused; from the last completion: first delivery +${first(deliveries)} ms, last codes read +${last(reads)} ms, ` +
        `last delivery +${last(deliveries)} ms, last message of any kind +${last(enforced)} ms`,
    );
    // What Telegram's limits add once the codes are read: a chat's second for each person's second delivery, and the sender's next run.
    expect(last(deliveries) - last(reads)).toBeLessThan(4_000);
  }, 150_000);
});
