import { afterEach, describe, expect, it } from 'vitest';
import { databaseOf } from '../../../../src/db/seam/database-of.js';
import { CONVERSATION_KEY_PREFIX, createIdleOrderSweeper, EXPIRY_NOTICE_ATTEMPTS } from '../../../../src/bot/conversations/order/idle-sweeper.js';
import type { Locale } from '../../../../src/text/i18n.js';
import { closeDb, openDb, type Db } from '../../../../src/db/open.js';
import { createSessionStore } from '../../../../src/db/session-store.js';
import { createOrderStore } from '../../../../src/db/order-store.js';
import { silentLogger } from '../../../../src/logger.js';
import { createManualClock } from '../../../support/manual-clock.js';
import { intentInput } from '../../../support/order-fixtures.js';

const IDLE_MS = 15 * 60_000;
const START = Date.UTC(2025, 0, 1, 9, 0, 0);

/** What the conversations plugin stores for a chat with an order under way. */
const active = { version: [0, 1], state: { order: [{ args: '[{"locale":"fa"}]', replay: { send: [], receive: [] }, interrupts: [0] }] } };
/** What it stores once every conversation of the chat has ended. */
const ended = { version: [0, 1], state: {} };

describe('the idle order sweeper', () => {
  const opened: Db[] = [];
  afterEach(() => opened.splice(0).forEach(closeDb));

  function setup(options: { failFor?: number; failTimes?: number } = {}) {
    let failures = 0;
    const db = openDb(':memory:');
    opened.push(db);
    const clock = createManualClock(START);
    const storage = createSessionStore<unknown>({ database: databaseOf(db), clock });
    const told: { chatId: number; locale: Locale }[] = [];
    const tries: number[] = [];
    const cleared: { chatId: number; menuId: number }[] = [];
    const sweep = createIdleOrderSweeper({
      sessions: storage,
      idleMs: IDLE_MS,
      clock,
      notify: async (chatId, locale) => {
        tries.push(chatId);
        if (chatId === options.failFor && failures < (options.failTimes ?? Number.POSITIVE_INFINITY)) {
          failures += 1;
          throw new Error('Forbidden: bot was blocked by the user');
        }
        told.push({ chatId, locale });
      },
      conversationId: 'order',
      clearMenu: async (chatId, menuId) => void cleared.push({ chatId, menuId }),
      localeOf: (chatId) => (chatId === 3003 ? 'fa' : 'en'),
      logger: silentLogger,
    });
    const key = (chatId: number) => `${CONVERSATION_KEY_PREFIX}${chatId}`;
    return { db, clock, storage, told, tries, cleared, sweep, key };
  }

  it('tells the staff member, in their language, once the idle time has passed, and drops the conversation', async () => {
    const { clock, storage, told, sweep, key } = setup();
    await storage.write(key(3003), active);
    clock.advance(IDLE_MS + 1);
    await sweep();
    expect(told).toEqual([{ chatId: 3003, locale: 'fa' }]);
    expect(await storage.read(key(3003))).toBeUndefined();
  });

  it('takes the buttons off the menu the expired order had on screen', async () => {
    const { clock, storage, cleared, sweep, key } = setup();
    const onScreen = { ...active, state: { order: [{ ...active.state.order[0], args: '[{"locale":"en","carried":{"menuId":41}}]' }] } };
    await storage.write(key(2002), onScreen);
    clock.advance(IDLE_MS + 1);
    await sweep();
    expect(cleared).toEqual([{ chatId: 2002, menuId: 41 }]);
  });

  it('leaves alone a conversation whose order is being placed right now', async () => {
    const { db, clock, storage, told, sweep, key } = setup();
    await storage.write(key(2002), active);
    clock.advance(IDLE_MS - 1_000);
    // Confirm pressed just before the deadline: the intent exists, the session is saved only after the POST.
    const repo = createOrderStore({ database: databaseOf(db), clock });
    const intent = await repo.openIntent(
      intentInput({ confirmKey: 'k', userId: 2002, chatId: 2002, fingerprint: 'f', productId: 101, productTitle: 'x', regionTitle: null, unitPrice: 1 }),
    );
    await repo.claimForPlacing(intent.order.id, 2002);
    clock.advance(2_000);
    await sweep();
    expect(told).toEqual([]);
    expect(await storage.read(key(2002))).toBeDefined();
  });

  it('tells nobody twice', async () => {
    const { clock, storage, told, sweep, key } = setup();
    await storage.write(key(2002), active);
    clock.advance(IDLE_MS + 1);
    await sweep();
    clock.advance(IDLE_MS);
    await sweep();
    expect(told).toHaveLength(1);
  });

  it('leaves a conversation alone before the idle time has passed', async () => {
    const { clock, storage, told, sweep, key } = setup();
    await storage.write(key(2002), active);
    clock.advance(IDLE_MS - 1);
    await sweep();
    expect(told).toEqual([]);
    expect(await storage.read(key(2002))).toEqual(active);
  });

  it('removes a finished conversation without a message', async () => {
    const { clock, storage, told, sweep, key } = setup();
    await storage.write(key(2002), ended);
    clock.advance(IDLE_MS + 1);
    await sweep();
    expect(told).toEqual([]);
    expect(await storage.read(key(2002))).toBeUndefined();
  });

  it('still tells the others when one message cannot be delivered', async () => {
    const { clock, storage, told, sweep, key } = setup({ failFor: 2002 });
    await storage.write(key(2002), active);
    await storage.write(key(3003), active);
    clock.advance(IDLE_MS + 1);
    await expect(sweep()).resolves.toBeUndefined();
    expect(told).toEqual([{ chatId: 3003, locale: 'fa' }]);
  });

  it('tries a notice Telegram did not take again on the next sweep, once it arrives', async () => {
    const { clock, storage, told, sweep, key } = setup({ failFor: 2002, failTimes: 2 });
    await storage.write(key(2002), active);
    clock.advance(IDLE_MS + 1);
    await sweep();
    expect(told).toEqual([]);
    await sweep();
    expect(told).toEqual([]);
    await sweep();
    expect(told).toEqual([{ chatId: 2002, locale: 'en' }]);
    await sweep();
    expect(told).toHaveLength(1);
  });

  it('gives up on a notice after a bounded number of attempts', async () => {
    const { clock, storage, told, tries, sweep, key } = setup({ failFor: 2002 });
    await storage.write(key(2002), active);
    clock.advance(IDLE_MS + 1);
    for (let i = 0; i < EXPIRY_NOTICE_ATTEMPTS + 3; i++) await sweep();
    expect(told).toEqual([]);
    expect(tries.filter((chatId) => chatId === 2002)).toHaveLength(EXPIRY_NOTICE_ATTEMPTS);
  });
});
