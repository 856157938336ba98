import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, PERSIAN_STAFF, sharedWorld, STAFF } from './harness.js';
import { spoilers } from './order-steps.js';

const OTHER_STAFF: FakeUser = { id: 4004, firstName: 'Olga', languageCode: 'en' };

interface AuditRow {
  actor_id: number | null;
  action: string;
  order_id: number | null;
  amount: number | null;
  detail: string | null;
}

describe('orders, tracking and transactions', () => {
  const world = sharedWorld({ staff: [STAFF, OTHER_STAFF, PERSIAN_STAFF] });
  let reference = '';
  let providerOrderId = 0;

  const staff = () => chatDriver(world.telegram, STAFF);
  const admin = () => chatDriver(world.telegram, ADMIN);
  const other = () => chatDriver(world.telegram, OTHER_STAFF);
  const sandboxOrder = () => world.sandbox.controls.orders().find((o) => o.orderReference === reference);

  function auditRows(): AuditRow[] {
    const db = new Database(world.databasePath, { readonly: true, fileMustExist: true });
    try {
      return db.prepare('select actor_id, action, order_id, amount, detail from audit_log where action = ?').all('codes_revealed') as AuditRow[];
    } finally {
      db.close();
    }
  }

  /** Where the messages carrying codes went, recorded so that they can leave the chats later. */
  function codeMessages(): { chat_id: number; message_id: number; order_id: number }[] {
    const db = new Database(world.databasePath, { readonly: true, fileMustExist: true });
    try {
      return db.prepare('select chat_id, message_id, order_id from code_messages order by id').all() as { chat_id: number; message_id: number; order_id: number }[];
    } finally {
      db.close();
    }
  }

  beforeAll(async () => {
    // Google Play 10 USD: one region, no required fields.
    const chat = staff();
    await chat.say('/order', /Choose a category/);
    await chat.tap(/گوگل پلی/, /choose a product/);
    await chat.tap(/^Google Play 10 USD/, /How many\?/);
    await chat.tap(/^1$/, /Please check your order/);
    const placed = await chat.tap(/Confirm/, /Order A\d+ is placed/);
    reference = /Order (A\d+) is placed/.exec(placed.text)![1]!;
    providerOrderId = sandboxOrder()!.orderId;
  });

  it('lists the staff member’s order in /orders and opens its detail from there', async () => {
    const chat = staff();
    const list = await chat.say('/orders', /Your recent orders, page 1 of 1/);
    const button = world.telegram.findButton(list, new RegExp(`^1\\. ${reference} · Google Pl`));
    // What a phone shows of a button; the details are in the message.
    expect([...button.text].length).toBeLessThanOrEqual(30);
    expect(list.text).toMatch(new RegExp(`1\\. ${reference}: Google Play 10 USD \\(US\\) × 1\\n.+ · 1,250,000 IRR · `));
    expect(list.text).toContain('Times in Coordinated Universal Time.');
    expect(list.text).not.toMatch(/by \d+/);
    expect(Buffer.byteLength(button.callback_data!)).toBeLessThanOrEqual(64);

    const detail = await chat.tap(new RegExp(`^1\\. ${reference}`), new RegExp(`Order ${reference} \\(our #\\d+\\)`));
    expect(detail.message_id).toBe(list.message_id);
    expect(detail.text).toContain('Product: Google Play 10 USD');
    expect(detail.text).toContain('Region: US');
    expect(detail.text).toContain('Quantity: 1');
    expect(detail.text).toContain('Unit price: 1,250,000 IRR');
    expect(detail.text).toContain('Total: 1,250,000 IRR');
    expect(detail.text).toMatch(/Placed at: .+ \(Coordinated Universal Time\)/);
    expect(detail.text).toMatch(/At the provider: (Preparing|Processing|Completed)/);
    expect(detail.entities.some((e) => e.type === 'bold')).toBe(true);

    await chat.tap(/Back/, /Your recent orders, page 1 of 1/);
  });

  it('shows the order for /track with its reference, the provider’s id and our own number', async () => {
    const chat = staff();
    const byReference = await chat.say(`/track ${reference}`, new RegExp(`Order ${reference} \\(our #(\\d+)\\)`));
    const localId = /our #(\d+)/.exec(byReference.text)![1]!;
    expect(byReference.text).toContain('Product: Google Play 10 USD');

    await chat.say(`/track ${providerOrderId}`, new RegExp(`Order ${reference} \\(our #${localId}\\)`));
    await chat.say(`/track #${localId}`, new RegExp(`Order ${reference} \\(our #${localId}\\)`));
    await chat.say(`/track ${reference.toLowerCase()}`, new RegExp(`Order ${reference} `));
    await chat.say('/track', /Send \/track followed by an order/);
  });

  it('reveals the codes in spoilers, protected from forwarding, and records the reveal', async () => {
    await world.telegram.waitFor(() => sandboxOrder()?.status === 'COMPLETED', { timeoutMs: 5_000 });
    const codes = sandboxOrder()!.items.flatMap((item) => {
      const delivery = item.delivery as { cards: { code: string; pin: string }[] } | null;
      return delivery?.cards.flatMap((card) => [card.code, card.pin]) ?? [];
    });
    expect(codes.length).toBeGreaterThan(0);

    const chat = staff();
    const detail = await chat.say(`/track ${reference}`, /At the provider: Completed/);
    expect(world.telegram.findButton(detail, /Show codes/)).toBeDefined();
    const before = auditRows().length;

    let pressed = '';
    const revealed = await chat.answerTo(() => {
      pressed = world.telegram.clickButton(STAFF, detail, /Show codes/);
    }, new RegExp(`^Codes of order ${reference}`));
    expect(world.telegram.callbackAnswer(pressed)).toBeDefined();

    // One card fits in one message.
    expect(revealed.protect_content).toBe(true);
    const hidden = spoilers(revealed);
    for (const code of codes) expect(hidden).toContain(code);

    const rows = await world.telegram.waitFor(() => (auditRows().length > before ? auditRows() : null));
    const row = rows.at(-1)!;
    expect(row).toMatchObject({ actor_id: STAFF.id, action: 'codes_revealed', amount: 1_250_000 });
    expect(row.order_id).toBeGreaterThan(0);
    for (const code of codes) expect(JSON.stringify(rows)).not.toContain(code);
    // Both the delivery and the reveal are recorded for removal: where they are, never what they say.
    const recorded = await world.telegram.waitFor(() => codeMessages().find((m) => m.message_id === revealed.message_id && m.chat_id === STAFF.id) ?? null);
    expect(recorded).toEqual({ chat_id: STAFF.id, message_id: revealed.message_id, order_id: row.order_id });
    // The delivery goes out on the sender's own schedule.
    await world.telegram.waitFor(() => (codeMessages().filter((m) => m.chat_id === STAFF.id && m.order_id === row.order_id).length >= 2 ? true : null), { timeoutMs: 10_000 });
  });

  it('hides the order from another staff member, even through a crafted button', async () => {
    const chat = other();
    await chat.say(`/track ${reference}`, new RegExp(`I found no order ${reference}\\.`));
    await chat.say(`/track ${providerOrderId}`, /I found no order/);
    await chat.say('/orders', /You have not ordered anything yet/);

    const staffDetail = world.telegram.messages(STAFF.id).filter((m) => m.reply_markup && /Show codes/.test(JSON.stringify(m.reply_markup))).at(-1)!;
    const codesData = world.telegram.findButton(staffDetail, /Show codes/).callback_data!;
    // The same callback data, pressed on a message in their own chat.
    const own = world.telegram.lastMessage(OTHER_STAFF.id)!;
    const pressed = `crafted-${Date.now()}`;
    world.telegram.pushUpdate({
      callback_query: {
        id: pressed,
        from: { id: OTHER_STAFF.id, is_bot: false, first_name: OTHER_STAFF.firstName! },
        message: { message_id: own.message_id, date: own.date, chat: { id: OTHER_STAFF.id, type: 'private', first_name: OTHER_STAFF.firstName! }, text: own.text },
        chat_instance: `instance-${OTHER_STAFF.id}`,
        data: codesData,
      },
    });
    const answer = await world.telegram.waitFor(() => world.telegram.callbackAnswer(pressed));
    expect(answer.text).toMatch(/not available/);
    expect(world.telegram.messages(OTHER_STAFF.id).some((m) => /Codes of order/.test(m.text))).toBe(false);
  });

  it('shows an administrator everyone’s orders, who placed them, and the codes of anyone’s order', async () => {
    const chat = admin();
    const list = await chat.say('/orders', /Everyone's recent orders, page 1 of 1/);
    // Sam wrote to the bot (he ordered), so he is shown by name.
    expect(world.telegram.findButton(list, new RegExp(`^1\\. ${reference}`))).toBeDefined();
    expect(list.text).toMatch(new RegExp(`1\\. ${reference}: [^\\n]+\\n[^\\n]+ · by ${STAFF.firstName}`));

    const filtered = await chat.say(`/orders ${STAFF.id}`, new RegExp(`Orders of ${STAFF.firstName}, page 1 of 1`));
    expect(world.telegram.findButton(filtered, new RegExp(`^1\\. ${reference}`))).toBeDefined();
    await chat.say(`/orders ${OTHER_STAFF.id}`, new RegExp(`${OTHER_STAFF.firstName} has not ordered anything`));
    await chat.say('/orders @', /\/orders @username or \/orders <telegram id>: one person's orders/);

    const detail = await chat.say(`/track ${reference}`, new RegExp(`Ordered by: ${STAFF.firstName}`));
    const before = auditRows().length;
    const revealed = await chat.answerTo(() => world.telegram.clickButton(ADMIN, detail, /Show codes/), new RegExp(`^Codes of order ${reference}`));
    const rows = await world.telegram.waitFor(() => (auditRows().length > before ? auditRows() : null));
    expect(rows.at(-1)).toMatchObject({ actor_id: ADMIN.id, action: 'codes_revealed' });
    // Recorded once Telegram has answered the send, just after the message arrives.
    const recorded = await world.telegram.waitFor(() => codeMessages().find((m) => m.chat_id === ADMIN.id) ?? null);
    expect(recorded).toEqual({ chat_id: ADMIN.id, message_id: revealed.message_id, order_id: rows.at(-1)!.order_id });
  });

  it('falls back to our own records when the provider cannot be asked, and says so', async () => {
    world.sandbox.controls.setServerErrorRate(1);
    try {
      const detail = await staff().answerTo(() => world.telegram.sendText(STAFF, `/track ${reference}`), /from our records/, 15_000);
      expect(detail.text).toContain('Product: Google Play 10 USD');
      expect(detail.text).toContain('not answering');
    } finally {
      world.sandbox.controls.setServerErrorRate(0);
    }
  });

  it('lists the wallet’s transactions for an administrator and opens the order’s debit', async () => {
    const chat = admin();
    const list = await chat.say('/transactions', /Wallet transactions, page 1/);
    const debit = world.telegram.findButton(list, /^Debit · 1,250,000 IRR · /);
    expect(Buffer.byteLength(debit.callback_data!)).toBeLessThanOrEqual(64);

    const detail = await chat.tap(/^Debit · 1,250,000 IRR/, /Transaction \d+/);
    expect(detail.text).toContain('Type: Debit');
    expect(detail.text).toContain('Amount: 1,250,000 IRR');
    expect(detail.text).toMatch(/Balance after: [\d,]+ IRR/);
    expect(detail.text).toMatch(new RegExp(`Order: ${reference} \\(provider order ${providerOrderId}, our #\\d+\\)`));
    expect(detail.text).toContain('Product: Google Play 10 USD');
    expect(detail.text).toContain(`Description: خرید سفارش ${reference}`);

    await chat.tap(/Back/, /Wallet transactions, page 1/);
  });

  it('refuses /transactions to staff', async () => {
    await staff().say('/transactions', /Only administrators and viewers can do that/);
  });

  it('speaks Persian to a Persian-speaking staff member', async () => {
    await chatDriver(world.telegram, PERSIAN_STAFF).say('/orders', /هنوز سفارشی نداده‌اید/);
  });
});
