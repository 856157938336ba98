import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser, SentMessage } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF } from './harness.js';
import { orderThroughChat, posts, referenceIn, waitForDelivery } from './order-steps.js';
import { toPersianDigits } from '../../src/text/digits.js';

const VIEWER: FakeUser = { id: 5005, firstName: 'Vera', username: 'vera', languageCode: 'en' };
const NEWCOMER: FakeUser = { id: 7007, firstName: 'Nour', lastName: 'Karimi', username: 'nour_k', languageCode: 'fa' };
const SILENT: FakeUser = { id: 8008, firstName: 'Quiet', languageCode: 'en' };
const SWITCHER: FakeUser = { id: 9009, firstName: 'Max', languageCode: 'en' };

const GOOGLE_PLAY = { search: 'Google Play', product: /^Google Play 10 USD/, quantity: 1 };

/** Presses a button's data from the user's own chat, as a modified client would. */
function pressCrafted(world: ReturnType<typeof sharedWorld>, user: FakeUser, data: string): string {
  const own = world.telegram.lastMessage(user.id)!;
  const id = `crafted-${user.id}-${Date.now()}`;
  world.telegram.pushUpdate({
    callback_query: {
      id,
      from: { id: user.id, is_bot: false, first_name: user.firstName! },
      message: { message_id: own.message_id, date: own.date, chat: { id: user.id, type: 'private', first_name: user.firstName! }, text: own.text },
      chat_instance: `instance-${user.id}`,
      data,
    },
  });
  return id;
}

const commandsOf = (world: ReturnType<typeof sharedWorld>, userId: number, languageCode?: string) =>
  world.telegram.commands({ type: 'chat', chat_id: userId }, languageCode).map((c) => c.command);

describe('roles, names and the audit', () => {
  const world = sharedWorld({ staff: [STAFF] });
  let reference = '';
  let orderId = 0;
  let showCodesData = '';

  beforeAll(async () => {
    const placed = await orderThroughChat(world, STAFF, GOOGLE_PLAY);
    reference = referenceIn(placed);
    await waitForDelivery(world, STAFF.id, reference);
    const detail = await chatDriver(world.telegram, STAFF).say(`/track ${reference}`, /our #\d+/);
    orderId = Number(/our #(\d+)/.exec(detail.text)![1]);
    showCodesData = world.telegram.findButton(detail, /Show codes/).callback_data!;
  });

  it('gives the environment administrator the administrators’ menu in their own chat', async () => {
    const menu = await world.telegram.waitFor(() => (commandsOf(world, ADMIN.id).length > 0 ? commandsOf(world, ADMIN.id) : null));
    expect(menu).toEqual(expect.arrayContaining(['staff', 'audit', 'pause', 'resume', 'review', 'sync', 'order']));
    expect(commandsOf(world, ADMIN.id, 'fa')).toEqual(menu);
    const everyone = world.telegram.commands({ type: 'all_private_chats' }).map((c) => c.command);
    expect(everyone).not.toContain('staff');
    expect(everyone).not.toContain('audit');
  });

  it('tells someone who wrote to the bot before that they were added, in their language, and gives them their menu', async () => {
    world.telegram.sendText(NEWCOMER, '/start');
    // A Persian speaker reads their own ID in Persian digits (commands read them back).
    await world.telegram.waitForMessage(NEWCOMER.id, new RegExp(toPersianDigits(String(NEWCOMER.id))));
    const answer = await chatDriver(world.telegram, ADMIN).say(`/staff add ${NEWCOMER.id}`, /can now use giftdesk/);
    expect(answer.text).toContain(`Nour Karimi (@nour_k), ID ${NEWCOMER.id} can now use giftdesk as staff.`);
    expect(answer.text).toContain('They have been told.');
    const told = await world.telegram.waitForMessage(NEWCOMER.id, /دسترسی داد/);
    expect(told.text).toContain('Ada');
    expect(told.text).toContain('کارمند');
    expect(commandsOf(world, NEWCOMER.id, 'fa')).toContain('order');
    expect(commandsOf(world, NEWCOMER.id)).not.toContain('staff');
  });

  it('says so when the person added never wrote to the bot, and sends them nothing', async () => {
    const answer = await chatDriver(world.telegram, ADMIN).say(`/staff add ${SILENT.id}`, /can now use giftdesk/);
    expect(answer.text).toContain(`${SILENT.id} can now use giftdesk as staff.`);
    expect(answer.text).toContain('have not written to the bot yet');
    expect(world.telegram.messages(SILENT.id)).toHaveLength(0);
  });

  it('lists staff by name with the numeric ID as tap-to-copy text', async () => {
    const list = await chatDriver(world.telegram, ADMIN).say('/staff', /Staff \(/);
    expect(list.text).toContain(`• Ada · ${ADMIN.id}: administrator (from ADMIN_IDS)`);
    expect(list.text).toContain(`• Sam · ${STAFF.id}: staff`);
    expect(list.text).toContain(`• Nour Karimi (@nour_k) · ${NEWCOMER.id}: staff`);
    expect(list.text).toContain(`• ${SILENT.id}: staff`);
    const ids = list.entities.filter((e) => e.type === 'code').map((e) => list.text.slice(e.offset, e.offset + e.length));
    expect(ids).toEqual(expect.arrayContaining([String(ADMIN.id), String(STAFF.id), String(NEWCOMER.id), String(SILENT.id)]));
  });

  describe('a viewer', () => {
    const viewer = () => chatDriver(world.telegram, VIEWER);

    beforeAll(async () => {
      world.telegram.sendText(VIEWER, '/start');
      await world.telegram.waitForMessage(VIEWER.id, /Telegram ID/);
      const added = await chatDriver(world.telegram, ADMIN).say(`/staff add ${VIEWER.id} viewer`, /can now use giftdesk/);
      expect(added.text).toContain('as viewer');
      await world.telegram.waitForMessage(VIEWER.id, /gave you access to giftdesk as viewer/);
    });

    it('gets the viewers’ menu: reading commands, no ordering and no administration', () => {
      const menu = commandsOf(world, VIEWER.id);
      expect(menu).toEqual(expect.arrayContaining(['orders', 'track', 'balance', 'transactions', 'audit']));
      for (const command of ['order', 'staff', 'pause', 'review', 'sync']) expect(menu).not.toContain(command);
    });

    it('cannot start an order', async () => {
      const before = posts(world);
      await viewer().say('/order', /As a viewer you can look, but not order or see codes/);
      expect(world.telegram.messages(VIEWER.id).some((m) => /Choose a category/.test(m.text))).toBe(false);
      expect(posts(world)).toBe(before);
    });

    it('reads everyone’s orders, by name', async () => {
      const list = await viewer().say('/orders', /Everyone's recent orders/);
      expect(world.telegram.findButton(list, new RegExp(`^1\\. ${reference}`))).toBeDefined();
      expect(list.text).toMatch(new RegExp(`1\\. ${reference}: [^\\n]+\\n[^\\n]+ · by Sam`));
    });

    it('sees an order without a Show codes button', async () => {
      const detail = await viewer().say(`/track ${reference}`, new RegExp(`Order ${reference}`));
      expect(detail.text).toContain('Ordered by: Sam');
      expect(JSON.stringify(detail.reply_markup ?? {})).not.toMatch(/Show codes/);
    });

    it('gets no codes through a crafted Show codes button, and the attempt reveals nothing', async () => {
      const pressed = pressCrafted(world, VIEWER, showCodesData);
      const answer = await world.telegram.waitFor(() => world.telegram.callbackAnswer(pressed));
      expect(answer.text).toMatch(/not order or see codes/);
      // A later reply proves the press was handled before we look.
      await viewer().say('/help', /You are a viewer/);
      expect(world.telegram.messages(VIEWER.id).some((m) => /Codes of order/.test(m.text) || m.protect_content)).toBe(false);
    });

    it('reads the transactions and the audit but no administrator’s command', async () => {
      await viewer().say('/transactions', /Transaction|transactions/);
      await viewer().say('/audit', /Audit\n/);
      await viewer().say('/staff', /Only administrators can do that/);
      await viewer().say('/pause', /Only administrators can do that/);
    });
  });

  it('applies a role change on the very next message, audits it and tells the person', async () => {
    world.telegram.sendText(SWITCHER, '/start');
    await world.telegram.waitForMessage(SWITCHER.id, /Telegram ID/);
    const admin = chatDriver(world.telegram, ADMIN);
    const max = chatDriver(world.telegram, SWITCHER);
    await admin.say(`/staff add ${SWITCHER.id}`, /can now use giftdesk as staff/);
    await max.say('/order', /Choose a category/);

    const changed = await admin.say(`/staff role ${SWITCHER.id} viewer`, /is now viewer/);
    expect(changed.text).toContain('They have been told.');
    await world.telegram.waitForMessage(SWITCHER.id, /changed your role: you are now viewer/);
    await max.say('/order', /As a viewer you can look/);
    expect(commandsOf(world, SWITCHER.id)).not.toContain('order');

    await admin.say(`/staff role ${SWITCHER.id} staff`, /is now staff/);
    await max.say('/order', /Choose a category/);
    expect(commandsOf(world, SWITCHER.id)).toContain('order');
    await admin.say('/staff role 424242 viewer', /424242 is not on the staff list/);

    const audit = await admin.say(`/audit ${SWITCHER.id}`, /Audit of Max/);
    expect(audit.text).toContain('changed the role of Max: viewer → staff');
    expect(audit.text).toContain('changed the role of Max: staff → viewer');
    expect(audit.text).toContain('gave Max access as staff');
  });

  it('drops the half-way order of someone made a viewer, so their Confirm places nothing', async () => {
    const admin = chatDriver(world.telegram, ADMIN);
    const max = chatDriver(world.telegram, SWITCHER);
    await max.say('/order', /Choose a category/);
    await max.say(GOOGLE_PLAY.search, /Products matching/);
    await max.tap(GOOGLE_PLAY.product, /How many\?/);
    const summary = await max.say('1', /Please check your order/);
    await admin.say(`/staff role ${SWITCHER.id} viewer`, /is now viewer/);
    const before = posts(world);
    const pressed = world.telegram.clickButton(SWITCHER, summary, /Confirm/);
    const answer = await world.telegram.waitFor(() => world.telegram.callbackAnswer(pressed));
    expect(answer.text).toMatch(/expired/);
    await max.say('/help', /You are a viewer/);
    expect(posts(world)).toBe(before);
    expect(world.telegram.messages(SWITCHER.id).some((m) => /Placing your order/.test(m.text))).toBe(false);
  });

  it('tells the orderer when an administrator opens their codes, and /audit shows who saw whose codes', async () => {
    const admin = chatDriver(world.telegram, ADMIN);
    const detail = await admin.say(`/track ${reference}`, new RegExp(`Order ${reference}`));
    await admin.answerTo(() => world.telegram.clickButton(ADMIN, detail, /Show codes/), new RegExp(`^Codes of order ${reference}`));

    const told = await world.telegram.waitForMessage(STAFF.id, /opened the codes of your order/);
    expect(told.text).toMatch(new RegExp(`^Ada opened the codes of your order ${reference} \\(#${orderId}\\) on \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2} \\(Coordinated Universal Time\\)\\.$`));

    const audit = await admin.say(`/audit #${orderId}`, new RegExp(`Audit of order #${orderId}`));
    const lines = audit.text.split('\n');
    const reveal = lines.findIndex((l) => l.startsWith(`saw Sam's codes of order #${orderId}`));
    expect(reveal).toBeGreaterThan(0);
    expect(lines[reveal - 1]).toMatch(/ · Ada$/);
    expect(audit.text).toContain(`started order #${orderId} (Google Play 10 USD × 1) for 1,250,000 IRR`);

    const byId = await chatDriver(world.telegram, VIEWER).say(`/audit ${STAFF.id}`, /Audit of Sam/);
    expect(byId.text).toContain(`saw Sam's codes of order #${orderId}`);
    expect(byId.text).toContain(`started order #${orderId}`);
    const byUsername = await chatDriver(world.telegram, VIEWER).say('/audit @NOUR_K', /Audit of Nour Karimi \(@nour_k\)/);
    expect(byUsername.text).toContain('gave Nour Karimi (@nour_k) access as staff');
    expect(byUsername.text).not.toContain('Sam');
    await chatDriver(world.telegram, VIEWER).say('/audit @nobody_here', /I do not know @nobody_here/);
  });

  it('never shows a code in /audit, on any page', async () => {
    const codes = world.sandbox.controls
      .orders()
      .flatMap((o) => o.items.flatMap((i) => i.delivery?.cards.map((c) => c.code) ?? []));
    expect(codes.length).toBeGreaterThan(0);
    const admin = chatDriver(world.telegram, ADMIN);
    let page: SentMessage = await admin.say('/audit', /Audit\n/);
    const seen = [page.text];
    while (hasButton(page, /Older/)) {
      page = await admin.tap(/Older/, /Audit\n/);
      seen.push(page.text);
    }
    expect(seen.length).toBeGreaterThan(1);
    for (const text of seen) for (const code of codes) expect(text).not.toContain(code);
  });
});

function hasButton(message: SentMessage, label: RegExp): boolean {
  const markup = message.reply_markup;
  return markup !== undefined && 'inline_keyboard' in markup && markup.inline_keyboard.flat().some((b) => label.test(b.text));
}
