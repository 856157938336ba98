import { afterEach, describe, expect, it } from 'vitest';
import { CONVERSATION_KEY_PREFIX } from '../../../../src/bot/conversations/order/idle-sweeper.js';
import { createKeptOrders } from '../../../../src/bot/conversations/order/kept-orders.js';
import { closeDb, openDb, type Db } from '../../../../src/db/open.js';
import { createSessionStore } from '../../../../src/db/session-store.js';
import { databaseOf } from '../../../../src/db/seam/database-of.js';
import { createManualClock } from '../../../support/manual-clock.js';

const IDLE_MS = 15 * 60_000;
const VERSION = 4;

/** What the conversations plugin stores for a chat with an order under way, in the shape of `version`. */
const underWay = (version = VERSION) => ({ version: [0, version], state: { order: [{ args: '[{"locale":"en"}]', replay: { send: [], receive: [] }, interrupts: [0] }] } });
/** What it stores once every conversation of the chat has ended. */
const ended = { version: [0, VERSION], state: {} };

describe('the orders kept half-way', () => {
  const opened: Db[] = [];
  afterEach(() => opened.splice(0).forEach(closeDb));

  function setup() {
    const db = openDb(':memory:');
    opened.push(db);
    const clock = createManualClock(Date.UTC(2026, 10, 24, 9));
    const storage = createSessionStore<unknown>({ database: databaseOf(db), clock });
    const kept = createKeptOrders({ sessions: storage, version: VERSION, idleMs: IDLE_MS, clock });
    const write = (chatId: number, value: unknown) => storage.write(`${CONVERSATION_KEY_PREFIX}${chatId}`, value);
    return { clock, storage, kept, write };
  }

  it('lists the private chats with an order under way in the running shape', async () => {
    const { kept, write, storage } = setup();
    await write(2002, underWay());
    await write(2003, ended);
    await write(2004, underWay(VERSION - 1));
    await write(-100123, underWay());
    await storage.write('session:2005', underWay());
    expect(await kept.chatIds()).toEqual([2002]);
  });

  it('leaves out an order idle for longer than the idle time: it is gone at its next update', async () => {
    const { clock, kept, write } = setup();
    await write(2002, underWay());
    clock.advance(IDLE_MS - 1);
    await write(2003, underWay());
    expect((await kept.chatIds()).sort()).toEqual([2002, 2003]);
    clock.advance(2);
    expect(await kept.chatIds()).toEqual([2003]);
  });

  it('reads without taking: the orders are still there afterwards', async () => {
    const { kept, write, storage } = setup();
    await write(2002, underWay());
    await kept.chatIds();
    expect(await storage.read(`${CONVERSATION_KEY_PREFIX}2002`)).toEqual(underWay());
  });
});
