import { Api } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import { createBatchApprovalCards } from '../../src/batches/batch-approval-cards.js';
import { createBatchExpirySweep } from '../../src/batches/batch-expiry.js';
import { createBatchService } from '../../src/batches/batch-service.js';
import { createReplaceText, createSendPort } from '../../src/bot/send-port.js';
import { createBatchStore, type BatchOrderPlan } from '../../src/db/batch-store.js';
import { createCardLocations } from '../../src/db/card-locations.js';
import { createExpiryNewsStore, EXPIRY_NEWS_LEASE_MS } from '../../src/db/expiry-news-store.js';
import type { ReplaceText } from '../../src/text/send-port.js';
import { processLeaseTime } from '../../src/db/lease-time.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { silentLogger } from '../../src/logger.js';
import { plain } from '../../src/text/formatted.js';
import { translatorFor } from '../../src/text/i18n.js';
import { createFakeBotApi } from '../support/fake-bot-api/index.js';
import { createManualClock } from '../support/manual-clock.js';

const ADMIN = 1;
const STAFF = 7;
const MINUTE = 60_000;
const PLAN: BatchOrderPlan[] = [{ lines: [{ product: { id: 123, title: 'PUBG' }, region: { regionPropertyId: 9, title: null, price: 100 }, quantity: 10, fields: [] }], rows: [] }];
const BAD_GATEWAY = { code: 502, description: 'Bad Gateway' };

/** A batch waiting for an administrator expires: its card and its orderer's news, on a real store and the fake Bot API. */
describe('batch approval expiry news', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const close of cleanups.splice(0)) await close();
  });

  async function setup() {
    const telegram = await createFakeBotApi();
    cleanups.push(() => telegram.close());
    for (const chat of [ADMIN, STAFF]) telegram.addChat({ id: chat });
    const db: Db = openDb(':memory:');
    cleanups.push(() => closeDb(db));
    const database = databaseOf(db);
    const clock = createManualClock(1_700_000_000_000);
    const store = createBatchStore({ database });
    const batches = createBatchService({
      store,
      limits: async () => ({ ok: true }),
      approvalNeeded: async () => true,
      pause: { current: async () => null } as never,
      mayApprove: async (approverId) => approverId === ADMIN,
      approvalExpiryMs: MINUTE,
      clock,
      logger: silentLogger,
    });
    const api = new Api(telegram.token, { apiRoot: telegram.apiRoot });
    const send = createSendPort(api);
    const view = { t: translatorFor('en'), locale: 'en' as const, amountUnit: 'IRR' as const, timeZone: 'UTC', monthCalendar: 'gregorian' as const, sandbox: false };
    const cardsOf = (replaceText: ReplaceText = createReplaceText(api)) =>
      createBatchApprovalCards({
        send,
        replaceText,
        cards: createCardLocations({ database, clock }).of('batch'),
        approvers: () => [ADMIN],
        viewFor: () => view,
        viewIn: () => view,
        groupLocale: 'en',
        describePerson: String,
        batchNow: (id) => store.get(id),
        logger: silentLogger,
      });
    // Each as another process, or another instance, would build it: nothing kept in memory between them.
    const newSweep = (replaceText?: ReplaceText) =>
      createBatchExpirySweep({
        batches,
        batchNow: (id) => store.get(id),
        cards: cardsOf(replaceText),
        news: createExpiryNewsStore({ database, clock, leases: processLeaseTime }),
        tellRequester: async (batch) => void (await send(batch.chatId, { text: plain(`Batch #${batch.id} expired`) })),
        logger: silentLogger,
      });
    const waiting = async () => {
      const draft = await batches.draft({ requesterId: STAFF, chatId: STAFF, source: 'quantity', fileHash: null, fileName: null, plan: PLAN });
      const confirmed = await batches.confirm(draft.id, STAFF);
      if (confirmed.kind !== 'waiting-approval') throw new Error(`expected the batch to wait, not ${confirmed.kind}`);
      await cardsOf().announce(confirmed.batch, null);
      return { batch: confirmed.batch, card: telegram.messages(ADMIN).at(-1)! };
    };
    const now = (card: { message_id: number }) => telegram.messages(ADMIN).find((m) => m.message_id === card.message_id)!;
    const buttonsOf = (card: { message_id: number }) => ((now(card).reply_markup as { inline_keyboard?: unknown[][] } | undefined)?.inline_keyboard ?? []).flat();
    return { telegram, clock, batches, newSweep, waiting, now, buttonsOf, replaceText: createReplaceText(api) };
  }

  it('finishes the news of a batch expired by a process that stopped before telling: its card says so, the orderer is told once', async () => {
    const { telegram, clock, batches, newSweep, waiting, now, buttonsOf } = await setup();
    const { batch, card } = await waiting();
    expect(buttonsOf(card)).not.toEqual([]);
    clock.advance(MINUTE);
    // The move to 'expired' is made and the process stops before a word goes out.
    expect((await batches.expireDue()).map((row) => row.id)).toEqual([batch.id]);
    expect(telegram.messages(STAFF)).toEqual([]);

    await newSweep()();
    expect(buttonsOf(card)).toEqual([]);
    expect(now(card).text).toMatch(/expired/);
    expect(telegram.messages(STAFF).map((m) => m.text)).toEqual([`Batch #${batch.id} expired`]);
    await newSweep()();
    expect(telegram.messages(STAFF)).toHaveLength(1);
  });

  it('keeps the news owed while Telegram is out of reach, and a later pass settles the card and tells the orderer once', async () => {
    const { telegram, clock, newSweep, waiting, buttonsOf } = await setup();
    const { card } = await waiting();
    clock.advance(MINUTE);
    telegram.failNext('editMessageText', BAD_GATEWAY);
    telegram.failNext('sendMessage', BAD_GATEWAY);
    await newSweep()();
    expect(buttonsOf(card)).not.toEqual([]);
    expect(telegram.messages(STAFF)).toEqual([]);

    await newSweep()();
    expect(buttonsOf(card)).toEqual([]);
    expect(telegram.messages(STAFF)).toHaveLength(1);
    await newSweep()();
    expect(telegram.messages(STAFF)).toHaveLength(1);
  });

  it.each([
    ['before Telegram had the edit', false],
    ['after Telegram took the edit (edited again: not modified, settled)', true],
  ])('leaves a card to the next pass when the process stops while editing it, %s: it says so, and the orderer told once', async (_, reached) => {
    const { telegram, clock, newSweep, waiting, now, buttonsOf, replaceText } = await setup();
    const { card } = await waiting();
    clock.advance(MINUTE);
    // The process stops while the edit is on its way: its answer never comes back, and nothing after it runs.
    let stopped!: () => void;
    const editing = new Promise<void>((resolve) => (stopped = resolve));
    void newSweep(async (chatId, messageId, text) => {
      if (reached) await replaceText(chatId, messageId, text);
      stopped();
      return new Promise<never>(() => undefined);
    })();
    await editing;
    expect(buttonsOf(card).length === 0).toBe(reached);

    clock.advance(EXPIRY_NEWS_LEASE_MS + 1);
    await newSweep()();
    expect(buttonsOf(card)).toEqual([]);
    expect(now(card).text).toMatch(/expired/);
    expect(telegram.messages(STAFF)).toHaveLength(1);
    const calls = telegram.calls.length;
    await newSweep()();
    expect(telegram.calls.slice(calls)).toEqual([]);
    expect(telegram.messages(STAFF)).toHaveLength(1);
  });

  it('counts a card that can no longer be edited as settled, and tells the orderer once', async () => {
    const { telegram, clock, newSweep, waiting } = await setup();
    await waiting();
    clock.advance(MINUTE);
    const gone = { code: 400, description: 'Bad Request: message to edit not found' };
    telegram.failNext('editMessageText', gone);
    telegram.failNext('editMessageReplyMarkup', gone);
    await newSweep()();
    expect(telegram.messages(STAFF)).toHaveLength(1);
    const calls = telegram.calls.length;
    await newSweep()();
    expect(telegram.calls.slice(calls)).toEqual([]);
    expect(telegram.messages(STAFF)).toHaveLength(1);
  });

  it('tells the orderer once when two passes (two instances) finish owed news at once', async () => {
    const { telegram, clock, batches, newSweep, waiting, buttonsOf } = await setup();
    const { card } = await waiting();
    clock.advance(MINUTE);
    await batches.expireDue();
    await Promise.all([newSweep()(), newSweep()()]);
    expect(buttonsOf(card)).toEqual([]);
    expect(telegram.messages(STAFF)).toHaveLength(1);
  });
});
