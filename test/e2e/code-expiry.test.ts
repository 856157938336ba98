import { describe, expect, it } from 'vitest';
import { formatDateText } from '../../src/text/format.js';
import type { SentMessage } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF } from './harness.js';
import { loopRunDone, orderThroughChat, referenceIn, sandboxOrder, waitForDelivery } from './order-steps.js';

const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/ };
/** The sandbox writes each card to expire this many days after the order completes. */
const VALID_DAYS = 3;

const reminders = (world: ReturnType<typeof sharedWorld>) => world.telegram.messages(STAFF.id).filter((m) => m.text.includes('not marked handed over'));
const hasButton = (message: SentMessage, label: RegExp) =>
  ((message.reply_markup as { inline_keyboard?: { text: string }[][] } | undefined)?.inline_keyboard ?? []).flat().some((button) => label.test(button.text));

/**
 * Codes that expire, through the whole bot against the sandbox and the fake
 * Bot API: the sandbox's cards expire in three days, reminders are set to
 * five, so each delivery is inside its reminder days from the start; the
 * pass runs at start, so a restart is the moment it looks.
 */
describe('codes that expire', () => {
  const world = sharedWorld({
    staff: [STAFF],
    sandbox: { timing: { preparingMs: 0, processingMs: 0 } },
    // Trace: the background loops' runs are logged, to wait for rather than sleep.
    env: { LOG_LEVEL: 'trace' },
  });

  it('remembers the order marked handed over from its delivery, and reminds once, across restarts, of the one that was not', async () => {
    world.sandbox.controls.setCardValidity(VALID_DAYS);
    await chatDriver(world.telegram, ADMIN).say('/expiry remind 5', /reminded 5 days before they expire/);

    const handed = referenceIn(await orderThroughChat(world, STAFF, { ...GOOGLE_PLAY, quantity: 2 }));
    const delivery = (await waitForDelivery(world, STAFF.id, handed)).at(-1)!;
    expect(hasButton(delivery, /^✅ Mark handed over$/)).toBe(true);
    const press = world.telegram.clickButton(STAFF, delivery, /Mark handed over/);
    await world.telegram.waitFor(() => world.telegram.callbackAnswer(press));
    expect(world.telegram.callbackAnswer(press)?.text).toBe('Marked handed over: no reminder will come for these codes.');
    const noted = await world.telegram.waitFor(() => world.telegram.messages(STAFF.id).find((m) => m.message_id === delivery.message_id && hasButton(m, /Handed over/)));
    expect(hasButton(noted, /Mark handed over/)).toBe(false);

    const forgotten = referenceIn(await orderThroughChat(world, STAFF, { ...GOOGLE_PLAY, quantity: 1 }));
    await waitForDelivery(world, STAFF.id, forgotten);
    expect(reminders(world)).toEqual([]);

    await world.bot.stop();
    await world.restart();
    // The pass runs as the restarted process starts its background work: seconds on a loaded machine.
    const reminder = await world.telegram.waitForMessage(STAFF.id, /not marked handed over/, { timeoutMs: 10_000 });
    const written = sandboxOrder(world, forgotten).items[0]!.delivery!.cards[0]!.expiresAt;
    const lastDay = formatDateText(written, 'en', 'UTC');
    expect(reminder.text).toContain(`The code of order ${forgotten} (Google Play 10 USD (US)) expires on ${lastDay}, and it is not marked handed over.`);
    expect(reminder.text).toContain(`/track ${forgotten} shows them again.`);
    expect(hasButton(reminder, /Mark handed over/)).toBe(true);

    // Claimed before it went: the next start's pass finds nothing more to say.
    await world.bot.stop();
    await world.restart();
    await world.bot.waitForLog(loopRunDone('expiry reminders'));
    expect(reminders(world).map((m) => referenceIn(m))).toEqual([forgotten]);

    const secondPress = world.telegram.clickButton(STAFF, reminder, /Mark handed over/);
    await world.telegram.waitFor(() => world.telegram.callbackAnswer(secondPress));
    expect(world.telegram.callbackAnswer(secondPress)?.text).toBe('Marked handed over: no reminder will come for these codes.');
    const marked = await world.database.rows<{ order: string; handed: number }>(
      'select o.provider_reference as "order", count(c.handed_over_at) as handed from code_expiries c join orders o on o.id = c.order_id group by o.provider_reference order by o.provider_reference',
    );
    expect(marked.map((row) => ({ order: row.order, handed: Number(row.handed) }))).toEqual([
      { order: handed, handed: 2 },
      { order: forgotten, handed: 1 },
    ]);
  });
});
