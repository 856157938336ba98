import { beforeAll, describe, expect, it } from 'vitest';
import { systemClock, type Clock } from '../../src/clock.js';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import { formatDay } from '../../src/text/format.js';
import type { FakeUser } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, BACKGROUND_WAIT, sharedWorld, STAFF } from './harness.js';
import { orderThroughChat } from './order-steps.js';

const DAY = 86_400_000;
const PERSIAN_ADMIN: FakeUser = { id: 5005, firstName: 'Nasrin', languageCode: 'fa' };
/** 1,250,000 IRR a card in the sandbox: the past spends one a day. */
const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/, quantity: 1 };
const EN_ALERT = /^The wallet is running out: at this pace/;
const FA_ALERT = /^موجودی کیف پول رو به پایان است: با این روند/;

// Each database runs the whole story: the alert's state, the requests and their credits live in it.
describe.each(['sqlite', 'postgresql'] as const)('the runway and top-up requests, in English and Persian, on %s', (database) => {
  /** The sandbox's clock, set back while its past is made: the debits are then dated on the days before today. */
  let setBack = 31 * DAY;
  const sandboxClock: Clock = { now: () => Date.now() - setBack, sleep: systemClock.sleep };
  // Balance reads every second (the periodic check) and a look at the wallet's transactions every second.
  const world = sharedWorld({
    staff: [STAFF],
    database,
    sandbox: { clock: sandboxClock, initialBalance: 100_000_000 },
    env: { LOW_BALANCE_CHECK_SECONDS: '1', WALLET_WATCH_SECONDS: '1', TIME_ZONE: 'UTC', AMOUNT_UNIT_FA: 'ریال' },
    // Thirty days of one card a day bought in the provider's panel, then a wallet of 5,000,000: four days at that pace.
    beforeBot: (sandbox) => {
      for (let back = 30; back >= 1; back--) {
        setBack = back * DAY;
        sandbox.controls.placePanelOrder({ productId: SANDBOX_PRODUCTS.noFields, quantity: 1 });
      }
      setBack = 0;
      sandbox.controls.setBalance(5_000_000);
    },
  });
  const admin = () => chatDriver(world.telegram, ADMIN);
  const persian = () => chatDriver(world.telegram, PERSIAN_ADMIN);
  const alerts = (user: FakeUser, match: RegExp) => world.telegram.messages(user.id).filter((m) => match.test(m.text));
  const reads = (path: string) => world.sandbox.requests.filter((r) => r.method === 'GET' && r.path === path && r.status === 200).length;
  /** Waits until the bot has read `path` `count` more times: what it read then is what the sandbox holds now. */
  const readsMore = async (path: string, count: number) => {
    const from = reads(path);
    await world.telegram.waitFor(() => reads(path) >= from + count || undefined, { timeoutMs: 15_000 });
  };
  const balanceSettles = () => readsMore('/wallet/balance', 2);
  const creditSettles = () => readsMore('/wallet/transactions', 2);

  beforeAll(async () => {
    await world.bot.waitForLog((line) => line.msg === 'wallet transactions: local copy filled', 45_000);
    world.telegram.addChat(PERSIAN_ADMIN);
    await admin().say(`/staff add ${PERSIAN_ADMIN.id} admin`, new RegExp(`${PERSIAN_ADMIN.id} can now use giftdesk`));
  });

  it('shows an administrator in /balance how long the wallet lasts, and staff only the balance', async () => {
    const reply = await admin().say('/balance', /Wallet balance/);
    expect(reply.text).toContain('Wallet balance: 5,000,000 IRR');
    expect(reply.text).toContain(`At this pace the wallet lasts about 4 days (to ${formatDay(Date.now() + 4 * DAY, 'en', 'UTC')}); lately about 1,250,000 IRR a day.`);
    const staff = await chatDriver(world.telegram, STAFF).say('/balance', /Wallet balance/);
    expect(staff.text).not.toContain('At this pace');
  });

  it('shows the runway in Persian, with Persian digits and a Persian date', async () => {
    const reply = await persian().say('/balance', /موجودی کیف پول/);
    expect(reply.text).toContain(`با این روند، کیف پول حدود ۴ روز دیگر (تا ${formatDay(Date.now() + 4 * DAY, 'fa', 'UTC')}) کفایت می‌کند`);
    expect(reply.text).toContain('۱٬۲۵۰٬۰۰۰');
  });

  it('lists the runway alert in /settings at 3 days by default', async () => {
    expect((await admin().say('/settings', /Settings you can change/)).text).toContain('• Runway alert under: 3 days');
  });

  it('alerts administrators once when orders take the runway under 3 days, each in their language', async () => {
    await orderThroughChat(world, STAFF, GOOGLE_PLAY);
    await balanceSettles();
    expect(alerts(ADMIN, EN_ALERT)).toHaveLength(0);
    await orderThroughChat(world, STAFF, GOOGLE_PLAY);
    await world.telegram.waitFor(() => alerts(ADMIN, EN_ALERT).length > 0 || undefined, BACKGROUND_WAIT);
    const [alert] = alerts(ADMIN, EN_ALERT);
    expect(alert!.text).toContain('lasts less than 3 days. Balance: 2,500,000 IRR.');
    expect(alert!.text).toContain('At this pace the wallet lasts about 2 days');
    await world.telegram.waitFor(() => alerts(PERSIAN_ADMIN, FA_ALERT).length > 0 || undefined, BACKGROUND_WAIT);
    expect(alerts(PERSIAN_ADMIN, FA_ALERT)[0]!.text).toContain('کمتر از ۳ روز کفایت می‌کند');
    expect(alerts(STAFF, EN_ALERT)).toHaveLength(0);
    // A third order takes it to a day: the same fall, not news.
    await orderThroughChat(world, STAFF, GOOGLE_PLAY);
    await balanceSettles();
    expect(alerts(ADMIN, EN_ALERT)).toHaveLength(1);
  });

  it('stays quiet after a top-up that leaves the runway under the margin, and alerts again after one above it', async () => {
    // 3.6 days: above 3, below the 4 that rearms it; then back under 3.
    world.sandbox.controls.setBalance(4_500_000);
    await balanceSettles();
    world.sandbox.controls.setBalance(3_000_000);
    await balanceSettles();
    expect(alerts(ADMIN, EN_ALERT)).toHaveLength(1);
    // 5 days: the fall is over; the next one is news.
    world.sandbox.controls.setBalance(6_250_000);
    await balanceSettles();
    world.sandbox.controls.setBalance(2_000_000);
    await world.telegram.waitFor(() => alerts(ADMIN, EN_ALERT).length > 1 || undefined, BACKGROUND_WAIT);
    expect(alerts(ADMIN, EN_ALERT)).toHaveLength(2);
    expect(alerts(ADMIN, EN_ALERT)[1]!.text).toContain('Balance: 2,000,000 IRR.');
  });

  it('drafts a top-up request for finance, audited, refuses bad amounts, and lists it open', async () => {
    const bad = await admin().say('/topup request 12abc', /not an amount/);
    expect(bad.text).toContain('"12abc" is not an amount to ask for');
    expect((await admin().say('/topup request 0', /not an amount/)).text).toContain('/topup request <amount> [note]');
    await admin().say('/topup request 20,000,000 for December', /Top-up request #1 for 20,000,000 IRR is kept/);
    const draft = await world.telegram.waitFor(() => world.telegram.messages(ADMIN.id).find((m) => m.text.startsWith('Wallet top-up request #1')));
    expect(draft.text).toContain('Amount asked: 20,000,000 IRR');
    expect(draft.text).toContain('Balance now: 2,000,000 IRR');
    expect(draft.text).toContain('Now: At this pace the wallet lasts about 2 days');
    expect(draft.text).toContain('After the top-up: At this pace the wallet lasts about 18 days');
    expect(draft.text).toMatch(/Spent this month so far: [\d,]+ IRR/);
    expect(draft.text).toMatch(/Statement since .*: opening [\d,]+ IRR, credits [\d,]+ IRR, debits [\d,]+ IRR, balance 2,000,000 IRR/);
    expect(draft.text).toContain('Note: for December');
    expect((await admin().say('/audit', /./)).text).toContain('asked finance for a top-up of 20,000,000 IRR (request #1)');
    expect((await admin().say('/topup', /waiting/)).text).toMatch(/#1 · 20,000,000 IRR · asked by .*Ada/);
  });

  it('marks the request received when a credit of about its amount arrives, and tells the requester', async () => {
    const received = () => world.telegram.messages(ADMIN.id).filter((m) => /^Top-up request #1 .* is received/.test(m.text));
    // A smaller credit is not the top-up.
    world.sandbox.controls.setBalance(world.sandbox.controls.balance() + 5_000_000);
    await creditSettles();
    expect(received()).toHaveLength(0);
    // Within 1 % of the amount: fees on the way.
    world.sandbox.controls.setBalance(world.sandbox.controls.balance() + 19_850_000);
    const told = await world.telegram.waitFor(() => received()[0], { timeoutMs: 15_000 });
    expect(told.text).toContain('Top-up request #1 for 20,000,000 IRR is received: a credit of 19,850,000 IRR reached the wallet');
    expect((await admin().say('/topup', /waiting/)).text).toContain('No top-up request is waiting for its credit.');
    expect((await admin().say('/audit', /./)).text).toContain('top-up request #1 received: 19,850,000 IRR credited');
  });

  it('drafts and follows a top-up request in Persian', async () => {
    await persian().say('/topup request ۳۰٬۰۰۰٬۰۰۰', /درخواست شارژ شمارهٔ ۲ به مبلغ ۳۰٬۰۰۰٬۰۰۰ ریال ثبت شد/);
    const draft = await world.telegram.waitFor(() => world.telegram.messages(PERSIAN_ADMIN.id).find((m) => m.text.startsWith('درخواست شارژ کیف پول، شمارهٔ ۲')));
    expect(draft.text).toContain('مبلغ درخواستی: ۳۰٬۰۰۰٬۰۰۰ ریال');
    expect(draft.text).toContain('پس از شارژ: با این روند، کیف پول حدود');
    world.sandbox.controls.setBalance(world.sandbox.controls.balance() + 30_000_000);
    const told = await world.telegram.waitFor(() => world.telegram.messages(PERSIAN_ADMIN.id).find((m) => m.text.startsWith('درخواست شارژ شمارهٔ ۲ به مبلغ ۳۰٬۰۰۰٬۰۰۰ ریال رسید')), { timeoutMs: 15_000 });
    expect(told.text).toContain('واریزی به مبلغ ۳۰٬۰۰۰٬۰۰۰ ریال');
  });

  it('lets an administrator change the runway alert, audited, and refuses a number of days that is none', async () => {
    expect((await admin().say('/runway alert 0', /not a number of days/)).text).toContain('"0" is not a number of days');
    const set = await admin().say('/runway alert ۵', /Administrators are told/);
    expect(set.text).toContain('less than 5 days at the recent pace. After an alert, the next one comes when it has lasted 7 days or more again');
    expect((await admin().say('/audit', /./)).text).toContain('set the runway alert to 5 days (was 3 days)');
    expect((await admin().say('/runway', /At this pace|within a day/)).text).toContain('/runway alert <days>');
    expect((await chatDriver(world.telegram, STAFF).say('/runway', /./)).text).not.toMatch(/At this pace/);
  });

  it('says in the low-balance alert how long the wallet lasts', async () => {
    await admin().say('/lowbalance 10,000,000', /falls below/);
    world.sandbox.controls.setBalance(5_000_000);
    const low = await world.telegram.waitFor(() => world.telegram.messages(ADMIN.id).find((m) => m.text.startsWith('The wallet is running low')), { timeoutMs: 15_000 });
    expect(low.text).toContain('5,000,000 IRR left');
    expect(low.text).toContain(`\nAt this pace the wallet lasts about 4 days (to ${formatDay(Date.now() + 4 * DAY, 'en', 'UTC')})`);
  });
});
