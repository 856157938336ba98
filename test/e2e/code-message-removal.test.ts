import { describe, expect, it } from 'vitest';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF } from './harness.js';
import { cardsOf, orderThroughChat, referenceIn, sandboxOrder, waitForDelivery } from './order-steps.js';

const HOUR_MS = 3_600_000;

/**
 * Codes leave the chats, against the built program: a delivered code
 * message whose time passed while the process was down is replaced at
 * start, not a minute or more later, by the line saying how to see the
 * codes again.
 */
describe('code messages taken out of the chats', () => {
  const world = sharedWorld({ process: true, staff: [STAFF], sandbox: { timing: { preparingMs: 0, processingMs: 0 } } });

  it('replaces a delivered code message that fell due while the process was down, right after the restart', async () => {
    await chatDriver(world.telegram, ADMIN).say('/retention codes 1', /Codes leave the chats 1 hours? after they were sent/);
    const reference = referenceIn(await orderThroughChat(world, STAFF, { search: 'Google Play 10', product: /^Google Play 10 USD/, quantity: 1 }));
    const delivered = (await waitForDelivery(world, STAFF.id, reference)).find((m) => m.text.includes(`/track ${reference}`))!;
    const recorded = () => world.database.rows<{ id: number; state: string }>('select id, state from code_messages where chat_id = ? and message_id = ?', [STAFF.id, delivered.message_id]);
    // Recorded right after the send: a moment later than the message itself.
    let [row] = await recorded();
    for (const deadline = Date.now() + 5_000; !row && Date.now() < deadline; [row] = await recorded()) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(row?.state).toBe('kept');
    const codes = cardsOf(sandboxOrder(world, reference)).map((card) => card.code);
    expect(codes.length).toBeGreaterThan(0);

    await world.bot.stop();
    // Sent two hours ago, as far as the record says: due under the one-hour setting.
    await world.database.change('update code_messages set sent_at = ? where id = ?', [Date.now() - 2 * HOUR_MS, row!.id]);
    await world.restart();

    const line = new RegExp(`The codes of order ${reference} were removed from this chat after 1 hours?\\. /track ${reference} shows them again`);
    const replaced = await world.telegram.waitFor(() => {
      const message = world.telegram.messages(STAFF.id).find((m) => m.message_id === delivered.message_id);
      return message && line.test(message.text) ? message : undefined;
    }, { timeoutMs: 5_000 });
    for (const code of codes) expect(replaced.text).not.toContain(code);
    expect((await recorded())[0]!.state).toBe('replaced');
  });
});
