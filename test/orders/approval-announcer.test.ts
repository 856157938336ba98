import { Api } from 'grammy';
import { createOrderStore } from '../../src/db/order-store.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createApprovalAnnouncer } from '../../src/orders/approval-announcer.js';
import { createCardLocations } from '../../src/db/card-locations.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createApprovalStore } from '../../src/db/approval-store.js';
import { createApprovalService } from '../../src/orders/approval-service.js';
import { createApprovalExpirySweep } from '../../src/orders/expiry-sweep.js';
import { createExpiryNewsStore, EXPIRY_NEWS_LEASE_MS } from '../../src/db/expiry-news-store.js';
import type { ClearButtons } from '../../src/text/send-port.js';
import { processLeaseTime } from '../../src/db/lease-time.js';
import { createClearButtons, createSendPort } from '../../src/bot/send-port.js';
import { silentLogger } from '../../src/logger.js';
import { createOrderService } from '../../src/orders/order-service.js';
import { createProviderClient } from '../../src/provider/client.js';
import { createSandbox } from '../../src/sandbox/server.js';
import { sqliteSettings } from '../support/sqlite-settings.js';
import { createSpendingRuleBook } from '../../src/orders/spending-rules.js';
import { translatorFor } from '../../src/text/i18n.js';
import { createFakeBotApi } from '../support/fake-bot-api/index.js';
import { createManualClock } from '../support/manual-clock.js';
import { memoryDb } from '../support/memory-db.js';
import { googlePlayInput } from '../support/order-fixtures.js';

const T0 = 1_700_000_000_000;
const DAY = 24 * 60 * 60_000;
const ADMIN = 1;
const STAFF = 11;

describe('approval announcer', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(cleanups.splice(0).map((close) => close()));
  });

  /** `group`: the administrators' group the cards go to, and who asked for private copies there. */
  async function setup(options: { group?: { chatId: number; privateCopies: number[] } } = {}) {
    const { group } = options;
    const sandbox = await createSandbox({ rateLimit: false });
    cleanups.push(() => sandbox.close());
    const telegram = await createFakeBotApi();
    cleanups.push(() => telegram.close());
    for (const chat of [ADMIN, STAFF]) telegram.addChat({ id: chat });
    if (group) telegram.addChat({ id: group.chatId, type: 'supergroup', title: 'Administrators' });
    const db = memoryDb();
    const clock = createManualClock(T0);
    const provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1000 });
    const rules = createSpendingRuleBook({ settings: sqliteSettings(db, clock) });
    await rules.setDefault('approval', 1_000_000, ADMIN);
    const staff = new Set([ADMIN, STAFF]);
    const service = createApprovalService({
      approvals: createApprovalStore({ database: databaseOf(db), clock }),
      clock,
      logger: silentLogger,
      rules,
      adminIds: () => [ADMIN],
      provider,
      orders: createOrderService({ orders: createOrderStore({ database: databaseOf(db), clock }), provider, clock, logger: silentLogger, sandbox: true }),
      orderingPaused: async () => null,
      mayOrder: (id) => staff.has(id),
    });
    const api = new Api(telegram.token, { apiRoot: telegram.apiRoot });
    const sendPort = createSendPort(api);
    /** Runs once Telegram accepted a message and before the announcer hears back: another administrator deciding meanwhile. */
    const meanwhile: (() => Promise<void>)[] = [];
    const makeAnnouncer = (clearButtons: ClearButtons = createClearButtons(api)) => createApprovalAnnouncer({
      send: async (chatId, message) => {
        const sent = await sendPort(chatId, message);
        for (const step of meanwhile.splice(0)) await step();
        return sent;
      },
      clearButtons,
      cards: createCardLocations({ database: databaseOf(db), clock }).of('order'),
      approvals: service,
      provider,
      isStaff: (id) => staff.has(id),
      localeOf: () => 'en',
      ...(group ? { groupPlace: async () => ({ chatId: group.chatId, locale: 'en' as const, privateCopies: group.privateCopies }) } : {}),
      texts: (locale) => ({ t: translatorFor(locale), locale, amountUnit: 'IRR', timeZone: 'UTC', monthCalendar: 'gregorian', sandbox: false, describePerson: String }),
      logger: silentLogger,
    });
    const announcer = makeAnnouncer();
    // Each as another process, or another instance, would build it: nothing kept in memory between them.
    const newSweep = (clearButtons?: ClearButtons) =>
      createApprovalExpirySweep({ approvals: service, announcer: makeAnnouncer(clearButtons), news: createExpiryNewsStore({ database: databaseOf(db), clock, leases: processLeaseTime }), logger: silentLogger });
    const sweep = newSweep();
    return { telegram, clock, service, staff, sweep, newSweep, announcer, meanwhile, clearButtons: createClearButtons(api) };
  }

  it('takes Approve and Reject off the request’s summaries when it expires', async () => {
    const { telegram, clock, service, sweep, announcer } = await setup();
    const stored = (await service.requestIfNeeded(googlePlayInput('k1', { userId: STAFF, chatId: STAFF })))!;
    await announcer.announce(stored.approval);
    const [summary] = telegram.messages(ADMIN);
    expect(telegram.findButton(summary!, /Approve/)).toBeDefined();
    clock.advance(DAY);
    await sweep();
    const after = telegram.messages(ADMIN).find((m) => m.message_id === summary!.message_id)!;
    expect(after.reply_markup && 'inline_keyboard' in after.reply_markup ? after.reply_markup.inline_keyboard.flat() : []).toEqual([]);
    // Its text is kept for the record.
    expect(after.text).toBe(summary!.text);
  });

  it('takes the buttons off a copy that was on its way while another administrator decided', async () => {
    const { telegram, service, announcer, meanwhile } = await setup();
    const stored = (await service.requestIfNeeded(googlePlayInput('k1', { userId: STAFF, chatId: STAFF })))!;
    meanwhile.push(async () => {
      await service.reject(stored.approval.id, 99, null);
      await announcer.settle(stored.approval);
    });
    await announcer.announce(stored.approval);
    const [summary] = telegram.messages(ADMIN);
    expect(summary?.text).toMatch(/Approval needed/);
    expect(summary!.reply_markup && 'inline_keyboard' in summary!.reply_markup ? summary!.reply_markup.inline_keyboard.flat() : []).toEqual([]);
  });

  it('tells nothing to a requester removed from the staff when their request expires, and still tells the administrators', async () => {
    const { telegram, clock, service, staff, sweep } = await setup();
    expect((await service.requestIfNeeded(googlePlayInput('k1', { userId: STAFF, chatId: STAFF })))?.created).toBe(true);
    staff.delete(STAFF);
    clock.advance(DAY);
    await sweep();
    expect(telegram.messages(ADMIN)).toHaveLength(1);
    expect(telegram.messages(STAFF)).toEqual([]);
  });

  it('tells a requester still on the staff that their request expired', async () => {
    const { telegram, clock, service, sweep } = await setup();
    await service.requestIfNeeded(googlePlayInput('k1', { userId: STAFF, chatId: STAFF }));
    clock.advance(DAY);
    await sweep();
    expect(telegram.messages(STAFF)).toHaveLength(1);
  });

  const buttonsOf = (message: { reply_markup?: unknown } | undefined) => {
    const markup = message?.reply_markup as { inline_keyboard?: unknown[][] } | undefined;
    return markup?.inline_keyboard?.flat() ?? [];
  };

  it('finishes the news of a request expired by a process that stopped before telling: its card settled, the requester told once', async () => {
    const { telegram, clock, service, announcer, newSweep } = await setup();
    const stored = (await service.requestIfNeeded(googlePlayInput('k1', { userId: STAFF, chatId: STAFF })))!;
    await announcer.announce(stored.approval);
    const [summary] = telegram.messages(ADMIN);
    clock.advance(DAY);
    // The move to 'expired' is made and the process stops before a word goes out.
    expect((await service.expireDue()).map((row) => row.id)).toEqual([stored.approval.id]);
    expect(buttonsOf(telegram.messages(ADMIN)[0])).not.toEqual([]);
    expect(telegram.messages(STAFF)).toEqual([]);

    await newSweep()();
    expect(buttonsOf(telegram.messages(ADMIN).find((m) => m.message_id === summary!.message_id))).toEqual([]);
    expect(telegram.messages(STAFF)).toHaveLength(1);
    expect(telegram.messages(ADMIN)).toHaveLength(2);
    await newSweep()();
    expect(telegram.messages(STAFF)).toHaveLength(1);
    expect(telegram.messages(ADMIN)).toHaveLength(2);
  });

  it('keeps the news owed while Telegram is out of reach, and a later pass settles the card and tells the requester once', async () => {
    const { telegram, clock, service, announcer, newSweep } = await setup();
    const stored = (await service.requestIfNeeded(googlePlayInput('k1', { userId: STAFF, chatId: STAFF })))!;
    await announcer.announce(stored.approval);
    const [summary] = telegram.messages(ADMIN);
    clock.advance(DAY);
    telegram.failNext('editMessageReplyMarkup', { code: 502, description: 'Bad Gateway' });
    telegram.failNext('sendMessage', { code: 502, description: 'Bad Gateway' });
    await newSweep()();
    expect(buttonsOf(telegram.messages(ADMIN).find((m) => m.message_id === summary!.message_id))).not.toEqual([]);
    expect(telegram.messages(STAFF)).toEqual([]);

    await newSweep()();
    expect(buttonsOf(telegram.messages(ADMIN).find((m) => m.message_id === summary!.message_id))).toEqual([]);
    expect(telegram.messages(STAFF)).toHaveLength(1);
    await newSweep()();
    expect(telegram.messages(STAFF)).toHaveLength(1);
  });

  it('tells administrators privately of a lapse only if they asked for copies, though Telegram was busy when the group card settled', async () => {
    const GROUP = -100_500;
    const { telegram, clock, service, announcer, newSweep } = await setup({ group: { chatId: GROUP, privateCopies: [] } });
    const stored = (await service.requestIfNeeded(googlePlayInput('k1', { userId: STAFF, chatId: STAFF })))!;
    await announcer.announce(stored.approval);
    const [card] = telegram.messages(GROUP);
    expect(telegram.findButton(card!, /Approve/)).toBeDefined();
    expect(telegram.messages(ADMIN)).toEqual([]);
    clock.advance(DAY);
    // The group's card settles; the requester's message meets a busy Telegram and waits for the next pass.
    telegram.failNext('sendMessage', { code: 429, description: 'Too Many Requests: retry after 1', retryAfter: 1 });
    await newSweep()();
    expect(buttonsOf(telegram.messages(GROUP).find((m) => m.message_id === card!.message_id))).toEqual([]);
    expect(telegram.messages(STAFF)).toEqual([]);

    await newSweep()();
    expect(telegram.messages(STAFF)).toHaveLength(1);
    // The group's card says it lapsed; the administrator, who asked for no private copy, gets none now either.
    expect(telegram.messages(ADMIN)).toEqual([]);
    await newSweep()();
    expect(telegram.messages(STAFF)).toHaveLength(1);
    expect(telegram.messages(ADMIN)).toEqual([]);
  });

  it('counts a card that can no longer be edited as settled, and tells the requester once', async () => {
    const { telegram, clock, service, announcer, newSweep } = await setup();
    const stored = (await service.requestIfNeeded(googlePlayInput('k1', { userId: STAFF, chatId: STAFF })))!;
    await announcer.announce(stored.approval);
    clock.advance(DAY);
    telegram.failNext('editMessageReplyMarkup', { code: 400, description: 'Bad Request: message to edit not found' });
    await newSweep()();
    expect(telegram.messages(STAFF)).toHaveLength(1);
    const edits = () => telegram.calls.filter((call) => call.method === 'editMessageReplyMarkup').length;
    const before = edits();
    await newSweep()();
    expect(edits()).toBe(before);
    expect(telegram.messages(STAFF)).toHaveLength(1);
  });

  it.each([
    ['before Telegram had the edit', false],
    ['after Telegram took the edit (edited again: not modified, settled)', true],
  ])('leaves a card to the next pass when the process stops while editing it, %s: settled, and the requester told once', async (_, reached) => {
    const { telegram, clock, service, announcer, newSweep, clearButtons } = await setup();
    const stored = (await service.requestIfNeeded(googlePlayInput('k1', { userId: STAFF, chatId: STAFF })))!;
    await announcer.announce(stored.approval);
    const [summary] = telegram.messages(ADMIN);
    clock.advance(DAY);
    // The process stops while the edit is on its way: its answer never comes back, and nothing after it runs.
    let stopped!: () => void;
    const editing = new Promise<void>((resolve) => (stopped = resolve));
    void newSweep(async (chatId, messageId) => {
      if (reached) await clearButtons(chatId, messageId);
      stopped();
      return new Promise<never>(() => undefined);
    })();
    await editing;
    expect(buttonsOf(telegram.messages(ADMIN).find((m) => m.message_id === summary!.message_id)).length === 0).toBe(reached);

    clock.advance(EXPIRY_NEWS_LEASE_MS + 1);
    await newSweep()();
    expect(buttonsOf(telegram.messages(ADMIN).find((m) => m.message_id === summary!.message_id))).toEqual([]);
    expect(telegram.messages(STAFF)).toHaveLength(1);
    const calls = telegram.calls.length;
    await newSweep()();
    expect(telegram.calls.slice(calls)).toEqual([]);
    expect(telegram.messages(STAFF)).toHaveLength(1);
  });

  it('tells the requester once when two passes (two instances) finish owed news at once', async () => {
    const { telegram, clock, service, announcer, newSweep } = await setup();
    const stored = (await service.requestIfNeeded(googlePlayInput('k1', { userId: STAFF, chatId: STAFF })))!;
    await announcer.announce(stored.approval);
    clock.advance(DAY);
    await service.expireDue();
    await Promise.all([newSweep()(), newSweep()()]);
    expect(telegram.messages(STAFF)).toHaveLength(1);
    expect(telegram.messages(ADMIN)).toHaveLength(2);
  });
});
