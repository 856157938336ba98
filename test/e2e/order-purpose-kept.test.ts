import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser, SentMessage } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, PERSIAN_STAFF, sharedWorld, STAFF } from './harness.js';
import { referenceIn, waitForDelivery } from './order-steps.js';

const buttonTexts = (message: SentMessage) =>
  message.reply_markup && 'inline_keyboard' in message.reply_markup ? message.reply_markup.inline_keyboard.flat().map((b) => b.text) : [];

/** Order again, favourites and team picks repeat what an order was for: its cost centre (and, for Order again, its note). */
describe('an order repeated keeps what it was for', () => {
  const world = sharedWorld({ staff: [STAFF, PERSIAN_STAFF] });
  const admin = () => chatDriver(world.telegram, ADMIN);
  const ids: Record<string, string> = {};
  /** Sam's Google Play 10 USD for Support, "Team lunch", delivered before the cases. */
  let reference = '';

  const tapAnswer = async (user: FakeUser, message: SentMessage, label: RegExp) => {
    const query = world.telegram.clickButton(user, message, label);
    return (await world.telegram.waitFor(() => world.telegram.callbackAnswer(query))).text ?? '';
  };
  const latestOrder = async () =>
    (await world.database.rows<{ cost_centre_id: number | null; purpose_note: string | null }>('select cost_centre_id, purpose_note from orders order by id desc limit 1'))[0]!;

  /** /order of one Google Play 10 USD for the cost centre `centre` with `note`, delivered; its reference. */
  async function orderFor(user: FakeUser, centre: RegExp, note: string): Promise<string> {
    const chat = chatDriver(world.telegram, user);
    await chat.say('/order', /Choose a category|دسته/);
    await chat.say('Google Play 10', /Products matching|محصولات/);
    await chat.tap(/^Google Play 10 USD/, /How many\?|چند/);
    await chat.tap(/^(1|۱)$/, /Which cost centre|مرکز هزینه/);
    // The note is typed on the cost centre's question, then the tap goes on to the summary.
    await chat.say(note, /Note:|یادداشت:/);
    await chat.tap(centre, /Please check your order|سفارش خود را بررسی/);
    const placed = referenceIn(await chat.tap(/Confirm|تأیید سفارش/, /Order A\d+ is placed|ثبت شد/));
    // Settled before it is repeated: Order again and the star are offered on a settled order only.
    if (user.languageCode === 'fa') await world.telegram.waitForMessage(user.id, new RegExp(`سفارش ${placed} تحویل شد`), { timeoutMs: 30_000 });
    else await waitForDelivery(world, user.id, placed);
    return placed;
  }

  beforeAll(async () => {
    await admin().say('/velocity reads off', /now off/);
    for (const name of ['Support', 'Events', 'Marketing']) ids[name] = /(\d+)\./.exec((await admin().say(`/costcentres add ${name}`, /Added cost centre/)).text)![1]!;
    await admin().say('/costcentres mode optional', /both may be skipped/);
    reference = await orderFor(STAFF, /^Support/, 'Team lunch');
  });

  it('Order again goes straight to the summary for the same cost centre and note, and places the order with them', async () => {
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say(`/track ${reference}`, new RegExp(`Order ${reference}`));
    const summary = await chat.tap(/Order again/, /Please check your order|Which cost centre/);
    expect(summary.text).toMatch(/Please check your order/);
    expect(summary.text).toContain('Cost centre: Support');
    expect(summary.text).toContain('Note: Team lunch');
    await chat.tap(/Confirm/, /Order A\d+ is placed/);
    expect(await latestOrder()).toEqual({ cost_centre_id: Number(ids['Support']), purpose_note: 'Team lunch' });
  });

  it("a favourite and a team pick starred from the order keep its cost centre, and ask no note", async () => {
    const detail = await chatDriver(world.telegram, STAFF).say(`/track ${reference}`, new RegExp(`Order ${reference}`));
    expect(await tapAnswer(STAFF, detail, /☆ Favourite/)).toContain(`Added to your favourites: ${reference}`);
    const pinned = await chatDriver(world.telegram, ADMIN).say(`/track ${reference}`, new RegExp(`Order ${reference}`));
    expect(await tapAnswer(ADMIN, pinned, /Pin for the team/)).toContain(`Pinned for the team: ${reference}`);
    const kept = await world.database.rows<{ owner_id: number | null; cost_centre_id: number }>('select owner_id, cost_centre_id from favourites order by id');
    expect(kept.map((row) => Number(row.cost_centre_id))).toEqual([Number(ids['Support']), Number(ids['Support'])]);

    const chat = chatDriver(world.telegram, STAFF);
    for (const button of [new RegExp(`★ ${reference}`), new RegExp(`📌 ${reference}`)]) {
      await chat.say('/order', /Choose a category/);
      const summary = await chat.tap(button, /Please check your order|Which cost centre/);
      expect(summary.text).toMatch(/Please check your order/);
      expect(summary.text).toContain('Cost centre: Support');
      expect(summary.text).not.toContain('Note:');
      await chat.tap(/Cancel/, /Cancelled/);
    }
    await chat.say('/order', /Choose a category/);
    await chat.tap(new RegExp(`★ ${reference}`), /Please check your order/);
    await chat.tap(/Confirm/, /Order A\d+ is placed/);
    expect(await latestOrder()).toEqual({ cost_centre_id: Number(ids['Support']), purpose_note: null });
  });

  it('starring the same order again from an order of another cost centre moves the favourite and the team pick to it, saying from which; audited for the pick', async () => {
    const events = await orderFor(STAFF, /^Events/, 'Spring fair');
    const detail = await chatDriver(world.telegram, STAFF).say(`/track ${events}`, new RegExp(`Order ${events}`));
    expect(await tapAnswer(STAFF, detail, /☆ Favourite/)).toBe(`Already among your favourites: ${reference}. It now orders for Events (before: Support).`);
    const pinned = await chatDriver(world.telegram, ADMIN).say(`/track ${events}`, new RegExp(`Order ${events}`));
    expect(await tapAnswer(ADMIN, pinned, /Pin for the team/)).toBe(`Already a team pick: ${reference}. It now orders for Events (before: Support).`);
    const kept = await world.database.rows<{ name: string; cost_centre_id: number }>('select name, cost_centre_id from favourites order by id');
    expect(kept.map((row) => [row.name, Number(row.cost_centre_id)])).toEqual([[reference, Number(ids['Events'])], [reference, Number(ids['Events'])]]);
    expect((await admin().say('/audit', /./)).text).toContain(`set the cost centre of the team pick "${reference}" from Support to Events`);

    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    const summary = await chat.tap(new RegExp(`★ ${reference}`), /Please check your order/);
    expect(summary.text).toContain('Cost centre: Events');
    await chat.tap(/Cancel/, /Cancelled/);

    // Starred again from the first order: back to its cost centre; starred once more from it: as before, nothing changes.
    const first = await chat.say(`/track ${reference}`, new RegExp(`Order ${reference}`));
    expect(await tapAnswer(STAFF, first, /☆ Favourite/)).toBe(`Already among your favourites: ${reference}. It now orders for Support (before: Events).`);
    expect(await tapAnswer(STAFF, first, /☆ Favourite/)).toBe(`Already among your favourites: ${reference}.`);
    const firstPinned = await chatDriver(world.telegram, ADMIN).say(`/track ${reference}`, new RegExp(`Order ${reference}`));
    expect(await tapAnswer(ADMIN, firstPinned, /Pin for the team/)).toBe(`Already a team pick: ${reference}. It now orders for Support (before: Events).`);

    // In Persian.
    const persianSupport = await orderFor(PERSIAN_STAFF, /^Support/, 'ناهار تیم');
    const persianEvents = await orderFor(PERSIAN_STAFF, /^Events/, 'جشن بهار');
    const persian = chatDriver(world.telegram, PERSIAN_STAFF);
    expect(await tapAnswer(PERSIAN_STAFF, await persian.say(`/track ${persianSupport}`, new RegExp(persianSupport)), /☆ علاقه‌مندی/)).toContain(persianSupport);
    const moved = await tapAnswer(PERSIAN_STAFF, await persian.say(`/track ${persianEvents}`, new RegExp(persianEvents)), /☆ علاقه‌مندی/);
    expect(moved).toBe(`از قبل در علاقه‌مندی‌های شماست: ${persianSupport}. از این پس برای Events سفارش می‌دهد (پیش‌تر: Support).`);
  });

  it('asks again, naming it, when that cost centre was retired since: the retired one is not offered and the new choice is placed', async () => {
    await admin().say(`/costcentres retire ${ids['Support']}`, /Retired/);
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say(`/track ${reference}`, new RegExp(`Order ${reference}`));
    const asked = await chat.tap(/Order again/, /Which cost centre is this order for\?/);
    expect(asked.text).toContain('The cost centre “Support” is retired: please choose another.');
    expect(buttonTexts(asked)).not.toContain('Support');
    expect(buttonTexts(asked)).toContain('Events');
    // The past order's note is kept on the question; a new line replaces it.
    expect(asked.text).toContain('Note: ');
    await chat.say('Spring fair', /Note: Spring fair/);
    const summary = await chat.tap(/^Events/, /Please check your order/);
    expect(summary.text).toContain('Cost centre: Events');
    await chat.tap(/Confirm/, /Order A\d+ is placed/);
    expect(await latestOrder()).toEqual({ cost_centre_id: Number(ids['Events']), purpose_note: 'Spring fair' });

    // The favourite and the team pick alike.
    for (const button of [new RegExp(`★ ${reference}`), new RegExp(`📌 ${reference}`)]) {
      await chat.say('/order', /Choose a category/);
      const again = await chat.tap(button, /Which cost centre is this order for\?/);
      expect(again.text).toContain('The cost centre “Support” is retired: please choose another.');
      await chat.tap(/Cancel/, /Cancelled/);
    }
  });

  it('speaks Persian: the order again keeps the cost centre, and a retired one is named in Persian', async () => {
    const persian = await orderFor(PERSIAN_STAFF, /^Marketing/, 'هدیهٔ نوروز');
    const chat = chatDriver(world.telegram, PERSIAN_STAFF);
    await chat.say(`/track ${persian}`, new RegExp(persian));
    const summary = await chat.tap(/سفارش دوباره/, /سفارش خود را بررسی|مرکز هزینه/);
    expect(summary.text).toContain('Marketing');
    expect(summary.text).toContain('هدیهٔ نوروز');
    await chat.tap(/لغو|انصراف/, /./);
    await admin().say(`/costcentres retire ${ids['Marketing']}`, /Retired/);
    await chat.say(`/track ${persian}`, new RegExp(persian));
    const asked = await chat.tap(/سفارش دوباره/, /مرکز هزینهٔ «Marketing» کنار گذاشته شده است: لطفاً مرکز دیگری برگزینید/);
    expect(buttonTexts(asked)).toContain('Events');
    expect(buttonTexts(asked)).not.toContain('Marketing');
  });
});
