import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/seed.js';
import type { FakeUser, SentMessage } from '../support/fake-bot-api/index.js';
import { chatDriver, craftedPress } from './chat-driver.js';
import { ADMIN, PERSIAN_STAFF, sharedWorld, STAFF } from './harness.js';
import { posts, referenceIn, sandboxOrder, starProducts, waitForDelivery } from './order-steps.js';

const OTHER_STAFF: FakeUser = { id: 4014, firstName: 'Olga', languageCode: 'en' };
const VIEWER: FakeUser = { id: 5015, firstName: 'Vic', languageCode: 'en' };
/** Google Play 10 USD's one region (the sandbox numbers regions from 5001). */
const GOOGLE_PLAY_US = 5001;
const PRICE = 1_250_000;

const buttonsOf = (message: SentMessage) =>
  message.reply_markup && 'inline_keyboard' in message.reply_markup ? message.reply_markup.inline_keyboard.flat().map((b) => ({ text: b.text, data: 'callback_data' in b ? b.callback_data : undefined })) : [];

describe('favourites and team picks', () => {
  const world = sharedWorld({ staff: [STAFF, OTHER_STAFF, PERSIAN_STAFF] });
  const staff = () => chatDriver(world.telegram, STAFF);
  /** A settled order of Sam's (Free Fire 520 Diamonds × 3), starred in the second case. */
  let settled = '';
  const answerTo = async (user: FakeUser, data: string) => {
    const query = craftedPress(world.telegram, user, data);
    return (await world.telegram.waitFor(() => world.telegram.callbackAnswer(query))).text ?? '';
  };
  const tapAnswer = async (user: FakeUser, message: SentMessage, label: RegExp) => {
    const query = world.telegram.clickButton(user, message, label);
    return (await world.telegram.waitFor(() => world.telegram.callbackAnswer(query))).text ?? '';
  };
  /** In /favourites or /picks: the id of the favourite named `name` (its ✏️ button's). */
  const idIn = (listing: SentMessage, name: string) => {
    const rename = buttonsOf(listing).find((b) => b.text === `✏️ ${name}`);
    if (!rename) throw new Error(`no ✏️ ${name} in ${JSON.stringify(buttonsOf(listing))}`);
    return Number(rename.data!.split(':')[2]);
  };
  /** Presses a listing's ✖, ⬆ or ✏️ on the row of `name`; the answer shown on the press. */
  const pressRow = async (user: FakeUser, listing: SentMessage, name: string, code: 'rm' | 'mu' | 'nm' | 'up' | 'tm' | 'tn') => {
    const query = world.telegram.pressButton(user, listing.message_id, `fv:${code}:${idIn(listing, name)}`, { id: user.id, type: 'private' });
    return (await world.telegram.waitFor(() => world.telegram.callbackAnswer(query))).text ?? '';
  };

  beforeAll(async () => {
    const admin = chatDriver(world.telegram, ADMIN);
    await admin.say(`/staff add ${VIEWER.id} viewer`, /can now use giftdesk/);
    // A test drives a chat far faster than a person: the provider reads per minute would refuse it.
    await admin.say('/velocity reads off', /now off/);
    for (const user of [OTHER_STAFF, VIEWER]) await chatDriver(world.telegram, user).say('/help', /./);
  });

  it('stars a product at the quantity step; /order then opens with it and leads through the quantity to a summary at the price of now (old → new)', async () => {
    const chat = staff();
    await chat.say('/order', /Choose a category/);
    await chat.say('Google Play 10', /Products matching/);
    await chat.tap(/^Google Play 10 USD/, /How many\?/);
    await chat.tap(/Add to favourites/, /Added to your favourites: Google Play 10 USD/);
    await chat.tap(/Cancel/, /Cancelled/);

    world.sandbox.controls.setProductPrice(SANDBOX_PRODUCTS.noFields, 1_300_000);
    const menu = await chat.say('/order', /Choose a category/);
    expect(menu.text).toContain('Your favourites');
    expect(buttonsOf(menu)[0]).toMatchObject({ text: '★ Google Play 10 USD', data: expect.stringMatching(/^o:fa:\d+$/) });
    const quantity = await chat.tap(/★ Google Play 10 USD/, /How many\?/);
    expect(quantity.text).toContain('The price of Google Play 10 USD changed since it was starred: 1,250,000 IRR → 1,300,000 IRR each.');
    const sent = posts(world);
    await chat.tap(/^2$/, /Please check your order/);
    const placed = await chat.tap(/Confirm/, /Order A\d+ is placed/);
    expect(posts(world)).toBe(sent + 1);
    expect(sandboxOrder(world, referenceIn(placed)).amount).toBe(2_600_000);
    world.sandbox.controls.setProductPrice(SANDBOX_PRODUCTS.noFields, PRICE);
  });

  it('stars a settled order from its detail; one tap from /order reaches its summary, and Confirm places it with the same lines', async () => {
    const chat = staff();
    await chat.say('/order', /Choose a category/);
    await chat.say('Free Fire', /Products matching/);
    await chat.tap(/^Free Fire 520/, /How many\?/);
    await chat.say('3', /Please send/);
    await chat.say('55555', /optional/);
    await chat.tap(/Skip/, /Please check your order/);
    const reference = referenceIn(await chat.tap(/Confirm/, /Order A\d+ is placed/));
    settled = reference;
    await waitForDelivery(world, STAFF.id, reference);
    const detail = await chat.say(`/track ${reference}`, new RegExp(`Order ${reference}`));
    expect(buttonsOf(detail).some((b) => /Pin for the team/.test(b.text))).toBe(false);
    expect(await tapAnswer(STAFF, detail, /☆ Favourite/)).toContain(`Added to your favourites: ${reference}`);
    expect(await tapAnswer(STAFF, detail, /☆ Favourite/)).toContain(`Already among your favourites: ${reference}`);

    await chat.say('/order', /Choose a category/);
    // The answers of the end customer are not kept: the one required question is asked again, then the summary.
    await chat.tap(new RegExp(`★ ${reference}`), /Please send/);
    const summary = await chat.say('66666', /Please check your order/);
    expect(summary.text).toContain('Free Fire 520 Diamonds');
    const sent = posts(world);
    const placed = await chat.tap(/Confirm/, /Order A\d+ is placed/);
    expect(posts(world)).toBe(sent + 1);
    expect(sandboxOrder(world, referenceIn(placed)).items[0]).toMatchObject({ productId: SANDBOX_PRODUCTS.unusualFields, quantity: 3 });

    // Fewer cards left than the favourite asks: the summary says so and offers no Confirm.
    const regionId = sandboxOrder(world, referenceIn(placed)).items[0]!.regionPropertyId;
    world.sandbox.controls.setRegionOffer(regionId, { stock: 2 });
    await chat.say('/order', /Choose a category/);
    await chat.tap(new RegExp(`★ ${reference}`), /Please send/);
    const short = await chat.say('66666', /at most 2 can be ordered now/);
    expect(buttonsOf(short).some((b) => /Confirm/.test(b.text))).toBe(false);
    await chat.tap(/Cancel/, /Cancelled/);
    world.sandbox.controls.setRegionOffer(regionId, { stock: 60 });
  });

  it('says so of a favourite whose product administrators hid, and of one out of stock, and offers the rest', async () => {
    const chat = staff();
    const admin = chatDriver(world.telegram, ADMIN);
    await admin.say(`/catalog hide product ${SANDBOX_PRODUCTS.noFields}`, /Hidden from staff/);
    await chat.say('/order', /Choose a category/);
    const hidden = await chat.tap(/★ Google Play 10 USD/, /taken Google Play 10 USD off the list/);
    expect(hidden.text).toContain('Choose a category');
    expect(buttonsOf(hidden).some((b) => /★ Google Play 10 USD/.test(b.text))).toBe(true);
    await chat.tap(/Cancel/, /Cancelled/);
    await admin.say(`/catalog show product ${SANDBOX_PRODUCTS.noFields}`, /Offered to staff again/);

    world.sandbox.controls.setRegionOffer(GOOGLE_PLAY_US, { stock: 0 });
    await chat.say('/order', /Choose a category/);
    await chat.tap(/★ Google Play 10 USD/, /Google Play 10 USD is out of stock right now/);
    await chat.tap(/Cancel/, /Cancelled/);
    world.sandbox.controls.setRegionOffer(GOOGLE_PLAY_US, { stock: 50 });
  });

  it('asks for approval as usual when a favourite is above the threshold', async () => {
    const admin = chatDriver(world.telegram, ADMIN);
    await admin.say('/approvals threshold 1000000', /Orders above 1,000,000 IRR now wait/);
    const chat = staff();
    await chat.say('/order', /Choose a category/);
    await chat.tap(/★ Google Play 10 USD/, /How many\?/);
    const summary = await chat.tap(/^1$/, /Please check your order/);
    expect(summary.text).toMatch(/This order needs an administrator's approval/);
    const sent = posts(world);
    await chat.tap(/Confirm/, /needs an administrator's approval/);
    expect(posts(world)).toBe(sent);
    await admin.say('/approvals threshold off', /./);
  });

  it("refuses a favourite of someone else, one removed since, and a forged button, and /favourites removes one in a tap", async () => {
    const chat = staff();
    const menu = await chat.say('/order', /Choose a category/);
    const mine = buttonsOf(menu).find((b) => /★ Google Play 10 USD/.test(b.text))!.data!;
    await chat.tap(/Cancel/, /Cancelled/);
    // Someone else's favourite through a forged press in their own order menu: refused, nothing read or placed.
    const other = chatDriver(world.telegram, OTHER_STAFF);
    await other.say('/order', /Choose a category/);
    const sent = posts(world);
    const forged = craftedPress(world.telegram, OTHER_STAFF, mine);
    await world.telegram.waitFor(() => world.telegram.callbackAnswer(forged));
    await world.telegram.waitForMessage(OTHER_STAFF.id, /That favourite or team pick is no longer there/);
    await other.tap(/Cancel/, /Cancelled/);
    expect(await answerTo(OTHER_STAFF, `fv:rm:${mine.split(':')[2]}`)).toMatch(/no longer there/);

    const list = await chat.say('/favourites', /Your favourites/);
    expect(list.text).toContain('★ Google Play 10 USD');
    await chat.say('/order', /Choose a category/);
    // The /order menu stays on screen while the favourite is removed from /favourites.
    const stale = chat.currentMenu();
    expect(await pressRow(STAFF, list, 'Google Play 10 USD', 'rm')).toContain('Removed from your favourites: Google Play 10 USD');
    await chat.answerTo(() => world.telegram.clickButton(STAFF, stale, /★ Google Play 10 USD/), /That favourite or team pick is no longer there/);
    await chat.tap(/Cancel/, /Cancelled/);
    expect(posts(world)).toBe(sent);
  });

  it('lets an administrator pin a product and an order for the team, audited; staff see them under their own, and staff and viewers cannot pin or remove them', async () => {
    const admin = chatDriver(world.telegram, ADMIN);
    await admin.say('/order', /Choose a category/);
    await admin.say('Steam Wallet 20', /Products matching/);
    await admin.tap(/^Steam Wallet 20/, /Choose a region|region/i);
    await admin.tap(/TR/, /How many\?/);
    await admin.tap(/Pin for the team/, /Pinned for the team: Steam Wallet 20 · TR/);
    await admin.tap(/Cancel/, /Cancelled/);
    const audit = await admin.say('/audit', /./);
    expect(audit.text).toContain('pinned "Steam Wallet 20 · TR" for the team');

    // Staff see no pin button, and a forged one pins nothing.
    const chat = staff();
    await chat.say('/order', /Choose a category/);
    await chat.say('Steam Wallet 20', /Products matching/);
    await chat.tap(/^Steam Wallet 20/, /region/i);
    const quantity = await chat.tap(/TR/, /How many\?/);
    expect(buttonsOf(quantity).some((b) => /Pin for the team/.test(b.text))).toBe(false);
    await chat.answerTo(() => craftedPress(world.telegram, STAFF, 'o:st:team'), /Only administrators pin and remove team picks/);
    await chat.tap(/Cancel/, /Cancelled/);

    // A whole order, from its detail; a forged pin of it by staff is refused.
    const detail = await admin.say(`/track ${settled}`, new RegExp(`Order ${settled}`));
    const orderId = /our #(\d+)/.exec(detail.text)![1]!;
    expect(await answerTo(STAFF, `fv:po:${orderId}`)).toMatch(/Only administrators/);
    expect(await tapAnswer(ADMIN, detail, /Pin for the team/)).toContain(`Pinned for the team: ${settled}`);
    expect((await admin.say('/audit', /./)).text).toContain(`pinned "${settled}" for the team`);

    const menu = await chat.say('/order', /Choose a category/);
    expect(buttonsOf(menu).map((b) => b.text)).toContain(`📌 ${settled}`);
    const labels = buttonsOf(menu).map((b) => b.text);
    expect(labels.indexOf('📌 Steam Wallet 20 · TR')).toBeGreaterThan(labels.findIndex((l) => l.startsWith('★ ')));
    const pick = buttonsOf(menu).find((b) => b.text === '📌 Steam Wallet 20 · TR')!.data!;
    await chat.tap(/📌 Steam Wallet 20 · TR/, /How many\?/);
    await chat.tap(/Cancel/, /Cancelled/);

    expect(await answerTo(STAFF, `fv:up:${pick.split(':')[2]}`)).toMatch(/Only administrators/);
    expect(await answerTo(VIEWER, `fv:up:${pick.split(':')[2]}`)).toMatch(/Only administrators/);
    await chatDriver(world.telegram, VIEWER).say('/picks', /Only administrators/);
    await chatDriver(world.telegram, VIEWER).say('/favourites', /As a viewer/);

    const picks = await admin.say('/picks', /Team picks/);
    // Renamed and moved up by an administrator, audited, as staff see it; then unpinned.
    expect(await pressRow(ADMIN, picks, settled, 'tm')).toContain(`Moved up: ${settled}`);
    await pressRow(ADMIN, picks, 'Steam Wallet 20 · TR', 'tn');
    const prompt = await world.telegram.waitForMessage(ADMIN.id, /Reply to this message with the new name for 📌 Steam Wallet 20 · TR/);
    await admin.answerTo(() => world.telegram.sendText(ADMIN, 'Steam for the interns', undefined, { replyTo: prompt.message_id }), /Renamed: Steam Wallet 20 · TR → Steam for the interns/);
    await admin.say('/audit', /renamed the team pick "Steam Wallet 20 · TR" to "Steam for the interns"/);
    expect(buttonsOf(await chat.say('/order', /Choose a category/)).filter((b) => b.text.startsWith('📌')).map((b) => b.text)).toEqual([`📌 ${settled}`, '📌 Steam for the interns']);
    await chat.tap(/Cancel/, /Cancelled/);
    const renamed = await admin.say('/picks', /Team picks/);
    expect(await pressRow(ADMIN, renamed, 'Steam for the interns', 'up')).toContain('No longer a team pick');
    const left = await admin.say('/picks', /Team picks/);
    expect(await pressRow(ADMIN, left, settled, 'up')).toContain('No longer a team pick');
    const menuAfter = await chat.say('/order', /Choose a category/);
    expect(buttonsOf(menuAfter).some((b) => b.text.startsWith('📌'))).toBe(false);
    await chat.tap(/Cancel/, /Cancelled/);
  });

  it('renames a favourite by a reply to its question and moves one up; a forged or stale press changes nothing', async () => {
    const chat = staff();
    await starProducts(world, STAFF, ['Google Play 10', 'Free Fire']);
    const list = await chat.say('/favourites', /Your favourites/);
    const names = (message: SentMessage) => buttonsOf(message).filter((b) => b.text.startsWith('✏️')).map((b) => b.text.slice(3));
    const [first, second] = names(list);
    // The first has no ⬆.
    expect(buttonsOf(list).filter((b) => b.text === '⬆')).toHaveLength(names(list).length - 1);
    expect(await pressRow(STAFF, list, second!, 'mu')).toContain(`Moved up: ${second}`);
    // The listing is drawn again with the moved favourite first (waitFor fails the test if it never is).
    await world.telegram.waitFor(() => (names(world.telegram.messages(STAFF.id).find((m) => m.message_id === list.message_id)!)[0] === second ? true : undefined));
    expect(buttonsOf(await chat.say('/order', /Choose a category/)).slice(0, 2).map((b) => b.text)).toEqual([`★ ${second}`, `★ ${first}`]);
    await chat.tap(/Cancel/, /Cancelled/);

    // Someone else's ✏️ and ⬆, forged: refused, nothing changes.
    expect(await answerTo(OTHER_STAFF, `fv:nm:${idIn(list, first!)}`)).toMatch(/no longer there/);
    expect(await answerTo(OTHER_STAFF, `fv:mu:${idIn(list, first!)}`)).toMatch(/no longer there/);
    expect(await answerTo(VIEWER, `fv:nm:${idIn(list, first!)}`)).toMatch(/viewer/i);

    await pressRow(STAFF, list, first!, 'nm');
    const prompt = await world.telegram.waitForMessage(STAFF.id, /Reply to this message with the new name for ★ /);
    expect(prompt.reply_markup).toMatchObject({ force_reply: true });
    // A name too long is refused, and the question stays open for another reply.
    await chat.answerTo(() => world.telegram.sendText(STAFF, 'x'.repeat(41), undefined, { replyTo: prompt.message_id }), /A name is one line of 1 to 40 characters/);
    // Text that is not a reply to the question is not a name: while /order waits it is a search.
    await chat.say('/order', /Choose a category/);
    await chat.say('Monthly vouchers', /No product matches "Monthly vouchers"/);
    await chat.answerTo(() => world.telegram.sendText(STAFF, 'Monthly vouchers', undefined, { replyTo: prompt.message_id }), /Renamed: .* → Monthly vouchers/);
    await chat.tap(/Cancel/, /Cancelled/);
    expect(names(await chat.say('/favourites', /Your favourites/))).toContain('Monthly vouchers');
    // The question is answered: a second reply to it is no rename.
    await chat.answerTo(() => world.telegram.sendText(STAFF, 'Again', undefined, { replyTo: prompt.message_id }), /./);
    expect(names(await chat.say('/favourites', /Your favourites/))).not.toContain('Again');
  });

  it('in Persian: the star, the favourite first in /order and its summary', async () => {
    const chat = chatDriver(world.telegram, PERSIAN_STAFF);
    await chat.say('/order', /دسته/);
    await chat.say('Google Play 10', /Google Play 10 USD/);
    await chat.tap(/^Google Play 10 USD/, /چند/);
    await chat.tap(/افزودن به علاقه‌مندی‌ها/, /به علاقه‌مندی‌های شما افزوده شد: Google Play 10 USD/);
    await chat.tap(/لغو/, /لغو شد/);
    const menu = await chat.say('/order', /علاقه‌مندی‌های شما/);
    expect(buttonsOf(menu)[0]!.text).toBe('★ Google Play 10 USD');
    await chat.tap(/★ Google Play 10 USD/, /چند/);
    const summary = await chat.tap(/^۱$/, /سفارش خود را بررسی کنید/);
    expect(summary.text).toContain('Google Play 10 USD');
    await chat.tap(/لغو/, /لغو شد/);

    // Renamed in Persian, by a reply to the question, and first in /order under its new name.
    const list = await chat.say('/favourites', /علاقه‌مندی‌های شما \(✏️/);
    await pressRow(PERSIAN_STAFF, list, 'Google Play 10 USD', 'nm');
    const prompt = await world.telegram.waitForMessage(PERSIAN_STAFF.id, /در پاسخ به همین پیام، نام تازهٔ ★ Google Play 10 USD را بفرستید \(یک خط، حداکثر ۴۰ نویسه\)/);
    await chat.answerTo(() => world.telegram.sendText(PERSIAN_STAFF, 'کارت نوروز', undefined, { replyTo: prompt.message_id }), /نام عوض شد: Google Play 10 USD ← کارت نوروز/);
    // The listing is drawn again with the new name first; the /order menu after it opens with the favourite under it.
    await world.telegram.waitFor(() => (buttonsOf(world.telegram.messages(PERSIAN_STAFF.id).find((m) => m.message_id === list.message_id)!)[0]?.text === '✏️ کارت نوروز' ? true : undefined));
    const renamed = await chat.say('/order', /یک دسته را انتخاب کنید/);
    expect(buttonsOf(renamed)[0]!.text).toBe('★ کارت نوروز');
    await chat.tap(/لغو/, /لغو شد/);
  });

  it('keeps favourites across a restart', async () => {
    await world.bot.stop();
    await world.restart();
    const menu = await chatDriver(world.telegram, PERSIAN_STAFF).say('/order', /علاقه‌مندی‌های شما/);
    expect(buttonsOf(menu)[0]!.text).toBe('★ کارت نوروز');
  });
});
