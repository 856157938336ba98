import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_LENGTH, type FakeUser, type SentMessage } from '../support/fake-bot-api/index.js';
import { ADMIN, sharedWorld, STAFF } from './harness.js';
import {
  acceptedSendsContaining,
  cardsOf,
  copyButtons,
  DELIVERY_WAIT_MS,
  databaseBytes,
  deliveryMessages,
  expectAbsent,
  localOrder,
  orderThroughChat,
  posts,
  referenceIn,
  sandboxOrder,
  laterRuns,
  loopRunDone,
  sweepDone,
  spoilers,
  waitForDelivery,
  type Card,
} from './order-steps.js';

const OTHER_STAFF: FakeUser = { id: 4004, firstName: 'Olga', languageCode: 'en' };
const LARGE_ORDER = 30;

const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/ };
const PUBG_PLENTY = { search: 'PUBG Mobile 325', product: /^PUBG Mobile 325 UC/ };

const byText = (a: string, b: string) => a.localeCompare(b);

/**
 * The delivery hides exactly the cards' secrets, each once: every code, PIN
 * and serial is a spoiler and nothing else is (two cards may share a PIN).
 */
function expectSecretsHidden(parts: readonly SentMessage[], cards: readonly Card[]): void {
  const secrets = cards.flatMap((card) => [card.code, card.pin, card.serial]);
  expect(parts.flatMap(spoilers).sort(byText)).toEqual(secrets.sort(byText));
}

describe('delivery of orders to the staff member who placed them', () => {
  const world = sharedWorld({
    sandbox: { maxQuantity: LARGE_ORDER, initialBalance: 1_000_000_000 },
    // Trace: the loops' runs are logged, to wait for rather than sleep.
    env: { PROVIDER_MAX_QUANTITY_PER_ITEM: String(LARGE_ORDER), LOG_LEVEL: 'trace' },
    staff: [STAFF, OTHER_STAFF],
  });
  /** Codes and serials delivered during the run, for the disk and log checks at the end. */
  const delivered: Card[] = [];

  it('delivers a completed order once, every code as a spoiler in a protected message, to the ordering chat only', async () => {
    const placed = await orderThroughChat(world, STAFF, { ...GOOGLE_PLAY, quantity: 3 });
    const reference = referenceIn(placed);

    const parts = await waitForDelivery(world, STAFF.id, reference);
    const cards = cardsOf(sandboxOrder(world, reference));
    delivered.push(...cards);
    expect(cards).toHaveLength(3);
    expect(parts).toHaveLength(1);
    expect(parts[0]!.protect_content).toBe(true);
    expectSecretsHidden(parts, cards);

    // Two more poller sweeps and sender runs after the delivery: nothing is sent again.
    await laterRuns(world, 3, sweepDone, loopRunDone('notification sender'));
    expect(deliveryMessages(world, STAFF.id, reference)).toHaveLength(1);
    for (const card of cards) {
      const sends = acceptedSendsContaining(world, card.code);
      expect(sends).toHaveLength(1);
      expect(sends[0]!.payload.chat_id).toBe(STAFF.id);
    }
    expect(world.telegram.messages(ADMIN.id).some((m) => m.text.includes(reference))).toBe(false);
    expect(world.telegram.messages(OTHER_STAFF.id)).toHaveLength(0);
    expect(await localOrder(world, reference)).toMatchObject({ state: 'completed', next_check_at: null });
  });

  it('delivers the codes later when Telegram answers the delivery with 429', async () => {
    const placed = await orderThroughChat(world, STAFF, { ...GOOGLE_PLAY, quantity: 1 });
    const reference = referenceIn(placed);
    world.telegram.failNext('sendMessage', { code: 429, description: 'Too Many Requests: retry after 2', retryAfter: 2 });

    const parts = await waitForDelivery(world, STAFF.id, reference);
    const cards = cardsOf(sandboxOrder(world, reference));
    delivered.push(...cards);

    const attempts = world.telegram.callsTo('sendMessage').filter((call) => String(call.payload.text ?? '').includes(`Order ${reference} is delivered`));
    expect(attempts.map((call) => call.response?.ok)).toEqual([false, true]);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(2_000);
    expect(parts).toHaveLength(1);
    expectSecretsHidden(parts, cards);
  });

  it('splits a delivery of 30 codes across messages Telegram accepts, every code exactly once', async () => {
    const placed = await orderThroughChat(world, STAFF, { ...PUBG_PLENTY, quantity: LARGE_ORDER });
    const reference = referenceIn(placed);

    const parts = await waitForDelivery(world, STAFF.id, reference);
    const cards = cardsOf(sandboxOrder(world, reference));
    delivered.push(...cards);

    expect(cards).toHaveLength(LARGE_ORDER);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(part.text.length).toBeLessThan(MAX_MESSAGE_LENGTH);
      expect(part.protect_content).toBe(true);
    }
    expectSecretsHidden(parts, cards);
    for (const card of cards) expect(acceptedSendsContaining(world, card.code)).toHaveLength(1);
    // Every secret has its button on the message that shows it, and no message is crowded with them.
    for (const part of parts) {
      expect(copyButtons(part).map((b) => b.copies)).toEqual(spoilers(part));
      expect(copyButtons(part).length).toBeLessThanOrEqual(20);
    }
  });

  it('puts under each delivery message one copy button per secret it shows, carrying exactly that secret', async () => {
    const placed = await orderThroughChat(world, STAFF, { ...GOOGLE_PLAY, quantity: 2 });
    const reference = referenceIn(placed);
    const parts = await waitForDelivery(world, STAFF.id, reference);
    const cards = cardsOf(sandboxOrder(world, reference));
    delivered.push(...cards);

    expect(parts).toHaveLength(1);
    expect(parts[0]!.protect_content).toBe(true);
    expect(copyButtons(parts[0]!)).toEqual([
      { label: 'Copy code 1', copies: cards[0]!.code },
      { label: 'Copy PIN 1', copies: cards[0]!.pin },
      { label: 'Copy serial number 1', copies: cards[0]!.serial },
      { label: 'Copy code 2', copies: cards[1]!.code },
      { label: 'Copy PIN 2', copies: cards[1]!.pin },
      { label: 'Copy serial number 2', copies: cards[1]!.serial },
    ]);
  });

  it('never writes a delivered code to the log or to the database file', async () => {
    expect(delivered.length).toBeGreaterThanOrEqual(3 + 1 + LARGE_ORDER);
    // PINs are four digits, found by chance in any timestamp; codes and serials are not.
    const secrets = delivered.flatMap((card) => [card.code, card.serial]);
    const reference = world.sandbox.controls.orders().at(-1)!.orderReference;
    expectAbsent(world.bot.output(), secrets, reference);
    expectAbsent(await databaseBytes(world), secrets, reference);
  });
});
