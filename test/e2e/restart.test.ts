import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatDriver } from './chat-driver.js';
import { STAFF, startWorld, type World } from './harness.js';
import {
  acceptedSendsContaining,
  cardsOf,
  DELIVERY_WAIT_MS,
  databaseBytes,
  expectAbsent,
  newestLocalState,
  localOrder,
  orderThroughChat,
  posts,
  referenceIn,
  sandboxOrder,
  spoilers,
  waitForDelivery,
  type Card,
} from './order-steps.js';

const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/ };
const STEAM = { search: 'Steam Wallet 50', product: /^Steam Wallet 50 USD/ };
const ITUNES = { search: 'Apple iTunes 10', product: /^Apple iTunes 10 USD/ };

// The same cases on each database: on PostgreSQL the claim on the database, the recovery and the leases go through the server.
describe.each(['sqlite', 'postgresql'] as const)('kill -9 and a restart on %s', (database) => {
  let world: World;
  const delivered: Card[] = [];
  /** Output of the processes killed so far. */
  const earlierOutput: string[] = [];

  async function killAndRestart(between: () => void | Promise<void> = () => undefined): Promise<void> {
    await world.bot.kill9();
    earlierOutput.push(world.bot.output());
    await between();
    await world.restart();
  }

  beforeAll(async () => {
    // Slow enough that the orders are still open when the process is killed.
    world = await startWorld({ process: true, database, sandbox: { timing: { preparingMs: 1_500, processingMs: 1_500 } }, staff: [STAFF] });
  });
  afterAll(async () => {
    if (process.env.DUMP_BOT) console.log([...earlierOutput, world?.bot.output()].join('\n----- restart -----\n'));
    await world?.close();
  });

  /** The order was delivered to the staff member, each of its codes in exactly one message. */
  async function expectDeliveredOnce(reference: string): Promise<void> {
    const parts = await waitForDelivery(world, STAFF.id, reference);
    const cards = cardsOf(sandboxOrder(world, reference));
    expect(cards.length).toBeGreaterThan(0);
    delivered.push(...cards);
    const hidden = parts.flatMap(spoilers);
    for (const card of cards) {
      expect(hidden).toContain(card.code);
      expect(acceptedSendsContaining(world, card.code)).toHaveLength(1);
    }
    expect((await localOrder(world, reference))?.state).toBe('completed');
  }

  it('follows every open order again after kill -9, delivers each once and orders nothing twice', async () => {
    const before = posts(world);
    const first = referenceIn(await orderThroughChat(world, STAFF, { ...GOOGLE_PLAY, quantity: 1 }));
    world.sandbox.controls.setOrderPostFault({ kind: 'drop-after-create' });
    await orderThroughChat(world, STAFF, { ...STEAM, quantity: 1 }, /did not confirm your order/);
    world.sandbox.controls.setOrderPostFault({ kind: 'none' });
    const second = world.sandbox.controls.orders().at(-1)!.orderReference;

    await killAndRestart(async () => {
      expect((await localOrder(world, first))?.state).toBe('in_progress');
      expect(await localOrder(world, second)).toBeUndefined(); // not adopted yet: its outcome is unknown
    });

    await expectDeliveredOnce(first);
    await world.telegram.waitForMessage(STAFF.id, new RegExp(`was placed after all: reference ${second}\\.`), { timeoutMs: DELIVERY_WAIT_MS });
    await expectDeliveredOnce(second);
    expect(posts(world)).toBe(before + 2);
    expect(world.sandbox.controls.orders()).toHaveLength(2);
  });

  it('finds the order whose POST was in flight when the process died, without sending it again', async () => {
    const before = posts(world);
    const ordersBefore = world.sandbox.controls.orders().length;
    world.sandbox.controls.setOrderPostFault({ kind: 'answer-after', delayMs: 5_000 });
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await chat.say(ITUNES.search, /Products matching/);
    await chat.tap(ITUNES.product, /How many\?/);
    const summary = await chat.say('2', /Please check your order/);
    world.telegram.clickButton(STAFF, summary, /Confirm/);
    // The POST is under way (a loaded machine takes seconds to get there).
    await world.telegram.waitFor(() => world.sandbox.controls.orders().length > ordersBefore, { timeoutMs: 15_000 });

    await killAndRestart(async () => {
      expect(await newestLocalState(world)).toBe('placing');
      world.sandbox.controls.setOrderPostFault({ kind: 'none' });
    });

    // Their last word was "Placing your order…": they hear where it stands.
    const interrupted = await world.telegram.waitForMessage(STAFF.id, /restarted while your order .* was being sent to the provider/, { timeoutMs: DELIVERY_WAIT_MS });
    // With the time by which they will hear: the grace period after the POST and the checks.
    expect(interrupted.text).toMatch(/Do not order again: I am checking with the provider and will tell you here, by about \d{1,2} \w{3} \d{4}, \d{2}:\d{2} \(Coordinated Universal Time\)\./);
    const reference = world.sandbox.controls.orders().at(-1)!.orderReference;
    await world.telegram.waitForMessage(STAFF.id, new RegExp(`was placed after all: reference ${reference}\\.`), { timeoutMs: DELIVERY_WAIT_MS });
    await expectDeliveredOnce(reference);
    expect(posts(world)).toBe(before + 1);
    expect(world.sandbox.controls.orders()).toHaveLength(ordersBefore + 1);
  });

  it('lets a staff member who was half-way through an order when the process died start afresh with /order', async () => {
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await chat.say(GOOGLE_PLAY.search, /Products matching/);
    await chat.tap(GOOGLE_PLAY.product, /How many\?/);
    await chat.say('3', /Please check your order/);

    await killAndRestart();

    await chat.say('/order', /Choose a category/);
    await chat.say('/cancel', /^Cancelled/);
  });

  it('leaves no delivered code in the database (the file and its write-ahead log, or every table on the server) after kill -9', async () => {
    await world.bot.kill9();
    const secrets = delivered.flatMap((card) => [card.code, card.serial]);
    const reference = world.sandbox.controls.orders().at(-1)!.orderReference;
    expect(delivered.length).toBeGreaterThanOrEqual(4);
    expectAbsent(await databaseBytes(world), secrets, reference);
    expectAbsent([...earlierOutput, world.bot.output()].join('\n'), secrets, reference);
    await world.restart();
  });
});
