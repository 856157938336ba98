import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotProcess, LogLine } from '../support/bot-process.js';
import { STAFF, startWorld, type World } from './harness.js';
import { acceptedSendsContaining, cardsOf, localOrder, orderThroughChat, posts, referenceIn, sandboxOrder, spoilers, waitForDelivery } from './order-steps.js';

const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/ };
/** The promise: a standby takes over within this after the holder dies. */
const TAKEOVER_MS = 10_000;

const tookRole = (role: string) => (line: LogLine) => line.msg === 'took the role' && line['role'] === role;
const sweepDone = (line: LogLine) => line.msg === 'delivery sweep done';
const count = (bot: BotProcess, match: (line: LogLine) => boolean) => bot.logs().filter(match).length;
/** Answers to /help the staff member has received. */
const helpAnswers = (world: World) => world.telegram.messages(STAFF.id).filter((message) => /How it works/.test(message.text)).length;

/**
 * Two instances of the built program in polling mode on one PostgreSQL
 * database: one polls Telegram and does the background work, the other
 * stands by; kill -9 of the first hands both to the second within ten
 * seconds, and an order open at the kill is delivered once.
 */
describe('two instances in polling mode on one PostgreSQL database', () => {
  let world: World;
  let first: BotProcess;
  let second: BotProcess;

  beforeAll(async () => {
    // Slow enough that the order is still open when its instance is killed.
    world = await startWorld({
      process: true,
      database: 'postgresql',
      sandbox: { timing: { preparingMs: 2_000, processingMs: 2_000 } },
      staff: [STAFF],
      env: { LOG_LEVEL: 'trace', INSTANCE_ID: 'first' },
    });
    first = world.bot;
    second = await world.startAnother({ INSTANCE_ID: 'second' });
  });
  afterAll(async () => {
    if (process.env.DUMP_BOT) console.log(`${first?.output()}\n----- second -----\n${second?.output()}`);
    await world?.close();
  });

  it('lets one instance poll and do the background work while the other stands by', async () => {
    expect(count(first, tookRole('polling'))).toBe(1);
    expect(count(first, tookRole('background'))).toBe(1);
    // Several retry periods of the standby pass: it never takes a role while the first holds them.
    const sweeps = count(first, sweepDone);
    await first.waitForLog((line) => sweepDone(line) && count(first, sweepDone) >= sweeps + 5, 15_000);
    expect(second.logs().filter((line) => line.msg === 'took the role')).toEqual([]);
    expect(count(second, sweepDone)).toBe(0);
    // Every line names its instance.
    expect(first.logs().every((line) => line['instance'] === 'first')).toBe(true);
    expect(second.logs().every((line) => line['instance'] === 'second')).toBe(true);
  });

  it('hands polling and the background work to the survivor within ten seconds of a kill -9, and delivers an open order once', async () => {
    const sent = posts(world);
    const placed = await orderThroughChat(world, STAFF, { search: GOOGLE_PLAY.search, product: GOOGLE_PLAY.product, quantity: 1 });
    const reference = referenceIn(placed);
    expect(posts(world)).toBe(sent + 1);
    expect((await localOrder(world, reference))?.state).not.toBe('completed');

    // An update the first fetches and answers, but whose confirmation (its next getUpdates) never reaches
    // Telegram before the kill: the survivor is given it again and must not answer it a second time.
    let dropping = true;
    const stopDropping = world.telegram.onCall((call) => {
      if (dropping && call.method === 'getUpdates' && Number(call.payload['offset'] ?? 0) > 0) world.telegram.dropNext('getUpdates');
    });
    const helpsBefore = helpAnswers(world);
    world.telegram.sendText(STAFF, '/help');
    await world.telegram.waitFor(() => helpAnswers(world) === helpsBefore + 1);
    // Its handler has answered; a moment for the queue to record it done (a handler killed before that runs again, by design).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const unconfirmed = world.telegram.pendingUpdates().map((update) => update.update_id);
    expect(unconfirmed.length).toBeGreaterThan(0);

    const killedAt = Date.now();
    await first.kill9();
    dropping = false;
    stopDropping();
    await second.waitForLog(tookRole('polling'), TAKEOVER_MS);
    await second.waitForLog(tookRole('background'), TAKEOVER_MS);
    await second.waitForLog(sweepDone, TAKEOVER_MS);
    expect(Date.now() - killedAt).toBeLessThan(TAKEOVER_MS + 1_000);

    const parts = await waitForDelivery(world, STAFF.id, reference);
    const cards = cardsOf(sandboxOrder(world, reference));
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      expect(parts.flatMap(spoilers)).toContain(card.code);
      expect(acceptedSendsContaining(world, card.code)).toHaveLength(1);
    }
    expect((await localOrder(world, reference))?.state).toBe('completed');
    expect(posts(world)).toBe(sent + 1);

    // The survivor was given the unconfirmed updates again and took none of them a second time.
    await world.telegram.waitFor(() => world.telegram.pendingUpdates().length === 0);
    const refetched = second.logs().filter((line) => line.msg === 'update fetched again; already taken').map((line) => line['updateId']);
    expect(refetched).toEqual(expect.arrayContaining(unconfirmed));
    expect(helpAnswers(world)).toBe(helpsBefore + 1);

    // The survivor answers staff: it polls now.
    world.telegram.sendText(STAFF, '/help');
    await world.telegram.waitFor(() => helpAnswers(world) === helpsBefore + 2);

    // No update was handled twice across the kill, counted at the fake: one answer per button press, and
    // one /help answer per /help sent.
    const answered = new Map<string, number>();
    for (const call of world.telegram.callsTo('answerCallbackQuery')) {
      const id = String(call.payload['callback_query_id']);
      answered.set(id, (answered.get(id) ?? 0) + 1);
    }
    expect([...answered.values()].filter((n) => n > 1)).toEqual([]);
    const helpsSent = world.telegram.calls
      .filter((call) => call.method === 'getUpdates')
      .flatMap((call) => (call.response?.ok ? (call.response.result as { update_id: number; message?: { text?: string } }[]) : []))
      .filter((update) => update.message?.text === '/help');
    expect(new Set(helpsSent.map((update) => update.update_id)).size).toBe(helpAnswers(world) - helpsBefore);
  });
});
