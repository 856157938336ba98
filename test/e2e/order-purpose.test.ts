import { beforeAll, describe, expect, it } from 'vitest';
import type { SentMessage } from '../support/fake-bot-api/index.js';
import { readCsv } from '../support/csv-reader.js';
import { chatDriver, craftedPress } from './chat-driver.js';
import { ADMIN, PERSIAN_STAFF, sharedWorld, STAFF } from './harness.js';
import { referenceIn } from './order-steps.js';

const buttonsOf = (message: SentMessage) =>
  message.reply_markup && 'inline_keyboard' in message.reply_markup ? message.reply_markup.inline_keyboard.flat().map((b) => ({ text: b.text, data: 'callback_data' in b ? b.callback_data : undefined })) : [];

describe('what an order is for: a cost centre and a note', () => {
  const world = sharedWorld({ staff: [STAFF, PERSIAN_STAFF] });
  const admin = () => chatDriver(world.telegram, ADMIN);
  const staff = () => chatDriver(world.telegram, STAFF);
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    await admin().say('/velocity reads off', /now off/);
    for (const [name, code] of [['Support team', 'SUP-01'], ['Marketing', ''], ['Nowruz 1405', 'NWZ']] as const) {
      const added = await admin().say(`/costcentres add ${name}${code ? ` | ${code}` : ''}`, /Added cost centre/);
      ids[name] = /(\d+)\./.exec(added.text)![1]!;
    }
  });

  /** /order to the quantity of Google Play 10 USD (one region, no questions). */
  const toQuantity = async (chat = staff()) => {
    await chat.say('/order', /Choose a category|دسته/);
    await chat.say('Google Play 10', /Products matching|محصولات/);
    await chat.tap(/^Google Play 10 USD/, /How many\?|چند/);
    return chat;
  };

  it('asks nothing while the setting is off: the quantity leads straight to the summary', async () => {
    const chat = await toQuantity();
    const summary = await chat.tap(/^1$/, /Please check your order/);
    expect(summary.text).not.toContain('Cost centre');
    await chat.tap(/Cancel/, /Cancelled/);
  });

  it('asks for the cost centre and a note before the summary; both show on the summary and in the order detail', async () => {
    await admin().say('/costcentres mode optional', /both may be skipped/);
    const chat = await toQuantity();
    const question = await chat.tap(/^1$/, /Which cost centre is this order for\?/);
    expect(buttonsOf(question).map((b) => b.text)).toEqual(['Marketing', 'Nowruz 1405 · NWZ', 'Support team · SUP-01', 'Skip', '« Back', 'Cancel']);
    expect(buttonsOf(question)[2]!.data).toBe(`o:cc:${ids['Support team']}`);
    expect(question.text).toContain('To add a note of one line (what it is for, at most 200 characters), send it before you choose.');
    // The note is typed on the question itself; the tap then goes straight on to the summary: one step.
    await chat.say('x'.repeat(201), /That note is 201 characters long; at most 200 fit on one line/);
    const noted = await chat.say('Nowruz gifts for the support team', /Note: Nowruz gifts for the support team/);
    expect(buttonsOf(noted).map((b) => b.text)).toContain('Support team · SUP-01');
    const summary = await chat.tap(/Support team/, /Please check your order/);
    expect(summary.text).toContain('Cost centre: Support team');
    expect(summary.text).toContain('Note: Nowruz gifts for the support team');
    const placed = await chat.tap(/Confirm/, /Order A\d+ is placed/);
    const reference = referenceIn(placed);
    const [row] = await world.database.rows<{ cost_centre_id: number; purpose_note: string }>('select cost_centre_id, purpose_note from orders where purpose_note is not null');
    expect(row).toEqual({ cost_centre_id: Number(ids['Support team']), purpose_note: 'Nowruz gifts for the support team' });
    const detail = await chat.say(`/track ${reference}`, new RegExp(`Order ${reference}`));
    expect(detail.text).toContain('Cost centre: Support team (SUP-01)');
    expect(detail.text).toContain('Note: Nowruz gifts for the support team');

    // The next order offers the last one first.
    const again = await (await toQuantity()).tap(/^1$/, /Which cost centre/);
    expect(buttonsOf(again)[0]!.text).toBe('Support team · SUP-01');
    const bare = await chat.tap(/Skip/, /Please check your order/);
    expect(bare.text).not.toContain('Cost centre');
    expect(bare.text).not.toContain('Note:');
    await chat.tap(/Cancel/, /Cancelled/);
  });

  it('does not offer a retired cost centre, and refuses a stale or forged press of one, changing nothing', async () => {
    const chat = await toQuantity();
    const question = await chat.tap(/^1$/, /Which cost centre/);
    await admin().say(`/costcentres retire ${ids['Nowruz 1405']}`, /Retired/);
    const refused = await chat.tap(/Nowruz 1405/, /That cost centre is no longer offered/);
    expect(buttonsOf(refused).map((b) => b.text)).not.toContain('Nowruz 1405 · NWZ');
    expect(refused.message_id).toBe(question.message_id);
    const chosen = await chat.tap(/Marketing/, /Please check your order/);
    expect(chosen.text).toContain('Cost centre: Marketing');
    await chat.tap(/Edit/, /What would you like to change/);
    const back = await chat.tap(/Cost centre and note/, /Which cost centre/);
    expect(back.text).not.toContain('no longer offered');
    // A cost centre that never was on any keyboard: refused the same way.
    await chat.answerTo(() => craftedPress(world.telegram, STAFF, 'o:cc:999999'), /That cost centre is no longer offered/);
    await chat.tap(/Marketing/, /Please check your order/);
    // Retired while its summary is on screen: Confirm asks again instead of placing.
    await admin().say(`/costcentres retire ${ids['Marketing']}`, /Retired/);
    const orders = Number((await world.database.rows<{ n: number }>('select count(*) as n from orders'))[0]!.n);
    await chat.tap(/Confirm/, /The cost centre “Marketing” is retired: please choose another\./);
    expect(Number((await world.database.rows<{ n: number }>('select count(*) as n from orders'))[0]!.n)).toBe(orders);
    await chat.tap(/Cancel/, /Cancelled/);
    const again = await admin().say('/costcentres add Marketing', /Added cost centre/);
    ids['Marketing'] = /(\d+)\./.exec(again.text)![1]!;
  });

  it('requires one when the setting says so: no Skip, and a forged Skip is refused', async () => {
    await admin().say('/costcentres mode required', /asks for a cost centre before the summary/);
    const chat = await toQuantity();
    const question = await chat.tap(/^1$/, /Which cost centre/);
    expect(question.text).toContain('every order names its cost centre');
    expect(buttonsOf(question).map((b) => b.text)).not.toContain('Skip');
    const refused = await chat.answerTo(() => craftedPress(world.telegram, STAFF, 'o:sp'), /A cost centre is required: Skip is not offered/);
    expect(refused.message_id).toBe(question.message_id);
    const summary = await chat.tap(/Marketing/, /Please check your order/);
    expect(summary.text).toContain('Cost centre: Marketing');
    expect(summary.text).not.toContain('Note:');
    // Changed from the summary's Edit menu, before Confirm.
    await chat.tap(/Edit/, /What would you like to change/);
    await chat.tap(/Cost centre and note/, /Which cost centre/);
    await chat.say('Team lunch vouchers', /Note: Team lunch vouchers/);
    const changed = await chat.tap(/Support team/, /Please check your order/);
    expect(changed.text).toContain('Cost centre: Support team');
    expect(changed.text).toContain('Note: Team lunch vouchers');
    await chat.tap(/Cancel/, /Cancelled/);
    await admin().say('/costcentres mode off', /does not ask/);
  });

  it('shows the cost centre and the note on the approval card, and the approved order keeps them', async () => {
    await admin().say('/costcentres mode optional', /both may be skipped/);
    await admin().say('/approvals threshold 1000000', /Orders above 1,000,000 IRR now wait/);
    try {
      const chat = await toQuantity();
      await chat.tap(/^1$/, /Which cost centre/);
      await chat.say('Gifts for the launch', /Note: Gifts for the launch/);
      await chat.tap(/Support team/, /needs an administrator's approval/);
      const card = world.telegram.waitForMessage(ADMIN.id, /Cost centre: Support team \(SUP-01\)/);
      await chat.tap(/Confirm/, /needs an administrator's approval/);
      const shown = await card;
      expect(shown.text).toContain('Note: Gifts for the launch');
      await admin().answerTo(() => world.telegram.clickButton(ADMIN, shown, /Approve/), /placed|approved/i);
      const rows = await world.database.rows<{ cost_centre_id: number; purpose_note: string }>("select cost_centre_id, purpose_note from orders where purpose_note = 'Gifts for the launch'");
      expect(rows).toEqual([{ cost_centre_id: Number(ids['Support team']), purpose_note: 'Gifts for the launch' }]);
    } finally {
      await admin().say('/approvals threshold off', /./);
      await admin().say('/costcentres mode off', /does not ask/);
    }
  });

  it('speaks Persian: the question, the summary and the detail', async () => {
    await admin().say('/costcentres mode optional', /both may be skipped/);
    const chat = chatDriver(world.telegram, PERSIAN_STAFF);
    await chat.say('/order', /./);
    await chat.say('Google Play 10', /Google Play 10 USD —/);
    await chat.tap(/^Google Play 10 USD/, /Google Play 10 USD\n/);
    await chat.tap(/^(1|۱)$/, /این سفارش برای کدام مرکز هزینه است؟[\s\S]*برای افزودن یادداشتی یک‌خطی \(برای چیست، حداکثر ۲۰۰ نویسه\)/);
    await chat.say('هدیهٔ نوروز برای تیم بازاریابی', /یادداشت: هدیهٔ نوروز برای تیم بازاریابی/);
    const summary = await chat.tap(/Marketing/, /مرکز هزینه: Marketing/);
    expect(summary.text).toContain('یادداشت: هدیهٔ نوروز برای تیم بازاریابی');
    const placed = await chat.tap(/تأیید|Confirm/, /A\d+/);
    const reference = referenceIn(placed);
    const detail = await chat.say(`/track ${reference}`, /./);
    expect(detail.text).toContain('مرکز هزینه: Marketing');
    expect(detail.text).toContain('یادداشت: هدیهٔ نوروز برای تیم بازاریابی');
    await admin().say('/costcentres mode off', /does not ask/);
  });
  it('asks once for a cart: one cost centre for the whole order, kept while products are added, placed with it', async () => {
    await admin().say('/costcentres mode optional', /both may be skipped/);
    try {
      const chat = staff();
      await chat.say('/order', /Choose a category/);
      await chat.say('Google Play 10', /Products matching/);
      await chat.tap(/^Google Play 10 USD/, /How many\?/);
      await chat.say('1', /Which cost centre/);
      await chat.say('Campaign prizes', /Note: Campaign prizes/);
      await chat.tap(/Marketing/, /Please check your order/);
      await chat.tap(/Add another product/, /Products in this order so far: 1/);
      await chat.say('Free Fire', /Products matching/);
      await chat.tap(/^Free Fire 520/, /How many\?/);
      await chat.say('1', /Please send/);
      await chat.say('123456789', /optional/);
      // Straight to the summary of both: the order already says what it is for.
      const summary = await chat.tap(/Skip/, /Please check your order/);
      expect(summary.text).toMatch(/1\. Google Play 10 USD[\s\S]*2\. Free Fire 520/);
      expect(summary.text).toContain('Cost centre: Marketing');
      expect(summary.text).toContain('Note: Campaign prizes');
      await chat.tap(/Confirm/, /Order A\d+ is placed/);
      const rows = await world.database.rows<{ cost_centre_id: number; purpose_note: string }>("select cost_centre_id, purpose_note from orders where purpose_note = 'Campaign prizes'");
      expect(rows).toEqual([{ cost_centre_id: Number(ids['Marketing']), purpose_note: 'Campaign prizes' }]);
    } finally {
      await admin().say('/costcentres mode off', /does not ask/);
    }
  });

  it('gives /export orders the cost centre, its code and the note of each order, as the approved one', async () => {
    const before = new Set(world.telegram.messages(ADMIN.id).map((m) => m.message_id));
    world.telegram.sendText(ADMIN, '/export orders');
    const sent = await world.telegram.waitFor(() => world.telegram.messages(ADMIN.id).find((m) => !before.has(m.message_id) && m.document !== undefined), { timeoutMs: 15_000 });
    const { rows } = readCsv(sent.document!.content);
    const header = rows[0]!;
    expect(header.slice(-3)).toEqual(['Cost centre', 'Cost centre code', 'Note']);
    const tail = (note: string) => rows.find((row) => row.at(-1) === note)?.slice(-3);
    expect(tail('Nowruz gifts for the support team')).toEqual(['Support team', 'SUP-01', 'Nowruz gifts for the support team']);
    expect(tail('هدیهٔ نوروز برای تیم بازاریابی')).toEqual(['Marketing', '', 'هدیهٔ نوروز برای تیم بازاریابی']);
    expect(tail('Gifts for the launch')).toEqual(['Support team', 'SUP-01', 'Gifts for the launch']);
  });
});
