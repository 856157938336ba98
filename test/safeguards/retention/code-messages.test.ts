import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/logger.js';
import { retentionPasses } from '../../../src/app/retention-wiring.js';
import { SANDBOX_PRODUCTS } from '../../../src/sandbox/server.js';
import { CODES_REMOVE_AFTER_HOURS } from '../../../src/safeguards/retention/retention-settings.js';
import { ADMIN, senderWorld, spoilersOf, STAFF } from '../../delivery/sender-world.js';
import type { SentMessage } from '../../support/fake-bot-api/index.js';

type World = Awaited<ReturnType<typeof senderWorld>>;
const HOUR = 3_600_000;
const googlePlay = SANDBOX_PRODUCTS.noFields;

/** A delivered order whose codes sit in the staff member's chat, and the removal pass as the background work builds it. */
async function deliveredWorld(options: Parameters<typeof senderWorld>[0] = {}) {
  const world = await senderWorld(options);
  const order = await world.completedOrder(googlePlay, 2);
  await world.sender.runOnce();
  const passes = retentionPasses({
    config: { botToken: world.telegram.token, telegramApiRoot: world.telegram.apiRoot, sandboxMode: true },
    services: world.services,
    clock: world.clock,
    logger: loggerOf(world),
  });
  return { world, order, pass: passes.removeCodeMessages };
}

/** The pass logs into the world's own log lines, so that a test can read them for codes. */
const loggerOf = (world: World) => createLogger({ level: 'debug', destination: { write: (line: string) => void world.logLines.push(line) } });

const rows = (world: World) =>
  world.db.$client.prepare('select message_id as messageId, state, attempts, last_error as lastError from code_messages order by id').all() as {
    messageId: number;
    state: string;
    attempts: number;
    lastError: string | null;
  }[];
const buttonsOf = (message: SentMessage) => ((message.reply_markup as { inline_keyboard?: unknown[][] } | undefined)?.inline_keyboard ?? []).flat();

describe('delivered codes leave the chat', () => {
  it('replaces the delivery by a line saying how to see the codes again once the set hours have passed, copy buttons included', async () => {
    const { world, order, pass } = await deliveredWorld();
    const [delivery] = world.messagesTo(STAFF);
    const codes = world.cardsOf(order).map((card) => card.code);
    expect(spoilersOf(delivery!)).toEqual(expect.arrayContaining(codes));
    expect(buttonsOf(delivery!).length).toBeGreaterThan(0);
    await world.services.settings.write(CODES_REMOVE_AFTER_HOURS, 2, ADMIN);

    world.clock.advance(2 * HOUR - 10_000);
    expect(await pass()).toMatchObject({ replaced: 0 });
    expect(world.messagesTo(STAFF)[0]!.edits).toBe(0);

    world.clock.advance(10_000);
    expect(await pass()).toMatchObject({ replaced: 1 });
    const [line] = world.messagesTo(STAFF);
    expect(line!.deleted).toBe(false);
    expect(line!.text).toContain(`The codes of order ${order.providerReference} were removed from this chat after 2 hours. /track ${order.providerReference} shows them again.`);
    for (const code of codes) expect(line!.text).not.toContain(code);
    expect(buttonsOf(line!)).toEqual([]);
    expect(rows(world)).toMatchObject([{ state: 'replaced' }]);
    // Done once: a later pass leaves it alone, and nothing of the codes reached the log.
    expect(await pass()).toMatchObject({ replaced: 0, deleted: 0, gone: 0 });
    expect(world.telegram.callsTo('editMessageText')).toHaveLength(1);
    for (const code of codes) expect(world.logLines.join('\n')).not.toContain(code);
  });

  it('writes the line in the staff member’s language', async () => {
    const { world, order, pass } = await deliveredWorld({ staffLocale: 'fa' });
    await world.services.settings.write(CODES_REMOVE_AFTER_HOURS, 1, ADMIN);
    world.clock.advance(HOUR);
    await pass();
    expect(world.messagesTo(STAFF)[0]!.text).toContain(`کدهای سفارش ${order.providerReference} پس از ۱ ساعت از این گفتگو برداشته شد`);
  });

  it('deletes a message too old to be edited', async () => {
    const { world, pass } = await deliveredWorld();
    await world.services.settings.write(CODES_REMOVE_AFTER_HOURS, 47, ADMIN);
    world.clock.advance(47 * HOUR);
    world.telegram.failNext('editMessageText', { code: 400, description: "Bad Request: message can't be edited" });

    expect(await pass()).toMatchObject({ deleted: 1 });
    expect(world.telegram.callsTo('deleteMessage')).toHaveLength(1);
    expect(world.messagesTo(STAFF)[0]!.deleted).toBe(true);
    expect(rows(world)).toMatchObject([{ state: 'deleted' }]);
  });

  it('ends the row quietly when the message is already gone from the chat', async () => {
    const { world, pass } = await deliveredWorld();
    await world.services.settings.write(CODES_REMOVE_AFTER_HOURS, 1, ADMIN);
    world.clock.advance(HOUR);
    world.telegram.failNext('editMessageText', { code: 400, description: 'Bad Request: message to edit not found' });

    expect(await pass()).toMatchObject({ gone: 1 });
    expect(world.telegram.callsTo('deleteMessage')).toHaveLength(0);
    expect(rows(world)).toMatchObject([{ state: 'gone', lastError: 'not found' }]);
  });

  it('tries again after trouble, and gives up after five tries rather than retrying forever', async () => {
    const { world, pass } = await deliveredWorld();
    await world.services.settings.write(CODES_REMOVE_AFTER_HOURS, 1, ADMIN);
    world.clock.advance(HOUR);
    world.telegram.failNext('editMessageText', { code: 500, description: 'Internal Server Error' }, 5);

    for (let run = 1; run <= 4; run++) {
      expect(await pass()).toMatchObject({ retried: 1 });
      expect(rows(world)).toMatchObject([{ state: 'kept', attempts: run }]);
    }
    expect(await pass()).toMatchObject({ failed: 1 });
    expect(rows(world)).toMatchObject([{ state: 'failed' }]);
    expect(await pass()).toMatchObject({ failed: 0, replaced: 0 });
    expect(world.telegram.callsTo('editMessageText')).toHaveLength(5);
  });

  it('leaves codes in the chat while the setting is off, and forgets them after two days', async () => {
    const { world, pass } = await deliveredWorld();
    world.clock.advance(47 * HOUR);
    await pass();
    expect(world.messagesTo(STAFF)[0]!.edits).toBe(0);
    expect(rows(world)).toHaveLength(1);
    world.clock.advance(HOUR + 1);
    await pass();
    expect(rows(world)).toHaveLength(0);
    expect(world.telegram.callsTo('editMessageText')).toHaveLength(0);
  });
});
