import { describe, expect, it } from 'vitest';
import type { SentMessage } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF } from './harness.js';
import { localOrder, orderThroughChat, referenceIn, sandboxOrder, waitForDelivery } from './order-steps.js';

const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/, quantity: 1 };

/** The same case on PostgreSQL: reported, refused twice, followed, and closed by the statement's refund. */
describe('cases on PostgreSQL', () => {
  const world = sharedWorld({ staff: [STAFF], database: 'postgresql', sandbox: { timing: { preparingMs: 0, processingMs: 0 } }, env: { TIME_ZONE: 'UTC' } });

  it('opens a case from the delivery, refuses it twice, moves it with /cases and closes it with the refund', async () => {
    const reference = referenceIn(await orderThroughChat(world, STAFF, GOOGLE_PLAY));
    const orderId = (await localOrder(world, reference))!.id;
    const delivery = (await waitForDelivery(world, STAFF.id, reference)).at(-1)!;
    const chat = chatDriver(world.telegram, STAFF);
    const reasons = await chat.answerTo(() => world.telegram.clickButton(STAFF, delivery, /Problem with this code/), /What is wrong with the code/);
    const prompt = await chat.answerTo(() => world.telegram.clickButton(STAFF, reasons, /Wrong value or product/), /What happened, in one line/);
    await chat.answerTo(() => world.telegram.sendText(STAFF, 'A 5 USD card, not 10', undefined, { replyTo: prompt.message_id }), /Case #1 is open/);
    await world.telegram.waitForMessage(ADMIN.id, /Case #1: a code that does not work \(Wrong value or product\)/, { timeoutMs: 5_000 });
    const again = world.telegram.clickButton(STAFF, delivery, /Problem with this code/);
    await world.telegram.waitFor(() => world.telegram.callbackAnswer(again));
    expect(world.telegram.callbackAnswer(again)?.text).toMatch(/^Case #1 is already open/);

    const admin = chatDriver(world.telegram, ADMIN);
    const card = await admin.say('/cases 1', /Case #1: open/);
    await admin.answerTo(() => world.telegram.clickButton(ADMIN, card, /→ replaced/), /Case #1: replaced/);
    await world.telegram.waitForMessage(STAFF.id, new RegExp(`Case #1 \\(order ${reference}\\) is now: replaced\\.`));
    // Reopened: a refund closes it.
    const edited = (): SentMessage => world.telegram.messages(ADMIN.id).find((m) => m.message_id === card.message_id)!;
    await admin.answerTo(() => world.telegram.clickButton(ADMIN, edited(), /→ open/), /Case #1: open/);
    world.sandbox.controls.refundAfterSupport(sandboxOrder(world, reference).orderId);
    await admin.say('/statement', /Cases closed as refunded by a refund of this month:/);
    await world.telegram.waitForMessage(STAFF.id, /Case #1 \(order A\d+\) is closed as refunded/);
    const rows = await world.database.rows<{ state: string; order_id: number }>('select state, order_id from code_cases');
    expect(rows).toEqual([{ state: 'refunded', order_id: orderId }]);
    const actions = await world.database.rows<{ action: string }>("select action from audit_log where action like 'case.%' order by id");
    expect(actions.map((row) => row.action)).toEqual(['case.opened', 'case.moved', 'case.moved', 'case.moved']);
  });
});
