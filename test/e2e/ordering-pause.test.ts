import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser, SentMessage } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF } from './harness.js';
import { laterRuns, loopRunDone, orderThroughChat, posts } from './order-steps.js';

const SECOND_ADMIN: FakeUser = { id: 1002, firstName: 'Bea', languageCode: 'en' };
const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/, quantity: 1 };
/** What the sandbox answers with 403 (its error envelope's message). */
const SANDBOX_403 = 'دسترسی این کلید API مجاز نیست';

describe('ordering pauses while the provider refuses us or an administrator says so', () => {
  // A fast probe, so that noticing the provider answering again takes seconds, not minutes.
  // Trace: the probe's runs are logged, to wait for rather than sleep.
  const world = sharedWorld({ staff: [STAFF], env: { PAUSE_PROBE_SECONDS: '1', LOG_LEVEL: 'trace' } });
  const staff = () => chatDriver(world.telegram, STAFF);
  const admin = () => chatDriver(world.telegram, ADMIN);
  const received = (user: FakeUser, pattern: RegExp) => world.telegram.messages(user.id).filter((m) => pattern.test(m.text));

  beforeAll(async () => {
    await admin().say(`/staff add ${SECOND_ADMIN.id} admin`, new RegExp(`${SECOND_ADMIN.id} can now use giftdesk`));
    // Telegram lets a bot write only to people who have started it.
    await chatDriver(world.telegram, SECOND_ADMIN).say('/start', /\/staff/);
  });

  /** Walks a staff member's order of one Google Play card up to its summary. */
  async function toSummary(): Promise<SentMessage> {
    const chat = staff();
    await chat.say('/order', /Choose a category/);
    await chat.say(GOOGLE_PLAY.search, /Products matching/);
    await chat.tap(GOOGLE_PLAY.product, /How many\?/);
    return chat.say('1', /Please check your order/);
  }
  const confirm = (answer: RegExp): Promise<SentMessage> => staff().tap(/Confirm/, answer);
  const hasConfirm = (message: SentMessage): boolean => {
    try {
      world.telegram.findButton(message, /Confirm/);
      return true;
    } catch {
      return false;
    }
  };

  it('pauses when the provider refuses the read at Confirm, sends nothing, and tells the staff member why at their next /order, before any question', async () => {
    await toSummary();
    world.sandbox.controls.setForbidden(true);
    // Confirm reads the price again first: the refusal comes before any order is sent.
    const refused = await confirm(/^Ordering is paused: the provider is refusing our access/);
    expect(refused.text).toContain(SANDBOX_403);
    expect(posts(world)).toBe(0);
    world.sandbox.controls.setForbidden(false);

    // The next /order says so at once, before any question.
    const paused = await staff().say('/order', /^Ordering is paused since/);
    expect(paused.text).toMatch(/: the provider refused our access/);
    expect(paused.text).toContain(SANDBOX_403);
    expect(posts(world)).toBe(0);
  });

  it('tells each administrator once, with the provider message, that ordering paused itself', async () => {
    const paused = /^Ordering is paused: the provider refused giftdesk \(HTTP 403\)/;
    await world.telegram.waitFor(() => received(ADMIN, paused).length > 0 && received(SECOND_ADMIN, paused).length > 0);
    expect(received(ADMIN, paused)).toHaveLength(1);
    expect(received(SECOND_ADMIN, paused)).toHaveLength(1);
    expect(received(ADMIN, paused)[0]?.text).toContain(SANDBOX_403);
    expect(received(STAFF, paused)).toHaveLength(0);
  });

  it('tells administrators once when the provider answers again, and keeps ordering paused', async () => {
    const back = /The provider answers giftdesk again\. Ordering is still paused: send \/resume/;
    await world.telegram.waitFor(() => received(ADMIN, back).length > 0, { timeoutMs: 10_000 });
    // Two more runs of the probe: a second notice would have been sent by now.
    await laterRuns(world, 3, loopRunDone('ordering pause probe'));
    expect(received(ADMIN, back)).toHaveLength(1);
    const start = await staff().say('/start', /Hello/);
    expect(start.text).toMatch(/Ordering is paused since .*: the provider refused our access/);
  });

  it('places the next order once an administrator resumes, and tells the other administrators who did', async () => {
    const resumed = await admin().say('/resume', /Ordering is open again/);
    expect(resumed.text).toMatch(/pauses again at the next refusal/);
    await world.telegram.waitForMessage(SECOND_ADMIN.id, /^Ada resumed ordering\./);

    await orderThroughChat(world, STAFF, GOOGLE_PLAY);
    expect(posts(world)).toBe(1);
  });

  it('sends no POST while an administrator has paused ordering, and says so in /start and /balance', async () => {
    // An order half-way when the pause begins meets it at its summary, which offers no Confirm.
    await staff().say('/order', /Choose a category/);
    await staff().say(GOOGLE_PLAY.search, /Products matching/);
    await staff().tap(GOOGLE_PLAY.product, /How many\?/);
    await admin().say('/pause wallet audit', /^Ordering is paused\./);
    await world.telegram.waitForMessage(SECOND_ADMIN.id, /^Ada paused ordering: wallet audit/);
    const paused = await staff().say('1', /Ordering is paused by an administrator/);
    expect(paused.text).toContain('wallet audit');
    expect(hasConfirm(paused)).toBe(false);

    expect((await staff().say('/start', /Hello/)).text).toMatch(/Ordering is paused since .* by an administrator: wallet audit/);
    const balance = await staff().say('/balance', /Wallet balance/);
    expect(balance.text).toMatch(/by an administrator: wallet audit/);
    expect(posts(world)).toBe(1);
  });

  it('keeps the pause across a restart', async () => {
    await world.bot.stop();
    await world.restart();
    expect((await staff().say('/start', /Hello/)).text).toMatch(/by an administrator: wallet audit/);
    await admin().say('/resume', /^Ordering is open again\.$/);
    expect((await staff().say('/start', /Hello/)).text).not.toMatch(/paused/);
  });

  it('gives staff who are not administrators the admins-only answer to /pause and /resume', async () => {
    await staff().say('/pause', /Only administrators can do that/);
    await staff().say('/resume', /Only administrators can do that/);
    expect((await staff().say('/start', /Hello/)).text).not.toMatch(/paused/);
  });
});
