import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import type { RecordedCall } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, adminForum, bindAdminGroup, sharedWorld, STAFF } from './harness.js';
import { orderThroughChat, referenceIn, waitForDelivery } from './order-steps.js';
import { recordPlaced } from './record-placed.js';

const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/, quantity: 1 };
const FORUM = adminForum(-100_991);
const LONG = { timeoutMs: 15_000 };

/** The forum topic named so in the group, by its thread id. */
const topicOf = (topics: Map<number, string>, name: string): number => [...topics].find(([, n]) => n === name)![0];

// The group reads in the deployment's default language: English here, Persian in the second run.
describe.each([
  { locale: 'en', feedTopic: 'Feed and digest', alertsTopic: 'Alerts', alert: /below the alert threshold/, feed: /🛒 Sam ordered Google Play 10 USD/ },
  { locale: 'fa', feedTopic: 'گزارش سفارش‌ها و خلاصهٔ روزانه', alertsTopic: 'هشدارها', alert: /آستانهٔ هشدار|کمتر از/, feed: /🛒 Sam Google Play 10 USD/ },
] as const)('the feed and alerts in the administrators\' group, in $locale', ({ locale, feedTopic, alertsTopic, alert, feed }) => {
  const world = sharedWorld({ staff: [STAFF], env: { DEFAULT_LOCALE: locale, LOW_BALANCE_CHECK_SECONDS: '1' } });
  const ada = () => chatDriver(world.telegram, ADMIN);
  const groupMessages = () => world.telegram.messages(FORUM.id);

  beforeAll(async () => {
    await ada().say('/velocity reads off', /now off/);
    await ada().say('/feed on', /every order placed/);
    // One administrator: nobody else to confirm, so the binding is made at once.
    await bindAdminGroup(world, FORUM);
  }, 60_000);

  it('puts the feed line of an order in the feed topic, not in the administrator\'s private chat, and the code only in the orderer\'s', async () => {
    const privateBefore = world.telegram.messages(ADMIN.id).filter((m) => m.text.includes('🛒')).length;
    const reference = referenceIn(await orderThroughChat(world, STAFF, GOOGLE_PLAY));
    const delivered = await waitForDelivery(world, STAFF.id, reference);
    const line = await world.telegram.waitForMessage(FORUM.id, feed, LONG);
    expect(line.thread_id).toBe(topicOf(world.telegram.topics(FORUM.id), feedTopic));
    expect(world.telegram.messages(ADMIN.id).filter((m) => m.text.includes('🛒'))).toHaveLength(privateBefore);
    // No code the orderer received is anywhere in what the group got.
    const codes = delivered.flatMap((m) => [...m.text.matchAll(/Code: (\S+)/g)].map((match) => match[1]!));
    expect(codes.length).toBeGreaterThan(0);
    for (const code of codes) for (const m of groupMessages()) expect(m.text).not.toContain(code);
  });

  it('puts a low-balance alert in the alerts topic', async () => {
    await ada().say('/lowbalance 5000000', /falls below|کمتر/);
    world.sandbox.controls.setBalance(4_000_000);
    const sent = await world.telegram.waitForMessage(FORUM.id, alert, LONG);
    expect(sent.thread_id).toBe(topicOf(world.telegram.topics(FORUM.id), alertsTopic));
  });

  it('sends a CSV export to the person who asked, never to the group', async () => {
    world.telegram.sendText(ADMIN, '/export orders');
    await world.telegram.waitFor(() => world.telegram.messages(ADMIN.id).find((m) => m.document !== undefined), LONG);
    expect(groupMessages().filter((m) => m.document !== undefined)).toHaveLength(0);
  });

  it('keeps to 20 messages a minute in the group with 200 feed lines, folding them, and meets no 429', async () => {
    world.sandbox.controls.setBalance(1_000_000_000);
    const from = world.telegram.calls.length;
    const placed = world.sandbox.controls.placeOrders(200, { productId: SANDBOX_PRODUCTS.noFields, regionPropertyId: 5001, quantity: 1 });
    recordPlaced(world, placed, { userIdOf: () => STAFF.id, keyPrefix: `group-feed-${locale}`, audited: true });
    const lines = () => groupMessages().flatMap((m) => m.text.split('\n')).filter((l) => l.includes('🛒')).length;
    await world.telegram.waitFor(() => lines() >= 201 || undefined, { timeoutMs: 90_000 });
    const toGroup = world.telegram.calls.slice(from).filter((c: RecordedCall) => String(c.payload['chat_id']) === String(FORUM.id) && /^(send|edit)/i.test(c.method));
    expect(toGroup.filter((c) => c.response?.ok === false && c.response.error_code === 429)).toHaveLength(0);
    // Folded: far fewer messages than lines.
    expect(toGroup.length).toBeLessThan(20);
  }, 120_000);
});
