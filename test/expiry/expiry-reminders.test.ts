import { describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema.js';
import { sqliteStores } from '../../src/db/stores.js';
import type { ExpiringCard } from '../../src/db/code-expiry-store.js';
import { createExpiryReminderPass } from '../../src/expiry/expiry-reminders.js';
import { EXPIRY_REMIND_DAYS } from '../../src/expiry/expiry-settings.js';
import { reminderMessage } from '../../src/expiry/reminder-text.js';
import { silentLogger } from '../../src/logger.js';
import type { OrderLine } from '../../src/orders/order-line.js';
import { translatorFor, type Locale } from '../../src/text/i18n.js';
import { readerViewOf } from '../../src/text/presentation.js';
import { createLocalPeriods } from '../../src/text/local-periods.js';
import { SendForbiddenError, SendRateLimitedError, type OutgoingButton, type SendMessage } from '../../src/text/send-port.js';
import { orderRow } from '../db/contract/order-rows.js';
import { createManualClock } from '../support/manual-clock.js';
import { memoryDb } from '../support/memory-db.js';
import { sqliteSettings } from '../support/sqlite-settings.js';

const TEHRAN = 'Asia/Tehran';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const STAFF = 7_000_000_011;
const ADMIN = 900;
// 23 November 2026, 03:30 in Tehran (UTC+3:30, no daylight saving).
const START = Date.UTC(2026, 10, 23, 0, 0);

const line = (id: number, title: string, quantity = 1): OrderLine => ({ product: { id, title }, region: { regionPropertyId: id * 10, title: 'US', price: 1_000 }, quantity, fields: [] });
const card = (expiresAt: number, cardIndex = 0, productId = 101): ExpiringCard => ({ itemIndex: 0, cardIndex, productId, expiresAt });

interface Sent {
  at: number;
  chatId: number;
  text: string;
  buttons: OutgoingButton[][] | undefined;
}

/** The pass as the background work builds it, over a fresh SQLite database, a manual clock in Tehran and a recording Telegram. */
function reminderWorld(options: { locale?: Locale } = {}) {
  const db = memoryDb();
  const clock = createManualClock(START);
  const stores = sqliteStores({ db, clock });
  const settings = sqliteSettings(db, clock);
  const periods = createLocalPeriods(TEHRAN);
  const roles = new Map<number, 'staff' | 'viewer'>([[STAFF, 'staff']]);
  const sent: Sent[] = [];
  const failures: Error[] = [];
  const send: SendMessage = async (chatId, message) => {
    const failure = failures.shift();
    if (failure) throw failure;
    sent.push({ at: clock.now(), chatId, text: message.text.rawText, buttons: message.buttons });
    return { messageId: sent.length };
  };
  const locale = options.locale ?? 'en';
  /** A new pass each time: as after a restart, it knows only what the database holds. */
  const pass = () =>
    createExpiryReminderPass({
      store: stores.codeExpiries,
      settings,
      periods,
      orderOf: (id) => stores.orderQueries.byId(id),
      send,
      mayReceiveCodes: (userId) => roles.get(userId) === 'staff',
      message: (order, reminder) => reminderMessage(order, reminder, readerViewOf({ amountUnit: '', timeZone: TEHRAN, monthCalendar: 'gregorian', sandbox: false }, locale, translatorFor(locale))),
      clock,
      logger: silentLogger,
    })();

  let references = 100_234;
  /** A completed order of `lines` whose delivered cards expire at the given moments, recorded as the sender records them. */
  async function delivered(cards: ExpiringCard[], lines: OrderLine[] = [line(101, 'Google Play 10 USD', cards.length)], userId = STAFF) {
    const providerReference = `A${references++}`;
    const order = db.insert(orders).values(orderRow(clock.now(), { userId, chatId: userId, lines, state: 'completed', providerReference })).returning().get();
    await stores.codeExpiries.record({ orderId: order.id, userId, cards, at: clock.now() });
    return { id: order.id, reference: providerReference };
  }

  const remindIn = (days: number | null) => settings.write(EXPIRY_REMIND_DAYS, days, ADMIN);
  const states = () => db.$client.prepare('select order_id as orderId, reminder_state as state from code_expiries order by id').all() as { orderId: number; state: string | null }[];

  return { clock, stores, roles, sent, failures, pass, delivered, remindIn, states };
}

describe('expiry reminders', () => {
  it('arrives once, from 09:00 on the right local day in Tehran, for codes expiring either side of local midnight', async () => {
    const world = reminderWorld();
    await world.remindIn(3);
    // 28 November 00:15 in Tehran: the card still works on the 28th (local), though in UTC it stops on the 27th.
    const afterMidnight = await world.delivered([card(Date.UTC(2026, 10, 27, 20, 45))]);
    // 27 November 23:45 in Tehran: half an hour earlier, and its last day is the 27th.
    const beforeMidnight = await world.delivered([card(Date.UTC(2026, 10, 27, 20, 15)), card(Date.UTC(2026, 10, 27, 20, 15), 1)]);

    // A pass every hour, as the background work runs it, until both have expired.
    for (let at = START; at <= Date.UTC(2026, 10, 28); at += HOUR) {
      world.clock.advance(at - world.clock.now());
      await world.pass();
    }

    expect(world.sent.map((message) => ({ at: new Date(message.at).toISOString(), chatId: message.chatId, text: message.text }))).toEqual([
      // 24 November 09:30 in Tehran: three days before the 27th, the first pass after 09:00.
      {
        at: '2026-11-24T06:00:00.000Z',
        chatId: STAFF,
        text: `⏳ 2 codes of order ${beforeMidnight.reference} (Google Play 10 USD (US)) expire on 27 Nov 2026, and they are not marked handed over.\n/track ${beforeMidnight.reference} shows them again. Handed over already? Press the button below.`,
      },
      {
        at: '2026-11-25T06:00:00.000Z',
        chatId: STAFF,
        text: `⏳ The code of order ${afterMidnight.reference} (Google Play 10 USD (US)) expires on 28 Nov 2026, and it is not marked handed over.\n/track ${afterMidnight.reference} shows them again. Handed over already? Press the button below.`,
      },
    ]);
    expect(world.sent[0]!.buttons).toEqual([[{ text: '✅ Mark handed over', callbackData: `oh:${beforeMidnight.id}` }]]);
    expect(world.states().map((row) => row.state)).toEqual(['sent', 'sent', 'sent']);
  });

  it('is not sent again after a restart, nor for codes handed over or already expired', async () => {
    const world = reminderWorld();
    await world.remindIn(7);
    const due = await world.delivered([card(START + 2 * DAY)]);
    const handedOver = await world.delivered([card(START + 2 * DAY)]);
    await world.stores.codeExpiries.markHandedOver(handedOver.id, STAFF, START);
    await world.delivered([card(START - HOUR)]);

    await world.pass();
    await world.pass();
    world.clock.advance(DAY);
    await world.pass();

    expect(world.sent.map((message) => message.text.match(/order (A\d+)/)?.[1])).toEqual([due.reference]);
  });

  it('sends nothing while the setting is off, and reminds within a pass a card already inside its days when it is turned on', async () => {
    const world = reminderWorld();
    const order = await world.delivered([card(START + 2 * DAY)]);
    await world.pass();
    expect(world.sent).toEqual([]);

    await world.remindIn(30);
    world.clock.advance(HOUR);
    await world.pass();
    expect(world.sent.map((message) => message.text)).toEqual([expect.stringContaining(`order ${order.reference}`)]);
  });

  it('never reminds someone no longer on the staff, or made a viewer, and does not come back to them', async () => {
    const world = reminderWorld();
    await world.remindIn(7);
    await world.delivered([card(START + 2 * DAY)], undefined, 555);
    await world.delivered([card(START + 2 * DAY)], undefined, 556);
    world.roles.set(556, 'viewer');

    await world.pass();
    world.roles.set(555, 'staff');
    world.roles.set(556, 'staff');
    await world.pass();

    expect(world.sent).toEqual([]);
    expect(world.states().map((row) => row.state)).toEqual(['withheld', 'withheld']);
  });

  it('gives a reminder back when Telegram asks to wait, and ends one Telegram refuses', async () => {
    const world = reminderWorld();
    await world.remindIn(7);
    const waited = await world.delivered([card(START + 2 * DAY)]);
    world.failures.push(new SendRateLimitedError(5_000));
    await world.pass();
    expect(world.states().map((row) => row.state)).toEqual([null]);

    world.clock.advance(HOUR);
    await world.pass();
    expect(world.sent.map((message) => message.text)).toEqual([expect.stringContaining(`order ${waited.reference}`)]);

    await world.delivered([card(START + 3 * DAY)]);
    world.failures.push(new SendForbiddenError('Forbidden: bot was blocked by the user'));
    await world.pass();
    world.clock.advance(HOUR);
    await world.pass();
    expect(world.sent).toHaveLength(1);
    expect(world.states().map((row) => row.state)).toEqual(['sent', 'undeliverable']);
  });

  it('names the day in the Persian calendar with Persian digits, and the first day when the cards differ', async () => {
    const world = reminderWorld({ locale: 'fa' });
    await world.remindIn(7);
    // Written as bare dates, 28 and 30 November: each works through that day in Tehran.
    const endOf = (day: number) => Date.UTC(2026, 10, day, 20, 30);
    const order = await world.delivered([card(endOf(28)), card(endOf(30), 1)], [line(101, 'گوگل پلی', 2)]);
    // 09:30 in Tehran: the 30th is seven days away, and its day has come too.
    world.clock.advance(6 * HOUR);
    await world.pass();
    expect(world.sent.map((message) => message.text)).toEqual([
      `⏳ اعتبار ۲ کد سفارش ${order.reference} (گوگل پلی (US)) از ۷ آذر ۱۴۰۵ به بعد به پایان می‌رسد و هنوز تحویل آن‌ها ثبت نشده است.\nبا /track ${order.reference} دوباره می‌توانید کدها را ببینید. اگر آن‌ها را تحویل داده‌اید، دکمهٔ زیر را بزنید.`,
    ]);
    expect(world.sent[0]!.buttons?.[0]?.[0]?.text).toBe('✅ کدها را تحویل دادم');
  });
});
