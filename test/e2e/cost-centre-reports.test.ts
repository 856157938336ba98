import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser, SentMessage } from '../support/fake-bot-api/index.js';
import { readCsv } from '../support/csv-reader.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, PERSIAN_STAFF, sharedWorld, STAFF, type World } from './harness.js';
import { referenceIn } from './order-steps.js';

const PERSIAN_ADMIN: FakeUser = { id: 5005, firstName: 'Nasrin', languageCode: 'fa' };
const DAY = 86_400_000;
const PRICE = 1_250_000;
const SUPPORT_NOTE = 'Nowruz gifts for the support team';
/** Longer than a feed line keeps (60 characters): the feed shortens it, the files keep it whole. */
const PERSIAN_NOTE = 'هدیهٔ نوروز برای همهٔ همکاران تیم بازاریابی که در کمپین بهاری بیش از همه زحمت کشیدند';
/** A note a spreadsheet would run as a formula, on an order of no cost centre. */
const FORMULA_NOTE = '=HYPERLINK("http://evil.example","lunch")';
const persianDigits = (text: string) => text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);

/** What the bot sends `user` in answer to `text`: the statement, its CSV and its chart. */
async function statementAs(world: World, user: FakeUser, text: string): Promise<{ file: SentMessage; chart: SentMessage }> {
  const before = new Set(world.telegram.messages(user.id).map((m) => m.message_id));
  world.telegram.sendText(user, text);
  const fresh = () => world.telegram.messages(user.id).filter((m) => !before.has(m.message_id));
  // The first chart of a process loads the renderer and its fonts first: seconds on a loaded machine.
  const chart = await world.telegram.waitFor(() => fresh().find((m) => m.photo !== undefined), { timeoutMs: 45_000 });
  return { file: fresh().find((m) => m.document !== undefined)!, chart };
}

/** The totals of the series the last chart of /statement was drawn from, as it logged them, once it has. */
async function chartTotals(world: World, logsBefore: number): Promise<{ stacking: string; seriesTotals: number[] }> {
  const line = await world.bot.waitForLog((l) => l.msg === 'statement chart input' && world.bot.logs().indexOf(l) >= logsBefore, 45_000);
  return line as unknown as { stacking: string; seriesTotals: number[] };
}

describe('what each order was for, in the feed, the digest and the statement', () => {
  const world = sharedWorld({ staff: [STAFF, PERSIAN_STAFF], env: { WALLET_WATCH_SECONDS: '1', TIME_ZONE: 'UTC', AMOUNT_UNIT_FA: 'ریال' } });
  const admin = () => chatDriver(world.telegram, ADMIN);
  const local: Record<string, string> = {};

  /** /order of `quantity` Google Play 10 USD for `centre` (null: Skip) with `note` (null: Skip); the order's local number. */
  async function order(user: FakeUser, quantity: number, centre: RegExp | null, note: string | null): Promise<string> {
    const chat = chatDriver(world.telegram, user);
    const fa = user.languageCode === 'fa';
    await chat.say('/order', /./);
    await chat.say('Google Play 10', /Google Play 10 USD/);
    await chat.tap(/^Google Play 10 USD/, fa ? /چند عدد؟/ : /How many\?/);
    await chat.say(fa ? persianDigits(String(quantity)) : String(quantity), fa ? /این سفارش برای کدام مرکز هزینه است؟/ : /Which cost centre/);
    // The note is typed on the cost centre's question, before the tap that goes on to the summary.
    if (note !== null) await chat.say(note, fa ? /یادداشت:/ : /Note:/);
    await chat.tap(centre ?? (fa ? /رد کردن/ : /Skip/), fa ? /سفارش خود را بررسی کنید/ : /Please check your order/);
    const placed = await chat.tap(fa ? /تأیید سفارش/ : /Confirm/, /A\d+/);
    const [row] = await world.database.rows<{ id: number }>('select id from orders where provider_reference = ?', [referenceIn(placed)]);
    return String(row!.id);
  }

  beforeAll(async () => {
    // Settings first, while one administrator may change them alone.
    await admin().say('/velocity reads off', /now off/);
    await admin().say('/costcentres add Support team | SUP-01', /Added cost centre/);
    await admin().say('/costcentres add بازاریابی نوروز | MKT-05', /Added cost centre/);
    await admin().say('/costcentres mode optional', /both may be skipped/);
    await admin().say('/feed on', /every order placed/);
    // The first digest would come at the next midnight; the last test sends it at once.
    await admin().say('/digest 0', /every day at 0:00/);
    world.telegram.addChat(PERSIAN_ADMIN);
    await admin().say(`/staff add ${PERSIAN_ADMIN.id} admin`, new RegExp(`${PERSIAN_ADMIN.id} can now use giftdesk`));
    await chatDriver(world.telegram, PERSIAN_ADMIN).say('/balance', /موجودی کیف پول/);
    local.support = await order(STAFF, 2, /Support team/, SUPPORT_NOTE);
    local.persian = await order(PERSIAN_STAFF, 1, /بازاریابی نوروز/, PERSIAN_NOTE);
    local.none = await order(STAFF, 3, null, FORMULA_NOTE);
    // Every order delivered, so that the wallet holds each debit the statement matches.
    for (const deadline = Date.now() + 45_000; ; await new Promise((resolve) => setTimeout(resolve, 200))) {
      const rows = await world.database.rows<{ state: string }>('select state from orders');
      if (rows.length === 3 && rows.every((row) => row.state === 'completed')) break;
      if (Date.now() > deadline) throw new Error(`orders not delivered: ${rows.map((row) => row.state).join(', ')}`);
    }
  }, 180_000);

  it("ends each order's feed line with its cost centre and note, the note shortened to fit, in each administrator's language", async () => {
    const english = await world.telegram.waitForMessage(ADMIN.id, new RegExp(`\\(#${local.support}\\) — for Support team \\(SUP-01\\): ${SUPPORT_NOTE}$`, 'm'), { timeoutMs: 15_000 });
    expect(english.text).toContain(`🛒 ${STAFF.firstName} ordered Google Play 10 USD × 2 for 2,500,000 IRR (#${local.support}) — for Support team (SUP-01): ${SUPPORT_NOTE}`);
    const persianLine = `(#${persianDigits(local.persian!)}) — برای بازاریابی نوروز (MKT-05): ${Array.from(PERSIAN_NOTE).slice(0, 59).join('')}…`;
    await world.telegram.waitForMessage(PERSIAN_ADMIN.id, (m: SentMessage) => m.text.split('\n').some((line) => line.endsWith(persianLine)), { timeoutMs: 15_000 });
    await world.telegram.waitForMessage(ADMIN.id, new RegExp(`\\(#${local.persian}\\) — for بازاریابی نوروز \\(MKT-05\\): `, 'm'), { timeoutMs: 15_000 });
    // A note without a cost centre still says what the order was for; no line carries the note whole past its cut.
    await world.telegram.waitForMessage(ADMIN.id, new RegExp(`\\(#${local.none}\\) — for: =HYPERLINK`, 'm'), { timeoutMs: 15_000 });
    const lines = world.telegram.messages(ADMIN.id).flatMap((m) => m.text.split('\n')).filter((line) => line.startsWith('🛒'));
    expect(lines).toHaveLength(3);
    expect(lines.some((line) => line.includes(PERSIAN_NOTE))).toBe(false);
  });

  it('gives /statement three last columns, named as in /export, with each order’s cost centre, code and note, safe to open', async () => {
    const { file } = await statementAs(world, ADMIN, '/statement');
    const { rows } = readCsv(file.document!.content);
    expect(rows[0]!.slice(-5, -1)).toEqual(['Exception', 'Cost centre', 'Cost centre code', 'Note']);
    const body = rows.slice(1);
    expect(body.every((row) => row.length === 18)).toBe(true);
    const ofOrder = (id: string) => body.find((row) => row[7] === 'giftdesk order' && row[8] === id)?.slice(-4, -1);
    expect(ofOrder(local.support!)).toEqual(['Support team', 'SUP-01', SUPPORT_NOTE]);
    expect(ofOrder(local.persian!)).toEqual(['بازاریابی نوروز', 'MKT-05', PERSIAN_NOTE]);
    // The formula is shown as text, never run: the cell starts with an apostrophe.
    expect(ofOrder(local.none!)).toEqual(['', '', `'${FORMULA_NOTE}`]);
    // A row of no order (the sandbox's top-up) leaves them empty.
    expect(body.find((row) => row[7] === 'top-up')?.slice(-4, -1)).toEqual(['', '', '']);

    const persian = readCsv((await statementAs(world, PERSIAN_ADMIN, '/statement')).file.document!.content).rows;
    expect(persian[0]!.slice(-4, -1)).toEqual(['مرکز هزینه', 'کد مرکز هزینه', 'یادداشت']);
  });

  it('stacks the month’s chart per cost centre when asked, per person otherwise, in English and Persian', async () => {
    const perPerson = world.bot.logs().length;
    const byPerson = await statementAs(world, ADMIN, '/statement');
    expect(byPerson.chart.text).toContain('per person');
    expect(await chartTotals(world, perPerson)).toMatchObject({ stacking: 'person', seriesTotals: [5 * PRICE, PRICE] });

    const english = world.bot.logs().length;
    const byCentre = await statementAs(world, ADMIN, '/statement costcentres');
    expect(byCentre.chart.text).toBe('The month at a glance: what was spent each day, per cost centre.');
    // Largest first: the order of no cost centre (3), Support team (2), the Persian cost centre (1).
    expect(await chartTotals(world, english)).toMatchObject({ stacking: 'cost-centre', seriesTotals: [3 * PRICE, 2 * PRICE, PRICE] });

    const persian = world.bot.logs().length;
    const month = new Date().toISOString().slice(0, 7);
    const persianChart = await statementAs(world, PERSIAN_ADMIN, `/statement ${month} costcentres`);
    expect(persianChart.chart.text).toBe('ماه در یک نگاه: هزینهٔ هر روز، به تفکیک مرکز هزینه.');
    expect(await chartTotals(world, persian)).toMatchObject({ stacking: 'cost-centre', seriesTotals: [3 * PRICE, 2 * PRICE, PRICE] });
  });

  it("lists the day's spend per cost centre in the digest, largest first, no cost centre as its own row, in English and Persian", async () => {
    // The orders become yesterday's, and the digest of today not yet sent: the restart sends it at once.
    await world.bot.stop();
    await world.database.change('update orders set created_at = created_at - ?', [DAY]);
    await world.database.change("delete from app_state where key = 'digest.last-sent-day'");
    await world.restart();
    const english = await world.telegram.waitForMessage(ADMIN.id, /Daily digest for/, { timeoutMs: 30_000 });
    const section = english.text.split('\n\n').find((part) => part.startsWith('Spend per cost centre:'));
    expect(section?.split('\n')).toEqual([
      'Spend per cost centre:',
      '• No cost centre: 1 order, 3,750,000 IRR',
      '• Support team (SUP-01): 1 order, 2,500,000 IRR',
      '• بازاریابی نوروز (MKT-05): 1 order, 1,250,000 IRR',
    ]);
    const persian = await world.telegram.waitForMessage(PERSIAN_ADMIN.id, /خلاصهٔ روزانهٔ/, { timeoutMs: 30_000 });
    expect(persian.text).toContain(['هزینه به تفکیک مرکز هزینه:', '• بدون مرکز هزینه: ۱ سفارش، ۳٬۷۵۰٬۰۰۰ ریال', '\u200F• Support team (SUP-01): ۱ سفارش، ۲٬۵۰۰٬۰۰۰ ریال', '• بازاریابی نوروز (MKT-05): ۱ سفارش، ۱٬۲۵۰٬۰۰۰ ریال'].join('\n'));
  });
});
